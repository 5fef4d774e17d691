// The goods lines of an ePhyto certificate (api/ephyto/parse.ts): description, classifications, packages,
// quantities, treatments and additional declarations of each line; notes and countries they share.
import { tilsiktetBruk } from "../../domain/kodeverk";
import type {
  Behandling,
  Klassifisering,
  Merknad,
  Pakke,
  ReeksportSertifiseringsErklaering,
  SertifikatLand,
  Varelinje,
  VarelinjeTilleggserklaering,
} from "../../domain/sertifikat";
import { behandlingBeskrivelse } from "../../domain/sertifikat-tekst";
import { oversetter } from "../../sprak/katalog.server";
import {
  alle,
  barn,
  datoAv,
  datoTekst,
  foerste,
  foersteMengde,
  heltall,
  rydd,
  sannhetsverdi,
  spraakTekst,
  tall,
  tekst,
  tekstAv,
  utenTomme,
  type XmlNode,
} from "./xml";
/** A note: its subject (upper case) and its text in the preferred language. */
export function lesMerknad(node: XmlNode): { emne?: string; innhold?: string } {
  return rydd({ emne: tekstAv(node, "Subject")?.toUpperCase(), innhold: spraakTekst(barn(node, "Content")) });
}

/** A country: code (upper case) and name. */
export function lesLand(node: XmlNode | undefined): SertifikatLand | undefined {
  const kode = tekstAv(node, "ID")?.toUpperCase();
  return utenTomme(rydd({ kode, navn: tekstAv(node, "Name") }));
}

// ---------------------------------------------------------------------------------------------------------
// Goods lines
// ---------------------------------------------------------------------------------------------------------

export type ReeksportFlagg = {
  [K in keyof ReeksportSertifiseringsErklaering]-?: ReeksportSertifiseringsErklaering[K] extends
    | boolean
    | undefined
    ? K
    : never;
}[keyof ReeksportSertifiseringsErklaering];

export const RPC_FLAGG: Record<string, ReeksportFlagg | undefined> = {
  RPCOR: "originalSertifikat",
  RPCTC: "bekreftetKopi",
  RPCPK: "pakket",
  RPCRP: "ompakket",
  RPCOC: "originaleContainere",
  RPCNC: "nyeContainere",
  RPCPC: "fytosanitaertSertifikat",
  RPCAI: "tilleggsinspeksjon",
};

