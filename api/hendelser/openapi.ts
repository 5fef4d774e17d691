// The importer's events in the API's OpenAPI document (ADR 040, ADR 036), beside router.ts: the pull feed,
// the webhook subscriptions, and the webhooks themselves (the POST our sender makes) as OpenAPI 3.1
// `webhooks`. Query and bodies are the schemas the routes validate with.
import { z } from "zod";
import {
  HENDELSESTYPER,
  type HendelseData,
  type Hendelsestype,
  type LeveringsforsoekVisning,
  type WebhookVisning,
} from "../../domain/hendelser";
import { IMPORTMELDING_STATUSER } from "../../domain/status";
import { SPRAK } from "../../sprak/sprak";
import {
  dekker,
  feil,
  importoerSti,
  ingenInnhold,
  json,
  jsonKropp,
  type Stier,
  tidspunkt,
} from "../openapi/felles";
import { feedSoek, type HendelseJson, type HendelseSide, nyWebhook, webhookStatus } from "./kontrakt";

const TAG = "Hendelser";
const Type = z.enum(HENDELSESTYPER);
const Status = z.enum(IMPORTMELDING_STATUSER);

const SertifikatMottattData = dekker<HendelseData["sertifikat.mottatt"]>()(
  z
    .object({
      sertifikat: z.strictObject({
        id: z
          .number()
          .int()
          .meta({ description: "Sertifikatets id: GET /import/v2/{orgnr}/{importoerId}/{id}" }),
        nummer: z.string(),
        eksportland: z.string().meta({ description: "Eksportlandets landkode (ISO 3166-1 alfa-2)" }),
        utstedtDato: tidspunkt
          .optional()
          .meta({ description: "Utstedelsestidspunktet, når sertifikatet har det" }),
        erstatterNummer: z
          .string()
          .nullable()
          .meta({ description: "Nummeret på sertifikatet dette erstatter" }),
      }),
      resultat: z.enum(["ny", "oppdatert", "uendret", "eldre"]).meta({
        description: "`ny`: et nytt sertifikat; `oppdatert`: en ny versjon av et sertifikat som fantes",
      }),
    })
    .strict()
    .meta({ id: "SertifikatMottattData" }),
);

const StatusEndretData = dekker<HendelseData["importmelding.status_endret"]>()(
  z
    .object({
      importmelding: z.strictObject({ id: z.number().int(), nummer: z.string() }),
      sertifikat: z.strictObject({ nummer: z.string(), eksportland: z.string() }),
      fraStatus: Status,
      status: Status.meta({ description: "Den nye statusen" }),
      vurdertFoerAnkomst: z.literal(true).optional().meta({
        description:
          "Med når Mattilsynet frigav eller avviste sendingen før den var meldt ankommet: det skal ikke gjøres mottakskontroll",
      }),
    })
    .strict()
    .meta({ id: "StatusEndretData" }),
);

const DATA = {
  "sertifikat.mottatt": SertifikatMottattData,
  "importmelding.status_endret": StatusEndretData,
  "importmelding.vurdert": StatusEndretData,
} as const;

const BESKRIVELSE: Record<Hendelsestype, string> = {
  "sertifikat.mottatt":
    "Et sertifikat som nevner importøren (organisasjonsnummer eller navn) er mottatt, eller en ny versjon av et.",
  "importmelding.status_endret":
    "En forhåndsmelding importøren eier (ansvarlig, oppretter eller ansvarlig for dokumentkontroll) har fått ny status.",
  "importmelding.vurdert":
    "Mattilsynet har vurdert en forhåndsmelding importøren eier, eller den er frigitt automatisk (FRIGITT, AVVIST, DELVIS_AVVIST, AUTOMATISK_FRIGITT). Kommer i tillegg til `importmelding.status_endret`.",
};

/** The envelope of one event type (Standard Webhooks: type, timestamp, data; plus our number). */
const hendelse = <T extends Hendelsestype>(type: T) =>
  z
    .object({
      id: z.string().meta({
        description:
          "Hendelsens id (UUID): den samme i strømmen og i hvert leveringsforsøk (`webhook-id`), for å kjenne igjen en hendelse som kommer to ganger",
      }),
      nummer: z
        .number()
        .int()
        .meta({ description: "Importørens hendelsesnummer, 1, 2, 3 … uten hull: markøren" }),
      type: z.literal(type),
      timestamp: tidspunkt.meta({ description: "Da det skjedde, ISO 8601 (UTC)" }),
      importoer: z.strictObject({ id: z.number().int(), organisasjonsnummer: z.string() }),
      data: DATA[type],
    })
    .strict()
    .meta({ id: SKJEMA_ID[type], description: BESKRIVELSE[type] });

