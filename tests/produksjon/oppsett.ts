// The production shape on one machine (issue 26 point 6): compose.yaml read and run as processes of the compiled
// build with NODE_ENV=production against a PostgreSQL server — the migration step, two `api`, two `web` behind
// this file's own TLS round-robin proxy, one `sender` (which pulls from the ePhyto Hub), the development mail
// catcher, the development Altinn and Enhetsregisteret, the development Maskinporten (behind this file's TLS; one
// for the systems' clients and the service's own) and the development ePhyto Hub (compose's staging profile) and
// the development ID-porten, each its own process. Compose's secrets (/run/secrets/<name>) are the files its top
// level names. Compose's service names become local
// addresses (postgres:5432 → the test server, api:3000 → a round-robin over the two api processes, …); every
// ${…} in the file is filled from VARIABLER below, so a variable a role needs that compose.yaml lacks makes the
// process refuse to start, and the test fails.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportJWK, generateKeyPair } from "jose";
import pg from "pg";
import selfsigned from "selfsigned";
import { parse } from "yaml";

const ROT = path.resolve(import.meta.dirname, "../..");

interface ComposeTjeneste {
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  deploy?: { replicas?: number };
  profiles?: string[];
  build?: { context?: string; target?: string };
  image?: string;
}

function lesComposeFil(): {
  services: Record<string, ComposeTjeneste>;
  secrets?: Record<string, { file?: string }>;
} {
  return parse(readFileSync(path.join(ROT, "compose.yaml"), "utf8"), { merge: true });
}

export function lesCompose(): Record<string, ComposeTjeneste> {
  return lesComposeFil().services;
}

/** Compose's interpolation: ${VAR}, ${VAR:-standard}, ${VAR-standard}, ${VAR:?feil}, ${VAR?feil}, $$. */
export function fyllInn(tekst: string, variabler: Record<string, string | undefined>): string {
  return tekst.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g, (helt, navn, tegn, resten) => {
    if (helt === "$$") return "$";
    const verdi = variabler[navn as string];
    const tom = verdi === undefined || (tegn?.startsWith(":") && verdi === "");
    if (!tom) return verdi as string;
    if (tegn?.endsWith("?")) throw new Error(`compose.yaml krever ${navn}${resten ? `: ${resten}` : ""}`);
    if (tegn?.endsWith("-")) return resten as string;
    return "";
  });
}

/**
 * A free port on 127.0.0.1: from PRODUKSJON_PORTER ("3162-3169", a range of one's own on a shared machine) while it
 * lasts, then one the system picks. The system picks from its ephemeral range, which holds the test PostgreSQL
 * servers' ports (scripts/postgres-test.sh, 54329 and its neighbours): those are skipped, so a server stopped for
 * a moment never finds its port taken by this test.
 */
const EGNE_PORTER = /^(\d+)-(\d+)$/.exec(process.env.PRODUKSJON_PORTER ?? "");
let nesteEgne = EGNE_PORTER ? Number(EGNE_PORTER[1]) : 0;

async function bind(port: number): Promise<number | undefined> {
  const s = net.createServer();
  const ok = await new Promise<boolean>((r) => {
    s.once("error", () => r(false));
    s.listen(port, "127.0.0.1", () => r(true));
  });
  if (!ok) return undefined;
  const valgt = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return valgt;
}

export async function ledigPort(): Promise<number> {
  while (EGNE_PORTER && nesteEgne <= Number(EGNE_PORTER[2])) {
    const port = await bind(nesteEgne++);
    if (port !== undefined) return port;
  }
  for (;;) {
    const port = await bind(0);
    if (port !== undefined && (port < 54_300 || port > 54_999)) return port;
  }
}

