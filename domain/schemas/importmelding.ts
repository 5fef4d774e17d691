// The notification's forms and API bodies (SPEC §5 "Arrival form", "Innmelder form", "Reception controller
// form", "Document control questions", "Reception control questions", "Regulation confirmation"; §7
// "Notifications"). One set of field rules, two shapes: the form schemas read conform's FormData values
// (strings; an empty field arrives as undefined) and the body schemas read the API's JSON. Both give the
// spec's messages (CONVENTIONS §3).

import { z } from "zod";
import { melding } from "../../sprak/melding";
import { leggTilDager } from "../format";
import { ankomstErRegistrert } from "../importmelding";
import {
  erAvvik,
  harKommentarfelt,
  KOMMENTAR_FOR_LANG_MELDING,
  KOMMENTAR_MAKS_LENGDE,
  kommentarPaakrevdMelding,
  kreverFaktiskMengde,
  SPOERSMAAL,
  type SpoersmaalKode,
  type SvarKode,
  UGYLDIG_SVAR_MELDING,
  VELG_SVAR_MELDING,
} from "../kontrollspoersmaal";
import {
  ankomsttidUtc,
  erTidsromTidspunkt,
  STANDARD_KLOKKESLETT,
  TIDSROM,
  type TidsromKlokkeslett,
} from "../tidsrom";
import { epost, idFelt, isoDato, paakrevd, postnummer, valgfri, valgfriJson, versjonFelt } from "./common";
import { REGELVERK_AVKRYSSING_TEKST, REGELVERK_MELDING, REGELVERK_VALG } from "./tekster";

export * from "./faktisk-mengde";
export * from "./vurdering";

import { faktiskLinjeSkjema, lesFaktiskeMengder, type VarelinjeOppgittMengde } from "./faktisk-mengde";

export { ankomstErRegistrert, versjonFelt };

// ---------------------------------------------------------------------------------------------------------
// Innmelder (SPEC §5 "Innmelder form")
// ---------------------------------------------------------------------------------------------------------

export const INNMELDER_MELDINGER = {
  navn: melding("validering.innmelder.navn"),
  epost: melding("validering.innmelder.epost"),
  navnForLangt: melding("validering.innmelder.navnForLangt"),
  epostForLang: melding("validering.innmelder.epostForLang"),
  telefonForLangt: melding("validering.innmelder.telefonForLangt"),
  egenReferanseForLang: melding("validering.innmelder.egenReferanseForLang"),
} as const;

const innmelderNavn = paakrevd(INNMELDER_MELDINGER.navn, 200, INNMELDER_MELDINGER.navnForLangt);
const innmelderEpost = epost(INNMELDER_MELDINGER.epost).pipe(
  z.string().max(254, { error: INNMELDER_MELDINGER.epostForLang }),
);
const telefonnummer = valgfri(30, INNMELDER_MELDINGER.telefonForLangt);
const egenReferanse = valgfri(100, INNMELDER_MELDINGER.egenReferanseForLang);
const telefonnummerJson = valgfriJson(30, INNMELDER_MELDINGER.telefonForLangt);
const egenReferanseJson = valgfriJson(100, INNMELDER_MELDINGER.egenReferanseForLang);

/** The innmelder page: name, e-mail, optional phone and own reference. */
export const innmelderSkjema = z.object({
  navn: innmelderNavn,
  epost: innmelderEpost,
  telefonnummer,
  egenReferanse,
});

/**
 * PUT .../{id}/innmelder. With `egenReferanse` in the body (a string, or null/"" to clear it) the own
 * reference is saved in the same write: the innmelder step is one atomic save.
 */
export const innmelderBodySkjema = z.object({
  navn: innmelderNavn,
  epost: innmelderEpost,
  telefonnummer: telefonnummerJson,
  egenReferanse: egenReferanseJson,
  versjon: versjonFelt,
});

/** The own-reference form (registered page, Endre/Lagre). */
export const egenReferanseSkjema = z.object({ egenReferanse });

/** PUT .../{id}/egenreferanse: an empty or missing reference clears it. */
export const egenReferanseBodySkjema = z.object({ egenReferanse: egenReferanseJson, versjon: versjonFelt });

/** «Bruk svarene fra IM-…» (ADR 061): the submitted notification whose answers a draft takes. */
export const kopierSvarBodySkjema = z.object({
  kildeId: idFelt(melding("validering.kopi.kildeId")),
  versjon: versjonFelt,
});

