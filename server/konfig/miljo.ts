// The environment variables as one zod object (ADR 066): each variable once, read into the value the service
// uses (a switch, milliseconds, a count, a port). Texts another check compares with a development value or asks
// whether it was set stay as written (undefined when absent); server/config.ts gives them their defaults. The
// shapes are grouped by the role that uses them; every role's values are read in every process, so the Config
// has the same shape whatever ROLES says, and the checks per role are in ./sjekker.ts.
import { isIP } from "node:net";
import { z } from "zod";
import { lesGrenseverdi } from "../../domain/grense";
import {
  antall,
  bryter,
  ellers,
  heltall,
  port,
  ROLLER,
  type Rolle,
  satt,
  sekunder,
  tekst,
  valgfri,
  valgfriBryter,
  valgfrieSekunder,
} from "./felles";

/** ROLES as a set, and the unknown names (./sjekker.ts: a problem in any mode, a typo must not start a process doing nothing). */
const roller = tekst.transform((verdi) => {
  const navn = (verdi ?? "")
    .split(",")
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  const kjent = (n: string): n is Rolle => (ROLLER as readonly string[]).includes(n);
  return {
    roller: navn.length === 0 ? new Set<Rolle>(ROLLER) : new Set(navn.filter(kjent)),
    ukjente: navn.filter((n) => !kjent(n)),
  };
});

/** Express's names for address ranges a proxy may be in (proxy-addr). */
const MELLOMTJENERNETT = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: a number of hops (0 is none), or a comma list of proxies (an address, a network a.b.c.d/n, or one
 * of Express's names). Unset is none. A value that would believe anyone (true, *, a /0 network) is refused
 * (./sjekker.ts): then any client could choose its own address for the limits.
 */
const mellomtjenere = tekst.transform((verdi): { verdi: false | number | string[]; ugyldige: string[] } => {
  if (!satt(verdi)) return { verdi: false, ugyldige: [] };
  if (/^\d+$/.test(verdi.trim())) return { verdi: Number(verdi.trim()) || false, ugyldige: [] };
  const deler = verdi
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);
  const ugyldige = deler.filter((d) => {
    if (MELLOMTJENERNETT.has(d) || isIP(d) !== 0) return false;
    const [adresse, lengde] = d.split("/");
    if (!adresse || !lengde || isIP(adresse) === 0 || !/^\d+$/.test(lengde)) return true;
    return Number(lengde) === 0 || Number(lengde) > (isIP(adresse) === 4 ? 32 : 128);
  });
  return { verdi: ugyldige.length === 0 ? deler : false, ugyldige };
});

/** Days (fractions for tests) in milliseconds; never less than an hour, so a typo cannot empty a table in use. */
const dager = (standard: number) =>
  tekst.transform((v) => {
    const n = Number(v ?? standard);
    return Math.max(3_600_000, Math.round((Number.isFinite(n) && n > 0 ? n : standard) * 86_400_000));
  });

/** Every process: roles, listening, the database, the log, proxies. */
const felles = {
  ROLES: roller,
  NODE_ENV: tekst,
  DEMO_MODE: bryter(false),
  PORT: port,
  METRICS_PORT: port,
  HOST: z.string().default("0.0.0.0"),
  APP_URL: tekst,
  DATABASE_URL: tekst,
  DATA_DIR: z.string().default("data/pglite"),
  SEED_DEMO_DATA: valgfriBryter,
  DB_MIGRER_VED_OPPSTART: bryter(true),
  AVSLUTNING_SEKUNDER: sekunder(20),
  LOG_LEVEL: valgfri,
  TRUST_PROXY: mellomtjenere,
  PGOPTIONS: valgfri,
  SESSION_SECRET: tekst,
  MYNDIGHET_ORGNR: tekst,
  WEBHOOK_TILLAT_LOKAL: bryter(false),
};

