// The import API's OpenAPI document (ADR 040), made once from the areas' route descriptions
// (api/<area>/openapi.ts) with zod-openapi. Served at /import/openapi.json and as a reference page.
import { createDocument, type oas31 } from "zod-openapi";
import { MASKIN_SCOPES, MYNDIGHET_SCOPES } from "../auth";
import { hendelseStier, webhookStier } from "../hendelser/openapi";
import { importmeldingStier } from "../importmelding/openapi";
import { svarKildeStier } from "../importmelding/svar-kilde-openapi";
import { registerStier } from "../importoer/openapi";
import { MYNDIGHET_TAG, myndighetStier } from "../myndighet/openapi";
import { sertifikatStier } from "../sertifikat/openapi";
import { systemtilgangStier } from "../systemtilgang-openapi";
import { Problem, type Stier } from "./felles";

export type ApiDokument = oas31.OpenAPIObject;

export const API_BESKRIVELSE = `Import-API-et til digital forhåndsmelding: sertifikater fra ePhyto, forhåndsmeldinger, importørregisteret og hendelser, for importørenes egne systemer.

**Autentisering.** Hvert kall har et tilgangstoken i \`Authorization: Bearer <token>\`: en persons token fra ID-porten (nettløsningen), eller et systems token fra Maskinporten. Kallet gjelder virksomheten i stien (\`{orgnr}\`): personen eller systemet må kunne handle for den, og \`{importoerId}\` må være virksomhetens importør. Et system trenger scopet \`${MASKIN_SCOPES.read}\` for å lese (GET) og \`${MASKIN_SCOPES.write}\` for å endre (POST, PUT, DELETE), i tokenet og gitt av importøren under Innstillinger → Integrasjoner; hver operasjon sier hvilket. Uten gyldig token: 401; uten tilgang eller scope: 403.

**Mattilsynets saksbehandling.** Operasjonene under \`/myndighet/v2\` er for Mattilsynets egne systemer, ikke for importører: de tar bare et Maskinporten-token for Mattilsynets organisasjon med scopene \`${MYNDIGHET_SCOPES.read}\` (lese), \`${MYNDIGHET_SCOPES.vurdering}\` (vurdere) og \`${MYNDIGHET_SCOPES.regelsett}\` (risikoreglene). Et slikt token gir ikke tilgang til importørenes operasjoner.

**Feil.** Alle feil svares med én form: problem details etter RFC 9457 (\`application/problem+json\`), der \`detail\` er den norske meldingen nettløsningen viser brukeren.

**Versjoner.** Stiene har versjonen i seg (\`/v1\`, \`/v2\`). Innenfor en versjon kommer bare endringer som ikke brekker en klient: nye stier, nye valgfrie felt i forespørsler, nye felt i svar. En endring som brekker (et felt fjernes, får ny betydning eller ny type, et valgfritt felt blir påkrevd) gir en ny versjon av stien; den gamle lever videre en varslet periode.`;

const METODER = ["get", "post", "put", "patch", "delete"] as const;

/**
 * Each operation's security: a person's token, or a system's with the scope the method needs (api/auth.ts
 * `scopeFor`: read for GET/HEAD, write otherwise). `bareForPerson`: operations that refuse machine tokens.
 */
function medSikkerhet(stier: Stier, bareForPerson = false): Stier {
  const ut: Stier = {};
  for (const [sti, item] of Object.entries(stier)) {
    const ny = { ...item };
    for (const m of METODER) {
      const op = item[m];
      if (!op) continue;
      const scope = m === "get" ? MASKIN_SCOPES.read : MASKIN_SCOPES.write;
      ny[m] = {
        ...op,
        security: bareForPerson ? [{ bearerAuth: [] }] : [{ bearerAuth: [] }, { maskinporten: [scope] }],
      };
    }
    ut[sti] = ny;
  }
  return ut;
}

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
      {
        name: "Hendelser",
        description:
          "Det som skjer med importørens sertifikater og forhåndsmeldinger: som en strøm å lese fra en markør, og som webhooker",
      },
      {
        name: MYNDIGHET_TAG,
        description:
          "For Mattilsynets saksbehandlingssystem: innsendte forhåndsmeldinger etter status og tid, én forhåndsmelding etter nummer, hendelsesstrømmen, vurderingen, og risikoreglene (last opp og godkjenn en ny versjon). Bare med Maskinporten-token for Mattilsynets organisasjon.",
      },
      {
        name: "Systemer med tilgang",
        description:
          "Hvilke systemer (Maskinporten-klienter) som får handle for importøren. Bare for personer.",
      },
    ],
    security: [{ bearerAuth: [] }],
    paths: {
      ...medSikkerhet({
        ...sertifikatStier,
        ...importmeldingStier,
        ...svarKildeStier,
        ...registerStier,
        ...hendelseStier,
      }),
      ...medSikkerhet(systemtilgangStier, true),
      ...myndighetStier,
    },
    webhooks: webhookStier,
    components: {
      schemas: { Problem },
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "En persons tilgangstoken (JWT) fra ID-porten, slik nettløsningen bruker det: personen må kunne handle for virksomheten (Altinn-rettighet). Gjelder alle operasjoner.",
        },
        maskinporten: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: `Et systems tilgangstoken (JWT) fra Maskinporten. Systemet henter det selv med JWT bearer grant (RFC 7523): en påstand signert med systemets egen nøkkel, med scopene det trenger. Tokenet har \`client_id\`, \`consumer\` (virksomheten, 0192:<orgnr>), \`scope\` og \`aud\`. Scopene: \`${MASKIN_SCOPES.read}\` for å lese (GET) og \`${MASKIN_SCOPES.write}\` for å endre (POST, PUT, DELETE); write gir ikke read. Scopet må både stå i tokenet og være gitt systemet av importøren (Innstillinger → Integrasjoner). Hver operasjon oppgir scopet den krever. Systemtilgang-operasjonene tar ikke imot systemtokens.`,
        },
      },
    },
  });
  return dokument;
}
