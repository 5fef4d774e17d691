// The actual quantities at reception control (SPEC §5 "Actual quantity fields", §7 PUT mottakskontroll):
// the form fields, the API body and the check against the certificate's goods lines.

import { z } from "zod";
import { melding } from "../../sprak/melding";
import { MENGDE_FELTER, type MengdeFelt } from "../importmelding";
import { MENGDE_MELDINGER, parseFaktiskMengde } from "../mengde";

/** The stated quantities of a goods line, as the detail view gives them. */
export interface VarelinjeOppgittMengde {
  sorteringsnummer: number;
  mengde: Partial<Record<MengdeFelt, { verdi: number } | undefined>>;
}

export const FAKTISK_MENGDE_MELDINGER = {
  ...MENGDE_MELDINGER,
  ukjentVarelinje: melding("validering.mengde.ukjentVarelinje"),
  ukjentFelt: melding("validering.mengde.ukjentFelt"),
  dobbel: melding("validering.mengde.dobbel"),
} as const;

/** PUT .../{id}/mottakskontroll: actual values per goods line (varelinjeId = the line's sorteringsnummer). */
export const mottakskontrollBodySkjema = z
  .array(
    z.object({
      // A goods line's number, not a database id: real ePhyto certificates number lines from 0.
      varelinjeId: z
        .number({ error: FAKTISK_MENGDE_MELDINGER.ukjentVarelinje })
        .int({ error: FAKTISK_MENGDE_MELDINGER.ukjentVarelinje })
        .nonnegative({ error: FAKTISK_MENGDE_MELDINGER.ukjentVarelinje }),
      faktiskeVerdier: z
        .array(
          z.object({
            id: z.enum(MENGDE_FELTER, { error: FAKTISK_MENGDE_MELDINGER.ukjentFelt }),
            faktiskVerdi: z
              .number({ error: MENGDE_MELDINGER.ikkeNumerisk })
              .refine(Number.isFinite, { error: MENGDE_MELDINGER.ikkeNumerisk })
              .refine((n) => n >= 0, { error: MENGDE_MELDINGER.negativ }),
          }),
        )
        .max(MENGDE_FELTER.length),
    }),
    { error: melding("validering.mengde.liste") },
  )
  .max(2000);
export type MottakskontrollBody = z.output<typeof mottakskontrollBodySkjema>;

/**
 * Checks actual values against the certificate: the line and the quantity must exist, each quantity once,
 * and no value above the stated one. Returns the first message, or undefined when all is well.
 */
export function sjekkFaktiskeMengder(
  body: MottakskontrollBody,
  varelinjer: readonly VarelinjeOppgittMengde[],
): string | undefined {
  const sett = new Set<string>();
  for (const linje of body) {
    const oppgitt = varelinjer.find((v) => v.sorteringsnummer === linje.varelinjeId);
    if (!oppgitt) return FAKTISK_MENGDE_MELDINGER.ukjentVarelinje;
    for (const { id, faktiskVerdi } of linje.faktiskeVerdier) {
      const noekkel = `${linje.varelinjeId}/${id}`;
      if (sett.has(noekkel)) return FAKTISK_MENGDE_MELDINGER.dobbel;
      sett.add(noekkel);
      const mengde = oppgitt.mengde[id];
      if (!mengde) return FAKTISK_MENGDE_MELDINGER.ukjentFelt;
      if (faktiskVerdi > mengde.verdi) return MENGDE_MELDINGER.forStor;
    }
  }
  return undefined;
}

export const faktiskLinjeSkjema = z.object({
  varelinjeId: z.string().optional(),
  antall: z.string().optional(),
  nettoVekt: z.string().optional(),
  bruttoVekt: z.string().optional(),
  nettoVolum: z.string().optional(),
  bruttoVolum: z.string().optional(),
});
type FaktiskLinjeSkjema = z.output<typeof faktiskLinjeSkjema>;

/**
 * Reads the form's quantity fields `faktisk[i].varelinjeId` (the sorteringsnummer) and `faktisk[i].<felt>`
 * for the quantities the line states; an empty field counts as 0 (SPEC §5). Issues go to the field's path.
 */
export function lesFaktiskeMengder(
  rader: readonly FaktiskLinjeSkjema[],
  varelinjer: readonly VarelinjeOppgittMengde[],
  ctx: z.RefinementCtx | undefined,
): MottakskontrollBody {
  const body: MottakskontrollBody = [];
  rader.forEach((rad, i) => {
    const oppgitt = varelinjer.find((v) => String(v.sorteringsnummer) === rad.varelinjeId?.trim());
    if (!oppgitt) {
      ctx?.addIssue({
        code: "custom",
        path: ["faktisk", i, "varelinjeId"],
        message: FAKTISK_MENGDE_MELDINGER.ukjentVarelinje,
      });
      return;
    }
    const faktiskeVerdier: MottakskontrollBody[number]["faktiskeVerdier"] = [];
    for (const felt of MENGDE_FELTER) {
      const mengde = oppgitt.mengde[felt];
      if (!mengde) continue;
      const r = parseFaktiskMengde(rad[felt], mengde.verdi);
      if (r.ok) faktiskeVerdier.push({ id: felt, faktiskVerdi: r.verdi });
      else ctx?.addIssue({ code: "custom", path: ["faktisk", i, felt], message: r.melding });
    }
    body.push({ varelinjeId: oppgitt.sorteringsnummer, faktiskeVerdier });
  });
  return body;
}

/** The actual-quantity fields alone; the output is the PUT mottakskontroll body. */
export function faktiskeMengderSkjema(varelinjer: readonly VarelinjeOppgittMengde[]) {
  return z
    .object({ faktisk: z.array(faktiskLinjeSkjema).optional() })
    .superRefine((v, ctx) => {
      lesFaktiskeMengder(v.faktisk ?? [], varelinjer, ctx);
    })
    .transform((v) => lesFaktiskeMengder(v.faktisk ?? [], varelinjer, undefined));
}