export function lesVarelinje(linje: XmlNode, indeks: number): Varelinje {
  const tilleggserklaering: VarelinjeTilleggserklaering = {
    tilleggserklaeringer: [],
    offisiellTilleggsInformasjon: [],
  };
  const importtillatelser: string[] = [];
  const kjennetegn: string[] = [];
  const pakkebeskrivelser: string[] = [];
  const ukjenteMerknader: Merknad[] = [];
  const reeksport: ReeksportSertifiseringsErklaering = { koder: [] };
  let antallVerdi: number | undefined;
  let antallEnhet: string | undefined;

  for (const node of [...barn(linje, "AdditionalInformationSPSNote"), ...barn(linje, "IncludedSPSNote")]) {
    const { emne, innhold } = lesMerknad(node);
    if (emne?.startsWith("RPC")) {
      reeksport.koder.push(rydd({ emne, innhold }));
      const flagg = RPC_FLAGG[emne];
      if (flagg) reeksport[flagg] ??= sannhetsverdi(innhold);
      else if (emne === "RPCST") reeksport.reeksportErklaeringKode ??= innhold;
      else if (emne === "RPCRF") reeksport.ephytoSertifikatReferanse ??= innhold;
      else if (emne === "RPCCO" && innhold)
        reeksport.kontraktsinngaaendePart ??= { kode: innhold.toUpperCase() };
      continue;
    }
    switch (emne) {
      case "DMTLIL":
        if (innhold) kjennetegn.push(innhold);
        break;
      case "ADTLIL":
        if (innhold) tilleggserklaering.tilleggserklaeringer.push(innhold);
        break;
      case "ADAOTLIL":
        if (innhold) tilleggserklaering.offisiellTilleggsInformasjon.push(innhold);
        break;
      case "ADIPTLIL":
        if (innhold) importtillatelser.push(innhold);
        break;
      case "ADDITLIL":
        tilleggserklaering.inspeksjonsdato ??= datoTekst(innhold);
        break;
      case "OPTND":
        if (innhold) pakkebeskrivelser.push(innhold);
        break;
      case "OQV":
        antallVerdi ??= tall(innhold);
        break;
      case "OQU":
        antallEnhet ??= innhold;
        break;
      default:
        if (emne !== undefined || innhold !== undefined) ukjenteMerknader.push(rydd({ emne, innhold }));
    }
  }
  if (importtillatelser.length > 0)
    tilleggserklaering.importtillatelseserklaering = importtillatelser.join("\n");
  for (const merke of alle(linje, "PhysicalSPSShippingMarks")) {
    const t = spraakTekst([
      ...barn(merke, "Marking"),
      ...barn(merke, "Content"),
      ...barn(merke, "Description"),
    ]);
    if (t) kjennetegn.push(t);
  }

  const varelinjeTilleggserklaering = rydd(tilleggserklaering);
  const harTilleggserklaeringer =
    varelinjeTilleggserklaering.tilleggserklaeringer.length > 0 ||
    varelinjeTilleggserklaering.offisiellTilleggsInformasjon.length > 0 ||
    varelinjeTilleggserklaering.importtillatelseserklaering !== undefined ||
    varelinjeTilleggserklaering.inspeksjonsdato !== undefined;

  return rydd({
    sorteringsnummer: heltall(tekstAv(linje, "SequenceNumeric")) ?? indeks + 1,
    navn: spraakTekst(barn(linje, "CommonName"), ", "),
    botaniskNavn: spraakTekst(barn(linje, "ScientificName"), ", "),
    beskrivelse: spraakTekst(barn(linje, "Description")),
    klassifisering: lesKlassifisering(linje),
    mengde: rydd({
      antall: antallVerdi === undefined ? undefined : { verdi: antallVerdi, enhet: antallEnhet ?? "H87" },
      nettoVekt: foersteMengde(linje, "NetWeightMeasure"),
      bruttoVekt: foersteMengde(linje, "GrossWeightMeasure"),
      nettoVolum: foersteMengde(linje, "NetVolumeMeasure"),
      bruttoVolum: foersteMengde(linje, "GrossVolumeMeasure"),
    }),
    pakker: lesPakker(linje),
    pakkebeskrivelse: pakkebeskrivelser.length > 0 ? pakkebeskrivelser.join("\n") : undefined,
    kjennetegn,
    opprinnelsesland: barn(linje, "OriginSPSCountry").flatMap((n) => {
      const land = lesLand(n);
      const landsdel = tekstAv(n, "SubordinateSPSCountrySubDivision", "Name");
      const opprinnelse = utenTomme(rydd({ ...land, landsdel }));
      return opprinnelse ? [opprinnelse] : [];
    }),
    behandlinger: barn(linje, "AppliedSPSProcess").flatMap((n) => lesBehandling(n) ?? []),
    harTilleggserklaeringer,
    varelinjeTilleggserklaering,
    reeksportSertifiseringsErklaering: reeksport.koder.length > 0 ? rydd(reeksport) : undefined,
    ukjenteMerknader,
  });
}

export function normaliserSystem(system: string | undefined): string | undefined {
  return system?.toUpperCase().replace(/[\s_-]+/g, "");
}

export function lesKlassifisering(linje: XmlNode): Klassifisering {
  const klassifisering: Klassifisering = { tilstander: [], eppoKoder: [], andre: [] };
  let tilsiktetFraKlassifisering: string | undefined;
  for (const node of barn(linje, "ApplicableSPSClassification")) {
    const systemNavn = tekstAv(node, "SystemName");
    const system = normaliserSystem(systemNavn);
    const kode = tekstAv(node, "ClassCode");
    const navn = spraakTekst(barn(node, "ClassName"), ", ");
    const verdi = navn ?? kode;
    if (system === "HS" || system?.startsWith("HSCODE") || /^HS\d{2,4}$/.test(system ?? "")) {
      const hs = kode ?? navn;
      klassifisering.hsKode ??= hs && /^[\d.\s]+$/.test(hs) ? hs.replace(/[.\s]/g, "") : hs;
    } else if (system === "IPPCPCVP") {
      klassifisering.plantedel ??= verdi;
    } else if (system === "IPPCPCC") {
      if (verdi) klassifisering.tilstander.push(verdi);
    } else if (system?.startsWith("EPPO")) {
      const eppo = (kode ?? navn)?.toUpperCase();
      if (eppo && !klassifisering.eppoKoder.includes(eppo)) klassifisering.eppoKoder.push(eppo);
    } else if (system === "IPPCIU" || system === "IU" || system?.startsWith("INTENDEDUSE")) {
      tilsiktetFraKlassifisering ??= verdi;
    } else if (systemNavn !== undefined || kode !== undefined || navn !== undefined) {
      klassifisering.andre.push(rydd({ system: systemNavn, kode, navn }));
    }
  }
  const tilsiktet = spraakTekst(barn(linje, "IntendedUse"), ", ") ?? tilsiktetFraKlassifisering;
  klassifisering.tilsiktetBruk = tilsiktet;
  klassifisering.tilsiktetBrukKode = tilsiktetBruk(tilsiktet)?.kode;
  return rydd(klassifisering);
}