// ---------------------------------------------------------------------------------------------------------
// Arrival info (SPEC §5 "Arrival form")
// ---------------------------------------------------------------------------------------------------------

/** How far back an expected arrival may be (SPEC §9: a certificate older than 14 days cannot be notified). */
export const ANKOMST_DAGER_TILBAKE = 14;

export const ANKOMST_MELDINGER = {
  adresselinje1: melding("validering.ankomst.adresselinje1"),
  postnummer: melding("validering.postnummer.paakrevd"),
  poststed: melding("validering.ankomst.poststed"),
  dato: melding("validering.ankomst.dato"),
  ugyldigDato: melding("validering.ankomst.ugyldigDato"),
  klokkeslett: melding("validering.ankomst.klokkeslett"),
  ankomsttid: melding("validering.ankomst.ankomsttid"),
  ankomsttidTidsrom: melding("validering.ankomst.ankomsttidTidsrom"),
  mottakskontrolloer: melding("validering.ankomst.mottakskontrolloer"),
  /** Short form of the same message (SPEC §5 gives both). */
  mottakskontrolloerKort: melding("validering.ankomst.mottakskontrolloerKort"),
  mottakskontrolloerIkkeFunnet: melding("validering.ankomst.mottakskontrolloerIkkeFunnet"),
  /** A date weeks back is a slip of the keyboard (the year, the month), never a late notice. */
  datoForLangtTilbake: melding("validering.ankomst.datoForLangtTilbake", { dager: 14 }),
  adresseForLang: melding("validering.ankomst.adresseForLang"),
  poststedForLangt: melding("validering.ankomst.poststedForLangt"),
} as const;

export const KLOKKESLETT_VERDIER = TIDSROM.map((t) => t.klokkeslett) as [
  TidsromKlokkeslett,
  ...TidsromKlokkeslett[],
];

const adresselinje1 = paakrevd(ANKOMST_MELDINGER.adresselinje1, 200, ANKOMST_MELDINGER.adresseForLang);
const adresselinje2 = valgfri(200, ANKOMST_MELDINGER.adresseForLang);
const poststed = paakrevd(ANKOMST_MELDINGER.poststed, 100, ANKOMST_MELDINGER.poststedForLangt);

/**
 * Without JavaScript the arrival date is a text field: '23.11.2026' (as Norwegians write it) is read as
 * 2026-11-23; anything else goes on as typed, so an impossible date is named as such.
 */
function fraNorskDato(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(v);
  return m ? `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}` : v;
}

/** A controller chosen in a select or radio group: the importer id as text. */
function kontrolloerIdFelt(paakrevd: boolean) {
  const melding = ANKOMST_MELDINGER.mottakskontrolloer;
  const id = z
    .string({ error: melding })
    .trim()
    .regex(/^\d{1,15}$/, { error: melding })
    .transform(Number);
  return paakrevd ? id : id.optional();
}

/**
 * The arrival page. The reception controller is required unless the notification is document control
 * only (`kunDokumentkontroll`). Form fields: adresselinje1, adresselinje2, postnummer, poststed, dato
 * (YYYY-MM-DD), klokkeslett (06:00, 10:00, 14:00 or 18:00; default 06:00), mottakskontrolloerId.
 */
export function ankomstSkjema({
  kunDokumentkontroll,
  idag,
}: {
  kunDokumentkontroll: boolean;
  /** Today in Oslo (YYYY-MM-DD): with it, a date more than ANKOMST_DAGER_TILBAKE days back is refused. */
  idag?: string;
}) {
  const tidligst = idag ? leggTilDager(idag, -ANKOMST_DAGER_TILBAKE) : undefined;
  return z.object({
    adresselinje1,
    adresselinje2,
    postnummer,
    poststed,
    dato: z.preprocess(
      fraNorskDato,
      isoDato(ANKOMST_MELDINGER.dato, ANKOMST_MELDINGER.ugyldigDato).refine(
        (d) => !tidligst || d >= tidligst,
        {
          error: ANKOMST_MELDINGER.datoForLangtTilbake,
        },
      ),
    ),
    klokkeslett: z
      .enum(KLOKKESLETT_VERDIER, { error: ANKOMST_MELDINGER.klokkeslett })
      .default(STANDARD_KLOKKESLETT),
    mottakskontrolloerId: kontrolloerIdFelt(!kunDokumentkontroll),
  });
}
export type AnkomstSkjema = z.output<ReturnType<typeof ankomstSkjema>>;

