// Control questions of a notification (SPEC §2 "Creation wizard", "Reception question pages", §3 Control
// question, §5 "Document control questions", "Reception control questions", §8 "Inspection answer
// messages", §9 control answer keys): codes, page paths, texts, allowed answers, which answers are
// deviations, the comment rules, and which questions a certificate gets (docs/decisions/007).
import { melding } from "../sprak/melding";

export type SpoersmaalKategori = "DOKUMENT" | "MOTTAK";

export const DOKUMENT_SPOERSMAAL_KODER = [
  "DOKUMENT_REEKSPORT",
  "DOKUMENT_TILLEGGSERKLAERING",
  "DOKUMENT_TILSIKTET_BRUK",
  "DOKUMENT_OPPRINNELSESSTED",
] as const;
export type DokumentSpoersmaalKode = (typeof DOKUMENT_SPOERSMAAL_KODER)[number];

export const MOTTAK_SPOERSMAAL_KODER = [
  "MOTTAK_INNHOLD_SAMSVARER",
  "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE",
] as const;
export type MottakSpoersmaalKode = (typeof MOTTAK_SPOERSMAAL_KODER)[number];

export type SpoersmaalKode = DokumentSpoersmaalKode | MottakSpoersmaalKode;
export const SPOERSMAAL_KODER: readonly SpoersmaalKode[] = [
  ...DOKUMENT_SPOERSMAAL_KODER,
  ...MOTTAK_SPOERSMAAL_KODER,
];

/** Answer codes (SPEC §8 "Inspection answer messages"). */
export const SVAR_KODER = [
  "DOKUMENT_REEKSPORT_RIKTIG",
  "DOKUMENT_REEKSPORT_AVVIK",
  "DOKUMENT_TILLEGGSERKLAERING_RIKTIG",
  "DOKUMENT_TILLEGGSERKLAERING_IKKE_KRAV",
  "DOKUMENT_TILLEGGSERKLAERING_AVVIK",
  "DOKUMENT_TILSIKTET_BRUK_RIKTIG",
  "DOKUMENT_TILSIKTET_BRUK_AVVIK",
  "DOKUMENT_OPPRINNELSESSTED_RIKTIG",
  "DOKUMENT_OPPRINNELSESSTED_IKKE_KRAV",
  "DOKUMENT_OPPRINNELSESSTED_AVVIK",
  "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
  "MOTTAK_INNHOLD_SAMSVARER_AVVIK",
  "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
  "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_RIKTIG",
  "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_OEVRIGE_AVVIK",
  "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK",
] as const;
export type SvarKode = (typeof SVAR_KODER)[number];

export function erSvarKode(value: unknown): value is SvarKode {
  return typeof value === "string" && (SVAR_KODER as readonly string[]).includes(value);
}

export function erSpoersmaalKode(value: unknown): value is SpoersmaalKode {
  return typeof value === "string" && (SPOERSMAAL_KODER as readonly string[]).includes(value);
}

/** The Norwegian label of each answer (radio option text and deviation display). */
export const SVAR_TEKST: Record<SvarKode, string> = {
  DOKUMENT_REEKSPORT_RIKTIG: "Sertifikat fra opprinnelseslandet er vedlagt",
  DOKUMENT_REEKSPORT_AVVIK: "Sertifikat fra opprinnelseslandet mangler eller er mangelfullt",
  DOKUMENT_TILLEGGSERKLAERING_RIKTIG: "Varene står oppført med riktig tilleggserklæring",
  DOKUMENT_TILLEGGSERKLAERING_IKKE_KRAV: "Det er ikke krav om tilleggserklæring for disse varene",
  DOKUMENT_TILLEGGSERKLAERING_AVVIK: "En eller flere varelinjer har feil eller mangler tilleggserklæring",
  DOKUMENT_TILSIKTET_BRUK_RIKTIG: "Varene skal benyttes til formålet som står oppført i sertifikatet",
  DOKUMENT_TILSIKTET_BRUK_AVVIK: "En eller flere varelinjer skal benyttes til et annet formål",
  DOKUMENT_OPPRINNELSESSTED_RIKTIG: "Opprinnelsesstedet står oppført i sertifikatet og oppfyller kravene",
  DOKUMENT_OPPRINNELSESSTED_IKKE_KRAV: "Det er ikke krav om opprinnelsessted for disse varene",
  DOKUMENT_OPPRINNELSESSTED_AVVIK: "Opprinnelsesstedet mangler i sertifikatet eller oppfyller ikke kravene",
  MOTTAK_INNHOLD_SAMSVARER_RIKTIG: "Innholdet i sendingen samsvarer med sertifikatet",
  MOTTAK_INNHOLD_SAMSVARER_AVVIK: "Det er flere eller andre varer enn oppgitt i sertifikatet",
  MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE: "Det er færre varer enn oppgitt i sertifikatet",
  MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_RIKTIG: "Sendingen er fri for planteskadegjørere",
  MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_OEVRIGE_AVVIK: "Sendingen er ikke fri for andre planteskadegjørere",
  MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK:
    "Sendingen er ikke fri for planteskadegjørere oppført i vedlegg 1 og 2 til forskrift om plantehelse",
};

