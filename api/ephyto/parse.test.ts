import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  EphytoParseError,
  norskOrganisasjonsnummer,
  type ParsedCertificate,
  parseEphyto,
  STANDARD_MAKS_BYTES,
  utenVedleggsdata,
} from "./parse";

const hubEksempel = readFileSync(new URL("./fixtures/hub-envelope-sample.xml", import.meta.url));
const reeksportNl = readFileSync(new URL("./fixtures/reeksport-nl.xml", import.meta.url));

const NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:SPSCertificate:17" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:21" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:21"';

/** A bare certificate with the given extra content in SPSExchangedDocument and SPSConsignment. */
function sertifikatXml(dokument = "", sending = "", id = "<ram:ID>TEST-1</ram:ID>"): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><rsm:SPSCertificate ${NS}>` +
    `<rsm:SPSExchangedDocument>${id}<ram:TypeCode>851</ram:TypeCode><ram:StatusCode>70</ram:StatusCode>` +
    `${dokument}</rsm:SPSExchangedDocument><rsm:SPSConsignment>${sending}</rsm:SPSConsignment></rsm:SPSCertificate>`
  );
}

function varelinjeXml(innhold: string): string {
  return (
    "<ram:IncludedSPSConsignmentItem><ram:IncludedSPSTradeLineItem>" +
    `<ram:SequenceNumeric>1</ram:SequenceNumeric>${innhold}` +
    "</ram:IncludedSPSTradeLineItem></ram:IncludedSPSConsignmentItem>"
  );
}

function feilFra(fn: () => unknown): EphytoParseError {
  try {
    fn();
  } catch (feil) {
    if (feil instanceof EphytoParseError) return feil;
    throw feil;
  }
  throw new Error("Forventet EphytoParseError");
}

describe("parseEphyto: the Hub envelope sample (SOAP, undeclared prefixes)", () => {
  const s = parseEphyto(hubEksempel);

  it("reads the exchanged document", () => {
    expect(s.nummer).toBe("BO-5845145424");
    expect(s.typeKode).toBe("851");
    expect(s.type).toBe("Eksport");
    expect(s.statusKode).toBe("70");
    expect(s.utstedtDato).toBe("2022-01-21T15:49:40.000Z");
    expect(s.utstedtDag).toBe("2022-01-21");
    expect(s.utsteder).toBe("Servicio Nacional Agropecuario e Inucuidad Alimentaria");
    expect(s.dokumentnavn).toBeUndefined(); // "NULL"
    expect(s.friForPestErklaering).toBe("5");
  });

  it("reads the envelope header", () => {
    expect(s.konvolutt).toEqual({
      fra: "BO",
      til: "AR",
      sertifikattype: "851",
      sertifikatstatus: "70",
      nppoSertifikatnummer: "BO-5845145424",
    });
  });

  it("reads the signature, treating NULL as missing", () => {
    expect(s.signatur).toEqual({
      navn: "Jorge Candia",
      sted: "Ciudad Trinidad",
      dato: "2022-01-21",
      klausuler: [{ id: "1" }],
    });
  });

  it("reads consignor, consignee, countries, place of arrival and transport", () => {
    expect(s.avsender).toEqual({
      navn: "Moxos Agropecuario",
      adresse: { linje1: "Arroyo San Juan" },
      identifikatorer: [],
    });
    expect(s.mottaker).toEqual({
      navn: "Comercial Moxos Agropecuario - Trinidad",
      adresse: { linje1: "Avenidad Moxos" },
      identifikatorer: [],
    });
    expect(s.mottaker?.organisasjonsnummer).toBeUndefined();
    expect(s.eksportLand).toEqual({ kode: "BO", navn: "Estado Plurinacional de Bolvia" });
    expect(s.importLand).toEqual({ kode: "AR", navn: "Republica de Argentina" });
    expect(s.transittland).toEqual([]);
    expect(s.ankomststed).toEqual({ navn: "Positos Argentina" });
    expect(s.inspeksjonssted).toBeUndefined(); // "NULL"
    expect(s.transportmidler).toEqual([
      { modusKode: "3", transportMetode: "Veitransport", navn: "TRAPORTADORA MOXOS" },
    ]);
    expect(s.transportutstyr).toEqual([]);
  });

  it("reads the goods line", () => {
    expect(s.varelinjer).toHaveLength(1);
    const v = s.varelinjer[0]!;
    expect(v.sorteringsnummer).toBe(0);
    expect(v.navn).toBe("tall wheatgrass");
    expect(v.botaniskNavn).toBe("Elymus elongatus");
    expect(v.beskrivelse).toBe("Agropiro seed");
    expect(v.mengde).toEqual({ nettoVekt: { verdi: 200 } });
    expect(v.klassifisering).toEqual({ plantedel: "Seeds", tilstander: [], eppoKoder: [], andre: [] });
    expect(v.pakker).toEqual([{ sorteringsnummer: 1, nivaa: 1, pakkeKode: "BG", antall: 200 }]);
    expect(v.opprinnelsesland).toEqual([{ kode: "BO", navn: "Estado Plurinacional de Bolivia" }]);
    expect(v.behandlinger).toEqual([]);
    expect(v.harTilleggserklaeringer).toBe(true);
    expect(v.varelinjeTilleggserklaering).toEqual({
      tilleggserklaeringer: ["The consignment is free from Trifolium repens"],
      offisiellTilleggsInformasjon: [],
      inspeksjonsdato: "2021-09-03",
    });
    expect(v.reeksportSertifiseringsErklaering).toBeUndefined();
    expect(v.ukjenteMerknader).toEqual([]);
  });

  it("has no attachments, replacement or unknown notes", () => {
    expect(s.vedlegg).toEqual([]);
    expect(s.refererteDokumenter).toEqual([]);
    expect(s.erstatter).toBeUndefined();
    expect(s.kjennetegn).toEqual([]);
    expect(s.ukjenteMerknader).toEqual([]);
    expect(s.tilleggserklaering).toEqual({ tilleggserklaeringer: [], offisiellTilleggsinformasjon: [] });
  });

  it("reads the same from a string as from bytes", () => {
    expect(parseEphyto(hubEksempel.toString("utf8"))).toEqual(s);
  });
});

describe("parseEphyto: a re-export certificate from the Netherlands", () => {
  const s = parseEphyto(reeksportNl);

  it("reads the header", () => {
    expect(s.nummer).toBe("NL-RE-2025-004711");
    expect(s.dokumentnavn).toBe("Re-export phytosanitary certificate");
    expect(s.typeKode).toBe("657");
    expect(s.type).toBe("Reeksport");
    expect(s.statusKode).toBe("70");
    expect(s.utstedtDato).toBe("2025-03-10T08:30:00.000Z");
    expect(s.utstedtDag).toBe("2025-03-10");
    expect(s.utsteder).toBe("Nederlandse Voedsel- en Warenautoriteit (NVWA)");
    expect(s.konvolutt).toBeUndefined();
  });

  it("reads the parties, decoding entities and finding the Norwegian organisation number", () => {
    expect(s.avsender).toEqual({
      navn: "Bloemen & Planten B.V.",
      adresse: { linje1: "Legmeerdijk 313", linje2: "1431 GB Aalsmeer", linje3: "Nederland" },
      identifikatorer: [{ verdi: "KVK 34123456", type: "NationalRegistrationNumber" }],
    });
    expect(s.mottaker).toEqual({
      navn: "Nordisk Blomsterimport AS",
      adresse: { linje1: "Gartnerveien 12", linje3: "0580 Oslo", linje5: "Norway" },
      identifikatorer: [{ verdi: "NO 998 877 660 MVA", type: "NationalRegistrationNumber" }],
      organisasjonsnummer: "998877660",
    });
  });

  it("reads countries, place of arrival, inspection place, transport and equipment", () => {
    expect(s.eksportLand).toEqual({ kode: "NL", navn: "Netherlands" });
    expect(s.importLand).toEqual({ kode: "NO", navn: "Norway" });
    expect(s.transittland).toEqual([{ kode: "DK", navn: "Denmark" }, { kode: "SE" }]);
    expect(s.ankomststed).toEqual({ navn: "Oslo", lokasjonkode: "NOOSL" });
    expect(s.inspeksjonssted).toBe("Aalsmeer");
    expect(s.transportmidler).toEqual([
      { modusKode: "3", transportMetode: "Veitransport", navn: "Truck AB-12-CD", id: "CMR 44812" },
      { modusKode: "1", transportMetode: "Sjøtransport", navn: "Ferry Color Fantasy" },
    ]);
    expect(s.transportutstyr).toEqual([{ id: "MSKU1234567", forseglinger: ["NL998877", "NL998878"] }]);
  });

  it("reads the certificate-level notes", () => {
    expect(s.friForPestErklaering).toBe("1");
    expect(s.tilleggserklaering).toEqual({
      tilleggserklaeringer: [
        "The consignment was grown in a place of production free from Ralstonia solanacearum.",
        "Officially inspected and found free from Thrips palmi.",
      ],
      offisiellTilleggsinformasjon: ["Samples tested negative for Phytophthora ramorum."],
      importtillatelse: "NO-IMP-2025-0042",
      datoForInspeksjon: "2025-03-09",
    });
    expect(s.erstatter).toEqual({
      kode: "1",
      nummer: "NL-RE-2025-004698",
      aarsak: "Correction of the consignee address",
      dato: "2025-03-08",
    });
    expect(s.kjennetegn).toEqual(["Lot 42 / Aalsmeer"]);
    expect(s.ukjenteMerknader).toEqual([
      { emne: "ZZNOTE", innhold: "Internal remark of the exporting NPPO" },
    ]);
  });

  it("reads the signature", () => {
    expect(s.signatur).toEqual({
      navn: "J. de Vries",
      sted: "Aalsmeer",
      dato: "2025-03-10",
      organisasjon: "NVWA",
      klausuler: [
        {
          id: "1",
          innhold: "This is to certify that the plants described herein were imported into the Netherlands.",
        },
        { id: "2" },
      ],
    });
  });

  it("decodes the PDF attachment", () => {
    const pdf = s.vedlegg[0]!;
    expect(pdf).toMatchObject({
      identifikator: "ATT-1",
      typeKode: "916",
      relasjonKode: "ZZZ",
      dato: "2025-03-01",
      informasjon: "Scan of the original phytosanitary certificate",
      filnavn: "opprinnelig-sertifikat.pdf",
      mimeKode: "application/pdf",
      filtype: "pdf",
      mimetype: "application/pdf",
      kanAapneVedlegg: true,
    });
    const tekst = Buffer.from(pdf.data).toString("latin1");
    expect(tekst.startsWith("%PDF-1.4")).toBe(true);
    expect(tekst.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf.stoerrelse).toBe(pdf.data.byteLength);
  });

  it("decodes the PNG attachment that has no file type, across line breaks", () => {
    const png = s.vedlegg[1]!;
    expect(png).toMatchObject({
      identifikator: "ATT-2",
      filnavn: "etikett",
      filtype: "png",
      mimetype: "image/png",
      kanAapneVedlegg: true,
      informasjon: "Photo of the label",
    });
    expect([...png.data.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.data.byteLength).toBe(74);
  });

  it("keeps a referenced document without a file apart from the attachments", () => {
    expect(s.vedlegg).toHaveLength(2);
    expect(s.refererteDokumenter).toEqual([
      {
        identifikator: "KE-KEPHIS-2025-0412",
        typeKode: "851",
        relasjonKode: "ACE",
        dato: "2025-03-01",
        informasjon: "Original phytosanitary certificate of Kenya",
      },
    ]);
  });

  it("reads three goods lines from two consignment items, in order", () => {
    expect(s.varelinjer.map((v) => [v.sorteringsnummer, v.botaniskNavn])).toEqual([
      [1, "Rosa"],
      [2, "Chrysanthemum morifolium"],
      [3, "Ficus benjamina"],
    ]);
  });

  it("reads goods line 1: names by language, classifications, quantities, packages, origin", () => {
    const v = s.varelinjer[0]!;
    expect(v.navn).toBe("Rose (snittblomst)"); // Norwegian preferred over English
    expect(v.beskrivelse).toBe("Cut roses, fresh");
    expect(v.klassifisering).toEqual({
      hsKode: "06031100",
      plantedel: "Cut flowers",
      tilstander: ["Fresh"],
      tilsiktetBruk: "Decoration",
      tilsiktetBrukKode: "DECORATION",
      eppoKoder: ["ROSSS"],
      andre: [{ system: "CN", kode: "06031100", navn: "Roses" }],
    });
    expect(v.mengde).toEqual({
      nettoVekt: { verdi: 250.5, enhet: "KGM" },
      bruttoVekt: { verdi: 300, enhet: "KGM" },
    });
    expect(v.pakker).toEqual([
      { sorteringsnummer: 1, nivaa: 1, pakkeKode: "BX", antall: 120 },
      { sorteringsnummer: 2, nivaa: 2, pakkeKode: "PX", antall: 4 },
    ]);
    expect(v.opprinnelsesland).toEqual([{ kode: "KE", navn: "Kenya", landsdel: "Naivasha" }]);
    expect(v.kjennetegn).toEqual(["ROSA AVALANCHE LOT 42"]);
    expect(v.ukjenteMerknader).toEqual([{ emne: "XYZ1", innhold: "Unmapped line note" }]);
  });

  it("reads goods line 1: line declarations", () => {
    const v = s.varelinjer[0]!;
    expect(v.harTilleggserklaeringer).toBe(true);
    expect(v.varelinjeTilleggserklaering).toEqual({
      tilleggserklaeringer: ["Free from Thrips palmi."],
      offisiellTilleggsInformasjon: ["Inspected on arrival in the Netherlands."],
      importtillatelseserklaering: "NO-IMP-2025-0042",
      inspeksjonsdato: "2025-03-09",
    });
  });

  it("reads goods line 1: the re-export certification flags", () => {
    const r = s.varelinjer[0]!.reeksportSertifiseringsErklaering!;
    expect(r).toMatchObject({
      reeksportErklaeringKode: "1",
      kontraktsinngaaendePart: { kode: "KE" },
      ephytoSertifikatReferanse: "KE-KEPHIS-2025-0412",
      originalSertifikat: true,
      bekreftetKopi: false,
      pakket: false,
      ompakket: true,
      originaleContainere: false,
      nyeContainere: true,
      fytosanitaertSertifikat: true,
      tilleggsinspeksjon: true,
    });
    expect(r.koder.map((k) => k.emne)).toEqual([
      "RPCST",
      "RPCCO",
      "RPCRF",
      "RPCOR",
      "RPCTC",
      "RPCPK",
      "RPCRP",
      "RPCOC",
      "RPCNC",
      "RPCPC",
      "RPCAI",
    ]);
  });

  it("reads goods line 1: the chemical dip treatment", () => {
    expect(s.varelinjer[0]!.behandlinger).toEqual([
      {
        typeKode: "ZZZ",
        behandlingstype: "CHT",
        behandlingstypeNivaa2: "Dipping",
        kjemikalier: ["Spinosad", "Abamectin"],
        konsentrasjon: { verdi: 0.5, enhet: "GL" },
        temperatur: { verdi: 20, enhet: "CEL" },
        varighet: { verdi: 10, enhet: "MIN" },
        startdato: "2025-03-05",
        sluttdato: "2025-03-05",
        tilleggsinformasjon: "Post-harvest dip",
        beskrivelse: "Kjemisk behandling (Dypping), temperatur 20 °C, varighet 10 min, konsentrasjon 0,5 g/l",
        tilleggsbeskrivelse: "Post-harvest dip",
        andreEgenskaper: [],
        merknader: [],
      },
    ]);
  });

  it("reads goods line 2: NULL and invalid numbers are missing, OQV/OQU give the count", () => {
    const v = s.varelinjer[1]!;
    expect(v.beskrivelse).toBeUndefined();
    expect(v.navn).toBe("Chrysanthemum");
    expect(v.klassifisering.tilsiktetBruk).toBe("Ornamental");
    expect(v.klassifisering.tilsiktetBrukKode).toBe("DECORATION");
    expect(v.klassifisering.hsKode).toBe("06031400");
    expect(v.mengde).toEqual({
      antall: { verdi: 2400, enhet: "NAR" },
      nettoVekt: { verdi: 80, enhet: "KGM" },
      bruttoVolum: { verdi: 1.2, enhet: "MTQ" },
    });
    expect(v.pakkebeskrivelse).toBe("60 cartons of 40 stems");
    expect(v.opprinnelsesland).toEqual([{ kode: "CO" }]);
    expect(v.behandlinger).toEqual([]);
    expect(v.harTilleggserklaeringer).toBe(false);
    expect(v.reeksportSertifiseringsErklaering).toEqual({
      kontraktsinngaaendePart: { kode: "CO" },
      koder: [{ emne: "RPCCO", innhold: "CO" }],
    });
  });

  it("reads goods line 3: text cleaning, default count unit, conditions, fumigation", () => {
    const v = s.varelinjer[2]!;
    expect(v.navn).toBe("Weeping fig"); // the bidi override (a character reference) is stripped
    expect(v.beskrivelse).toBe("Potted plants, rooted, in growing medium");
    expect(v.klassifisering).toMatchObject({
      hsKode: "060290",
      plantedel: "Plants",
      tilstander: ["Rooted", "In growing medium"],
      tilsiktetBruk: "Plants for planting",
      tilsiktetBrukKode: "PLANTING",
    });
    expect(v.mengde).toEqual({
      antall: { verdi: 150, enhet: "H87" },
      nettoVekt: { verdi: 500, enhet: "KGM" },
    });
    expect(v.pakker).toEqual([{ sorteringsnummer: 1, nivaa: 1, pakkeKode: "CR", antall: 10 }]);
    expect(v.opprinnelsesland).toEqual([{ kode: "NL", landsdel: "Westland" }]);
    expect(v.behandlinger).toHaveLength(1); // the empty ZZZ process is dropped
    expect(v.behandlinger[0]).toEqual({
      typeKode: "ZZZ",
      behandlingstype: "Fumigation",
      kjemikalier: ["Sulfuryl fluoride"],
      temperatur: { verdi: 21.5, enhet: "CEL" },
      varighet: { verdi: 24, enhet: "HUR" },
      startdato: "2025-03-06",
      sluttdato: "2025-03-07",
      fritekst: "Gasset under presenning",
      beskrivelse: "Gassing, temperatur 21,5 °C, varighet 24 t",
      tilleggsbeskrivelse: "Gasset under presenning",
      andreEgenskaper: [{ kode: "TTXX", verdier: ["Some other property"] }],
      merknader: [],
    });
  });

  it("survives a JSON round trip without the attachment bytes", () => {
    const lagret = utenVedleggsdata(s);
    expect(lagret.vedlegg[0]).not.toHaveProperty("data");
    expect(lagret.vedlegg[0]?.filnavn).toBe("opprinnelig-sertifikat.pdf");
    expect(JSON.parse(JSON.stringify(lagret))).toStrictEqual(lagret);
    expect(s.vedlegg[0]?.data).toBeInstanceOf(Uint8Array);
  });
});

describe("parseEphyto: tolerance", () => {
  it("reads a certificate without namespaces and with only a number", () => {
    const s = parseEphyto(
      "<SPSCertificate><SPSExchangedDocument><ID> X-1 </ID></SPSExchangedDocument></SPSCertificate>",
    );
    const forventet: ParsedCertificate = {
      nummer: "X-1",
      transittland: [],
      transportmidler: [],
      transportutstyr: [],
      varelinjer: [],
      tilleggserklaering: { tilleggserklaeringer: [], offisiellTilleggsinformasjon: [] },
      kjennetegn: [],
      vedlegg: [],
      refererteDokumenter: [],
      ukjenteMerknader: [],
    };
    expect(s).toStrictEqual(forventet);
  });

  it("takes the number, type and status from the envelope when the document lacks them", () => {
    const xml =
      "<ePhytoEnvelope><From>NL</From><To>NO</To><CertificateType>657</CertificateType>" +
      "<CertificateStatus>70</CertificateStatus><NPPOCertificateNumber>NL-9</NPPOCertificateNumber>" +
      "<hubDeliveryNumber>HUB-1</hubDeliveryNumber>" +
      "<SPSCertificate><SPSExchangedDocument><Name>Phyto</Name></SPSExchangedDocument></SPSCertificate>" +
      "</ePhytoEnvelope>";
    const s = parseEphyto(xml);
    expect(s.nummer).toBe("NL-9");
    expect(s.type).toBe("Reeksport");
    expect(s.statusKode).toBe("70");
    expect(s.konvolutt?.hubLeveringsnummer).toBe("HUB-1");
  });

  it("reads a Hub envelope whose Content is the certificate in base64", () => {
    const innhold = Buffer.from(sertifikatXml(), "utf8").toString("base64");
    const xml =
      "<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body>" +
      "<PULLSingleImportEnvelopeResult><From>NL</From><To>NO</To>" +
      `<NPPOCertificateNumber>TEST-1</NPPOCertificateNumber><Content>${innhold}</Content>` +
      "</PULLSingleImportEnvelopeResult></s:Body></s:Envelope>";
    const s = parseEphyto(xml);
    expect(s.nummer).toBe("TEST-1");
    expect(s.konvolutt).toEqual({ fra: "NL", til: "NO", nppoSertifikatnummer: "TEST-1" });
  });

  it("reads a Hub envelope whose Content is escaped XML, and still rejects a DTD inside it", () => {
    const escapet = (x: string) => x.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
    const ok = `<Envelope><Content>${escapet(sertifikatXml())}</Content></Envelope>`;
    expect(parseEphyto(ok).nummer).toBe("TEST-1");
    const farlig = `<!DOCTYPE x [<!ENTITY e "e">]>${sertifikatXml()}`;
    const feil = feilFra(() => parseEphyto(`<Envelope><Content>${escapet(farlig)}</Content></Envelope>`));
    expect(feil.kode).toBe("DTD");
  });

  it("decodes UTF-16 (with and without BOM) and a declared ISO-8859-1 encoding", () => {
    const xml = sertifikatXml(
      "<ram:IssuerSPSParty><ram:Name>Førde Ærø Åsane</ram:Name></ram:IssuerSPSParty>",
    );
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, "utf16le")]);
    expect(parseEphyto(le).utsteder).toBe("Førde Ærø Åsane");
    const be = Buffer.from(xml, "utf16le").swap16();
    expect(parseEphyto(be).utsteder).toBe("Førde Ærø Åsane");
    expect(parseEphyto(Buffer.concat([Buffer.from([0xfe, 0xff]), be])).utsteder).toBe("Førde Ærø Åsane");
    const latin = Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), "latin1");
    expect(parseEphyto(latin).utsteder).toBe("Førde Ærø Åsane");
    const medBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, "utf8")]);
    expect(parseEphyto(medBom).utsteder).toBe("Førde Ærø Åsane");
  });

  it("strips control and bidi characters, collapses whitespace, decodes character references once", () => {
    // DEL and the C1 controls are XML 1.0 characters; the C0 controls but tab, line feed and carriage return
    // are not, so the document is refused (ADR 079)
    const navn = (n: string) =>
      sertifikatXml(`<ram:IssuerSPSParty><ram:Name>${n}</ram:Name></ram:IssuerSPSParty>`);
    const s = parseEphyto(navn("  A&#x7F;B \u202Ec\u2066 \u0085 &#65;&amp;#66; "));
    expect(s.utsteder).toBe("AB c A&#66;");
    expect(feilFra(() => parseEphyto(navn("A&#x7;B"))).kode).toBe("UGYLDIG_XML");
  });

  it("treats empty, whitespace-only and NULL values as missing", () => {
    const s = parseEphyto(
      sertifikatXml(
        "<ram:Name> null </ram:Name><ram:IssuerSPSParty><ram:Name>   </ram:Name></ram:IssuerSPSParty>",
        "<ram:ExportSPSCountry><ram:ID/><ram:Name>NULL</ram:Name></ram:ExportSPSCountry>" +
          "<ram:ConsigneeSPSParty><ram:Name>NULL</ram:Name><ram:SpecifiedSPSAddress><ram:LineOne/>" +
          "</ram:SpecifiedSPSAddress></ram:ConsigneeSPSParty>",
      ),
    );
    expect(s.dokumentnavn).toBeUndefined();
    expect(s.utsteder).toBeUndefined();
    expect(s.eksportLand).toBeUndefined();
    expect(s.mottaker).toBeUndefined();
  });

  it("takes the first usable value of a repeated element", () => {
    const s = parseEphyto(sertifikatXml("", "", "<ram:ID>NULL</ram:ID><ram:ID>SECOND</ram:ID>"));
    expect(s.nummer).toBe("SECOND");
  });

  it("reads numbers with a decimal point only; invalid numbers are missing", () => {
    const linje = varelinjeXml(
      '<ram:NetWeightMeasure unitCode="KGM">1,5</ram:NetWeightMeasure>' +
        '<ram:NetWeightMeasure unitCode="KGM">2.25</ram:NetWeightMeasure>' +
        '<ram:GrossWeightMeasure unitCode="KGM">1e3</ram:GrossWeightMeasure>' +
        '<ram:NetVolumeMeasure unitCode="MTQ">12 m3</ram:NetVolumeMeasure>' +
        '<ram:GrossVolumeMeasure unitCode="MTQ">NaN</ram:GrossVolumeMeasure>' +
        "<ram:PhysicalSPSPackage><ram:LevelCode>x</ram:LevelCode><ram:TypeCode>BX</ram:TypeCode>" +
        "<ram:ItemQuantity>3,0</ram:ItemQuantity></ram:PhysicalSPSPackage>" +
        "<ram:AdditionalInformationSPSNote><ram:Subject>OQV</ram:Subject><ram:Content>many</ram:Content>" +
        "</ram:AdditionalInformationSPSNote>",
    );
    const v = parseEphyto(sertifikatXml("", linje)).varelinjer[0]!;
    expect(v.mengde).toEqual({
      nettoVekt: { verdi: 2.25, enhet: "KGM" },
      bruttoVekt: { verdi: 1000, enhet: "KGM" },
    });
    expect(v.pakker).toEqual([{ sorteringsnummer: 1, pakkeKode: "BX" }]);
  });

  it("reads treatment values given as text, and keeps characteristics without a code", () => {
    const egenskap = (...d: string[]) =>
      `<ram:ApplicableSPSProcessCharacteristic>${d.map((x) => `<ram:Description>${x}</ram:Description>`).join("")}` +
      "</ram:ApplicableSPSProcessCharacteristic>";
    const linje = varelinjeXml(
      `<ram:AppliedSPSProcess>${egenskap("TTTM", "32")}${egenskap("TTL1", "Heat treatment")}</ram:AppliedSPSProcess>` +
        `<ram:AppliedSPSProcess>${egenskap("TTTM", "about 30 degrees")}${egenskap("Washed")}` +
        `${egenskap("TTCO", "2 %")}</ram:AppliedSPSProcess>`,
    );
    const [varme, vask] = parseEphyto(sertifikatXml("", linje)).varelinjer[0]!.behandlinger;
    expect(varme).toMatchObject({ temperatur: { verdi: 32 }, beskrivelse: "Varmebehandling, temperatur 32" });
    expect(vask).toMatchObject({
      fritekst: "about 30 degrees",
      konsentrasjonTekst: "2 %",
      beskrivelse: "Konsentrasjon 2 %",
      tilleggsbeskrivelse: "about 30 degrees",
      andreEgenskaper: [{ verdier: ["Washed"] }],
    });
    expect(vask).not.toHaveProperty("temperatur");
  });

  it("numbers goods lines by position when SequenceNumeric is missing", () => {
    const linjer =
      "<ram:IncludedSPSConsignmentItem>" +
      "<ram:IncludedSPSTradeLineItem><ram:ScientificName>A</ram:ScientificName></ram:IncludedSPSTradeLineItem>" +
      "<ram:IncludedSPSTradeLineItem><ram:ScientificName>B</ram:ScientificName></ram:IncludedSPSTradeLineItem>" +
      "</ram:IncludedSPSConsignmentItem>";
    const s = parseEphyto(sertifikatXml("", linjer));
    expect(s.varelinjer.map((v) => v.sorteringsnummer)).toEqual([1, 2]);
  });

  it("reads party IDs with schemeID, UN/CEFACT address fields and intended use given as a classification", () => {
    const sending =
      "<ram:ConsigneeSPSParty><ram:ID schemeID='NO:ORGNR'>974760673</ram:ID><ram:Name>Mottaker AS</ram:Name>" +
      "<ram:SpecifiedSPSAddress><ram:PostcodeCode>0151</ram:PostcodeCode><ram:LineOne>Gate 1</ram:LineOne>" +
      "<ram:CityName>Oslo</ram:CityName><ram:CountryID>no</ram:CountryID></ram:SpecifiedSPSAddress>" +
      "</ram:ConsigneeSPSParty>" +
      varelinjeXml(
        "<ram:ApplicableSPSClassification><ram:SystemName>Intended use</ram:SystemName>" +
          "<ram:ClassName>Human consumption</ram:ClassName></ram:ApplicableSPSClassification>",
      );
    const s = parseEphyto(sertifikatXml("", sending));
    expect(s.mottaker).toEqual({
      navn: "Mottaker AS",
      adresse: { linje1: "Gate 1", postnummer: "0151", poststed: "Oslo", landkode: "NO" },
      identifikatorer: [{ verdi: "974760673", type: "NO:ORGNR" }],
      organisasjonsnummer: "974760673",
    });
    expect(s.varelinjer[0]?.klassifisering.tilsiktetBruk).toBe("Human consumption");
    expect(s.varelinjer[0]?.klassifisering.tilsiktetBrukKode).toBe("CONSUMPTION");
  });

  it("gives an attachment of unknown type the default mimetype and does not let it open", () => {
    const data = Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]).toString("base64");
    const dok =
      "<ram:ReferenceSPSReferencedDocument><ram:TypeCode>916</ram:TypeCode><ram:ID>R</ram:ID>" +
      `<ram:AttachmentBinaryObject filename="UkjentFiltype">${data}</ram:AttachmentBinaryObject>` +
      "</ram:ReferenceSPSReferencedDocument>";
    const v = parseEphyto(sertifikatXml(dok)).vedlegg[0]!;
    expect(v.mimetype).toBe("application/octet-stream");
    expect(v.kanAapneVedlegg).toBe(false);
    expect(v.filtype).toBe("");
    expect([...v.data]).toEqual([0x00, 0x01, 0x02, 0xff, 0xfe]);
  });

  it("does not trust a .pdf file name when the content is not a PDF", () => {
    const data = Buffer.from("<html><script>alert(1)</script></html>").toString("base64");
    const dok =
      "<ram:ReferenceSPSReferencedDocument><ram:TypeCode>916</ram:TypeCode>" +
      `<ram:AttachmentBinaryObject filename="faktura.pdf">${data}</ram:AttachmentBinaryObject>` +
      "</ram:ReferenceSPSReferencedDocument>";
    const v = parseEphyto(sertifikatXml(dok)).vedlegg[0]!;
    expect(v.mimetype).toBe("text/html");
    expect(v.kanAapneVedlegg).toBe(false);
  });

  it("parses dates with offsets, without zone, date only and compact", () => {
    const dato = (s: string) =>
      parseEphyto(
        sertifikatXml(`<ram:IssueDateTime><udt:DateTimeString>${s}</udt:DateTimeString></ram:IssueDateTime>`),
      );
    expect(dato("2024-12-31T23:30:00-03:00")).toMatchObject({
      utstedtDato: "2025-01-01T02:30:00.000Z",
      utstedtDag: "2024-12-31",
    });
    expect(dato("2024-06-01")).toMatchObject({
      utstedtDato: "2024-06-01T00:00:00.000Z",
      utstedtDag: "2024-06-01",
    });
    expect(dato("20240601")).toMatchObject({ utstedtDag: "2024-06-01" });
    expect(dato("2024-06-01T10:00:00Z")).toMatchObject({ utstedtDato: "2024-06-01T10:00:00.000Z" });
    expect(dato("2024-02-30")).not.toHaveProperty("utstedtDato");
    expect(dato("yesterday")).not.toHaveProperty("utstedtDag");
  });
});

describe("parseEphyto: rejected input", () => {
  it("rejects malformed XML", () => {
    const feil = feilFra(() => parseEphyto("<SPSCertificate><SPSExchangedDocument></SPSCertificate>"));
    expect(feil).toBeInstanceOf(EphytoParseError);
    expect(feil.kode).toBe("UGYLDIG_XML");
    expect(feil.message).toBe("Dokumentet er ikke gyldig XML");
    expect(feil.detaljer).toMatch(/linje 1/);
  });

  it("rejects text that is not XML, and empty input", () => {
    expect(feilFra(() => parseEphyto("dette er ikke xml")).kode).toBe("UGYLDIG_XML");
    expect(feilFra(() => parseEphyto("   ")).message).toBe("Dokumentet er tomt");
    expect(feilFra(() => parseEphyto(Buffer.alloc(0))).kode).toBe("TOMT");
  });

  it("rejects a DOCTYPE with an external entity (XXE) before parsing", () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE SPSCertificate [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      "<SPSCertificate><SPSExchangedDocument><ID>&xxe;</ID></SPSExchangedDocument></SPSCertificate>";
    const feil = feilFra(() => parseEphyto(xxe));
    expect(feil.kode).toBe("DTD");
    expect(feil.message).toBe("Dokumentet inneholder DTD eller entiteter og avvises");
  });

  it("rejects billion laughs (entity expansion)", () => {
    const lol = [
      '<?xml version="1.0"?>',
      "<!DOCTYPE lolz [",
      ' <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => {
        const forrige = i === 0 ? "lol" : `lol${i}`;
        return ` <!ENTITY lol${i + 1} "${`&${forrige};`.repeat(10)}">`;
      }),
      "]>",
      "<SPSCertificate><SPSExchangedDocument><ID>&lol9;</ID></SPSExchangedDocument></SPSCertificate>",
    ].join("\n");
    expect(feilFra(() => parseEphyto(lol)).kode).toBe("DTD");
  });

  it("rejects an ENTITY declaration or a lower-case doctype even in UTF-16", () => {
    const xml = "<!entity x 'y'><SPSCertificate/>";
    expect(feilFra(() => parseEphyto(xml)).kode).toBe("DTD");
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`<!doctype x>${sertifikatXml()}`, "utf16le"),
    ]);
    expect(feilFra(() => parseEphyto(utf16)).kode).toBe("DTD");
  });

  it("rejects input above maxBytes, measured in bytes", () => {
    const xml = sertifikatXml();
    const bytes = Buffer.byteLength(xml);
    expect(parseEphyto(xml, { maxBytes: bytes }).nummer).toBe("TEST-1");
    const feil = feilFra(() => parseEphyto(xml, { maxBytes: bytes - 1 }));
    expect(feil.kode).toBe("FOR_STORT");
    expect(feil.message).toBe("Dokumentet er for stort (maks 1 kB)");
    const norsk = sertifikatXml("<ram:Name>æøå</ram:Name>");
    expect(feilFra(() => parseEphyto(norsk, { maxBytes: norsk.length })).kode).toBe("FOR_STORT");
  });

  it("rejects input above the default 10 MB", () => {
    expect(STANDARD_MAKS_BYTES).toBe(10 * 1024 * 1024);
    const stor = Buffer.alloc(STANDARD_MAKS_BYTES + 1, 0x20);
    const feil = feilFra(() => parseEphyto(stor));
    expect(feil.kode).toBe("FOR_STORT");
    expect(feil.message).toBe("Dokumentet er for stort (maks 10 MB)");
  });

  it("rejects XML without an SPSCertificate", () => {
    const feil = feilFra(() => parseEphyto("<Envelope><Body><Content>hello</Content></Body></Envelope>"));
    expect(feil.kode).toBe("MANGLER_SERTIFIKAT");
    expect(feil.message).toBe("Fant ikke SPSCertificate i dokumentet");
  });

  it("rejects a certificate without a number", () => {
    const feil = feilFra(() => parseEphyto(sertifikatXml("", "", "<ram:ID>NULL</ram:ID>")));
    expect(feil.kode).toBe("MANGLER_NUMMER");
    expect(feil.message).toBe("Sertifikatet mangler nummer");
  });
});

describe("norskOrganisasjonsnummer", () => {
  it("accepts nine digits with a valid check digit, in common notations", () => {
    expect(norskOrganisasjonsnummer("974760673")).toBe("974760673");
    expect(norskOrganisasjonsnummer("974 760 673")).toBe("974760673");
    expect(norskOrganisasjonsnummer("NO974760673MVA")).toBe("974760673");
    expect(norskOrganisasjonsnummer("NO 998 877 660 MVA")).toBe("998877660");
  });

  it("rejects wrong check digits and other lengths", () => {
    expect(norskOrganisasjonsnummer("974760674")).toBeUndefined();
    expect(norskOrganisasjonsnummer("97476067")).toBeUndefined();
    expect(norskOrganisasjonsnummer("0123456789")).toBeUndefined();
    expect(norskOrganisasjonsnummer("KVK 34123456")).toBeUndefined();
  });
});
