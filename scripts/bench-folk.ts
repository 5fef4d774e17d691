// How many people the production shape serves (issue 35 item 3), part of `npm run bench`: the compiled build
// as compose.yaml runs it — the web role alone in one process, the api role with the sender in another, one
// PostgreSQL server (bench-prosesser.ts), and compose's staging stand-ins (ID-porten, Altinn and Enhetsregisteret,
// the mail catcher) as processes of the demo build — and N people,
// each logged in through the real login flow (its own session and its own address, as the load balancer's
// X-Forwarded-For gives them), browsing home, the certificate list, a certificate, the notification list and a
// notification with 3–7 s of thought between pages, for two minutes, at 100, 300 and 600 people. The pages'
// HTML only: a browser has the build's assets cached (immutable, a year). Prints requests/s, percentiles,
// errors, and each process's CPU per request and memory, so the next bottleneck is visible.
// Alone: `npx tsx scripts/bench-folk.ts [100,300,600]`.
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Agent, type Dispatcher, request } from "undici";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { nullstillPgStatements, pgStatementsPerForespoersel } from "./bench-folk-pg";
import {
  type BenchPostgres,
  type BenchProsess,
  benchPostgres,
  MYNDIGHET_UTEN_TOKEN,
  maskinLast,
  nyBenchDatabase,
  persentil,
  prosessCpuMs,
  prosessRssMb,
  startBygg,
  startRegistre,
  tabell,
  ventPaa,
} from "./bench-prosesser";

export const FOLK = (process.env.BENCH_FOLK ?? "100,300,600").split(",").map(Number);
export const FOLK_SEKUNDER = Number(process.env.BENCH_FOLK_SEKUNDER ?? 120);
/** Seconds with everyone logged in and nobody browsing before each level: the processes' CPU at rest. */
const STILLE_SEKUNDER = Number(process.env.BENCH_FOLK_STILLE ?? 10);
const TENKETID_MS = [3000, 7000] as const;
/** Goal (issue 35): at 600 people, 0 errors, p95 ≤ 300 ms, p99 ≤ 1 s. */
export const MAAL = { p95: 300, p99: 1000 };
const PORT = Number(process.env.BENCH_FOLK_PORT ?? 3200);
/**
 * Web processes in the second shape (compose.yaml runs two behind the load balancer): after the levels with one,
 * the last level again with this many, the same people spread over them request by request as a round-robin
 * balancer does (their sessions are rows in PostgreSQL). 1: only the one-web levels.
 */
const FOLK_WEB = Number(process.env.BENCH_FOLK_WEB ?? 2);

/** The processes of the production shape, on a fresh database. */
export interface Produksjonsform {
  web: BenchProsess;
  /** The web's public address (APP_URL, https), as the load balancer in front of it has it. */
  offentlig: string;
  api: BenchProsess;
  idporten: BenchProsess;
  /** The bench database's address. */
  database: string;
  /** Starts another web process on `port` (stopped with the rest), with `ekstra` settings. */
  startWeb(port: number, ekstra?: Record<string, string>): Promise<BenchProsess>;
  stopp(): Promise<void>;
}