export interface Prosess {
  navn: string;
  port: number;
  url: string;
  /** The process's output, line by line (the JSON log lines parsed where they are JSON). */
  linjer: string[];
  logg(): Record<string, unknown>[];
  barn: ChildProcess;
  /** SIGTERM and wait (or SIGKILL with `drep`). */
  stopp(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts the same command with the same environment again. */
  startIgjen(): Promise<void>;
}

function startProsess(navn: string, kommando: string[], env: Record<string, string>, port: number): Prosess {
  const linjer: string[] = [];
  const p: Prosess = {
    navn,
    port,
    url: `http://127.0.0.1:${port}`,
    linjer,
    logg: () =>
      linjer.flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    barn: undefined as unknown as ChildProcess,
    async stopp(signal = "SIGTERM") {
      if (p.barn.exitCode !== null || p.barn.signalCode !== null) return p.barn.exitCode;
      const slutt = new Promise<number | null>((r) => p.barn.once("exit", (kode) => r(kode)));
      p.barn.kill(signal);
      return slutt;
    },
    async startIgjen() {
      kjoer();
      await vent(() => lever(p), `${navn} startet ikke igjen`);
    },
  };
  const kjoer = () => {
    const [program, ...argumenter] = kommando;
    p.barn = spawn(program === "node" ? process.execPath : (program as string), argumenter, {
      cwd: ROT,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let rest = "";
    const les = (d: Buffer) => {
      rest += d.toString();
      const deler = rest.split("\n");
      rest = deler.pop() ?? "";
      linjer.push(...deler.filter(Boolean));
    };
    p.barn.stdout?.on("data", les);
    p.barn.stderr?.on("data", les);
  };
  kjoer();
  return p;
}

async function lever(p: Prosess): Promise<boolean> {
  if (p.barn.exitCode !== null)
    throw new Error(`${p.navn} avsluttet (${p.barn.exitCode}):\n${p.linjer.join("\n")}`);
  try {
    return (await fetch(`${p.url}/healthz`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

async function klar(p: Prosess): Promise<boolean> {
  if (!(await lever(p))) return false;
  try {
    return (await fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(1500) })).ok;
  } catch {
    return false;
  }
}

export async function vent(sjekk: () => Promise<boolean> | boolean, hva: string, ms = 90_000): Promise<void> {
  const frist = Date.now() + ms;
  while (Date.now() < frist) {
    if (await sjekk()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Tidsavbrudd: ${hva}`);
}

/**
 * A round-robin reverse proxy; `https` terminates TLS as the load balancer does. A header may pin a backend.
 * Like compose's service address (Docker drops a dead container from its DNS) and any load balancer with
 * health checks, a backend that refuses the connection is skipped: the request never reached it, so trying the
 * next one is always safe. A backend that dies with the request in flight gives 502, as a real one does.
 */
async function lastbalanserer(
  maal: () => string[],
  opts: { https?: { key: string; cert: string }; festHode?: string; port?: number },
): Promise<{ port: number; close(): Promise<void> }> {
  let neste = 0;
  const handler = async (inn: http.IncomingMessage, ut: http.ServerResponse) => {
    const adresser = maal();
    const fest = opts.festHode ? Number(inn.headers[opts.festHode]) : Number.NaN;
    const festet = Number.isInteger(fest) && fest >= 1;
    const foerste = festet ? fest - 1 : neste++;
    const deler: Buffer[] = [];
    for await (const del of inn) deler.push(del as Buffer);
    const kropp = Buffer.concat(deler);
    const forsoek = (n: number) => {
      const mål = new URL(adresser[(foerste + n) % adresser.length] as string);
      const videre = http.request(
        {
          host: mål.hostname,
          port: mål.port,
          method: inn.method,
          path: inn.url,
          headers: {
            ...inn.headers,
            "x-forwarded-for": inn.socket.remoteAddress ?? "",
            "x-forwarded-proto": opts.https ? "https" : "http",
          },
        },
        (svar) => {
          ut.writeHead(svar.statusCode ?? 502, svar.headers);
          svar.pipe(ut);
        },
      );
      videre.on("error", (feil: NodeJS.ErrnoException) => {
        if (feil.code === "ECONNREFUSED" && !festet && n + 1 < adresser.length) return forsoek(n + 1);
        if (!ut.headersSent) ut.writeHead(502, { "content-type": "text/plain" });
        ut.end("Bakenden svarte ikke");
      });
      videre.end(kropp);
    };
    forsoek(0);
  };
  const server = opts.https
    ? https.createServer(opts.https, (i, u) => void handler(i, u))
    : http.createServer((i, u) => void handler(i, u));
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", () => r()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** A development Hub process's directory: its CA and the client certificates it makes (dev/hub/prosess.ts). */
export interface HubProsess extends Prosess {
  mappe: string;
}

export interface Produksjonsform {
  /** The app as the browser sees it: https through the load balancer. */
  appUrl: string;
  /** The API as the Hub and the authority reach it: round robin over the api processes. */
  apiUrl: string;
  api: Prosess[];
  web: Prosess[];
  sender: Prosess;
  fanger: Prosess;
  idporten: Prosess;
  /**
   * The development Maskinporten: its issuer (https, behind the test's TLS), its token endpoint (straight to the
   * process) and the clients' file it reads on every token request (where a test registers its client).
   */
  maskinporten: { issuer: string; tokenEndepunkt: string; klientfil: string };
  /** The development ePhyto Hub (compose's staging service `hub`), which the sender pulls from. */
  hub: HubProsess;
  /** The development Altinn and Enhetsregisteret (compose's `registre`). */
  registre: Prosess;
  /** The service's database, for the test's checks. */
  db: pg.Pool;
  variabler: Record<string, string>;
  stopp(): Promise<void>;
}

/** The values compose.yaml asks for, as an operator would set them (test secrets, not the development ones). */
async function variabler(
  appUrl: string,
  issuer: string,
  maskinporten: string,
  hubMappe: string,
): Promise<Record<string, string>> {
  // The service's own Maskinporten client (ADR 042): its key, as the operator would have it.
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const noekkel = { ...(await exportJWK(privateKey)), kid: "produksjonsform-1", alg: "RS256" };
  return {
    // The staging Hub (compose's `hub`) and the certificates it makes in its directory.
    HUB_URL: "https://hub:4443/hub/DeliveryService",
    HUB_KLIENTSERTIFIKAT_FIL: path.join(hubMappe, "klient-NO.pem"),
    HUB_KLIENTNOEKKEL_FIL: path.join(hubMappe, "klient-NO-key.pem"),
    HUB_CA: path.join(hubMappe, "ca.pem"),
    API_AUDIENCE: "https://forhaandsmelding.test/import",
    ALTINN_URL: "http://registre:3500/altinn",
    ENHETSREGISTERET_URL: "http://registre:3500/enhetsregisteret",
    // The service's own client gets its token from the one development Maskinporten (compose's `maskinporten`).
    MASKINPORTEN_URL: maskinporten,
    ALTINN_RESSURS: "mattilsynet-forhaandsmelding-produksjonsform",
    ALTINN_ABONNEMENTSNOEKKEL: randomBytes(16).toString("hex"),
    MASKINPORTEN_KLIENT_ID: "forhaandsmelding-produksjonsform",
    MASKINPORTEN_KLIENT_NOEKKEL: JSON.stringify(noekkel),
    POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
    APP_URL: appUrl,
    APP_HOST: new URL(appUrl).host,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: "forhaandsmelding-produksjonsform",
    OIDC_CLIENT_SECRET: randomBytes(24).toString("hex"),
    HUB_API_KEY: `hub-${randomBytes(24).toString("hex")}`,
    // The development Maskinporten as a process of its own behind this file's TLS (compose's staging profile).
    MASKINPORTEN_ISSUER: maskinporten,
    MASKINPORTEN_JWKS_URI: `${maskinporten}/jwks`,
    WEBHOOK_NOEKKEL: randomBytes(32).toString("hex"),
    SMTP_URL: "smtp://epost:1025",
    EPOST_AVSENDER: "Digital forhåndsmelding <ikke-svar@forhaandsmelding.test>",
  };
}

export async function startProsessene(serverUrl: string): Promise<Produksjonsform> {
  const tjenester = lesCompose();
  const stoppes: (() => Promise<unknown>)[] = [];
  const stopp = async () => {
    for (const s of stoppes.splice(0).reverse()) await s().catch(() => undefined);
  };
  try {
    const proxyPort = await ledigPort();
    const appUrl = `https://localhost:${proxyPort}`;
    const idpPort = await ledigPort();
    const issuer = `http://127.0.0.1:${idpPort}/idporten`;
    const mpTlsPort = await ledigPort();
    const maskinportenIssuer = `https://127.0.0.1:${mpTlsPort}/maskinporten`;
    const hubMappe = mkdtempSync(path.join(tmpdir(), "produksjonsform-hub-"));
    stoppes.push(async () => rmSync(hubMappe, { recursive: true, force: true }));
    const v = await variabler(appUrl, issuer, maskinportenIssuer, hubMappe);
    // One certificate for the test's TLS (the web load balancer, Maskinporten; localhost and 127.0.0.1), which
    // the api processes trust.
    const { private: key, cert } = await selfsigned.generate([{ name: "commonName", value: "localhost" }], {
      keySize: 2048,
      algorithm: "sha256",
    });
    const certMappe = mkdtempSync(path.join(tmpdir(), "produksjonsform-"));
    const certFil = path.join(certMappe, "localhost.pem");
    writeFileSync(certFil, cert);
    stoppes.push(async () => rmSync(certMappe, { recursive: true, force: true }));

    // PostgreSQL as compose's postgres service makes it: the database and its owner.
    const server = new URL(serverUrl);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query("drop database if exists forhaandsmelding with (force)");
    await admin.query("drop role if exists forhaandsmelding");
    await admin.query(`create role forhaandsmelding login password '${v.POSTGRES_PASSWORD}'`);
    await admin.query("create database forhaandsmelding owner forhaandsmelding");
    await admin.end();
    stoppes.push(async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query("drop database if exists forhaandsmelding with (force)");
      await c.query("drop role if exists forhaandsmelding");
      await c.end();
    });

    // Where compose's names are on this machine.
    const adresser = new Map<string, string>([
      [`postgres:5432`, `${server.hostname}:${server.port || 5432}`],
    ]);
    const lokal = (verdi: string) =>
      verdi.replace(
        /\b([a-z][\w-]*):(\d+)\b/g,
        (helt, navn, port) => adresser.get(`${navn}:${port}`) ?? helt,
      );
    // Compose's secrets: a service reads /run/secrets/<name>, which is the file the top level names.
    const hemmeligheter = lesComposeFil().secrets ?? {};
    const hemmelig = (verdi: string) =>
      verdi.replace(/^\/run\/secrets\/([\w-]+)$/, (helt, navn: string) => {
        const fil = hemmeligheter[navn]?.file;
        return fil ? fyllInn(fil, v) : helt;
      });
    const miljoe = (navn: string, ekstra: Record<string, string>): Record<string, string> => {
      const env: Record<string, string> = {};
      for (const [k, verdi] of Object.entries(tjenester[navn]?.environment ?? {})) {
        env[k] = hemmelig(lokal(fyllInn(String(verdi ?? ""), v)));
      }
      return { NODE_ENV: "production", ...env, HOST: "127.0.0.1", ...ekstra };
    };
    const kommando = (navn: string) => {
      const k = tjenester[navn]?.command;
      if (!k) throw new Error(`compose.yaml: tjenesten ${navn} mangler command`);
      return k.map((del) => fyllInn(del, v));
    };

    // The migration step, run to its end (compose: migrer, before every other service).
    const migrer = startProsess("migrer", kommando("migrer"), miljoe("migrer", {}), 0);
    const kode = await new Promise<number | null>((r) => migrer.barn.once("exit", r));
    if (kode !== 0) throw new Error(`Migreringen feilet:\n${migrer.linjer.join("\n")}`);
    // Demo data: what a staging database would hold (a development command, not a role of the service).
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        ["build/demo/seed.js"],
        {
          cwd: ROT,
          env: {
            PATH: process.env.PATH ?? "",
            NODE_ENV: "development",
            DATABASE_URL: lokal(fyllInn(String(tjenester.migrer?.environment?.DATABASE_URL), v)),
          },
        },
        (feil, ut, err) => (feil ? reject(new Error(`${feil.message}\n${ut}\n${err}`)) : resolve()),
      ),
    );

    // The mail catcher (compose's staging profile), holding each message a second like a slow relay.
    const fangerSmtp = await ledigPort();
    const fangerPort = await ledigPort();
    adresser.set("epost:1025", `127.0.0.1:${fangerSmtp}`);
    adresser.set("epost:3400", `127.0.0.1:${fangerPort}`);
    const fanger = startProsess(
      "epost",
      kommando("epost"),
      miljoe("epost", {
        PORT: String(fangerPort),
        EPOST_FANGER_PORT: String(fangerSmtp),
        EPOST_FANGER_FORSINKELSE_MS: "1000",
      }),
      fangerPort,
    );
    stoppes.push(() => fanger.stopp());

    // The development ID-porten, its own process; it knows the web app as its one client.
    const idporten = startProsess(
      "idporten",
      ["node", "build/demo/idporten.js"],
      {
        NODE_ENV: "development",
        PORT: String(idpPort),
        HOST: "127.0.0.1",
        IDPORTEN_ISSUER: issuer,
        OIDC_CLIENT_ID: v.OIDC_CLIENT_ID as string,
        OIDC_CLIENT_SECRET: v.OIDC_CLIENT_SECRET as string,
        OIDC_REDIRECT_URI: `${appUrl}/oauth2/callback/idporten`,
        OIDC_POST_LOGOUT_REDIRECT_URI: `${appUrl}/utlogget`,
        API_AUDIENCE: v.API_AUDIENCE as string,
      },
      idpPort,
    );
    stoppes.push(() => idporten.stopp());
    // The development Maskinporten (compose's staging profile), its own process behind TLS: the api processes
    // verify machine tokens against its JWKS over https, as against Maskinporten's (ADR 035, ADR 045).
    const mpPort = await ledigPort();
    const maskinportenKlienter = path.join(certMappe, "maskinporten-klienter.json");
    const maskinporten = startProsess(
      "maskinporten",
      kommando("maskinporten"),
      miljoe("maskinporten", { PORT: String(mpPort), MASKINPORTEN_DEV_KLIENTER: maskinportenKlienter }),
      mpPort,
    );
    stoppes.push(() => maskinporten.stopp());
    adresser.set("maskinporten:3500", `127.0.0.1:${mpPort}`);
    const mpLb = await lastbalanserer(() => [maskinporten.url], { https: { key, cert }, port: mpTlsPort });
    stoppes.push(() => mpLb.close());

    // The development Altinn and Enhetsregisteret (compose's staging profile), their own process; Altinn fetches
    // Maskinporten's keys over https as the api processes do (the test's certificate authority).
    const registrePort = await ledigPort();
    adresser.set("registre:3500", `127.0.0.1:${registrePort}`);
    const registre = startProsess(
      "registre",
      kommando("registre"),
      miljoe("registre", { PORT: String(registrePort), NODE_EXTRA_CA_CERTS: certFil }),
      registrePort,
    );
    stoppes.push(() => registre.stopp());
    await Promise.all([
      vent(() => lever(fanger), "e-postfangeren"),
      vent(() => lever(idporten), "ID-porten"),
      vent(() => lever(maskinporten), "Maskinporten"),
      vent(() => lever(registre), "Altinn og Enhetsregisteret"),
    ]);

    // The import API, as many as compose's replicas, behind a round robin (compose's name `api`).
    const api: Prosess[] = [];
    for (let i = 0; i < (tjenester.api?.deploy?.replicas ?? 1); i++) {
      const port = await ledigPort();
      api.push(
        startProsess(
          `api-${i + 1}`,
          kommando("api"),
          // The test's own certificate authority for Maskinporten's https (not part of compose.yaml).
          miljoe("api", {
            PORT: String(port),
            METRICS_PORT: String(await ledigPort()),
            NODE_EXTRA_CA_CERTS: certFil,
          }),
          port,
        ),
      );
    }
    for (const p of api) stoppes.push(() => p.stopp());
    const apiLb = await lastbalanserer(() => api.map((p) => p.url), {});
    stoppes.push(() => apiLb.close());
    adresser.set("api:3000", `127.0.0.1:${apiLb.port}`);
    await Promise.all(api.map((p) => vent(() => klar(p), `${p.navn} ble ikke klar`)));

    // The web app: every service compose builds from the `x-web` block (web-1, web-2), behind TLS.
    const web: Prosess[] = [];
    for (const navn of Object.keys(tjenester).filter((n) => /^web-\d+$/.test(n))) {
      const port = await ledigPort();
      // The test's load balancer is on loopback, compose's on the private network (TRUST_PROXY there).
      const ekstra = { PORT: String(port), METRICS_PORT: String(await ledigPort()), TRUST_PROXY: "loopback" };
      web.push(startProsess(navn, kommando(navn), miljoe(navn, ekstra), port));
    }
    for (const p of web) stoppes.push(() => p.stopp());
    const webLb = await lastbalanserer(() => web.map((p) => p.url), {
      https: { key, cert },
      festHode: "x-test-web",
      port: proxyPort,
    });
    stoppes.push(() => webLb.close());
    await Promise.all(web.map((p) => vent(() => klar(p), `${p.navn} ble ikke klar`)));

    // The development ePhyto Hub (compose's staging service `hub`), its own process: TLS with client certificates.
    const hubTls = await ledigPort();
    const hubHelse = await ledigPort();
    adresser.set("hub:4443", `127.0.0.1:${hubTls}`);
    const hub: HubProsess = Object.assign(
      startProsess(
        "hub",
        kommando("hub"),
        miljoe("hub", {
          PORT: String(hubHelse),
          HUB_UTVIKLING_PORT: String(hubTls),
          HUB_UTVIKLING_MAPPE: hubMappe,
        }),
        hubHelse,
      ),
      { mappe: hubMappe },
    );
    stoppes.push(() => hub.stopp());
    // Up, with Norway's client certificate made (the sender's secrets are those files).
    await vent(async () => (await lever(hub)) && existsSync(v.HUB_KLIENTNOEKKEL_FIL as string), "huben");

    // The sender.
    const senderPort = await ledigPort();
    const sender = startProsess(
      "sender",
      kommando("sender"),
      miljoe("sender", {
        PORT: String(senderPort),
        METRICS_PORT: String(await ledigPort()),
        // Short waits so the test sees batching, a stopped sender's lease and retries within seconds.
        EPOST_SAMLEVINDU_SEKUNDER: "1",
        EPOST_POLL_SEKUNDER: "0.2",
        EPOST_SMTP_TIDSAVBRUDD_SEKUNDER: "5",
        EPOST_LEIE_SEKUNDER: "15",
        // The Hub twice a second, and a short lease, so a killed sender's successor pulls within seconds.
        HUB_INTERVALL_SEKUNDER: "0.5",
        HUB_LEIE_SEKUNDER: "6",
        HUB_TIDSAVBRUDD_SEKUNDER: "2",
      }),
      senderPort,
    );
    stoppes.push(() => sender.stopp());
    await vent(() => klar(sender), "senderen ble ikke klar");

    const db = new pg.Pool({
      connectionString: lokal(fyllInn(String(tjenester.migrer?.environment?.DATABASE_URL), v)),
      max: 2,
    });
    stoppes.push(() => db.end());
    return {
      appUrl,
      apiUrl: `http://127.0.0.1:${apiLb.port}`,
      api,
      web,
      sender,
      fanger,
      idporten,
      maskinporten: {
        issuer: maskinportenIssuer,
        tokenEndepunkt: `${maskinporten.url}/maskinporten/token`,
        klientfil: maskinportenKlienter,
      },
      hub,
      registre,
      db,
      variabler: v,
      stopp,
    };
  } catch (e) {
    await stopp();
    throw e;
  }
}