const mottakskontrolloerBody = z.object(
  {
    importoerId: idFelt(ANKOMST_MELDINGER.mottakskontrolloer),
    navn: valgfriJson(200, INNMELDER_MELDINGER.navnForLangt),
    telefonnummer: telefonnummerJson,
  },
  { error: ANKOMST_MELDINGER.mottakskontrolloer },
);

/** PUT .../{id}/ankomstinfo/{ankomstInfoId} from the importer's side. */
export function ankomstinfoBodySkjema({ kunDokumentkontroll }: { kunDokumentkontroll: boolean }) {
  return z
    .object({
      id: idFelt(melding("validering.ankomst.ugyldigId")).optional(),
      ankomsttid: z
        .string({ error: ANKOMST_MELDINGER.dato })
        .trim()
        .min(1, { error: ANKOMST_MELDINGER.dato, abort: true })
        .pipe(
          z.iso
            .datetime({ offset: true, error: ANKOMST_MELDINGER.ankomsttid, abort: true })
            // one of the four slots of SPEC §9 on its Oslo date, DST-correct
            .refine(erTidsromTidspunkt, { error: ANKOMST_MELDINGER.ankomsttidTidsrom }),
        ),
      kontrollAdresse: z.object(
        {
          linje1: adresselinje1,
          linje2: valgfriJson(200, ANKOMST_MELDINGER.adresseForLang),
          postnummer,
          poststed,
        },
        { error: ANKOMST_MELDINGER.adresselinje1 },
      ),
      mottakskontrolloer: mottakskontrolloerBody.nullish(),
      /** Set by the server when the status becomes ANKOMMET; a client value is ignored. */
      sendingAnkommet: z.boolean().optional(),
      versjon: versjonFelt,
    })
    .superRefine((v, ctx) => {
      if (!kunDokumentkontroll && !v.mottakskontrolloer) {
        ctx.addIssue({
          code: "custom",
          path: ["mottakskontrolloer"],
          message: ANKOMST_MELDINGER.mottakskontrolloer,
        });
      }
    });
}
export type AnkomstinfoBody = z.input<ReturnType<typeof ankomstinfoBodySkjema>>;