export async function startProduksjonsform(server: BenchPostgres, port = PORT): Promise<Produksjonsform> {
  const database = await nyBenchDatabase(server.url);
  const [webPort, apiPort, idpPort] = [port, port + 1, port + 2];
  // the load balancer's address (compose: TLS in front of the web processes); requests go to the web process
  // itself with X-Forwarded-Proto, as from the load balancer (Person)
  const web = `https://127.0.0.1:${webPort}`;
  const issuer = `http://127.0.0.1:${idpPort}/idporten`;
  const audience = "https://forhaandsmelding.bench/import";
  const klient = {
    OIDC_CLIENT_ID: "forhaandsmelding-bench",
    OIDC_CLIENT_SECRET: randomBytes(24).toString("hex"),
  };
  const prosesser: BenchProsess[] = [];
  const stopp = async () => {
    for (const p of prosesser.reverse()) await p.stopp();
    await database.slett();
  };
  try {
    const idporten = startBygg(
      "idporten",
      "demo/idporten",
      {
        NODE_ENV: "development",
        IDPORTEN_ISSUER: issuer,
        ...klient,
        OIDC_REDIRECT_URI: `${web}/oauth2/callback/idporten`,
        OIDC_POST_LOGOUT_REDIRECT_URI: `${web}/utlogget`,
        API_AUDIENCE: audience,
      },
      idpPort,
    );
    prosesser.push(idporten);
    await ventPaa(idporten, "/healthz");
    const registre = await startRegistre(port + 5);
    prosesser.push(registre.prosess);
    // compose's staging mail catcher, for the sender's alerts
    const fanger = startBygg(
      "epost",
      "demo/epostfanger",
      { NODE_ENV: "development", DATABASE_URL: database.url, EPOST_FANGER_PORT: String(port + 7) },
      port + 6,
    );
    prosesser.push(fanger);
    await ventPaa(fanger, "/healthz");
    // compose.yaml's api and web in production mode (no DEMO_MODE: no stand-in inside, ADR 043);
    // every external party is configured as in production (OIDC_ISSUER, DATABASE_URL, Altinn and
    // Enhetsregisteret, SMTP), so no stand-in runs inside them.
    const felles = {
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      DB_MIGRER_VED_OPPSTART: "false",
      LOG_LEVEL: "info",
      OIDC_ISSUER: issuer,
      API_AUDIENCE: audience,
      SESSION_SECRET: randomBytes(32).toString("hex"),
    };
    const api = startBygg(
      "api",
      "drift/server",
      {
        ...felles,
        ...registre.env,
        ROLES: "api,sender",
        APP_URL: web,
        SMTP_URL: `smtp://127.0.0.1:${port + 7}`,
        EPOST_AVSENDER: "ikke-svar@bench.example",
        METRICS_PORT: String(port + 3),
        HUB_API_KEY: randomBytes(24).toString("hex"),
        // the sender's Hub pull is not part of browsing (and there is no Hub here): the relay shape (ADR 044)
        HUB_HENTING: "av",
        ...MYNDIGHET_UTEN_TOKEN,
        WEBHOOK_NOEKKEL: randomBytes(32).toString("hex"),
      },
      apiPort,
      // BENCH_PROFIL=DIR: the api process's CPU profile (node --cpu-prof; scripts/cpu-profil.ts reads it)
      process.env.BENCH_PROFIL ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFIL}`] : [],
    );
    prosesser.push(api);
    await ventPaa(api);
    // another web process of the same shape (a second instance behind the load balancer), with `ekstra` settings
    const startWeb = async (webPort: number, ekstra: Record<string, string> = {}) => {
      const p = startBygg(
        "web",
        "drift/server",
        {
          ...felles,
          ...klient,
          OIDC_RESOURCE: audience,
          ROLES: "web",
          APP_URL: web,
          TRUST_PROXY: "loopback",
          IMPORT_API_URL: api.url,
          ...ekstra,
        },
        webPort,
        // BENCH_PROFIL=DIR: the web process's CPU profile too (web-<port>.cpuprofile)
        process.env.BENCH_PROFIL
          ? [
              "--cpu-prof",
              `--cpu-prof-dir=${process.env.BENCH_PROFIL}`,
              `--cpu-prof-name=web-${webPort}.cpuprofile`,
            ]
          : [],
      );
      prosesser.push(p);
      await ventPaa(p);
      return p;
    };
    const webProsess = await startWeb(webPort, { METRICS_PORT: String(port + 4) });
    return { web: webProsess, offentlig: web, api, idporten, database: database.url, startWeb, stopp };
  } catch (e) {
    await stopp();
    throw e;
  }
}

/** One keep-alive pool for every simulated person (undici: cheap on the generator's share of the cores). */
const agent = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });

/** A person: a session cookie jar and an address of its own. */
export class Person {
  private cookies = new Map<string, string>();
  readonly adresse: string;
  /** Requests this person has sent to the web process. */
  tilWeb = 0;
  /** What its Accept-Encoding offers (a browser's: brotli and gzip). */
  koding = "gzip, br";
  /** The web process for the next request when several share the load (a balancer's choice); else `web`. */
  fordeling?: () => string;
  constructor(
    /** The web process, and its public address (Produksjonsform). */
    readonly web: string,
    readonly offentlig: string,
    nr: number,
  ) {
    this.adresse = `10.${(nr >> 16) & 255}.${(nr >> 8) & 255}.${nr & 255}`;
  }

  /** The same person (its cookies, its address) at another web process of the shape. */
  hos(web: string): Person {
    const kopi = new Person(web, this.offentlig, 0);
    (kopi as { adresse: string }).adresse = this.adresse;
    kopi.cookies = new Map(this.cookies);
    kopi.koding = this.koding;
    return kopi;
  }

  /** One request (no redirects followed); the body read to the end. */
  async hent(adresse: string, init: { method?: "GET" | "POST"; skjema?: Record<string, string> } = {}) {
    const web = this.fordeling?.() ?? this.web;
    const url = adresse.startsWith(this.offentlig)
      ? web + adresse.slice(this.offentlig.length)
      : adresse.startsWith(this.web)
        ? web + adresse.slice(this.web.length)
        : adresse;
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "accept-encoding": this.koding,
      "user-agent": "forhaandsmelding-bench",
    };
    if (url.startsWith(web)) {
      this.tilWeb += 1;
      headers["x-forwarded-for"] = this.adresse;
      headers["x-forwarded-proto"] = "https";
    }
    let body: string | undefined;
    if (init.skjema) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = this.offentlig;
      body = new URLSearchParams(init.skjema).toString();
    }
    const res = await request(url, {
      method: init.method ?? "GET",
      headers,
      body,
      dispatcher: agent as Dispatcher,
    });
    const satt = res.headers["set-cookie"];
    for (const c of typeof satt === "string" ? [satt] : (satt ?? [])) {
      const [par] = c.split(";");
      const i = par?.indexOf("=") ?? -1;
      if (par && i > 0) this.cookies.set(par.slice(0, i), par.slice(i + 1));
    }
    // read to the end, as a browser would; unpacked only when the text is wanted (the generator's CPU)
    const kropp = Buffer.from(await res.body.arrayBuffer());
    const koding = res.headers["content-encoding"];
    const tekst = () =>
      (koding === "br"
        ? brotliDecompressSync(kropp)
        : koding === "gzip"
          ? gunzipSync(kropp)
          : kropp
      ).toString("utf8");
    const sted = res.headers.location;
    return {
      status: res.statusCode,
      tekst,
      sted: typeof sted === "string" ? new URL(sted, url).toString() : undefined,
    };
  }

  /** Follows redirects (GET) from `url`; the last answer and where it ended. */
  async foelg(url: string, init: Parameters<Person["hent"]>[1] = {}) {
    let svar = await this.hent(url, init);
    let sted = url;
    for (let i = 0; i < 10 && svar.sted; i++) {
      sted = svar.sted;
      svar = await this.hent(sted);
    }
    return { ...svar, url: sted };
  }

  /** The login flow: the app, ID-porten's person picker, the callback, and the organisation chosen. */
  async loggInn(): Promise<void> {
    const side = await this.foelg(`${this.web}/oauth2/authorization/idporten`);
    const handling = /<form method="post" action="([^"]+\/login)">/.exec(side.tekst())?.[1];
    if (!handling) throw new Error(`Fant ikke innloggingsskjemaet (${side.status})`);
    await this.foelg(new URL(handling, side.url).toString(), {
      method: "POST",
      skjema: { pid: DEMO_PERSONER[0]!.pid },
    });
    const velg = await this.foelg(`${this.web}/velg-virksomhet`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(velg.tekst())?.[1];
    if (!csrf) throw new Error(`Ikke innlogget (${velg.status} ${velg.url})`);
    const valgt = await this.foelg(`${this.web}/velg-virksomhet`, {
      method: "POST",
      skjema: { csrf, organisasjonsnummer: ORG.hagelandDrammen, returnTo: "/" },
    });
    if (valgt.status !== 200) throw new Error(`Valg av virksomhet svarte ${valgt.status}`);
  }
}

/** The pages people visit, in the order they visit them: home, the lists, a certificate and a notification. */
export async function sider(p: Person): Promise<string[][]> {
  const lenker = (html: string, moenster: RegExp) => [
    ...new Set([...html.matchAll(moenster)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"))),
  ];
  const sertifikater = lenker(
    (await p.hent(`${p.web}/sertifikater`)).tekst(),
    /href="(\/sertifikat\?[^"]+)"/g,
  );
  const meldinger = lenker(
    (await p.hent(`${p.web}/importmeldinger`)).tekst(),
    /href="(\/importmelding\/\d+[^"]*)"/g,
  );
  if (!sertifikater.length || !meldinger.length)
    throw new Error("Fant ingen sertifikater eller forhåndsmeldinger");
  return [["/"], ["/sertifikater"], sertifikater, ["/importmeldinger"], meldinger];
}

export interface FolkResultat {
  folk: number;
  sekunder: number;
  forespoersler: number;
  perSekund: number;
  feil: number;
  feilEksempler: string[];
  p50: number;
  p95: number;
  p99: number;
  maks: number;
  /** p95 per kind of page. */
  perSide: [string, number][];
  /** CPU ms per request of each process (and PostgreSQL's, the generator's); peak RSS MB. */
  cpu: { web: number; api: number; pg: number | undefined; generator: number };
  minne: { web: number; api: number };
  /**
   * Logging in the people new at this level: how long, whether every one got in, the web requests per login
   * and the web's and the api's CPU ms per login (before the browsing, so not in `cpu`).
   */
  innlogging: {
    antall: number;
    sekunder: number;
    feil: number;
    forespoersler: number;
    web: number;
    api: number;
  };
  /**
   * CPU ms per second of the web (all its processes) and the api process with everyone logged in and nobody
   * browsing, in the idle window's second half; `webFoerst`: the web's in its first half (right after the logins).
   */
  stille: { web: number; api: number; webFoerst: number };
  /** Web processes the people were spread over. */
  webProsesser: number;
  /** PostgreSQL's statements per request in the window (BENCH_FOLK_PG=1, bench-folk-pg.ts). */
  pgStatements: string[];
  last: string;
}

const tilfeldig = (fra: number, til: number) => fra + Math.random() * (til - fra);
const sov = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `folk` people (reusing the logged-in ones), browsing for `sekunder`. */
async function maalNivaa(
  form: Produksjonsform,
  server: BenchPostgres,
  personer: Person[],
  folk: number,
  sekunder: number,
  stier: string[][],
  webber: readonly BenchProsess[],
): Promise<FolkResultat> {
  const webCpu = () => webber.reduce((a, w) => a + prosessCpuMs(w.pid), 0);
  const nye = Array.from(
    { length: Math.max(0, folk - personer.length) },
    (_, i) => new Person(form.web.url, form.offentlig, personer.length + i + 1),
  );
  // a balancer's round robin over the web processes, request by request
  let runde = 0;
  const fordeling = webber.length > 1 ? () => webber[runde++ % webber.length]!.url : undefined;
  for (const p of [...personer, ...nye]) p.fordeling = fordeling;
  const startInn = performance.now();
  const innFoer = { web: webCpu(), api: prosessCpuMs(form.api.pid) };
  let innFeil = 0;
  let neste = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = neste++; i < nye.length; i = neste++) {
        try {
          await nye[i]!.loggInn();
        } catch {
          innFeil += 1;
        }
      }
    }),
  );
  const perInn = (x: number) => (nye.length ? x / nye.length : 0);
  const innlogging = {
    antall: nye.length,
    sekunder: (performance.now() - startInn) / 1000,
    feil: innFeil,
    forespoersler: perInn(nye.reduce((a, p) => a + p.tilWeb, 0)),
    web: perInn(webCpu() - innFoer.web),
    api: perInn(prosessCpuMs(form.api.pid) - innFoer.api),
  };
  personer.push(...nye);
  const halv = STILLE_SEKUNDER / 2;
  const stilleFoer = webCpu();
  await sov(halv * 1000);
  const stilleMidt = { web: webCpu(), api: prosessCpuMs(form.api.pid) };
  await sov(halv * 1000);
  const stille = {
    web: (webCpu() - stilleMidt.web) / halv,
    api: (prosessCpuMs(form.api.pid) - stilleMidt.api) / halv,
    webFoerst: (stilleMidt.web - stilleFoer) / halv,
  };
  await nullstillPgStatements(server.url);

  const tider: { ms: number; side: string }[] = [];
  const feilEksempler: string[] = [];
  let feil = 0;
  const minne = { web: 0, api: 0 };
  const maaler = setInterval(() => {
    minne.web = Math.max(minne.web, ...webber.map((w) => prosessRssMb(w.pid)));
    minne.api = Math.max(minne.api, prosessRssMb(form.api.pid));
  }, 1000);
  const foer = {
    web: webCpu(),
    api: prosessCpuMs(form.api.pid),
    pg: server.cpuMs(),
    gen: process.cpuUsage(),
  };
  const start = performance.now();
  const slutt = start + sekunder * 1000;
  const navn = ["hjem", "sertifikater", "sertifikat", "importmeldinger", "forhåndsmelding"];
  await Promise.all(
    personer.slice(0, folk).map(async (p, n) => {
      await sov(tilfeldig(0, TENKETID_MS[1]));
      for (let i = n; performance.now() < slutt; i++) {
        const valg = stier[i % stier.length]!;
        const sti = valg[Math.floor(Math.random() * valg.length)]!;
        const t = performance.now();
        try {
          const svar = await p.hent(`${p.web}${sti}`);
          tider.push({ ms: performance.now() - t, side: navn[i % stier.length]! });
          if (svar.status !== 200) {
            feil += 1;
            if (feilEksempler.length < 5) feilEksempler.push(`${sti} → ${svar.status}`);
          }
        } catch (e) {
          feil += 1;
          tider.push({ ms: performance.now() - t, side: navn[i % stier.length]! });
          if (feilEksempler.length < 5) feilEksempler.push(`${sti} → ${String(e)}`);
        }
        await sov(tilfeldig(...TENKETID_MS));
      }
    }),
  );
  const varighet = (performance.now() - start) / 1000;
  clearInterval(maaler);
  const gen = process.cpuUsage(foer.gen);
  const pg = server.cpuMs();
  const n = tider.length || 1;
  const sortert = tider.map((t) => t.ms).sort((a, b) => a - b);
  return {
    folk,
    sekunder: varighet,
    forespoersler: tider.length,
    perSekund: tider.length / varighet,
    feil,
    feilEksempler,
    p50: persentil(sortert, 50),
    p95: persentil(sortert, 95),
    p99: persentil(sortert, 99),
    maks: sortert.at(-1) ?? 0,
    perSide: navn.map((s) => [
      s,
      persentil(
        tider
          .filter((t) => t.side === s)
          .map((t) => t.ms)
          .sort((a, b) => a - b),
        95,
      ),
    ]),
    cpu: {
      web: (webCpu() - foer.web) / n,
      api: (prosessCpuMs(form.api.pid) - foer.api) / n,
      pg: pg === undefined || foer.pg === undefined ? undefined : (pg - foer.pg) / n,
      generator: (gen.user + gen.system) / 1000 / n,
    },
    minne,
    innlogging,
    stille,
    webProsesser: webber.length,
    pgStatements: await pgStatementsPerForespoersel(server.url, form.database, tider.length),
    last: maskinLast(),
  };
}

export async function maalFolk(
  nivaaer = FOLK,
  sekunder = FOLK_SEKUNDER,
  webAntall = FOLK_WEB,
): Promise<FolkResultat[]> {
  const server = await benchPostgres();
  try {
    const form = await startProduksjonsform(server);
    try {
      const personer: Person[] = [new Person(form.web.url, form.offentlig, 0)];
      await personer[0]!.loggInn();
      const stier = await sider(personer[0]!);
      const resultater: FolkResultat[] = [];
      for (const folk of nivaaer)
        resultater.push(await maalNivaa(form, server, personer, folk, sekunder, stier, [form.web]));
      // the shape compose.yaml runs: the last level again over `webAntall` web processes (the same people)
      const siste = nivaaer.at(-1);
      if (webAntall > 1 && siste) {
        const webber = [form.web];
        for (let i = 1; i < webAntall; i++)
          webber.push(await form.startWeb(PORT + 6 + 2 * i, { METRICS_PORT: String(PORT + 7 + 2 * i) }));
        resultater.push(await maalNivaa(form, server, personer, siste, sekunder, stier, webber));
      }
      return resultater;
    } finally {
      await form.stopp();
    }
  } finally {
    await server.stopp();
  }
}

export function formaterFolk(r: readonly FolkResultat[]): string {
  const ms = (x: number) => x.toFixed(0);
  return [
    `Folk i produksjonsformen (sak 35 punkt 3): web alene i én prosess, api og sender i en annen, én PostgreSQL, utviklingsutgavene av ID-porten, Altinn/Enhetsregisteret og e-postfangeren i egne; hver person logget inn gjennom innloggingen, hjem → sertifikater → et sertifikat → forhåndsmeldinger → en forhåndsmelding med ${TENKETID_MS[0] / 1000}–${TENKETID_MS[1] / 1000} s tenketid, ${FOLK_SEKUNDER} s per nivå. Mål ved 600: 0 feil, p95 ≤ ${MAAL.p95} ms, p99 ≤ ${MAAL.p99} ms.`,
    tabell([
      [
        "folk",
        "web-prosesser",
        "per sekund",
        "feil",
        "p50",
        "p95",
        "p99",
        "maks",
        "mål",
        "CPU ms/forespørsel: web",
        "api+sender",
        "PostgreSQL",
        "generatoren",
        "RSS MB web/api",
        "innlogging (nye, s, feil)",
        "maskinen",
      ],
      ...r.map((x) => [
        String(x.folk),
        String(x.webProsesser),
        x.perSekund.toFixed(1),
        String(x.feil),
        ms(x.p50),
        ms(x.p95),
        ms(x.p99),
        ms(x.maks),
        x.feil === 0 && x.p95 <= MAAL.p95 && x.p99 <= MAAL.p99 ? "ja" : "NEI",
        x.cpu.web.toFixed(2),
        x.cpu.api.toFixed(2),
        x.cpu.pg?.toFixed(2) ?? "–",
        x.cpu.generator.toFixed(2),
        `${ms(x.minne.web)}/${ms(x.minne.api)}`,
        `${x.innlogging.antall}, ${x.innlogging.sekunder.toFixed(0)}, ${x.innlogging.feil}`,
        x.last,
      ]),
    ]),
    tabell([
      [
        "folk",
        "innlogging: web-forespørsler",
        "web CPU ms",
        "api CPU ms",
        "web-prosesser",
        `i ro, første ${STILLE_SEKUNDER / 2} s: web CPU ms/s`,
        `siste ${STILLE_SEKUNDER / 2} s: web CPU ms/s`,
        "api ms/s",
        "web i ro per forespørsel",
      ],
      ...r.map((x) => [
        String(x.folk),
        x.innlogging.forespoersler.toFixed(1),
        x.innlogging.web.toFixed(1),
        x.innlogging.api.toFixed(1),
        String(x.webProsesser),
        x.stille.webFoerst.toFixed(1),
        x.stille.web.toFixed(1),
        x.stille.api.toFixed(1),
        (x.stille.web / (x.perSekund || 1)).toFixed(2),
      ]),
    ]),
    ...r.map(
      (x) =>
        `p95 per side ved ${x.folk} folk, ${x.webProsesser} web: ${x.perSide.map(([s, p]) => `${s} ${ms(p)} ms`).join(", ")}`,
    ),
    ...r.flatMap((x) =>
      x.pgStatements.length ? [`${x.folk} folk, ${x.webProsesser} web:`, ...x.pgStatements] : [],
    ),
    ...r.flatMap((x) => x.feilEksempler.map((e) => `  feil ved ${x.folk}: ${e}`)),
  ].join("\n");
}

if (process.argv[1]?.endsWith("bench-folk.ts")) {
  const nivaaer = process.argv[2] ? process.argv[2].split(",").map(Number) : FOLK;
  console.log(formaterFolk(await maalFolk(nivaaer)));
  process.exit(0);
}
