// Risk assessment per goods line and per certificate, and the notification-requirement assessment
// (SPEC §3 varelinje.alvorlighetsgrad/risikoVurdering, sertifikat.risikoVurdering/meldepliktigVurdering,
// §4 severity and meldepliktigVurdering, §8 "Certificate risk messages").
// The rules are data (tabeller/regler.json); see docs/decisions/004-risk-and-notification-rules.md.

import { antallTekst, ORD } from "../antall";
import { INGEN_VARELINJER_MELDING } from "../sertifikat";
import { type Alvorlighetsgrad, alvorlighetsgradRekkefoelge, type MeldepliktigVurdering } from "../status";
import { rensTekst } from "../text";
import { finnEppoTakson, slektAv, slektensEppoKode } from "./eppo";
import { type Regelsett, STANDARD_REGELSETT } from "./regelsett";
import { type Landgruppe, REGELVERK_INFO, type Regel, type Regelverk, regelLenke } from "./regler";
import { normaliserLandkode, normaliserPlantedel, normaliserTilsiktetBruk, slektNoekkel } from "./vokabular";

export {
  normaliserLandkode,
  normaliserPlantedel,
  normaliserTilsiktetBruk,
  PLANTEDELER,
  TILSIKTEDE_BRUK,
} from "./vokabular";

// ---------------------------------------------------------------------------------------------------
// Types

export type VarelinjeForVurdering = {
  id?: string | number;
  botaniskNavn?: string | null;
  /** ISO 3166-1 alpha-2 codes. */
  opprinnelsesland: readonly string[];
  tilsiktetBruk?: string | null;
  plantedel?: string | null;
};

export type SertifikatForVurdering = { varelinjer: readonly VarelinjeForVurdering[] };

export const RISIKO_KODER = [
  "VEDLEGG_3_FORBUD",
  "VEDLEGG_4A_VARSEL",
  "RAMORUM_FORBUD",
  "RAMORUM_VARSEL",
  "MANGLER_BOTANISK_NAVN",
  "MANGLER_EPPO",
  "MANGLER_OPPRINNELSESLAND",
  "MANGLER_TILSIKTET_BRUK",
] as const;
export type RisikoKode = (typeof RISIKO_KODER)[number];

export type RisikoFunn = {
  kode: RisikoKode;
  alvorlighetsgrad: Alvorlighetsgrad;
  regelId?: string;
  lovdataList: { nummer: string }[];
  tekst: string;
  /** Link to the regulation text (rule findings only). */
  lenke?: string;
};

export type VarelinjeVurdering = {
  alvorlighetsgrad: Alvorlighetsgrad;
  eppoKode?: string;
  funn: RisikoFunn[];
};

export type RisikoType = "INGEN_VARELINJER" | "RAMORUM" | "PLANTEHELSE" | "UIDENTIFISERT";

export type Risikovurdering = {
  type: RisikoType;
  alvorlighetsgrad: Alvorlighetsgrad;
  tittel: string;
  beskrivelse: { tekst: string; lenke?: string }[];
  /** The ids of the lines concerned (the line's `id`, or its 1-based position when it has none). */
  varelinjer: (string | number)[];
};

export type SertifikatVurdering = {
  alvorlighetsgrad: Alvorlighetsgrad;
  meldepliktigVurdering: MeldepliktigVurdering;
  /** Banners, in display order: danger, warning, neutral. */
  risikoVurdering: Risikovurdering[];
  /** One result per goods line, in input order, with the line's id (or 1-based position). */
  varelinjer: (VarelinjeVurdering & { id: string | number })[];
};

// ---------------------------------------------------------------------------------------------------
// Severity

/** The worst severity in display order (FORBUD > VARSEL > UFULLSTENDIG > ALT_OK); ALT_OK for none. */
export function verstAlvorlighetsgrad(grader: Iterable<Alvorlighetsgrad>): Alvorlighetsgrad {
  let verst: Alvorlighetsgrad = "ALT_OK";
  for (const grad of grader) {
    if (alvorlighetsgradRekkefoelge(grad) < alvorlighetsgradRekkefoelge(verst)) verst = grad;
  }
  return verst;
}

function etterAlvorlighet<T extends { alvorlighetsgrad: Alvorlighetsgrad }>(a: T, b: T): number {
  return alvorlighetsgradRekkefoelge(a.alvorlighetsgrad) - alvorlighetsgradRekkefoelge(b.alvorlighetsgrad);
}

// ---------------------------------------------------------------------------------------------------
// Matching

