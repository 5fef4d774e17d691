// The ePhyto certificate reader: UN/CEFACT SPS certificate XML (SPSCertificate:17), bare or inside an
// IPPC ePhyto Hub envelope (with or without SOAP) → ParsedCertificate (SPEC §3 "Certificate", "Goods line",
// "Attachment"). Field reference: /work/shared/ephyto/hub-ephyto.wsdl and README.md.
//
// Safety first: the input is size-checked, and any DTD or entity declaration is rejected before the XML is
// parsed (no XXE, no entity expansion). The reader is tolerant: namespace prefixes are ignored (they are often
// undeclared), every element may be missing or repeated, "NULL" and empty text count as missing, and note
// subjects it does not know are kept in `ukjenteMerknader`.

import { transportmaate } from "../../domain/kodeverk";
import type {
  Adresse,
  Ankomststed,
  ErstatterSertifikat,
  HubKonvolutt,
  LagretSertifikat,
  Merknad,
  ParsedCertificate,
  ParsedVedlegg,
  PartIdentifikator,
  ReferertDokument,
  SertifikatMottaker,
  SertifikatPart,
  SertifikatType,
  Signatur,
  Tilleggserklaering,
  Transportmiddel,
  Transportutstyr,
} from "../../domain/sertifikat";
import { filtype, kanAapneVedlegg, mimetypeFor } from "../../domain/vedlegg";

import { EphytoParseError, type ParseEphytoOptions, STANDARD_MAKS_BYTES } from "./feil";
import { lesLand, lesMerknad, lesVarelinje } from "./varelinjer";
import {
  alle,
  attributt,
  barn,
  datoAv,
  datoTekst,
  finnElement,
  foerste,
  rydd,
  sjekkNavnerom,
  spraakTekst,
  tekst,
  tekstAv,
  tekster,
  tilTekst,
  tolkDato,
  tolkXml,
  utenTomme,
  type XmlNode,
} from "./xml";

// The certificate data types live in domain/ (shared with the app); re-exported here unchanged.
export type {
  Adresse,
  Behandling,
  LagretSertifikat,
  Pakke,
  ParsedCertificate,
  SertifikatPart,
  Varelinje,
} from "../../domain/sertifikat";

/** The certificate without attachment bytes, ready for JSON (store `vedlegg[i].data` elsewhere). */
export function utenVedleggsdata(sertifikat: ParsedCertificate): LagretSertifikat {
  return { ...sertifikat, vedlegg: sertifikat.vedlegg.map(({ data: _data, ...resten }) => resten) };
}

// ---------------------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------------------

/**
 * Reads an ePhyto certificate. Throws {@link EphytoParseError} when the input is too large, carries a DTD
 * or entity declarations, is not well-formed XML, holds no SPSCertificate, or the certificate has no number.
 */
export function parseEphyto(xml: string | Uint8Array, opts: ParseEphytoOptions = {}): ParsedCertificate {
  return lesDokument(xml, opts.maxBytes ?? STANDARD_MAKS_BYTES, 0);
}

function lesDokument(input: string | Uint8Array, maksBytes: number, dybde: number): ParsedCertificate {
  const tekst = tilTekst(input, maksBytes);
  const rot = tolkXml(tekst);

  const funn = finnElement(rot, "SPSCertificate");
  if (funn) {
    sjekkNavnerom(tekst);
    return lesSertifikat(funn.node, lesKonvolutt(funn.forelder));
  }

  // A Hub Envelope (PULLSingleImportEnvelope...) carries the certificate as text in Content, often base64.
  if (dybde === 0) {
    const innhold = finnElement(rot, "Content");
    const indre = innhold ? innholdSomXml(innhold.node) : undefined;
    if (innhold && indre !== undefined) {
      const sertifikat = lesDokument(indre, maksBytes, dybde + 1);
      return { ...sertifikat, konvolutt: sertifikat.konvolutt ?? lesKonvolutt(innhold.forelder) };
    }
  }
  throw new EphytoParseError("MANGLER_SERTIFIKAT", "Fant ikke SPSCertificate i dokumentet");
}

// ---------------------------------------------------------------------------------------------------------
// Envelope
// ---------------------------------------------------------------------------------------------------------