/** A radio choice is required on every question page. */
export const VELG_SVAR_MELDING = melding("validering.svar.velg");
export const UGYLDIG_SVAR_MELDING = melding("validering.svar.ugyldig");
export const KOMMENTAR_MAKS_LENGDE = 2000;
export const KOMMENTAR_FOR_LANG_MELDING = melding("validering.kommentar.forLang", {
  maks: KOMMENTAR_MAKS_LENGDE,
});

export interface SpoersmaalDefinisjon<K extends SpoersmaalKode = SpoersmaalKode> {
  kode: K;
  kategori: SpoersmaalKategori;
  /** The page path: /importmelding/{id}/dokumentkontroll/{path} or .../mottakskontroll/{path}. */
  path: string;
  /** The question (kontrollSpoersmaal). */
  tekst: string;
  /** Legal reference shown with the question, e.g. "forskrift om plantehelse § 20". */
  referanse?: string;
  /** Allowed answers in display order (SPEC §5). */
  svarAlternativer: readonly SvarKode[];
  /**
   * The message when a deviation is answered without a comment; undefined when the comment is optional
   * (the origin-place question, and the lower-quantity answer, see `kommentarPaakrevd`).
   */
  kommentarMelding?: string;
}

export const SPOERSMAAL: { [K in SpoersmaalKode]: SpoersmaalDefinisjon<K> } = {
  DOKUMENT_REEKSPORT: {
    kode: "DOKUMENT_REEKSPORT",
    kategori: "DOKUMENT",
    path: "reeksport",
    tekst: "Sertifikat fra opprinnelsesland skal være vedlagt",
    referanse: "forskrift om plantehelse § 20",
    svarAlternativer: ["DOKUMENT_REEKSPORT_AVVIK", "DOKUMENT_REEKSPORT_RIKTIG"],
    kommentarMelding: melding("validering.kommentar.reeksport"),
  },
  DOKUMENT_TILLEGGSERKLAERING: {
    kode: "DOKUMENT_TILLEGGSERKLAERING",
    kategori: "DOKUMENT",
    path: "tilleggserklaering",
    tekst: "Varene skal stå oppført med riktig tilleggserklæring",
    svarAlternativer: [
      "DOKUMENT_TILLEGGSERKLAERING_RIKTIG",
      "DOKUMENT_TILLEGGSERKLAERING_IKKE_KRAV",
      "DOKUMENT_TILLEGGSERKLAERING_AVVIK",
    ],
    kommentarMelding: melding("validering.kommentar.tilleggserklaering"),
  },
  DOKUMENT_TILSIKTET_BRUK: {
    kode: "DOKUMENT_TILSIKTET_BRUK",
    kategori: "DOKUMENT",
    path: "tilsiktetbruk",
    tekst: "Varene skal benyttes til det formålet som står oppført i sertifikatet",
    referanse: "forskrift om plantehelse § 17",
    svarAlternativer: ["DOKUMENT_TILSIKTET_BRUK_RIKTIG", "DOKUMENT_TILSIKTET_BRUK_AVVIK"],
    kommentarMelding: melding("validering.kommentar.tilsiktetBruk"),
  },
  DOKUMENT_OPPRINNELSESSTED: {
    kode: "DOKUMENT_OPPRINNELSESSTED",
    kategori: "DOKUMENT",
    path: "opprinnelsessted",
    tekst:
      "Opprinnelsesstedet (produksjonsstedet eller området varene kommer fra) skal stå oppført i sertifikatet og oppfylle importkravene",
    referanse: "forskrift om plantehelse vedlegg 4A",
    svarAlternativer: [
      "DOKUMENT_OPPRINNELSESSTED_RIKTIG",
      "DOKUMENT_OPPRINNELSESSTED_IKKE_KRAV",
      "DOKUMENT_OPPRINNELSESSTED_AVVIK",
    ],
  },
  MOTTAK_INNHOLD_SAMSVARER: {
    kode: "MOTTAK_INNHOLD_SAMSVARER",
    kategori: "MOTTAK",
    path: "innhold-samsvarer",
    tekst: "Innholdet i sendingen skal samsvare med sertifikatet",
    svarAlternativer: [
      "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
      "MOTTAK_INNHOLD_SAMSVARER_AVVIK",
      "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
    ],
    kommentarMelding: melding("validering.kommentar.avvik"),
  },
  MOTTAK_FRI_FOR_PLANTESKADEGJOERERE: {
    kode: "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE",
    kategori: "MOTTAK",
    path: "skadegjoerere",
    tekst: "Sendingen skal være fri for planteskadegjørere",
    referanse: "forskrift om plantehelse vedlegg 1 og 2",
    svarAlternativer: [
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_RIKTIG",
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_OEVRIGE_AVVIK",
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK",
    ],
    kommentarMelding: melding("validering.kommentar.avvik"),
  },
};