type Fakta = {
  eppoKoder: ReadonlySet<string>;
  slekter: ReadonlySet<string>;
  plantedel: string | undefined;
  tilsiktetBruk: string | undefined;
  land: readonly string[];
};

/** A rule's lists normalised once (per rule object; rules never change): what each line is compared with. */
type Kriterier = {
  eppoKoder: ReadonlySet<string> | undefined;
  slekter: ReadonlySet<string> | undefined;
  unntattEppoKoder: ReadonlySet<string> | undefined;
  plantedeler: ReadonlySet<string | undefined> | undefined;
  unntattPlantedeler: ReadonlySet<string | undefined> | undefined;
  tilsiktetBruk: ReadonlySet<string | undefined> | undefined;
};

const KRITERIER = new WeakMap<Regel, Kriterier>();

function settAv<T>(liste: readonly string[] | undefined, f: (s: string) => T): ReadonlySet<T> | undefined {
  return liste && new Set(liste.map(f));
}

function kriterier(regel: Regel): Kriterier {
  let k = KRITERIER.get(regel);
  if (!k) {
    const { match } = regel;
    const opp = (s: string) => s.trim().toUpperCase();
    k = {
      eppoKoder: settAv(match.eppoKoder, opp),
      slekter: settAv(match.slekter, slektNoekkel),
      unntattEppoKoder: settAv(match.unntattEppoKoder, opp),
      plantedeler: settAv(match.plantedeler, normaliserPlantedel),
      unntattPlantedeler: settAv(match.unntattPlantedeler, normaliserPlantedel),
      tilsiktetBruk: settAv(match.tilsiktetBruk, normaliserTilsiktetBruk),
    };
    KRITERIER.set(regel, k);
  }
  return k;
}

/** Whether the two share an element (`regel` may be absent: then not). */
function inneholderNoen(regel: ReadonlySet<string> | undefined, linje: ReadonlySet<string>): boolean {
  if (!regel) return false;
  for (const v of regel) if (linje.has(v)) return true;
  return false;
}

function opprinnelseTreffer(
  regel: Regel,
  land: readonly string[],
  landgrupper: Readonly<Record<Landgruppe, ReadonlySet<string>>>,
): boolean {
  const { land: liste, unntattLand, alleUtenfor } = regel.opprinnelse;
  const harKriterium = Boolean(liste?.length || unntattLand?.length || alleUtenfor);
  if (!harKriterium) return true;
  // An origin criterion cannot be met by a line without origin (that line gets MANGLER_OPPRINNELSESLAND).
  return land.some((kode) => {
    if (unntattLand?.includes(kode)) return false;
    if (liste?.includes(kode)) return true;
    if (alleUtenfor) return !landgrupper[alleUtenfor].has(kode);
    return !liste?.length;
  });
}

/** Whether a rule applies to a line's facts (see the ADR for the semantics of each criterion). */
function regelTreffer(regel: Regel, fakta: Fakta, regelsett: Regelsett): boolean {
  const k = kriterier(regel);

  const harTaksonKriterium = Boolean(k.eppoKoder || k.slekter);
  if (harTaksonKriterium) {
    const takson = inneholderNoen(k.eppoKoder, fakta.eppoKoder) || inneholderNoen(k.slekter, fakta.slekter);
    if (!takson) return false;
  }
  if (inneholderNoen(k.unntattEppoKoder, fakta.eppoKoder)) return false;

  // Plant part: a line without one is not excluded (precaution; no message covers a missing part),
  // except by a rule that names no taxon (e.g. soil), where the plant part is all that identifies the goods.
  if (fakta.plantedel === undefined) {
    if (!harTaksonKriterium) return false;
  } else {
    if (k.plantedeler && !k.plantedeler.has(fakta.plantedel)) return false;
    if (k.unntattPlantedeler?.has(fakta.plantedel)) return false;
  }

  // Intended use: only met when stated (a line without one gets MANGLER_TILSIKTET_BRUK).
  if (k.tilsiktetBruk) {
    if (fakta.tilsiktetBruk === undefined) return false;
    if (!k.tilsiktetBruk.has(fakta.tilsiktetBruk)) return false;
  }

  return opprinnelseTreffer(regel, fakta.land, regelsett.landgrupper);
}

// ---------------------------------------------------------------------------------------------------
// Texts

const FUNNKODE: Record<Regelverk, Record<"FORBUD" | "VARSEL", RisikoKode>> = {
  PLANTEHELSE_VEDLEGG_3: { FORBUD: "VEDLEGG_3_FORBUD", VARSEL: "VEDLEGG_4A_VARSEL" },
  PLANTEHELSE_VEDLEGG_4A: { FORBUD: "VEDLEGG_3_FORBUD", VARSEL: "VEDLEGG_4A_VARSEL" },
  RAMORUM: { FORBUD: "RAMORUM_FORBUD", VARSEL: "RAMORUM_VARSEL" },
};