function lesKonvolutt(forelder: XmlNode): HubKonvolutt | undefined {
  return utenTomme(
    rydd({
      fra: tekstAv(forelder, "From"),
      til: tekstAv(forelder, "To"),
      sertifikattype: tekstAv(forelder, "CertificateType"),
      sertifikatstatus: tekstAv(forelder, "CertificateStatus"),
      nppoSertifikatnummer: tekstAv(forelder, "NPPOCertificateNumber"),
      hubLeveringsnummer: tekstAv(forelder, "hubDeliveryNumber") ?? tekstAv(forelder, "HubDeliveryNumber"),
    }),
  );
}

/** The Hub's Content text as XML: literal XML, or base64 of it. Undefined when it is neither. */
function innholdSomXml(node: XmlNode): string | Uint8Array | undefined {
  const raa = node["#text"];
  if (typeof raa !== "string") return undefined;
  const t = raa.trim();
  if (t.startsWith("<")) return t.includes("SPSCertificate") ? t : undefined;
  const base64 = t.replace(/\s+/g, "");
  if (base64 === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
  const bytes = Buffer.from(base64, "base64");
  const latin = bytes.toString("latin1");
  return latin.includes("SPSCertificate") || latin.includes("S\0P\0S\0C\0e\0r\0t") ? bytes : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Certificate
// ---------------------------------------------------------------------------------------------------------

function sertifikatType(typeKode: string | undefined): SertifikatType | undefined {
  if (typeKode === "851") return "Eksport";
  if (typeKode === "657") return "Reeksport";
  return undefined;
}

function lesSertifikat(sertifikat: XmlNode, konvolutt: HubKonvolutt | undefined): ParsedCertificate {
  const dok = foerste(sertifikat, "SPSExchangedDocument");
  const sending = foerste(sertifikat, "SPSConsignment");

  const nummer = tekstAv(dok, "ID") ?? konvolutt?.nppoSertifikatnummer;
  if (nummer === undefined) throw new EphytoParseError("MANGLER_NUMMER", "Sertifikatet mangler nummer");

  const typeKode = tekstAv(dok, "TypeCode") ?? konvolutt?.sertifikattype;
  const utstedt = tolkDato(datoAv(foerste(dok, "IssueDateTime")));
  const merknader = lesDokumentmerknader(alle(dok, "IncludedSPSNote"));
  const dokumenter = lesRefererteDokumenter([
    ...alle(dok, "ReferenceSPSReferencedDocument"),
    ...alle(sending, "ReferenceSPSReferencedDocument"),
  ]);

  return rydd({
    nummer,
    dokumentnavn: tekstAv(dok, "Name"),
    typeKode,
    type: sertifikatType(typeKode),
    statusKode: tekstAv(dok, "StatusCode") ?? konvolutt?.sertifikatstatus,
    utstedtDato: utstedt?.iso,
    utstedtDag: utstedt?.dag,
    utsteder: tekstAv(dok, "IssuerSPSParty", "Name"),
    avsender: lesPart(foerste(sending, "ConsignorSPSParty")),
    mottaker: lesMottaker(foerste(sending, "ConsigneeSPSParty")),
    eksportLand: lesLand(foerste(sending, "ExportSPSCountry")),
    importLand: lesLand(foerste(sending, "ImportSPSCountry")),
    transittland: alle(sending, "TransitSPSCountry").flatMap((n) => lesLand(n) ?? []),
    ankomststed: lesAnkomststed(foerste(sending, "UnloadingBaseportSPSLocation")),
    inspeksjonssted: tekstAv(sending, "ExaminationSPSEvent", "OccurrenceSPSLocation", "Name"),
    transportmidler: alle(sending, "MainCarriageSPSTransportMovement").flatMap(
      (n) => lesTransportmiddel(n) ?? [],
    ),
    transportutstyr: alle(sending, "UtilizedSPSTransportEquipment").flatMap(
      (n) => lesTransportutstyr(n) ?? [],
    ),
    varelinjer: alle(sending, "IncludedSPSConsignmentItem", "IncludedSPSTradeLineItem").map(lesVarelinje),
    friForPestErklaering: merknader.friForPestErklaering,
    tilleggserklaering: merknader.tilleggserklaering,
    erstatter: merknader.erstatter,
    kjennetegn: merknader.kjennetegn,
    signatur: lesSignatur(foerste(dok, "SignatorySPSAuthentication")),
    vedlegg: dokumenter.vedlegg,
    refererteDokumenter: dokumenter.refererte,
    konvolutt,
    ukjenteMerknader: merknader.ukjente,
  });
}

function lesDokumentmerknader(noder: XmlNode[]) {
  const tilleggserklaering: Tilleggserklaering = {
    tilleggserklaeringer: [],
    offisiellTilleggsinformasjon: [],
  };
  const importtillatelser: string[] = [];
  const kjennetegn: string[] = [];
  const ukjente: Merknad[] = [];
  const erstatter: ErstatterSertifikat = {};
  let friForPestErklaering: string | undefined;
  let harErstatning = false;

  for (const node of noder) {
    const { emne, innhold } = lesMerknad(node);
    switch (emne) {
      case "SPSFL":
        friForPestErklaering ??= innhold;
        break;
      case "ADEDL":
        if (innhold) tilleggserklaering.tilleggserklaeringer.push(innhold);
        break;
      case "ADAOEDL":
        if (innhold) tilleggserklaering.offisiellTilleggsinformasjon.push(innhold);
        break;
      case "ADIPEDL":
        if (innhold) importtillatelser.push(innhold);
        break;
      case "ADDIEDL":
        tilleggserklaering.datoForInspeksjon ??= datoTekst(innhold);
        break;
      case "ADRP":
        harErstatning = true;
        erstatter.kode ??= innhold;
        break;
      case "ADRPN":
        harErstatning = true;
        erstatter.nummer ??= innhold;
        break;
      case "ADRPR":
        harErstatning = true;
        erstatter.aarsak ??= innhold;
        break;
      case "ADRD":
        harErstatning = true;
        erstatter.dato ??= datoTekst(innhold);
        break;
      case "DMCL":
        if (innhold) kjennetegn.push(innhold);
        break;
      default:
        if (emne !== undefined || innhold !== undefined) ukjente.push(rydd({ emne, innhold }));
    }
  }
  if (importtillatelser.length > 0) tilleggserklaering.importtillatelse = importtillatelser.join("\n");
  return {
    friForPestErklaering,
    tilleggserklaering,
    erstatter: harErstatning ? rydd(erstatter) : undefined,
    kjennetegn,
    ukjente,
  };
}

function lesAdresse(node: XmlNode | undefined): Adresse | undefined {
  if (!node) return undefined;
  return utenTomme(
    rydd({
      linje1: tekstAv(node, "LineOne"),
      linje2: tekstAv(node, "LineTwo"),
      linje3: tekstAv(node, "LineThree"),
      linje4: tekstAv(node, "LineFour"),
      linje5: tekstAv(node, "LineFive"),
      postnummer: tekstAv(node, "PostcodeCode"),
      poststed: tekstAv(node, "CityName"),
      landkode: tekstAv(node, "CountryID")?.toUpperCase(),
      land: tekstAv(node, "CountryName"),
    }),
  );
}

function lesIdentifikatorer(part: XmlNode): PartIdentifikator[] {
  const fraId = barn(part, "ID").flatMap((n) => {
    const verdi = tekst(n);
    if (verdi === undefined) return [];
    return [rydd({ verdi, type: attributt(n, "schemeID") ?? attributt(n, "schemeName") })];
  });
  const fraTypeKode = barn(part, "TypeCode").flatMap((n) => {
    const verdi = tekst(n);
    if (verdi === undefined) return [];
    return [rydd({ verdi, type: attributt(n, "listName") ?? attributt(n, "listID") })];
  });
  return [...fraId, ...fraTypeKode];
}

function lesPart(node: XmlNode | undefined): SertifikatPart | undefined {
  if (!node) return undefined;
  const navn = tekstAv(node, "Name");
  const adresse = lesAdresse(foerste(node, "SpecifiedSPSAddress"));
  const identifikatorer = lesIdentifikatorer(node);
  if (navn === undefined && adresse === undefined && identifikatorer.length === 0) return undefined;
  return rydd({ navn, adresse, identifikatorer });
}

/** Nine digits with a valid MOD11 check digit ("NO 974 760 673 MVA" → "974760673"), else undefined. */
export function norskOrganisasjonsnummer(verdi: string): string | undefined {
  const siffer = verdi
    .toUpperCase()
    .replace(/^NO/, "")
    .replace(/MVA$/, "")
    .replace(/[\s.\-\u00A0]/g, "");
  if (!/^\d{9}$/.test(siffer)) return undefined;
  const vekter = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = vekter.reduce((s, v, i) => s + v * Number(siffer[i]), 0);
  const rest = sum % 11;
  const kontroll = rest === 0 ? 0 : 11 - rest;
  return kontroll !== 10 && kontroll === Number(siffer[8]) ? siffer : undefined;
}

function lesMottaker(node: XmlNode | undefined): SertifikatMottaker | undefined {
  const part = lesPart(node);
  if (!part) return undefined;
  const organisasjonsnummer = part.identifikatorer
    .map((i) => norskOrganisasjonsnummer(i.verdi))
    .find((n) => n !== undefined);
  return rydd({ ...part, organisasjonsnummer });
}

function lesAnkomststed(node: XmlNode | undefined): Ankomststed | undefined {
  return utenTomme(rydd({ navn: tekstAv(node, "Name"), lokasjonkode: tekstAv(node, "ID") }));
}

function lesTransportmiddel(node: XmlNode): Transportmiddel | undefined {
  const modusKode = tekstAv(node, "ModeCode");
  const navn = spraakTekst(alle(node, "UsedSPSTransportMeans", "Name"));
  const id = tekstAv(node, "ID");
  if (modusKode === undefined && navn === undefined && id === undefined) return undefined;
  return rydd({ modusKode, transportMetode: transportmaate(modusKode).navn, navn, id });
}

function lesTransportutstyr(node: XmlNode): Transportutstyr | undefined {
  return utenTomme(rydd({ id: tekstAv(node, "ID"), forseglinger: tekster(node, "AffixedSPSSeal", "ID") }));
}

function lesSignatur(node: XmlNode | undefined): Signatur | undefined {
  if (!node) return undefined;
  const klausuler = barn(node, "IncludedSPSClause").flatMap((k) => {
    const klausul = rydd({ id: tekstAv(k, "ID"), innhold: spraakTekst(barn(k, "Content")) });
    return utenTomme(klausul) ? [klausul] : [];
  });
  return utenTomme(
    rydd({
      navn: tekstAv(node, "ProviderSPSParty", "SpecifiedSPSPerson", "Name"),
      sted: tekstAv(node, "IssueSPSLocation", "Name"),
      dato: datoTekst(datoAv(foerste(node, "ActualDateTime"))),
      organisasjon: tekstAv(node, "ProviderSPSParty", "Name"),
      klausuler,
    }),
  );
}

function lesRefererteDokumenter(noder: XmlNode[]): {
  vedlegg: ParsedVedlegg[];
  refererte: ReferertDokument[];
} {
  const vedlegg: ParsedVedlegg[] = [];
  const refererte: ReferertDokument[] = [];
  for (const node of noder) {
    const dokument: ReferertDokument = rydd({
      identifikator: tekstAv(node, "ID"),
      typeKode: tekstAv(node, "TypeCode"),
      relasjonKode: tekstAv(node, "RelationshipTypeCode"),
      dato: datoTekst(datoAv(foerste(node, "IssueDateTime"))),
      informasjon: spraakTekst(barn(node, "Information")),
    });
    const fil = barn(node, "AttachmentBinaryObject").find(
      (n) => typeof n["#text"] === "string" && n["#text"],
    );
    const data = fil ? base64Data(fil["#text"] as string) : undefined;
    if (fil && data && data.byteLength > 0) {
      const filnavn = attributt(fil, "filename");
      const mimetype = mimetypeFor(filnavn, data);
      vedlegg.push(
        rydd({
          ...dokument,
          filnavn,
          mimeKode: attributt(fil, "mimeCode"),
          filtype: filtype(filnavn, mimetype),
          mimetype,
          kanAapneVedlegg: kanAapneVedlegg(mimetype),
          stoerrelse: data.byteLength,
          data,
        }),
      );
    } else if (utenTomme(dokument)) {
      refererte.push(dokument);
    }
  }
  return { vedlegg, refererte };
}

/** Decodes base64 (also URL-safe, with line breaks); a copy that owns its memory. */
function base64Data(raa: string): Uint8Array | undefined {
  const ren = raa.replace(/\s+/g, "");
  if (ren === "") return undefined;
  return new Uint8Array(Buffer.from(ren, /[-_]/.test(ren) ? "base64url" : "base64"));
}

export { EphytoParseError, type ParseEphytoOptions, STANDARD_MAKS_BYTES } from "./feil";