/** The lower-quantity answer: a deviation that needs actual quantities instead of a comment. */
export const LAVERE_MENGDE_SVAR: SvarKode = "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE";

/** The question an answer belongs to. */
export function spoersmaalForSvar(svar: SvarKode): SpoersmaalKode {
  const kode = SPOERSMAAL_KODER.find((k) => SPOERSMAAL[k].svarAlternativer.includes(svar));
  if (!kode) throw new Error(`Ukjent svar ${svar}`);
  return kode;
}

/**
 * True for a deviation (avvik): `_AVVIK`, `_OEVRIGE_AVVIK` and `_LAVERE_MENGDE`. Lower quantity is a
 * deviation (it is shown as one and stops automatic release) but needs no comment (SPEC §9 "no follow-up
 * needed": the actual quantities say what is wrong).
 */
export function erAvvik(svar: SvarKode): boolean {
  return svar.endsWith("_AVVIK") || svar === LAVERE_MENGDE_SVAR;
}

/** The message when this answer is given without a comment, or undefined when no comment is required. */
export function kommentarPaakrevdMelding(svar: SvarKode): string | undefined {
  if (!erAvvik(svar) || svar === LAVERE_MENGDE_SVAR) return undefined;
  return SPOERSMAAL[spoersmaalForSvar(svar)].kommentarMelding;
}

/** Whether a comment field is shown (and kept) for this answer: only for deviations. */
export function harKommentarfelt(svar: SvarKode): boolean {
  return erAvvik(svar) && svar !== LAVERE_MENGDE_SVAR;
}

/** Whether actual quantities per goods line are registered with this answer. */
export function kreverFaktiskMengde(svar: SvarKode | null | undefined): boolean {
  return svar === LAVERE_MENGDE_SVAR;
}

/** The question of a category with this page path. */
export function spoersmaalForPath(
  kategori: SpoersmaalKategori,
  path: string,
): SpoersmaalDefinisjon | undefined {
  const kode = SPOERSMAAL_KODER.find(
    (k) => SPOERSMAAL[k].kategori === kategori && SPOERSMAAL[k].path === path,
  );
  return kode ? SPOERSMAAL[kode] : undefined;
}