const setning = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
const stor = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const antallLinjer = (n: number) => antallTekst(n, ORD.varelinje);

function regelTekst(regel: Regel): string {
  const { forskrift } = REGELVERK_INFO[regel.regelverk];
  const hva =
    regel.alvorlighetsgrad === "FORBUD"
      ? "importforbud"
      : regel.regelverk === "RAMORUM"
        ? "særskilte krav"
        : "særskilte krav ved import";
  const merknad = regel.merknad ? ` ${setning(regel.merknad)}` : "";
  return `Varelinjen omfattes av ${hva} i ${forskrift} ${regel.punkt}: ${setning(regel.beskrivelse)}${merknad}`;
}

const MANGLER_TEKST = {
  MANGLER_BOTANISK_NAVN: () => "Varelinjen mangler botanisk navn og kan ikke vurderes.",
  MANGLER_EPPO: (navn: string) =>
    `Fant ikke «${navn}» i planteskadegjørerdatabasen (EPPO). Varelinjen kan ikke vurderes.`,
  MANGLER_OPPRINNELSESLAND: () => "Varelinjen mangler opprinnelsesland og kan ikke vurderes.",
  MANGLER_TILSIKTET_BRUK: () => "Varelinjen mangler tilsiktet bruk og kan ikke vurderes.",
} as const;

function manglerFunn(kode: keyof typeof MANGLER_TEKST, tekst: string): RisikoFunn {
  return { kode, alvorlighetsgrad: "UFULLSTENDIG", lovdataList: [], tekst };
}

// ---------------------------------------------------------------------------------------------------
// Goods line

/**
 * Assesses one goods line against a ruleset (default: the bundled tables, tabeller/). Missing botanical name,
 * unknown name (not in the EPPO table), missing origin and missing intended use each give an
 * UFULLSTENDIG finding; every matching rule gives a FORBUD or VARSEL finding. The line's severity is
 * the worst of its findings, ALT_OK when there are none. Findings are sorted worst first.
 */
export function vurderVarelinje(
  linje: VarelinjeForVurdering,
  regelsett: Regelsett = STANDARD_REGELSETT,
): VarelinjeVurdering {
  const funn: RisikoFunn[] = [];

  const navn = rensTekst(linje.botaniskNavn);
  const takson = navn === undefined ? undefined : finnEppoTakson(navn, regelsett.eppo);
  if (navn === undefined)
    funn.push(manglerFunn("MANGLER_BOTANISK_NAVN", MANGLER_TEKST.MANGLER_BOTANISK_NAVN()));
  else if (takson === undefined) funn.push(manglerFunn("MANGLER_EPPO", MANGLER_TEKST.MANGLER_EPPO(navn)));

  const land = [
    ...new Set(linje.opprinnelsesland.map(normaliserLandkode).filter((k): k is string => k !== undefined)),
  ];
  if (land.length === 0) {
    funn.push(manglerFunn("MANGLER_OPPRINNELSESLAND", MANGLER_TEKST.MANGLER_OPPRINNELSESLAND()));
  }

  const tilsiktetBruk = normaliserTilsiktetBruk(linje.tilsiktetBruk);
  if (tilsiktetBruk === undefined) {
    funn.push(manglerFunn("MANGLER_TILSIKTET_BRUK", MANGLER_TEKST.MANGLER_TILSIKTET_BRUK()));
  }

  const slekter = [slektAv(navn), takson?.slekt].filter((s): s is string => s !== undefined);
  const eppoKoder = [takson?.eppoKode, ...slekter.map((s) => slektensEppoKode(s, regelsett.eppo))].filter(
    (k): k is string => k !== undefined,
  );
  const fakta: Fakta = {
    eppoKoder: new Set(eppoKoder),
    slekter: new Set(slekter.map(slektNoekkel)),
    plantedel: normaliserPlantedel(linje.plantedel),
    tilsiktetBruk,
    land,
  };

  for (const regel of regelsett.regler) {
    if (!regelTreffer(regel, fakta, regelsett)) continue;
    funn.push({
      kode: FUNNKODE[regel.regelverk][regel.alvorlighetsgrad],
      alvorlighetsgrad: regel.alvorlighetsgrad,
      regelId: regel.id,
      lovdataList: [{ nummer: regel.punkt }],
      tekst: regelTekst(regel),
      lenke: regelLenke(regel),
    });
  }

  funn.sort(etterAlvorlighet);
  return {
    alvorlighetsgrad: verstAlvorlighetsgrad(funn.map((f) => f.alvorlighetsgrad)),
    ...(takson ? { eppoKode: takson.eppoKode } : {}),
    funn,
  };
}

