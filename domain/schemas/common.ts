// Zod building blocks shared by the forms (CONVENTIONS §3). conform sends an empty field as undefined, so
// every required field gives the same message for undefined, "" and whitespace only.

import { z } from "zod";
import { melding } from "../../sprak/melding";
import { erIsoDato } from "../format";
import { rensTekst } from "../text";

export const POSTNUMMER_MELDINGER = {
  paakrevd: melding("validering.postnummer.paakrevd"),
  forLang: melding("validering.postnummer.forLang"),
  ikkeSiffer: melding("validering.postnummer.ikkeSiffer"),
} as const;

/**
 * Typed text is cleaned on input (SPEC §5 "Display and text rules"): control characters other than newline
 * and tab and bidirectional-override characters are stripped, then it is trimmed (domain/text.ts).
 */
export function renset(s: string): string {
  return rensTekst(s) ?? "";
}

/** Required text, cleaned (see renset); missing, empty or blank gives `melding`. */
export function tekstFelt(melding: string) {
  return z.string({ error: melding }).overwrite(renset).min(1, { error: melding });
}

/** Optional text, trimmed; missing, empty or blank becomes undefined. */
export function valgfriTekst() {
  return z
    .string()
    .overwrite(renset)
    .optional()
    .transform((v) => (v === "" ? undefined : v));
}

/** Required e-mail address, trimmed; `melding` both when missing and when invalid. */
export function epost(melding: string) {
  return z
    .string({ error: melding })
    .trim()
    .min(1, { error: melding, abort: true })
    .pipe(z.email({ error: melding }));
}

/** Required postal code: at most 4 characters, digits only. */
export const postnummer = z
  .string({ error: POSTNUMMER_MELDINGER.paakrevd })
  .trim()
  .min(1, { error: POSTNUMMER_MELDINGER.paakrevd, abort: true })
  .max(4, { error: POSTNUMMER_MELDINGER.forLang })
  .regex(/^\d+$/, { error: POSTNUMMER_MELDINGER.ikkeSiffer });

/**
 * Required date `YYYY-MM-DD` that is a real calendar date. `melding` when missing; `ugyldigMelding`
 * (default `melding`) when it is not a valid date.
 */
export function isoDato(melding: string, ugyldigMelding: string = melding) {
  return z
    .string({ error: melding })
    .trim()
    .min(1, { error: melding, abort: true })
    .refine(erIsoDato, { error: ugyldigMelding, abort: true });
}

// Shared by the notification's forms and bodies (domain/schemas/importmelding.ts, faktisk-mengde.ts).

/** Optional form text, trimmed, at most `maks` characters; missing, empty or blank becomes undefined. */
export function valgfri(maks: number, melding: string) {
  return z
    .string()
    .overwrite(renset)
    .max(maks, { error: melding })
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v));
}

/** The same for a JSON body, where null also means "none". */
export function valgfriJson(maks: number, melding: string) {
  return z
    .string()
    .overwrite(renset)
    .max(maks, { error: melding })
    .nullish()
    .transform((v) => (v === null || v === undefined || v === "" ? undefined : v));
}

/** Required text with a maximum length. */
export function paakrevd(melding: string, maks: number, forLang: string) {
  return tekstFelt(melding).max(maks, { error: forLang });
}

/** The optimistic-concurrency version a client may send with a change (ADR 007). */
export const versjonFelt = z
  .number({ error: melding("validering.versjon") })
  .int({ error: melding("validering.versjon") })
  .positive({ error: melding("validering.versjon") })
  .nullish()
  .transform((v) => v ?? undefined);

export const idFelt = (melding: string) =>
  z.number({ error: melding }).int({ error: melding }).positive({ error: melding });
