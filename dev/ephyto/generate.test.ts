import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { parseEphyto } from "../../api/ephyto/parse";
import { escapeXml, lagSertifikatXml, type SertifikatInput } from "./generate";

const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGPQqzXSqzVigFAAGCoDdb7KzhgAAAAASUVORK5CYII=";
const PDF = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

const input: SertifikatInput = {
  nummer: "PHYTO.NL.2025.0001234",
  type: "Reeksport",
  utstedt: new Date("2025-05-02T07:15:00.000Z"),
  utsteder: "NVWA",
  avsender: { navn: "Bloemen & Zonen <B.V.>", adresse: ["Legmeerdijk 1", "1431 GB Aalsmeer"] },
  mottaker: {
    navn: `Blomster "Nord" AS`,
    adresse: ["Gartnerveien 12", "0580 Oslo"],
    organisasjonsnummer: "998877660",
  },
  eksportland: { kode: "NL", navn: "Netherlands" },
  transitt: ["DK", { kode: "SE", navn: "Sweden" }],
  transport: [
    { modus: 3, navn: "Truck", id: "AB-12-CD" },
    { modus: "1", navn: "Ferry" },
  ],
  ankomststed: { navn: "Oslo", kode: "NOOSL" },
  inspeksjonssted: "Aalsmeer",
  transportutstyr: [{ id: "MSKU1234567", plomber: ["NL-1", "NL-2"] }, { plomber: ["S-9"] }],
  friForPestErklaering: "1",
  erklaeringer: ["Free from Thrips palmi & Bemisia tabaci."],
  offisiellTilleggsinformasjon: ["Tested 'negative'."],
  importtillatelse: "NO-IMP-1",
  inspeksjonsdato: "2025-05-01",
  kjennetegn: ["Lot 7"],
  erstatter: { nummer: "PHYTO.NL.2025.0001200", aarsak: "Wrong consignee", dato: "2025-04-30" },
  signatur: { navn: "J. de Vries", sted: "Aalsmeer", dato: "2025-05-02", organisasjon: "NVWA" },
  opprinneligSertifikat: { nummer: "KE-2025-9", dato: "2025-04-20", informasjon: "Original certificate" },
  vedlegg: [
    { filnavn: "etikett.png", base64: PNG_BASE64, identifikator: "V1", informasjon: "Label" },
    { filnavn: "kopi.pdf", data: new TextEncoder().encode(PDF), mimeKode: "application/pdf" },
  ],
  varelinjer: [
    {
      botaniskNavn: "Rosa",
      navn: "Rose",
      beskrivelse: "Cut roses",
      hsKode: "06031100",
      plantedel: "Cut flowers",
      tilstander: ["Fresh"],
      tilsiktetBruk: "Decoration",
      eppoKode: "ROSSS",
      nettoVekt: { verdi: 250.5, enhet: "KGM" },
      bruttoVekt: { verdi: 300, enhet: "KGM" },
      nettoVolum: { verdi: 1.5, enhet: "MTQ" },
      bruttoVolum: { verdi: 2, enhet: "MTQ" },
      antall: { verdi: 2400, enhet: "NAR" },
      pakker: [
        { kode: "BX", antall: 120 },
        { kode: "PX", antall: 4, nivaa: 2 },
      ],
      pakkebeskrivelse: "120 boxes on 4 pallets",
      opprinnelsesland: [{ kode: "KE", navn: "Kenya", landsdel: "Naivasha" }, "TZ"],
      behandlinger: [
        {
          type: "Fumigation",
          type2: "Sulfuryl fluoride",
          kjemikalier: ["Sulfuryl fluoride"],
          konsentrasjon: { verdi: 48, enhet: "GP" },
          temperatur: { verdi: 21, enhet: "CEL" },
          varighet: { verdi: 24, enhet: "HUR" },
          startdato: "2025-04-28",
          sluttdato: "2025-04-29",
          tilleggsinformasjon: "Under tarpaulin",
        },
      ],
      tilleggserklaeringer: ["Grown in a pest-free place of production."],
      offisiellTilleggsinformasjon: ["Inspected."],
      importtillatelse: "NO-IMP-1",
      inspeksjonsdato: "2025-05-01",
      kjennetegn: ["ROSA 7"],
      reeksport: {
        erklaeringKode: "1",
        opprinneligLand: "KE",
        sertifikatReferanse: "KE-2025-9",
        originalSertifikat: true,
        bekreftetKopi: false,
        ompakket: true,
        nyeContainere: true,
        tilleggsinspeksjon: false,
      },
    },
    { botaniskNavn: "Ficus benjamina", tilsiktetBruk: "Planting", opprinnelsesland: ["NL"] },
  ],
};

