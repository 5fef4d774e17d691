// What the importer's event feed and webhooks give and take (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md),
// in a module of its own: the event JSON (the feed's pages and every webhook's body), the feed's query and the
// subscription bodies. The router (router.ts), the webhook sender (sender.ts) and the API document (openapi.ts)
// import it; none of them imports another.
import { z } from "zod";
import { HENDELSESTYPER, type HendelseData, type Hendelsestype } from "../../domain/hendelser";
import { melding } from "../../sprak/melding";

/** The most events one page of the feed holds; 100 when `antall` is not given. */
export const MAKS_SIDE = 500;
/** One event: for each type its own data (domain/hendelser.ts). */
export type HendelseJson = {
  [T in Hendelsestype]: {
    /** The event's id (also the webhook-id header): the same in the feed and in every delivery attempt. */
    id: string;
    /** The importer's event number: the feed's cursor. */
    nummer: number;
    type: T;
    timestamp: string;
    importoer: { id: number; organisasjonsnummer: string };
    data: HendelseData[T];
  };
}[Hendelsestype];

/** A page of the feed. */
export interface HendelseSide {
  hendelser: HendelseJson[];
  /** The cursor for the next call. */
  neste: string;
  flere: boolean;
}

/** One event as the feed and the webhooks give it (the Standard Webhooks envelope: type, timestamp, data). */
export function hendelseJson(
  r: { uuid: string; nummer: number; type: Hendelsestype; tidspunkt: Date | string; data: unknown },
  importoer: { id: number; organisasjonsnummer: string },
): HendelseJson {
  return {
    id: r.uuid,
    nummer: Number(r.nummer),
    type: r.type,
    timestamp: new Date(r.tidspunkt).toISOString(),
    importoer,
    data: r.data,
  } as HendelseJson;
}

export const feedSoek = z.object({
  etter: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional()
    .meta({
      description:
        "Markøren: `neste` fra forrige kall. Gir hendelsene med høyere nummer. Uten: fra den eldste som er lagret.",
      example: "0",
    }),
  antall: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAKS_SIDE)
    .optional()
    .meta({ description: `Høyst så mange hendelser, 1–${MAKS_SIDE}; standard 100`, example: "100" }),
});

export const nyWebhook = z.object(
  {
    url: z
      .string({ error: melding("api.webhook.adresseMangler") })
      .max(2000, melding("api.webhook.adresse.forLang")),
    typer: z
      .array(z.enum(HENDELSESTYPER, { error: melding("api.webhook.ukjentHendelse") }), {
        error: melding("api.webhook.hendelseMangler"),
      })
      .min(1, melding("api.webhook.hendelseMangler")),
  },
  { error: melding("api.objektMed", { felt: "url, typer" }) },
);

export const webhookStatus = z.object(
  { aktiv: z.boolean({ error: melding("api.trueEllerFalse", { felt: "aktiv" }) }) },
  { error: melding("api.objektMed", { felt: "aktiv" }) },
);