/** The PUT body of a filled-in arrival form (the UTC time is built DST-correctly in Europe/Oslo). */
export function tilAnkomstinfoBody(form: AnkomstSkjema, id: number, versjon?: number): AnkomstinfoBody {
  return {
    id,
    ankomsttid: ankomsttidUtc(form.dato, form.klokkeslett),
    kontrollAdresse: {
      linje1: form.adresselinje1,
      linje2: form.adresselinje2 ?? null,
      postnummer: form.postnummer,
      poststed: form.poststed,
    },
    mottakskontrolloer:
      form.mottakskontrolloerId === undefined ? null : { importoerId: form.mottakskontrolloerId },
    ...(versjon === undefined ? {} : { versjon }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reception controller (SPEC §5 "Reception controller form")
// ---------------------------------------------------------------------------------------------------------

export const MOTTAKSKONTROLLOER_MELDINGER = {
  navn: melding("validering.mottakskontrolloer.navn"),
  telefonnummer: melding("validering.mottakskontrolloer.telefonnummer"),
  telefonForLangt: INNMELDER_MELDINGER.telefonForLangt,
} as const;

const kontrolloerNavn = paakrevd(MOTTAKSKONTROLLOER_MELDINGER.navn, 200, INNMELDER_MELDINGER.navnForLangt);
const kontrolloerTelefon = paakrevd(
  MOTTAKSKONTROLLOER_MELDINGER.telefonnummer,
  30,
  MOTTAKSKONTROLLOER_MELDINGER.telefonForLangt,
);

/** The reception controller page: the person doing the control. */
export const mottakskontrolloerSkjema = z.object({
  navn: kontrolloerNavn,
  telefonnummer: kontrolloerTelefon,
});
export type MottakskontrolloerSkjema = z.output<typeof mottakskontrolloerSkjema>;

/**
 * PUT .../{id}/ankomstinfo/{ankomstInfoId} from the appointed reception controller: only the person's name
 * and phone are taken from the body (the rest of the arrival info is the importer's).
 */
export const mottakskontrolloerAnkomstBodySkjema = z.object({
  mottakskontrolloer: z.object(
    {
      importoerId: idFelt(ANKOMST_MELDINGER.mottakskontrolloer),
      navn: kontrolloerNavn,
      telefonnummer: kontrolloerTelefon,
    },
    { error: MOTTAKSKONTROLLOER_MELDINGER.navn },
  ),
  versjon: versjonFelt,
});

/** The PUT body for the controller page: the stored arrival info with the person's name and phone. */
export function tilMottakskontrolloerAnkomstBody(
  info: {
    id: number;
    ankomsttid: string | null;
    kontrollAdresse: {
      linje1: string | null;
      linje2: string | null;
      postnummer: string | null;
      poststed: string | null;
    };
    mottakskontrolloer: { importoerId: number } | null;
    sendingAnkommet: boolean;
  },
  importoerId: number,
  form: MottakskontrolloerSkjema,
  versjon?: number,
) {
  return {
    id: info.id,
    ankomsttid: info.ankomsttid,
    kontrollAdresse: info.kontrollAdresse,
    mottakskontrolloer: { importoerId: info.mottakskontrolloer?.importoerId ?? importoerId, ...form },
    sendingAnkommet: info.sendingAnkommet,
    ...(versjon === undefined ? {} : { versjon }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Control answers (SPEC §5 "Document control questions", "Reception control questions")
// ---------------------------------------------------------------------------------------------------------

function svarFelt(kode: SpoersmaalKode) {
  const tillatte: readonly string[] = SPOERSMAAL[kode].svarAlternativer;
  return z
    .string({ error: VELG_SVAR_MELDING })
    .trim()
    .min(1, { error: VELG_SVAR_MELDING, abort: true })
    .refine((s) => tillatte.includes(s), { error: UGYLDIG_SVAR_MELDING })
    .transform((s) => s as SvarKode);
}

const kommentarFelt = valgfri(KOMMENTAR_MAKS_LENGDE, KOMMENTAR_FOR_LANG_MELDING);
const kommentarJson = valgfriJson(KOMMENTAR_MAKS_LENGDE, KOMMENTAR_FOR_LANG_MELDING);

/** A deviation needs a comment, except where optional (checked only for an allowed answer). */
function sjekkKommentar(
  kode: SpoersmaalKode,
  svar: SvarKode,
  kommentar: string | undefined,
  ctx: z.RefinementCtx,
) {
  if (!SPOERSMAAL[kode].svarAlternativer.includes(svar)) return;
  const melding = kommentarPaakrevdMelding(svar);
  if (melding && !kommentar) ctx.addIssue({ code: "custom", path: ["kommentar"], message: melding });
}

/** The stored comment of an answer: only a deviation keeps one. */
export function kommentarForSvar(svar: SvarKode, kommentar: string | undefined): string | undefined {
  return harKommentarfelt(svar) ? kommentar : undefined;
}

/** A question page: form fields `svar` (the answer code) and `kommentar`. */
export function kontrollsvarSkjema(kode: SpoersmaalKode) {
  return z
    .object({ svar: svarFelt(kode), kommentar: kommentarFelt })
    .superRefine((v, ctx) => sjekkKommentar(kode, v.svar, v.kommentar, ctx))
    .transform((v) => ({
      svar: v.svar,
      kommentar: kommentarForSvar(v.svar, v.kommentar),
      avvik: erAvvik(v.svar),
    }));
}
export type KontrollsvarSkjema = z.output<ReturnType<typeof kontrollsvarSkjema>>;

/** PUT .../{id}/kontrollspoersmaal/{questionId}. */
export function kontrollsvarBodySkjema(kode: SpoersmaalKode) {
  return z
    .object({
      id: idFelt(melding("validering.svar.ugyldigId")).optional(),
      kontrollSvar: svarFelt(kode),
      kommentar: kommentarJson,
      versjon: versjonFelt,
    })
    .superRefine((v, ctx) => sjekkKommentar(kode, v.kontrollSvar, v.kommentar, ctx))
    .transform((v) => ({
      id: v.id,
      kontrollSvar: v.kontrollSvar,
      kommentar: kommentarForSvar(v.kontrollSvar, v.kommentar),
      avvik: erAvvik(v.kontrollSvar),
      versjon: v.versjon,
    }));
}
export type KontrollsvarBody = z.input<ReturnType<typeof kontrollsvarBodySkjema>>;

/** The PUT body of an answered question page. */
export function tilKontrollsvarBody(
  form: KontrollsvarSkjema,
  id: number,
  versjon?: number,
): KontrollsvarBody {
  return {
    id,
    kontrollSvar: form.svar,
    ...(form.kommentar === undefined ? {} : { kommentar: form.kommentar }),
    ...(versjon === undefined ? {} : { versjon }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Regulation confirmation (SPEC §5 "Regulation confirmation")
// ---------------------------------------------------------------------------------------------------------

export { REGELVERK_AVKRYSSING_TEKST, REGELVERK_MELDING, REGELVERK_VALG };

export const regelverkSkjema = z.object({
  bekreftelse: z.enum(REGELVERK_VALG, { error: REGELVERK_MELDING }),
});

/** The regulation confirmation form: a choice is required, and 'bekreftet' needs the box ticked (SPEC §5). */
export const bekreftRegelverkSkjema = regelverkSkjema
  .extend({ harLestRegelverk: z.string().optional() })
  .superRefine((v, ctx) => {
    if (v.bekreftelse === "bekreftet" && v.harLestRegelverk !== "ja") {
      ctx.addIssue({ code: "custom", path: ["harLestRegelverk"], message: REGELVERK_AVKRYSSING_TEKST });
    }
  });

// ---------------------------------------------------------------------------------------------------------
// Creation and status (SPEC §7)
// ---------------------------------------------------------------------------------------------------------

/** POST on the base path. */
export const opprettImportmeldingBodySkjema = z.object({
  ansvarligDokumentkontrollId: idFelt(melding("validering.opprett.dokumentkontroll"))
    .nullish()
    .transform((v) => v ?? undefined),
  ansvarligImportoerId: idFelt(melding("validering.opprett.ansvarligMangler")),
  eksportLand: z
    .string({ error: melding("validering.opprett.eksportlandMangler") })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: melding("validering.opprett.eksportlandKode") })
    .transform((s) => s.toUpperCase()),
  nummer: paakrevd(
    melding("validering.opprett.nummerMangler"),
    100,
    melding("validering.opprett.nummerForLangt"),
  ),
  /** The issue date as written (YYYY-MM-DD); an ISO timestamp is accepted and cut to its date. */
  utstedtDato: z
    .string({ error: melding("validering.opprett.utstedtMangler") })
    .trim()
    .transform((s) => (/^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s))
    .pipe(
      isoDato(melding("validering.opprett.utstedtMangler"), melding("validering.opprett.utstedtUgyldig")),
    ),
});
export type OpprettImportmeldingVerdier = z.output<typeof opprettImportmeldingBodySkjema>;

export const KLIENT_STATUSER = ["REGISTRERT", "ANKOMMET", "TILBAKETRUKKET"] as const;
export type KlientStatus = (typeof KLIENT_STATUSER)[number];

/** PUT .../{id}/status. */
export const statusBodySkjema = z.object({
  status: z.enum(KLIENT_STATUSER, {
    error: melding("validering.status.ugyldig"),
  }),
  versjon: versjonFelt,
});

/**
 * The reception question page "innhold-samsvarer": the answer, the comment for a deviation, and — only for
 * the lower-quantity answer — the actual quantities (otherwise they are reset: `faktiskeMengder` is []).
 */
export function innholdSamsvarerSkjema(varelinjer: readonly VarelinjeOppgittMengde[]) {
  return z
    .object({
      svar: svarFelt("MOTTAK_INNHOLD_SAMSVARER"),
      kommentar: kommentarFelt,
      faktisk: z.array(faktiskLinjeSkjema).optional(),
    })
    .superRefine((v, ctx) => {
      sjekkKommentar("MOTTAK_INNHOLD_SAMSVARER", v.svar, v.kommentar, ctx);
      if (kreverFaktiskMengde(v.svar)) lesFaktiskeMengder(v.faktisk ?? [], varelinjer, ctx);
    })
    .transform((v) => ({
      svar: v.svar,
      kommentar: kommentarForSvar(v.svar, v.kommentar),
      avvik: erAvvik(v.svar),
      faktiskeMengder: kreverFaktiskMengde(v.svar)
        ? lesFaktiskeMengder(v.faktisk ?? [], varelinjer, undefined)
        : [],
    }));
}
