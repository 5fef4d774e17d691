// The importer register's routes in the API's OpenAPI document (ADR 040), beside router.ts: a
// new register route is documented here. Bodies are the schemas the routes validate with.
import { z } from "zod";
import { SPRAK } from "../../sprak/sprak";
import {
  dekker,
  feil,
  ImportoerKort,
  importoerSti,
  ingenInnhold,
  json,
  jsonKropp,
  orgnr,
  type Stier,
} from "../openapi/felles";
import type { ImportoerDto, ImportoerKortDto } from "./profil";
import { epostSchema, kontrolloererSchema, registreringSchema } from "./router";

const TAG = "Importørregister";
const BASE = "/import/register/v1/{orgnr}";
const orgSti = z.object({ orgnr });
const bryter = (navn: string) =>
  z.object({ [navn]: z.boolean() }).meta({ description: `{ "${navn}": true | false }` });

const ImportoerSkjema = dekker<ImportoerDto>()(
  z
    .object({
      id: z.number().int(),
      organisasjonsnummer: z.string(),
      navn: z.string(),
      hovedenhetNavn: z.string().nullable(),
      hovedenhetOrganisasjonsnummer: z.string().nullable(),
      harLestRegelverk: z.boolean(),
      erMottakskontrolloer: z.boolean(),
      skalHaEpost: z.boolean(),
      varsleVurderinger: z.boolean(),
      epostSprak: z.enum(SPRAK).meta({
        description:
          "Språk i e-postvarsel: språket varsler om nye sertifikater og om vurderinger skrives på (nb bokmål, nn nynorsk, en engelsk). Settes til språket til den som slo på varslene (Accept-Language i kallet), ellers bokmål; endres med PUT …/epostsprak og gjelder e-post som ikke er sendt ennå.",
      }),
      epostadresser: z.array(z.object({ id: z.number().int(), epostadresse: z.string() })),
      mottakskontrolloerer: z.array(ImportoerKort),
      mottakskontrolloerFor: z.array(ImportoerKort),
    })
    .meta({ id: "Importoer" }),
);
const KortListe = dekker<ImportoerKortDto[]>()(z.array(ImportoerKort));

export const registerStier: Stier = {
  [BASE]: {
    get: {
      tags: [TAG],
      summary: "Importøren for organisasjonsnummeret",
      requestParams: { path: orgSti },
      responses: { "200": json("Importøren", ImportoerSkjema), ...feil(400, 403, 404) },
    },
    post: {
      tags: [TAG],
      summary: "Registrer virksomheten som importør",
      requestParams: { path: orgSti },
      requestBody: jsonKropp(registreringSchema),
      responses: { "201": json("Registrert", ImportoerSkjema), ...feil(400, 403, 409) },
    },
  },
  [`${BASE}/epost`]: {
    put: {
      tags: [TAG],
      summary: "Legg til en e-postadresse for varsler",
      requestParams: { path: orgSti },
      requestBody: jsonKropp(epostSchema),
      responses: {
        "201": json("Lagt til", z.object({ id: z.number().int(), epostadresse: z.string() })),
        ...feil(400, 403, 404),
      },
    },
  },
  [`${BASE}/epost/{id}`]: {
    delete: {
      tags: [TAG],
      summary: "Fjern en e-postadresse",
      requestParams: { path: orgSti.extend({ id: z.string().regex(/^\d+$/) }) },
      responses: { "204": ingenInnhold, ...feil(400, 403, 404) },
    },
  },
  [`${BASE}/epostvarsel`]: {
    put: {
      tags: [TAG],
      summary: "Slå e-postvarsel om nye sertifikater av eller på",
      requestParams: { path: orgSti },
      requestBody: jsonKropp(bryter("skalHaEpost")),
      responses: { "204": ingenInnhold, ...feil(400, 403, 404) },
    },
  },
  [`${BASE}/epostsprak`]: {
    put: {
      tags: [TAG],
      summary: "Velg språket varslene på e-post skrives på (nb, nn eller en)",
      description:
        "Gjelder e-post som sendes fra nå av, også varsler som venter i utboksen. Ukjent språk gir 400 og endrer ingenting.",
      requestParams: { path: orgSti },
      requestBody: jsonKropp(
        z.object({ sprak: z.enum(SPRAK) }).meta({ description: '{ "sprak": "nb" | "nn" | "en" }' }),
      ),
      responses: { "204": ingenInnhold, ...feil(400, 403, 404) },
    },
  },
  [`${BASE}/vurderingsvarsel`]: {
    put: {
      tags: [TAG],
      summary: "Slå e-postvarsel om Mattilsynets vurderinger av eller på",
      requestParams: { path: orgSti },
      requestBody: jsonKropp(bryter("varsleVurderinger")),
      responses: { "204": ingenInnhold, ...feil(400, 403, 404) },
    },
  },
  [`${BASE}/{importoerId}/lestregelverk`]: {
    put: {
      tags: [TAG],
      summary: "Bekreft at importøren kjenner regelverket (kan ikke trekkes tilbake)",
      requestParams: { path: importoerSti },
      requestBody: jsonKropp(bryter("harLestRegelverk")),
      responses: { "204": ingenInnhold, ...feil(400, 403) },
    },
  },
  [`${BASE}/{importoerId}/mottakskontrolloer`]: {
    put: {
      tags: [TAG],
      summary: "Registrer eller avregistrer importøren som mottakskontrollør",
      requestParams: { path: importoerSti },
      requestBody: jsonKropp(bryter("erMottakskontrolloer")),
      responses: { "204": ingenInnhold, ...feil(400, 403) },
    },
  },
  [`${BASE}/{importoerId}/mottakskontrolloerer`]: {
    put: {
      tags: [TAG],
      summary: "Erstatt listen over mottakskontrollører som handler for importøren",
      requestParams: { path: importoerSti },
      requestBody: jsonKropp(kontrolloererSchema),
      responses: { "204": ingenInnhold, ...feil(400, 403) },
    },
  },
  [`${BASE}/{importoerId}/mottakskontrolloerfor`]: {
    get: {
      tags: [TAG],
      summary: "Importørene denne importøren er mottakskontrollør for",
      requestParams: { path: importoerSti },
      responses: { "200": json("Importørene", KortListe), ...feil(400, 403) },
    },
  },
  "/import/mottakskontrolloerer/v1": {
    get: {
      tags: [TAG],
      summary: "Alle registrerte mottakskontrollører unntatt den spørrende virksomheten",
      requestParams: { query: z.object({ orgnr: orgnr.optional() }) },
      responses: { "200": json("Mottakskontrollørene", KortListe), ...feil(400, 403) },
    },
  },
};
