// The certificate page's render throughput, measured end to end over HTTP: the whole service (production
// build, embedded API and ID-porten) on a fresh embedded database with the demo seed; log in as a test
// person, choose the organisation, then fetch the certificate page N times in sequence. Also reports the
// size of the HTML and of the JavaScript the page loads.
import { execSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { loadConfig } from "../server/config";
import { startServer } from "../server/index";

export const ANTALL_SIDER = 200;

export class Nettleser {
  private cookies = new Map<string, string>();
  /** The address of the last page `foelg` ended on (for a form's relative action). */
  sisteUrl: string;
  constructor(private readonly base: string) {
    this.sisteUrl = `${base}/`;
  }

  async hent(sti: string, init: RequestInit = {}): Promise<Response> {
    const url = sti.startsWith("http") ? sti : `${this.base}${sti}`;
    const headers = new Headers(init.headers);
    headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [par] = c.split(";");
      const i = par?.indexOf("=") ?? -1;
      if (par && i > 0) this.cookies.set(par.slice(0, i), par.slice(i + 1));
    }
    return res;
  }

  /** A cookie's value as the server last set it (the language cookie, for scripts/bench-sprak.ts). */
  cookie(navn: string): string | undefined {
    return this.cookies.get(navn);
  }

  settCookie(navn: string, verdi: string): void {
    this.cookies.set(navn, verdi);
  }

  /** Follows redirects (GET) until a page answers; a relative Location is read from the address that gave it. */
  async foelg(sti: string, init: RequestInit = {}): Promise<Response> {
    let url = sti.startsWith("http") ? sti : `${this.base}${sti}`;
    let res = await this.hent(url, init);
    for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
      url = new URL(res.headers.get("Location") ?? "/", url).toString();
      await res.body?.cancel();
      res = await this.hent(url);
    }
    this.sisteUrl = url;
    return res;
  }
}

export const skjema = (felt: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(felt).toString(),
});

export async function maalSertifikatside(antall = ANTALL_SIDER) {
  if (!existsSync("build/server/index.js")) execSync("npx remix vite:build", { stdio: "inherit" });
  const dataDir = ".cache/bench-side/pglite";
  rmSync(".cache/bench-side", { recursive: true, force: true });
  const port = Number(process.env.BENCH_PORT ?? 3191);
  const base = `http://localhost:${port}`;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: undefined, // the embedded database, as labelled
    PORT: String(port),
    APP_URL: base,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    // the production build with the embedded stand-ins (docs/decisions/009-production-configuration.md)
    DEMO_MODE: "true",
    SESSION_SECRET: "bench",
  });
  const server = await startServer(config);
  try {
    const b = new Nettleser(base);
    const innlogging = await b.foelg("/oauth2/authorization/idporten");
    const html = await innlogging.text();
    const handling = /<form method="post" action="([^"]+\/login)">/.exec(html)?.[1];
    if (!handling) throw new Error("Fant ikke innloggingsskjemaet");
    await b.foelg(handling, skjema({ pid: DEMO_PERSONER[0]!.pid }));
    const velg = await (await b.foelg("/velg-virksomhet")).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(velg)?.[1] ?? "";
    await b.foelg("/velg-virksomhet", {
      ...skjema({ csrf, organisasjonsnummer: ORG.hagelandDrammen, returnTo: "/" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    });
    const liste = await (await b.foelg("/sertifikater")).text();
    const lenke = /href="(\/sertifikat\?[^"]+)"/.exec(liste)?.[1]?.replace(/&amp;/g, "&");
    if (!lenke) throw new Error("Fant ingen sertifikater i listen");

    const foerste = await b.hent(lenke);
    const side = await foerste.text();
    if (foerste.status !== 200) throw new Error(`Sertifikatsiden svarte ${foerste.status}`);
    const skript = [...side.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    let jsBytes = 0;
    let jsGzip = 0;
    for (const s of new Set(skript)) {
      const innhold = Buffer.from(await (await b.hent(s)).arrayBuffer());
      jsBytes += innhold.byteLength;
      jsGzip += gzipSync(innhold).byteLength;
    }

    const start = performance.now();
    for (let i = 0; i < antall; i++) {
      const res = await b.hent(lenke);
      if (res.status !== 200) throw new Error(`Sertifikatsiden svarte ${res.status}`);
      await res.arrayBuffer();
    }
    const ms = performance.now() - start;
    return {
      antall,
      ms,
      perSekund: (antall * 1000) / ms,
      htmlBytes: Buffer.byteLength(side),
      jsBytes,
      jsGzip,
      jsFiler: new Set(skript).size,
    };
  } finally {
    await server.close();
    rmSync(".cache/bench-side", { recursive: true, force: true });
  }
}