// ---------------------------------------------------------------------------------------------------
// Certificate

const ER_REGELFUNN: ReadonlySet<RisikoKode> = new Set([
  "VEDLEGG_3_FORBUD",
  "VEDLEGG_4A_VARSEL",
  "RAMORUM_FORBUD",
  "RAMORUM_VARSEL",
]);

/**
 * The notification requirement: IKKE_VURDERT without goods lines; MELDEPLIKTIG when any line matches a
 * rule (annex 3, annex 4A or Ramorum); otherwise UFULLSTENDIG when any line could not be assessed;
 * otherwise IKKE_MELDEPLIKTIG.
 */
export function meldepliktigVurdering(linjer: readonly VarelinjeVurdering[]): MeldepliktigVurdering {
  if (linjer.length === 0) return "IKKE_VURDERT";
  const alleFunn = linjer.flatMap((l) => l.funn);
  if (alleFunn.some((f) => ER_REGELFUNN.has(f.kode))) return "MELDEPLIKTIG";
  if (alleFunn.some((f) => f.alvorlighetsgrad === "UFULLSTENDIG")) return "UFULLSTENDIG";
  return "IKKE_MELDEPLIKTIG";
}

type LinjeMedId = VarelinjeVurdering & { id: string | number };

const TYPE_REKKEFOELGE: Record<RisikoType, number> = {
  INGEN_VARELINJER: 0,
  RAMORUM: 1,
  PLANTEHELSE: 2,
  UIDENTIFISERT: 3,
};

type Regelbanner = {
  type: "RAMORUM" | "PLANTEHELSE";
  forbud: RisikoKode;
  varsel: RisikoKode;
  tittel: Record<"FORBUD" | "VARSEL", (antall: number) => string>;
};

const REGELBANNERE: readonly Regelbanner[] = [
  {
    type: "RAMORUM",
    forbud: "RAMORUM_FORBUD",
    varsel: "RAMORUM_VARSEL",
    tittel: {
      FORBUD: (n) =>
        `${antallLinjer(n)} omfattes av importforbud i forskrift om tiltak mot Phytophthora ramorum`,
      VARSEL: (n) =>
        `${antallLinjer(n)} omfattes av særskilte krav i forskrift om tiltak mot Phytophthora ramorum`,
    },
  },
  {
    type: "PLANTEHELSE",
    forbud: "VEDLEGG_3_FORBUD",
    varsel: "VEDLEGG_4A_VARSEL",
    tittel: {
      FORBUD: (n) => `${antallLinjer(n)} omfattes av importforbud i forskrift om plantehelse vedlegg 3`,
      VARSEL: (n) =>
        `${antallLinjer(n)} omfattes av særskilte importkrav i forskrift om plantehelse vedlegg 4A`,
    },
  },
];

/** One banner for the lines with findings of `kode`, with one description item per rule. */
function regelbanner(
  type: "RAMORUM" | "PLANTEHELSE",
  grad: "FORBUD" | "VARSEL",
  tittel: (antall: number) => string,
  linjer: readonly LinjeMedId[],
  kode: RisikoKode,
  regler: readonly Regel[],
): Risikovurdering | undefined {
  if (linjer.length === 0) return undefined;
  const perRegel = new Map<string, Set<string | number>>();
  for (const linje of linjer) {
    for (const f of linje.funn) {
      if (f.kode !== kode || f.regelId === undefined) continue;
      const sett = perRegel.get(f.regelId) ?? new Set();
      sett.add(linje.id);
      perRegel.set(f.regelId, sett);
    }
  }
  const beskrivelse = regler
    .filter((r) => perRegel.has(r.id))
    .map((r) => ({
      tekst: `${stor(r.punkt)}: ${setning(r.beskrivelse)} Gjelder ${antallLinjer(perRegel.get(r.id)?.size ?? 0)}.`,
      lenke: regelLenke(r),
    }));
  return {
    type,
    alvorlighetsgrad: grad,
    tittel: tittel(linjer.length),
    beskrivelse,
    varelinjer: linjer.map((l) => l.id),
  };
}