const SKJEMA_ID: Record<Hendelsestype, string> = {
  "sertifikat.mottatt": "HendelseSertifikatMottatt",
  "importmelding.status_endret": "HendelseStatusEndret",
  "importmelding.vurdert": "HendelseVurdert",
};
const VARIANT = {
  "sertifikat.mottatt": hendelse("sertifikat.mottatt"),
  "importmelding.status_endret": hendelse("importmelding.status_endret"),
  "importmelding.vurdert": hendelse("importmelding.vurdert"),
};

const Hendelse = dekker<HendelseJson>()(
  z
    .discriminatedUnion("type", [
      VARIANT["sertifikat.mottatt"],
      VARIANT["importmelding.status_endret"],
      VARIANT["importmelding.vurdert"],
    ])
    .meta({
      id: "Hendelse",
      description:
        "Én hendelse, slik strømmen og webhookene gir den. `type` sier hvilken `data` den har. Kroppen webhookene sender er nøyaktig dette objektet.",
    }),
);

const HendelseSideSkjema = dekker<HendelseSide>()(
  z
    .object({
      hendelser: z.array(Hendelse).meta({ description: "Hendelsene etter `etter`, i nummerrekkefølge" }),
      neste: z.string().meta({
        description:
          "Markøren til neste kall (`etter=`): nummeret på den siste hendelsen i svaret, eller `etter` når ingen var nye",
      }),
      flere: z.boolean().meta({ description: "Flere hendelser venter: spør igjen med `neste` med en gang" }),
    })
    .strict()
    .meta({ id: "HendelseSide" }),
);

const Webhook = dekker<WebhookVisning>()(
  z
    .object({
      id: z.number().int(),
      url: z.string().meta({ description: "Adressen hendelsene sendes til (https)" }),
      typer: z.array(Type),
      aktiv: z
        .boolean()
        .meta({ description: "false: satt på pause (av importøren, eller etter gjentatte feil)" }),
      feilPaaRad: z
        .number()
        .int()
        .meta({ description: "Mislykkede forsøk på rad (nullstilles ved et vellykket)" }),
      pauset: tidspunkt.nullable().meta({ description: "Da den ble satt på pause" }),
      opprettet: tidspunkt,
    })
    .strict()
    .meta({ id: "Webhook" }),
);

const Leveringsforsoek = dekker<LeveringsforsoekVisning>()(
  z
    .object({
      tidspunkt,
      webhookId: z.number().int(),
      url: z.string(),
      hendelseType: Type,
      hendelseNummer: z.number().int(),
      forsoek: z.number().int().meta({ description: "Forsøk nummer, fra 1" }),
      ok: z.boolean(),
      httpStatus: z
        .number()
        .int()
        .nullable()
        .meta({ description: "Mottakerens HTTP-status, når den svarte" }),
      feil: z.string().nullable().meta({
        description:
          "Hvorfor forsøket mislyktes, på språket i Accept-Language (forsøk fra før språkvalget: på bokmål)",
      }),
      feilSprak: z.enum(SPRAK).nullable().meta({
        description:
          "Språket feil er skrevet på: det i Accept-Language, eller nb for et forsøk fra før språkvalget; null uten feil",
      }),
    })
    .strict()
    .meta({ id: "Leveringsforsoek" }),
);

const WebhookListe = dekker<{ webhooker: WebhookVisning[]; logg: LeveringsforsoekVisning[] }>()(
  z
    .object({
      webhooker: z.array(Webhook),
      logg: z.array(Leveringsforsoek).meta({ description: "De 50 siste leveringsforsøkene, nyeste først" }),
    })
    .strict(),
);

const NyWebhook = dekker<WebhookVisning & { hemmelighet: string }>()(
  Webhook.extend({
    hemmelighet: z.string().meta({
      description:
        "Hemmeligheten webhookene signeres med (`whsec_…`, Standard Webhooks). Vises bare i dette svaret: ta vare på den.",
    }),
  }).meta({ id: "NyWebhook" }),
);

const webhookSti = importoerSti.extend({
  id: z.string().regex(/^\d+$/).meta({ description: "Webhookens id" }),
});
const WEBHOOKER = "/import/register/v1/{orgnr}/{importoerId}/webhooker";