/** The `web` role: ID-porten, the session, the import API it calls, the build it serves. */
const web = {
  IMPORT_API_URL: tekst,
  OIDC_ISSUER: tekst,
  OIDC_CLIENT_ID: tekst,
  OIDC_CLIENT_SECRET: tekst,
  OIDC_REDIRECT_URI: tekst,
  OIDC_POST_LOGOUT_REDIRECT_URI: tekst,
  OIDC_ACR_VALUES: z.string().default("idporten-loa-substantial"),
  OIDC_SCOPES: z
    .string()
    .default("openid profile")
    .transform((v) => v.split(/\s+/).filter(Boolean)),
  OIDC_RESOURCE: tekst,
  FEATURE_VIS_IMPORTMELDING: bryter(true),
  FEATURE_VIS_RISIKOVURDERING: bryter(true),
  BUILD_DIR: ellers("build"),
  VITE_DEV: tekst,
  WEB_SAMTIDIGE_SIDER: heltall(20, 0),
};

/** The `api` role: tokens it takes, the Hub's key, machine access, the worker pool. */
const api = {
  API_AUDIENCE: tekst,
  API_JWKS_URI: valgfri,
  MASKINPORTEN_ISSUER: tekst,
  MASKINPORTEN_JWKS_URI: tekst,
  MASKINPORTEN_AUDIENCE: tekst,
  MASKINPORTEN_DEV_KLIENTER: ellers("data/maskinporten-klienter.json"),
  HUB_API_KEY: tekst,
  MYNDIGHET_API_KEY: tekst,
  ARBEID_MAKS_SAMTIDIGE: heltall(2),
  ARBEID_TIDSGRENSE_MS: heltall(120_000, 1000),
  ARBEID_DOKUMENT_SAMTIDIGE: heltall(1),
  ARBEID_DOKUMENT_KOE: heltall(16, 0),
  ARBEID_DOKUMENT_PER_PERSON: heltall(2),
  ARBEID_DOKUMENT_PER_PERSON_KOE: heltall(4, 0),
  ARBEID_DOKUMENT_TIDSGRENSE_MS: heltall(60_000, 1000),
  ARBEID_SIDE_SAMTIDIGE: heltall(1),
  WEBHOOK_NOEKKEL: tekst,
};

/** The `api` and `sender` roles: Altinn, Enhetsregisteret and the service's own Maskinporten client (ADR 042). */
const registre = {
  ALTINN_URL: tekst,
  ALTINN_RESSURS: tekst,
  ALTINN_ABONNEMENTSNOEKKEL: tekst,
  ENHETSREGISTERET_URL: tekst,
  MASKINPORTEN_URL: tekst,
  MASKINPORTEN_KLIENT_ID: tekst,
  MASKINPORTEN_KLIENT_NOEKKEL: tekst,
  ALTINN_CACHE_SEKUNDER: sekunder(5 * 60, 1000),
  REGISTRE_TIDSAVBRUDD_SEKUNDER: sekunder(2.5, 100),
  REGISTRE_FORSOEK: antall(2),
  REGISTRE_PAUSE_ETTER_FEIL: tekst.transform((v) => {
    const n = Math.trunc(Number(v ?? 5));
    return Number.isNaN(n) ? 5 : Math.max(0, n);
  }),
  REGISTRE_PAUSE_SEKUNDER: sekunder(15),
  ENHETSREGISTERET_OPPDATERING_SEKUNDER: sekunder(60, 1000),
};

