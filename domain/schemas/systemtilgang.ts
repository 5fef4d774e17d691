// A system's access to act for an importer (issue 25 §2, docs/decisions/035-maskintilgang.md): what the
// settings side "Integrasjoner" sends and the register API checks, with the same Norwegian messages.

import { z } from "zod";
import { melding } from "../../sprak/melding";

export const SYSTEMSCOPES = ["read", "write"] as const;
export type Systemscope = (typeof SYSTEMSCOPES)[number];

/** At most this many systems per importer (a bounded list, ADR 021). */
export const MAKS_SYSTEMER = 20;

/** A client id as Maskinporten gives them (a UUID), or any such plain name in development. */
export const KLIENT_ID = /^[\w.:-]{1,200}$/;

/**
 * The scopes, in a fixed order. Write implies read (issue 36 item 1, ADR 057): a system that may create and submit
 * notifications must see them and their certificates, so write alone is stored as read and write.
 */
const scopesSchema = z
  .array(z.enum(SYSTEMSCOPES, { error: melding("validering.system.ukjentTilgang") }), {
    error: melding("validering.system.velgTilgang"),
  })
  .min(1, melding("validering.system.velgTilgang"))
  .transform((s) => SYSTEMSCOPES.filter((v) => s.includes(v) || (v === "read" && s.includes("write"))));

export const systemtilgangSchema = z.object(
  {
    klientId: z
      .string({ error: melding("validering.system.klientIdMangler") })
      .max(1000, melding("validering.system.klientIdForLang"))
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, melding("validering.system.klientIdMangler"))
          .max(200, melding("validering.system.klientIdMaks"))
          .regex(KLIENT_ID, melding("validering.system.klientIdTegn")),
      ),
    klientNavn: z
      .string({ error: melding("validering.system.navnMangler") })
      .max(1000, melding("validering.system.navnForLangt"))
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, melding("validering.system.navnMangler"))
          .max(100, melding("validering.system.navnMaks")),
      ),
    scopes: scopesSchema,
  },
  { error: melding("validering.system.objekt") },
);

/** A change of a granted system's access (the client id and name stay; remove and add for another client). */
export const systemtilgangEndringSchema = z.object(
  { scopes: scopesSchema },
  { error: melding("validering.system.objektEndring") },
);

/** A granted system as the register API lists it. */
export interface SystemtilgangDto {
  id: number;
  klientId: string;
  klientNavn: string;
  scopes: Systemscope[];
  /** The person's name as it was when they added it (null when the register had none). */
  lagtTilAv: string | null;
  lagtTil: string;
}