describe("lagSertifikatXml", () => {
  const xml = lagSertifikatXml(input);

  it("writes well-formed, namespaced XML without a DTD", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('xmlns:rsm="urn:un:unece:uncefact:data:standard:SPSCertificate:17"');
    expect(xml).toContain(
      'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:21"',
    );
    expect(xml).toContain('xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:21"');
    expect(xml).toContain("<rsm:SPSExchangedDocument>");
    expect(xml).toContain("<udt:DateTimeString>2025-05-02T07:15:00Z</udt:DateTimeString>");
    expect(xml).not.toMatch(/<!DOCTYPE|<!ENTITY/i);
  });

  it("escapes XML special characters", () => {
    expect(xml).toContain("<ram:Name>Bloemen &amp; Zonen &lt;B.V.&gt;</ram:Name>");
    expect(xml).toContain("<ram:Name>Blomster &quot;Nord&quot; AS</ram:Name>");
    expect(escapeXml(`a&b<c>d"e'f\u0001g`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;fg");
  });

  it("round-trips through parseEphyto: the document", () => {
    const s = parseEphyto(xml);
    expect(s.nummer).toBe("PHYTO.NL.2025.0001234");
    expect(s.type).toBe("Reeksport");
    expect(s.typeKode).toBe("657");
    expect(s.statusKode).toBe("70");
    expect(s.utstedtDato).toBe("2025-05-02T07:15:00.000Z");
    expect(s.utsteder).toBe("NVWA");
    expect(s.friForPestErklaering).toBe("1");
    expect(s.tilleggserklaering).toEqual({
      tilleggserklaeringer: ["Free from Thrips palmi & Bemisia tabaci."],
      offisiellTilleggsinformasjon: ["Tested 'negative'."],
      importtillatelse: "NO-IMP-1",
      datoForInspeksjon: "2025-05-01",
    });
    expect(s.erstatter).toEqual({
      kode: "1",
      nummer: "PHYTO.NL.2025.0001200",
      aarsak: "Wrong consignee",
      dato: "2025-04-30",
    });
    expect(s.kjennetegn).toEqual(["Lot 7"]);
    expect(s.signatur).toEqual({
      navn: "J. de Vries",
      sted: "Aalsmeer",
      dato: "2025-05-02",
      organisasjon: "NVWA",
      klausuler: [{ id: "1" }],
    });
    expect(s.refererteDokumenter).toEqual([
      {
        identifikator: "KE-2025-9",
        typeKode: "851",
        relasjonKode: "ACE",
        dato: "2025-04-20",
        informasjon: "Original certificate",
      },
    ]);
    expect(s.ukjenteMerknader).toEqual([]);
  });

  it("round-trips through parseEphyto: parties, countries and transport", () => {
    const s = parseEphyto(xml);
    expect(s.avsender).toEqual({
      navn: "Bloemen & Zonen <B.V.>",
      adresse: { linje1: "Legmeerdijk 1", linje2: "1431 GB Aalsmeer" },
      identifikatorer: [],
    });
    expect(s.mottaker).toEqual({
      navn: `Blomster "Nord" AS`,
      adresse: { linje1: "Gartnerveien 12", linje2: "0580 Oslo" },
      identifikatorer: [{ verdi: "998877660", type: "NationalRegistrationNumber" }],
      organisasjonsnummer: "998877660",
    });
    expect(s.eksportLand).toEqual({ kode: "NL", navn: "Netherlands" });
    expect(s.importLand).toEqual({ kode: "NO" });
    expect(s.transittland).toEqual([{ kode: "DK" }, { kode: "SE", navn: "Sweden" }]);
    expect(s.ankomststed).toEqual({ navn: "Oslo", lokasjonkode: "NOOSL" });
    expect(s.inspeksjonssted).toBe("Aalsmeer");
    expect(s.transportutstyr).toEqual([
      { id: "MSKU1234567", forseglinger: ["NL-1", "NL-2"] },
      { forseglinger: ["S-9"] },
    ]);
    expect(s.transportmidler).toEqual([
      { modusKode: "3", transportMetode: "Veitransport", navn: "Truck", id: "AB-12-CD" },
      { modusKode: "1", transportMetode: "Sjøtransport", navn: "Ferry" },
    ]);
  });

  it("round-trips through parseEphyto: goods lines", () => {
    const [v1, v2] = parseEphyto(xml).varelinjer;
    expect(v1).toEqual({
      sorteringsnummer: 1,
      navn: "Rose",
      botaniskNavn: "Rosa",
      beskrivelse: "Cut roses",
      klassifisering: {
        hsKode: "06031100",
        plantedel: "Cut flowers",
        tilstander: ["Fresh"],
        tilsiktetBruk: "Decoration",
        tilsiktetBrukKode: "DECORATION",
        eppoKoder: ["ROSSS"],
        andre: [],
      },
      mengde: {
        antall: { verdi: 2400, enhet: "NAR" },
        nettoVekt: { verdi: 250.5, enhet: "KGM" },
        bruttoVekt: { verdi: 300, enhet: "KGM" },
        nettoVolum: { verdi: 1.5, enhet: "MTQ" },
        bruttoVolum: { verdi: 2, enhet: "MTQ" },
      },
      pakker: [
        { sorteringsnummer: 1, nivaa: 1, pakkeKode: "BX", antall: 120 },
        { sorteringsnummer: 2, nivaa: 2, pakkeKode: "PX", antall: 4 },
      ],
      pakkebeskrivelse: "120 boxes on 4 pallets",
      kjennetegn: ["ROSA 7"],
      opprinnelsesland: [{ kode: "KE", navn: "Kenya", landsdel: "Naivasha" }, { kode: "TZ" }],
      behandlinger: [
        {
          typeKode: "ZZZ",
          behandlingstype: "Fumigation",
          behandlingstypeNivaa2: "Sulfuryl fluoride",
          kjemikalier: ["Sulfuryl fluoride"],
          konsentrasjon: { verdi: 48, enhet: "GP" },
          temperatur: { verdi: 21, enhet: "CEL" },
          varighet: { verdi: 24, enhet: "HUR" },
          startdato: "2025-04-28",
          sluttdato: "2025-04-29",
          tilleggsinformasjon: "Under tarpaulin",
          beskrivelse:
            "Gassing (Gassing med sulfurylfluorid), temperatur 21 °C, varighet 24 t, konsentrasjon 48 mg/m³",
          tilleggsbeskrivelse: "Under tarpaulin",
          andreEgenskaper: [],
          merknader: [],
        },
      ],
      harTilleggserklaeringer: true,
      varelinjeTilleggserklaering: {
        tilleggserklaeringer: ["Grown in a pest-free place of production."],
        offisiellTilleggsInformasjon: ["Inspected."],
        importtillatelseserklaering: "NO-IMP-1",
        inspeksjonsdato: "2025-05-01",
      },
      reeksportSertifiseringsErklaering: {
        reeksportErklaeringKode: "1",
        kontraktsinngaaendePart: { kode: "KE" },
        ephytoSertifikatReferanse: "KE-2025-9",
        originalSertifikat: true,
        bekreftetKopi: false,
        ompakket: true,
        nyeContainere: true,
        tilleggsinspeksjon: false,
        koder: [
          { emne: "RPCST", innhold: "1" },
          { emne: "RPCCO", innhold: "KE" },
          { emne: "RPCRF", innhold: "KE-2025-9" },
          { emne: "RPCOR", innhold: "True" },
          { emne: "RPCTC", innhold: "False" },
          { emne: "RPCRP", innhold: "True" },
          { emne: "RPCNC", innhold: "True" },
          { emne: "RPCAI", innhold: "False" },
        ],
      },
      ukjenteMerknader: [],
    });
    expect(v2).toMatchObject({
      sorteringsnummer: 2,
      botaniskNavn: "Ficus benjamina",
      klassifisering: { tilsiktetBrukKode: "PLANTING" },
      opprinnelsesland: [{ kode: "NL" }],
      behandlinger: [],
      pakker: [],
      mengde: {},
    });
  });

  it("round-trips through parseEphyto: attachments from base64 and from bytes", () => {
    const [png, pdf] = parseEphyto(xml).vedlegg;
    expect(png).toMatchObject({ filnavn: "etikett.png", identifikator: "V1", informasjon: "Label" });
    expect(png?.mimetype).toBe("image/png");
    expect(Buffer.from(png!.data).toString("base64")).toBe(PNG_BASE64);
    expect(pdf).toMatchObject({
      filnavn: "kopi.pdf",
      mimeKode: "application/pdf",
      mimetype: "application/pdf",
    });
    expect(new TextDecoder().decode(pdf!.data)).toBe(PDF);
  });

  it("writes a minimal export certificate with defaults", () => {
    const s = parseEphyto(
      lagSertifikatXml({
        nummer: "US-1",
        utstedt: "2025-01-02",
        avsender: { navn: "A" },
        mottaker: { navn: "B" },
        eksportland: "US",
        varelinjer: [{ botaniskNavn: "Malus domestica" }],
      }),
    );
    expect(s).toMatchObject({
      nummer: "US-1",
      type: "Eksport",
      typeKode: "851",
      statusKode: "70",
      utstedtDag: "2025-01-02",
      eksportLand: { kode: "US" },
      importLand: { kode: "NO" },
      avsender: { navn: "A" },
      mottaker: { navn: "B" },
    });
    expect(s.varelinjer).toHaveLength(1);
    expect(s.vedlegg).toEqual([]);
    expect(s.erstatter).toBeUndefined();
  });

  it("drops characters XML cannot carry, so the output always parses", () => {
    const s = parseEphyto(
      lagSertifikatXml({
        nummer: "X\u0000-1",
        utstedt: "2025-01-02",
        avsender: { navn: "A\u0008B" },
        mottaker: { navn: "C\uD800D" },
        eksportland: "SE",
        varelinjer: [],
      }),
    );
    expect(s.nummer).toBe("X-1");
    expect(s.avsender?.navn).toBe("AB");
    expect(s.mottaker?.navn).toBe("CD");
  });
});