export const hendelseStier: Stier = {
  "/import/v2/{orgnr}/{importoerId}/hendelser": {
    get: {
      tags: [TAG],
      summary: "Hendelsesstrømmen: importørens hendelser etter en markør",
      description: `Hendelsene har et nummer per importør, 1, 2, 3 … uten hull, i den rekkefølgen de ble lagret. Svaret gir hendelsene med nummer høyere enn \`etter\`, i nummerrekkefølge, høyst \`antall\` (1–500, standard 100).

Ta vare på \`neste\` og send den som \`etter\` i neste kall. Er \`flere\` true, venter det flere: spør igjen med en gang. Slik leser en klient hver hendelse nøyaktig én gang, i rekkefølge: ingen hoppes over og ingen kommer to ganger, også når hendelser lagres samtidig (en hendelse med lavere nummer blir aldri synlig etter en med høyere). Uten \`etter\` begynner strømmen ved den eldste hendelsen som er lagret.

Hendelser slettes når de er eldre enn lagringstiden (90 dager som standard). En markør som er bak det som er slettet, får 410 med \`fortsettEtter\`: send den som \`etter\` for å lese videre, vel vitende om at hendelsene imellom er borte. Strømmen hopper aldri stille over noe.

Hendelsestypene: \`sertifikat.mottatt\`, \`importmelding.status_endret\` og \`importmelding.vurdert\` (se skjemaet Hendelse).`,
      requestParams: { path: importoerSti, query: feedSoek },
      responses: { "200": json("En side av strømmen", HendelseSideSkjema), ...feil(400, 403, 410) },
    },
  },
  [WEBHOOKER]: {
    get: {
      tags: [TAG],
      summary: "Importørens webhooker og de siste leveringsforsøkene",
      requestParams: { path: importoerSti },
      responses: { "200": json("Webhookene og leveringsloggen", WebhookListe), ...feil(400, 403) },
    },
    post: {
      tags: [TAG],
      summary: "Abonner på hendelser med en webhook",
      description:
        "Adressen må være `https://` uten brukernavn og passord, og navnet må peke på offentlige adresser (ikke private, lokale eller reserverte nett). Høyst 10 webhooker per importør. Svaret har hemmeligheten webhookene signeres med; den vises aldri igjen.",
      requestParams: { path: importoerSti },
      requestBody: jsonKropp(nyWebhook),
      responses: { "201": json("Opprettet, med hemmeligheten", NyWebhook), ...feil(400, 403) },
    },
  },
  [`${WEBHOOKER}/{id}/status`]: {
    put: {
      tags: [TAG],
      summary: "Sett en webhook på pause, eller start den igjen",
      description:
        "Mens den er på pause, sendes ingenting for nye hendelser (les dem fra strømmen). Startes den igjen, sendes det som ventet da den ble satt på pause.",
      requestParams: { path: webhookSti },
      requestBody: jsonKropp(webhookStatus),
      responses: { "204": ingenInnhold, ...feil(400, 403, 404) },
    },
  },
  [`${WEBHOOKER}/{id}`]: {
    delete: {
      tags: [TAG],
      summary: "Slett en webhook",
      requestParams: { path: webhookSti },
      responses: { "204": ingenInnhold, ...feil(400, 403, 404) },
    },
  },
};

const header = (description: string, example: string) => ({
  description,
  required: true,
  schema: { type: "string" as const, example },
});

/**
 * The webhooks our sender POSTs (api/hendelser/sender.ts), one entry per event type: the body is the event as
 * the feed gives it, signed as Standard Webhooks says.
 */
export const webhookStier: Stier = Object.fromEntries(
  HENDELSESTYPER.map((type) => [
    type,
    {
      post: {
        tags: [TAG],
        summary: `Webhook: ${type}`,
        description: `${BESKRIVELSE[type]}

Sendes som POST til adressen til hver aktiv webhook som abonnerer på typen, signert etter Standard Webhooks: bekreft \`webhook-signature\` med hemmeligheten (for eksempel med pakken \`standardwebhooks\`) og avvis et \`webhook-timestamp\` eldre enn fem minutter før du stoler på kroppen. Svar med en 2xx-status innen 5 sekunder. Alt annet (også en omdirigering) er et mislykket forsøk: det prøves igjen med økende ventetid, og etter mange feil på rad settes webhooken på pause. Minst én gang: den samme hendelsen kan komme mer enn én gang med samme \`webhook-id\`, og ikke nødvendigvis i rekkefølge (ordne etter \`nummer\`, eller les strømmen).`,
        parameters: [
          {
            in: "header" as const,
            name: "webhook-id",
            ...header("Hendelsens id, den samme i hvert forsøk", "0b7c6f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"),
          },
          {
            in: "header" as const,
            name: "webhook-timestamp",
            ...header("Sendetidspunktet, sekunder siden 1970-01-01 (UTC)", "1795676400"),
          },
          {
            in: "header" as const,
            name: "webhook-signature",
            ...header(
              "`v1,<base64>`: HMAC-SHA256 med hemmeligheten over `<webhook-id>.<webhook-timestamp>.<kroppen>`",
              "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
            ),
          },
        ],
        requestBody: jsonKropp(VARIANT[type]),
        responses: {
          "2XX": { description: "Mottatt: levert" },
          default: { description: "Alt annet: prøves igjen senere" },
        },
      },
    },
  ]),
);
