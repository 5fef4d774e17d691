// A system's access to act for an importer (issue 25 §2, docs/decisions/035-maskintilgang.md): what the
// settings side "Integrasjoner" sends and the register API checks, with the same Norwegian messages.
import { z } from "zod";

export const SYSTEMSCOPES = ["read", "write"] as const;
export type Systemscope = (typeof SYSTEMSCOPES)[number];

/** At most this many systems per importer (a bounded list, ADR 021). */
export const MAKS_SYSTEMER = 20;

/** A client id as Maskinporten gives them (a UUID), or any such plain name in development. */
export const KLIENT_ID = /^[\w.:-]{1,200}$/;

export const systemtilgangSchema = z.object(
  {
    klientId: z
      .string({ error: "Skriv inn klient-ID-en" })
      .max(1000, "Klient-ID-en er for lang")
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, "Skriv inn klient-ID-en")
          .max(200, "Klient-ID-en kan ha høyst 200 tegn")
          .regex(
            KLIENT_ID,
            "Klient-ID-en kan bare ha bokstavene a–z, tall, punktum, kolon, bindestrek og understrek",
          ),
      ),
    klientNavn: z
      .string({ error: "Skriv inn navnet på systemet" })
      .max(1000, "Navnet er for langt")
      .transform((v) => v.trim())
      .pipe(z.string().min(1, "Skriv inn navnet på systemet").max(100, "Navnet kan ha høyst 100 tegn")),
    scopes: z
      .array(z.enum(SYSTEMSCOPES, { error: "Ukjent tilgang" }), { error: "Velg minst én tilgang" })
      .min(1, "Velg minst én tilgang")
      .transform((s) => SYSTEMSCOPES.filter((v) => s.includes(v))),
  },
  { error: "Forespørselen må være et objekt med klientId, klientNavn og scopes" },
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