const UIDENTIFISERT_TEKST: Record<keyof typeof MANGLER_TEKST, (n: number) => string> = {
  MANGLER_BOTANISK_NAVN: (n) => `Botanisk navn mangler på ${antallLinjer(n)}.`,
  MANGLER_EPPO: (n) =>
    `${stor(antallLinjer(n))} har botanisk navn som ikke finnes i planteskadegjørerdatabasen (EPPO).`,
  MANGLER_OPPRINNELSESLAND: (n) => `Opprinnelsesland mangler på ${antallLinjer(n)}.`,
  MANGLER_TILSIKTET_BRUK: (n) => `Tilsiktet bruk mangler på ${antallLinjer(n)}.`,
};

function uidentifisertBanner(linjer: readonly LinjeMedId[]): Risikovurdering | undefined {
  const beroerte = linjer.filter((l) => l.funn.some((f) => f.alvorlighetsgrad === "UFULLSTENDIG"));
  if (beroerte.length === 0) return undefined;
  const beskrivelse = (Object.keys(UIDENTIFISERT_TEKST) as (keyof typeof MANGLER_TEKST)[]).flatMap((kode) => {
    const antall = beroerte.filter((l) => l.funn.some((f) => f.kode === kode)).length;
    return antall > 0 ? [{ tekst: UIDENTIFISERT_TEKST[kode](antall) }] : [];
  });
  return {
    type: "UIDENTIFISERT",
    alvorlighetsgrad: "UFULLSTENDIG",
    tittel: `${stor(antallLinjer(beroerte.length))} kan ikke identifiseres eller vurderes`,
    beskrivelse: [
      ...beskrivelse,
      { tekst: "Risikoen for disse varelinjene må vurderes ut fra opplysningene i sertifikatet." },
    ],
    varelinjer: beroerte.map((l) => l.id),
  };
}

/**
 * Assesses a certificate: every goods line (see {@link vurderVarelinje}), the certificate's severity
 * (the worst line; UFULLSTENDIG without lines), the notification requirement (see
 * {@link meldepliktigVurdering}) and the banners of SPEC §8, sorted danger, warning, neutral:
 * - INGEN_VARELINJER when there are no goods lines (the certificate cannot be processed);
 * - RAMORUM and PLANTEHELSE, one banner per severity (a line with a prohibition is not repeated in the
 *   warning banner of the same regulation), with one description item and link per matching rule;
 * - UIDENTIFISERT (neutral) for lines that could not be identified or assessed.
 */
export function vurderSertifikat(
  sert: SertifikatForVurdering,
  regelsett: Regelsett = STANDARD_REGELSETT,
): SertifikatVurdering {
  const { regler } = regelsett;
  const linjer: LinjeMedId[] = sert.varelinjer.map((linje, i) => ({
    id: linje.id ?? i + 1,
    ...vurderVarelinje(linje, regelsett),
  }));

  if (linjer.length === 0) {
    return {
      alvorlighetsgrad: "UFULLSTENDIG",
      meldepliktigVurdering: "IKKE_VURDERT",
      risikoVurdering: [
        {
          type: "INGEN_VARELINJER",
          alvorlighetsgrad: "UFULLSTENDIG",
          tittel: "Sertifikatet har ingen varelinjer",
          beskrivelse: [{ tekst: INGEN_VARELINJER_MELDING }],
          varelinjer: [],
        },
      ],
      varelinjer: [],
    };
  }

  const risikoVurdering: Risikovurdering[] = [];
  for (const banner of REGELBANNERE) {
    const harKode = (l: LinjeMedId, kode: RisikoKode) => l.funn.some((f) => f.kode === kode);
    const forbudLinjer = linjer.filter((l) => harKode(l, banner.forbud));
    const varselLinjer = linjer.filter((l) => harKode(l, banner.varsel) && !harKode(l, banner.forbud));
    const forbud = regelbanner(
      banner.type,
      "FORBUD",
      banner.tittel.FORBUD,
      forbudLinjer,
      banner.forbud,
      regler,
    );
    const varsel = regelbanner(
      banner.type,
      "VARSEL",
      banner.tittel.VARSEL,
      varselLinjer,
      banner.varsel,
      regler,
    );
    if (forbud) risikoVurdering.push(forbud);
    if (varsel) risikoVurdering.push(varsel);
  }
  const uidentifisert = uidentifisertBanner(linjer);
  if (uidentifisert) risikoVurdering.push(uidentifisert);

  risikoVurdering.sort(
    (a, b) => etterAlvorlighet(a, b) || TYPE_REKKEFOELGE[a.type] - TYPE_REKKEFOELGE[b.type],
  );

  return {
    alvorlighetsgrad: verstAlvorlighetsgrad(linjer.map((l) => l.alvorlighetsgrad)),
    meldepliktigVurdering: meldepliktigVurdering(linjer),
    risikoVurdering,
    varelinjer: linjer,
  };
}
