// The import API's OpenAPI 3.1 document (ADR 040), made once from the areas' route descriptions
// (api/<area>/openapi.ts) with zod-openapi. Served at /import/openapi.json and as a reference page.
import { createDocument, type oas31 } from "zod-openapi";
import { importmeldingStier } from "../importmelding/openapi";
import { registerStier } from "../importoer-register-openapi";
import { sertifikatStier } from "../sertifikat/openapi";
import { Problem } from "./felles";

export type ApiDokument = oas31.OpenAPIObject;

export const API_BESKRIVELSE = `Import-API-et til digital forhåndsmelding: sertifikater fra ePhyto, forhåndsmeldinger og importørregisteret, for importørenes egne systemer.

**Autentisering.** Hvert kall har et tilgangstoken i \`Authorization: Bearer <token>\`. Kallet gjelder virksomheten i stien (\`{orgnr}\`): personen eller klienten må kunne handle for den, og \`{importoerId}\` må være virksomhetens importør. Uten gyldig token: 401; uten tilgang: 403.

**Feil.** Alle feil svares med én form: problem details etter RFC 9457 (\`application/problem+json\`), der \`detail\` er den norske meldingen nettløsningen viser brukeren.

**Versjoner.** Stiene har versjonen i seg (\`/v1\`, \`/v2\`). Innenfor en versjon kommer bare endringer som ikke brekker en klient: nye stier, nye valgfrie felt i forespørsler, nye felt i svar. En endring som brekker (et felt fjernes, får ny betydning eller ny type, et valgfritt felt blir påkrevd) gir en ny versjon av stien; den gamle lever videre en varslet periode.`;

let dokument: ApiDokument | undefined;

export function apiDokument(): ApiDokument {
  dokument ??= createDocument({
    openapi: "3.1.0",
    info: { title: "Digital forhåndsmelding – import-API", version: "1", description: API_BESKRIVELSE },
    tags: [
      {
        name: "Sertifikater",
        description: "ePhyto-sertifikatene importøren ser: liste, søk, visning, PDF og Excel",
      },
      {
        name: "Forhåndsmeldinger",
        description:
          "Opprett fra et sertifikat, svar på kontrollspørsmål, sett ankomst, send inn, trekk tilbake, les med historikk",
      },
      { name: "Importørregister", description: "Importøren, varsler og mottakskontrollører" },
    ],
    security: [{ bearerAuth: [] }],
    paths: { ...sertifikatStier, ...importmeldingStier, ...registerStier },
    components: {
      schemas: { Problem },
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "Tilgangstoken (JWT) utstedt av ID-porten for en person som handler for virksomheten.",
        },
      },
    },
  });
  return dokument;
}
