// Building blocks of the API's OpenAPI document (ADR 040): the one error shape, the path parameters every
// importer route has, and short helpers for responses. Each area describes its routes beside its router
// (api/<area>/openapi.ts); api/openapi/dokument.ts puts them together.
import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { PROBLEM_TYPE } from "../../domain/problem";

export type Stier = ZodOpenApiPathsObject;

/** RFC 9457 problem details: every error answer of the API (api/http/feil.ts `sendError`). */
export const Problem = z
  .object({
    type: z.string().meta({ description: "Arten av problem; `about:blank`: statuskoden sier alt." }),
    title: z.string().meta({ description: "HTTP-statusens navn, for eksempel «Bad Request»." }),
    status: z.number().int(),
    detail: z.string().meta({
      description: "Hva som gikk galt, på norsk, slik nettløsningen viser det til brukeren.",
      example: "Ugyldig organisasjonsnummer",
    }),
    instance: z.string().optional(),
    importMeldingId: z.number().int().optional().meta({
      description:
        "Utvidelse (409 ved oppretting): forhåndsmeldingen som allerede finnes for sertifikatet og som kalleren kan åpne.",
    }),
    feil: z.array(z.string()).optional().meta({
      description:
        "Utvidelse (400 når et regelsett avvises): hver feil, med hvor den er (f.eks. `regler[3].match.eppoKoder[0]: …`).",
    }),
    fortsettEtter: z.string().optional().meta({
      description:
        "Utvidelse (410 fra hendelsesstrømmen): markøren å lese videre fra, forbi hendelsene som er slettet.",
    }),
  })
  .meta({
    id: "Problem",
    description:
      "Feilsvar etter RFC 9457 (application/problem+json). `detail` er den norske meldingen; andre medlemmer kan komme til (utvidelser).",
  });

const FEILTEKST: Record<number, string> = {
  400: "Ugyldig forespørsel: `detail` sier hva som er feil",
  401: "Mangler gyldig tilgangstoken",
  403: "Personen eller klienten har ikke tilgang til virksomheten eller importøren",
  404: "Fant ikke ressursen",
  409: "Konflikt: endret av noen andre siden versjonen du sendte, eller finnes allerede",
  410: "Borte: hendelsene etter markøren er slettet etter lagringstiden; les videre fra `fortsettEtter`",
  413: "Forespørselen er for stor",
  415: "Forespørselen må være JSON i UTF-8",
  429: "For mange forespørsler på kort tid: vent så mange sekunder som Retry-After sier",
  503: "Opptatt eller midlertidig utilgjengelig: prøv igjen senere (Retry-After)",
};

/** Error answers, each the Problem shape. 401 and 429 are on every route behind the token. */
export function feil(...statuser: number[]): ZodOpenApiResponsesObject {
  const svar: ZodOpenApiResponsesObject = {};
  for (const status of [...new Set([...statuser, 401, 429])].sort()) {
    svar[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: FEILTEKST[status] ?? "Feil",
      content: { [PROBLEM_TYPE]: { schema: Problem } },
    };
  }
  return svar;
}

/** A JSON answer. */
export const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema } },
});

export const ingenInnhold = { description: "Utført (ingen innhold)" };

/** A JSON request body (the same zod schema the route validates with). */
export const jsonKropp = (schema: z.ZodType) => ({
  required: true,
  content: { "application/json": { schema } },
});

export const orgnr = z
  .string()
  .regex(/^\d{9}$/)
  .meta({ description: "Organisasjonsnummeret personen eller klienten handler for", example: "912345678" });
export const importoerId = z
  .string()
  .regex(/^\d{1,15}$/)
  .meta({ description: "Importørens id i importørregisteret (tilhører {orgnr})", example: "1" });

/** {orgnr}/{importoerId} */
export const importoerSti = z.object({ orgnr, importoerId });

/** A date as written, YYYY-MM-DD. */
export const dato = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An instant, ISO 8601. */
export const tidspunkt = z.string().meta({ description: "Tidspunkt, ISO 8601 (UTC)" });

/**
 * The schema a response is documented with, checked at compile time to cover the type the handler returns:
 * `dekker<ImportmeldingVisning>()(skjema)` fails to compile when the type has drifted from the schema.
 */
export const dekker =
  <T>() =>
  <S extends z.ZodType>(skjema: S & ([T] extends [z.output<S>] ? unknown : never)): S =>
    skjema;

export const Land = z.object({ kode: z.string(), navn: z.string() }).meta({ id: "Land" });

export const Paginering = z
  .object({
    sidenummer: z.number().int().meta({ description: "Sidenummer, fra 0" }),
    antallSider: z.number().int(),
    antallElementer: z.number().int().meta({ description: "Antall treff, høyst 1000" }),
    antallElementerPerSide: z.number().int(),
    flereEnnMaks: z.boolean().meta({ description: "Flere treff enn 1000: listen viser de 1000 nyeste" }),
  })
  .meta({ id: "Paginering" });

/** A list answer's field that is there only with `fasetter=true` (ADR 077): `som` is the route it repeats. */
export const fasett = <T extends z.ZodType>(skjema: T, som: string) =>
  skjema.optional().meta({ description: `Med fasetter=true: det samme som ${som}, i samme kall` });

export const Eksportland = z
  .object({
    kode: z.string(),
    navn: z.string(),
    antall: z.number().int(),
    flereEnnMaks: z.boolean(),
  })
  .meta({ id: "Eksportland" });

export const ImportoerKort = z
  .object({ id: z.number().int(), navn: z.string(), organisasjonsnummer: z.string() })
  .meta({ id: "ImportoerKort" });

/**
 * An object documented by its description only (a part of the ePhyto certificate as received): any object
 * validates. Typed as `object` so an interface without an index signature passes `dekker`.
 */
export const aapentObjekt = (description: string): z.ZodType<object> =>
  z.looseObject({}).meta({ description }) as unknown as z.ZodType<object>;
