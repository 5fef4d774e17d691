// A page that takes no posts (issue 34 item 6): an anonymous POST, PUT, PATCH or DELETE to `/`, `/sertifikater`,
// `/nyttig-info` (…) answers 405 with Allow, shows the page «Noe gikk feil» without a stack trace or a path of
// the machine, and writes one JSON line to the log and nothing else: no multi-line stack trace on stderr. In
// every mode the service runs in: production (here with DEMO_MODE, the built-in stand-ins), development (what
// `npm start` and `npm run dev` run) and test (the e2e server). Runs over the production build
// (`npm run test:bygg`).
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/index";
import { lagLogger } from "../../server/logg";

function ledigPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/** Everything the process writes: the JSON log through its logger, and whatever reaches stdout or stderr. */
function fanger() {
  const logg: string[] = [];
  const annet: string[] = [];
  const stroem = new Writable({
    write(chunk, _enc, cb) {
      logg.push(...String(chunk).split("\n").filter(Boolean));
      cb();
    },
  });
  const skriv = (biter: unknown[]) => {
    annet.push(biter.map((b) => (b instanceof Error ? (b.stack ?? b.message) : String(b))).join(" "));
  };
  for (const f of ["error", "warn", "log", "info", "trace"] as const) {
    vi.spyOn(console, f).mockImplementation((...biter: unknown[]) => skriv(biter));
  }
  for (const s of [process.stdout, process.stderr]) {
    vi.spyOn(s, "write").mockImplementation((chunk: unknown) => {
      skriv([chunk]);
      return true;
    });
  }
  return { logger: lagLogger("info", {}, stroem), logg, annet };
}

const FORESPOERSLER: { metode: string; sti: string }[] = [
  { metode: "POST", sti: "/" },
  { metode: "PUT", sti: "/sertifikater" },
  { metode: "DELETE", sti: "/nyttig-info" },
  { metode: "PATCH", sti: "/tilgjengelighetserklaering" },
  // Single fetch's form of the same post (what the browser sends with JavaScript on).
  { metode: "POST", sti: "/sertifikater.data" },
  { metode: "POST", sti: "/_root.data" },
];

const MODUSER: Record<string, NodeJS.ProcessEnv> = {
  produksjon: { NODE_ENV: "production", DEMO_MODE: "true" },
  utvikling: { NODE_ENV: "development" },
  test: { NODE_ENV: "test", LOG_LEVEL: "info" },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("en side uten handling", () => {
  for (const [modus, modusEnv] of Object.entries(MODUSER)) {
    it(`answers 405 with one JSON log line, no stack trace and no path, in ${modus}`, async () => {
      const mappe = path.resolve(`.cache/drift-metode-${modus}`);
      rmSync(mappe, { recursive: true, force: true });
      const port = await ledigPort();
      const base = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...modusEnv,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: base,
        DATA_DIR: path.join(mappe, "pglite"),
        SEED_DEMO_DATA: "false",
        SESSION_SECRET: "drift-metode-uten-handling-0123456789abcdef",
      };
      for (const k of ["DATABASE_URL", "IMPORT_API_URL", "OIDC_ISSUER", "SMTP_URL"]) delete env[k];
      const g = fanger();
      const s = await startServer(loadConfig(env), g.logger);
      try {
        g.logg.length = 0;
        g.annet.length = 0;
        for (const { metode, sti } of FORESPOERSLER) {
          const svar = await fetch(`${base}${sti}`, {
            method: metode,
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "a=1",
            redirect: "manual",
          });
          const tekst = await svar.text();
          const hva = `${modus}: ${metode} ${sti}`;
          expect(svar.status, hva).toBe(405);
          expect(svar.headers.get("allow"), hva).toBe("GET, HEAD");
          expect(tekst, hva).not.toMatch(/\n\s+at |\\n\s+at |node_modules/);
          expect(tekst, hva).not.toContain(process.cwd());
          if (!sti.endsWith(".data")) expect(tekst, hva).toContain("Noe gikk feil");
          const id = svar.headers.get("x-request-id");
          const egne = g.logg
            .map((l) => JSON.parse(l) as Record<string, unknown>)
            .filter((l) => l.requestId === id && l.del === "web");
          expect(egne, hva).toHaveLength(1);
          expect(egne[0], hva).toMatchObject({ method: metode, status: 405, level: "info" });
        }
        // Every line written is one JSON object without a stack; nothing else reached stdout or stderr.
        for (const l of g.logg) {
          const linje = JSON.parse(l) as Record<string, unknown>;
          expect(linje.err, l).toBeUndefined();
          expect(l).not.toContain(" at ");
        }
        expect(g.annet, modus).toEqual([]);
      } finally {
        vi.restoreAllMocks();
        await s.close();
        rmSync(mappe, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