export function lesPakker(linje: XmlNode): Pakke[] {
  const pakker: Pakke[] = [];
  for (const node of barn(linje, "PhysicalSPSPackage")) {
    const pakke = {
      nivaa: heltall(tekstAv(node, "LevelCode")),
      pakkeKode: tekstAv(node, "TypeCode")?.toUpperCase(),
      antall: tall(tekstAv(node, "ItemQuantity")),
    };
    if (utenTomme(rydd(pakke))) pakker.push({ sorteringsnummer: pakker.length + 1, ...pakke });
  }
  return pakker;
}

export function lesBehandling(node: XmlNode): Behandling | undefined {
  const behandling: Behandling = { kjemikalier: [], andreEgenskaper: [], merknader: [] };
  const typeKode = tekstAv(node, "TypeCode");
  const tilleggsinformasjon: string[] = [];
  const fritekster: string[] = [];

  for (const egenskap of barn(node, "ApplicableSPSProcessCharacteristic")) {
    const beskrivelser = barn(egenskap, "Description");
    const foersteTekst = tekst(beskrivelser[0])?.toUpperCase();
    const harKode = foersteTekst !== undefined && /^TT[A-Z0-9]{1,4}$/.test(foersteTekst);
    const kode = harKode ? foersteTekst : undefined;
    const verdiNoder = harKode ? beskrivelser.slice(1) : beskrivelser;
    const verdi = spraakTekst(verdiNoder, " ");
    const maal = foersteMengde(egenskap, "ValueMeasure");
    switch (kode) {
      case "TTL1":
        behandling.behandlingstype ??= verdi;
        break;
      case "TTL2":
        behandling.behandlingstypeNivaa2 ??= verdi;
        break;
      case "TTCH":
        if (verdi) behandling.kjemikalier.push(verdi);
        break;
      case "TTCO":
        behandling.konsentrasjon ??= maal;
        behandling.konsentrasjonTekst ??= maal ? undefined : verdi;
        break;
      case "TTTM": {
        // A temperature is a ValueMeasure, sometimes a bare number; other text goes to the free text.
        const tallverdi = tall(verdi);
        const temperatur = maal ?? (tallverdi === undefined ? undefined : { verdi: tallverdi });
        if (temperatur) behandling.temperatur ??= temperatur;
        else if (verdi) fritekster.push(verdi);
        break;
      }
      case "TTAI":
        if (verdi) tilleggsinformasjon.push(verdi);
        break;
      case "TTFT":
        if (verdi) fritekster.push(verdi);
        break;
      default: {
        const verdier = verdiNoder.flatMap((n) => tekst(n) ?? []);
        if (kode !== undefined || verdier.length > 0 || maal !== undefined) {
          behandling.andreEgenskaper.push(rydd({ kode, verdier, mengde: maal }));
        }
      }
    }
  }

  const periode = foerste(node, "CompletionSPSPeriod");
  behandling.startdato = datoTekst(datoAv(foerste(periode, "StartDateTime")));
  behandling.sluttdato = datoTekst(datoAv(foerste(periode, "EndDateTime")));
  behandling.varighet = foersteMengde(periode, "DurationMeasure");
  for (const merknad of barn(node, "AdditionalInformationSPSNote")) {
    const m = lesMerknad(merknad);
    if (utenTomme(m)) behandling.merknader.push(m);
  }
  if (tilleggsinformasjon.length > 0) behandling.tilleggsinformasjon = tilleggsinformasjon.join("\n");
  if (fritekster.length > 0) behandling.fritekst = fritekster.join("\n");

  const harInnhold = utenTomme({ ...behandling, typeKode: undefined }) !== undefined;
  const meningsfullType = typeKode !== undefined && typeKode.toUpperCase() !== "ZZZ";
  if (!harInnhold && !meningsfullType) return undefined;
  behandling.typeKode = typeKode;

  // The stored description is bokmål, for the API's readers; pages and documents make it in their reader's
  // language from the same parts (domain/sertifikat-tekst.ts behandlingBeskrivelse).
  behandling.beskrivelse = behandlingBeskrivelse(oversetter("nb"), behandling);
  const tillegg = [
    behandling.tilleggsinformasjon,
    behandling.beskrivelse === behandling.fritekst ? undefined : behandling.fritekst,
  ].filter((t): t is string => t !== undefined);
  behandling.tilleggsbeskrivelse = tillegg.length > 0 ? tillegg.join("\n") : undefined;
  return rydd(behandling);
}
