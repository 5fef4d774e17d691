// The systems' access in the API's OpenAPI document (ADR 040, ADR 035), beside systemtilgang.ts. Only a
// person grants or revokes: these operations refuse machine tokens (api/openapi/dokument.ts leaves them
// with the person's token only).
import { z } from "zod";
import {
  MAKS_SYSTEMER,
  SYSTEMSCOPES,
  type SystemtilgangDto,
  systemtilgangEndringSchema,
  systemtilgangSchema,
} from "../domain/schemas/systemtilgang";
import { MASKIN_SCOPES } from "./auth";
import { dekker, feil, ingenInnhold, json, jsonKropp, orgnr, type Stier, tidspunkt } from "./openapi/felles";

const TAG = "Systemer med tilgang";
const STI = "/import/register/v1/{orgnr}/systemtilgang";
const orgSti = z.object({ orgnr });
const idSti = orgSti.extend({ id: z.string().regex(/^\d+$/).meta({ description: "Tilgangens id" }) });

const Systemtilgang = dekker<SystemtilgangDto>()(
  z
    .object({
      id: z.number().int(),
      klientId: z.string().meta({ description: "Systemets klient-ID i Maskinporten (`client_id`)" }),
      klientNavn: z.string().meta({ description: "Navnet historikken viser: «System: <navn>»" }),
      scopes: z.array(z.enum(SYSTEMSCOPES)).meta({
        description: `\`read\`: ${MASKIN_SCOPES.read} (lese); \`write\`: ${MASKIN_SCOPES.write} (endre). Endre gir alltid også lese: \`["write"]\` lagres som \`["read", "write"]\`.`,
      }),
      lagtTilAv: z.string().nullable().meta({ description: "Navnet på personen som ga tilgangen" }),
      lagtTil: tidspunkt,
    })
    .strict()
    .meta({ id: "Systemtilgang" }),
);

const BARE_PERSON =
  "Bare en person kan gi og ta tilbake tilgang: et system (Maskinporten-token) får 403, så det ikke kan gi seg selv mer.";

export const systemtilgangStier: Stier = {
  [STI]: {
    get: {
      tags: [TAG],
      summary: "Systemene som har tilgang til å handle for importøren",
      description: BARE_PERSON,
      requestParams: { path: orgSti },
      responses: {
        "200": json("Systemene", z.array(Systemtilgang)),
        ...feil(400, 403, 404),
      },
    },
    post: {
      tags: [TAG],
      summary: "Gi et system tilgang",
      description: `${BARE_PERSON} Høyst ${MAKS_SYSTEMER} systemer per importør; en klient-ID bare én gang.`,
      requestParams: { path: orgSti },
      requestBody: jsonKropp(systemtilgangSchema),
      responses: { "201": json("Tilgangen", Systemtilgang), ...feil(400, 403, 404) },
    },
  },
  [`${STI}/{id}`]: {
    put: {
      tags: [TAG],
      summary: "Endre et systems tilgang (lese, eller lese og endre; gjelder fra neste kall)",
      description: BARE_PERSON,
      requestParams: { path: idSti },
      requestBody: jsonKropp(systemtilgangEndringSchema),
      responses: { "200": json("Tilgangen", Systemtilgang), ...feil(400, 403, 404) },
    },
    delete: {
      tags: [TAG],
      summary: "Ta tilbake et systems tilgang (gjelder fra neste kall)",
      description: BARE_PERSON,
      requestParams: { path: idSti },
      responses: { "204": ingenInnhold, ...feil(400, 403, 404) },
    },
  },
};