/** The `sender` role: e-mail, the Hub puller, retention and webhook deliveries. */
const sender = {
  SMTP_URL: tekst,
  EPOST_AVSENDER: tekst,
  EPOST_FANGER_PORT: antall(0, 0),
  EPOST_SAMLEVINDU_SEKUNDER: sekunder(30),
  EPOST_MAKS_FORSOEK: antall(8),
  EPOST_VENTETID_SEKUNDER: sekunder(30),
  EPOST_NEDE_VARSEL_SEKUNDER: sekunder(15 * 60),
  EPOST_POLL_SEKUNDER: sekunder(1),
  EPOST_SMTP_TIDSAVBRUDD_SEKUNDER: sekunder(20, 100),
  EPOST_LEIE_SEKUNDER: sekunder(120),
  HUB_HENTING: bryter(true),
  HUB_URL: tekst,
  HUB_KLIENTSERTIFIKAT: tekst,
  HUB_KLIENTNOEKKEL: tekst,
  HUB_KLIENTNOEKKEL_PASSORD: valgfri,
  HUB_CA: tekst,
  HUB_UTVIKLING_PORT: port,
  HUB_INTERVALL_SEKUNDER: valgfrieSekunder,
  HUB_MAKS_PER_RUNDE: antall(50),
  HUB_LEIE_SEKUNDER: sekunder(300),
  HUB_TIDSAVBRUDD_SEKUNDER: sekunder(30, 100),
  OPPRYDDING: bryter(true),
  OPPRYDDING_INTERVALL_SEKUNDER: sekunder(600, 1000),
  OPPRYDDING_BATCH: antall(500),
  OPPRYDDING_MAKS_BATCHER: antall(20),
  OPPRYDDING_LEIE_SEKUNDER: sekunder(300, 5000),
  OPPRYDDING_DAGER_HENDELSER: dager(90),
  OPPRYDDING_DAGER_WEBHOOK: dager(30),
  OPPRYDDING_DAGER_EPOST: dager(30),
  OPPRYDDING_DAGER_SERTIFIKATVARSLER: dager(400),
  OPPRYDDING_DAGER_SESJONER: dager(7),
  OPPRYDDING_DAGER_GRENSER: dager(1),
  OPPRYDDING_DAGER_HUB: dager(90),
  WEBHOOK_POLL_SEKUNDER: sekunder(1),
  WEBHOOK_TIDSAVBRUDD_SEKUNDER: sekunder(5, 100),
  WEBHOOK_MAKS_FORSOEK: antall(10),
  WEBHOOK_VENTETID_SEKUNDER: sekunder(30),
  WEBHOOK_PAUSE_ETTER: antall(20),
};

/**
 * The rate-limit overrides GRENSE_<NAVN> (web and api, ADR 026) as written, and a warning for each that cannot
 * be read (its limit keeps its default). Their names are not known in advance, so they come from the variables
 * the object does not name.
 */
function grenser(env: Record<string, unknown>): { verdier: Record<string, string>; advarsler: string[] } {
  const verdier: Record<string, string> = {};
  const advarsler: string[] = [];
  for (const [navn, verdi] of Object.entries(env)) {
    if (!navn.startsWith("GRENSE_") || typeof verdi !== "string" || !satt(verdi)) continue;
    if (lesGrenseverdi(verdi)) verdier[navn] = verdi.trim();
    else
      advarsler.push(
        `${navn}=${verdi} kan ikke leses (bruk antall eller antall/sekunder); bruker standarden.`,
      );
  }
  return { verdier, advarsler };
}

const variabler = { ...felles, ...web, ...api, ...registre, ...sender };
type Variabler = z.output<z.ZodObject<typeof variabler>>;

/** The environment read: every variable named above, and GRENSER from the GRENSE_* ones. */
export type Miljo = Variabler & { GRENSER: ReturnType<typeof grenser> };

/** Every variable read; the other variables (GRENSE_*) pass as text for `grenser`. */
export const variabelSkjema = z.object(variabler).catchall(tekst);

/** The GRENSE_* overrides from the read environment, beside the named variables. */
export const medGrenser = (m: Variabler & Record<string, unknown>): Miljo => {
  const ut: Record<string, unknown> = {};
  for (const navn of Object.keys(variabler)) ut[navn] = m[navn];
  return { ...(ut as Variabler), GRENSER: grenser(m) };
};

/** The names of the variables the schema reads (README's table names each: server/konfig/konfig.test.ts). */
export const VARIABELNAVN = Object.keys(variabler);
