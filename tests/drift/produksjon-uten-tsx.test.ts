// Production runs compiled code (issue 14 item 5): the service and the tools built into build/drift/ start
// in a folder that has only the production dependencies — what `npm ci --omit=dev` installs, read from
// package-lock.json — so no tsx, no oidc-provider, no TypeScript sources, no dev/. Runs over the build
// (`npm run test:bygg`).
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const bygg = path.resolve(process.env.BUILD_DIR ?? "build");

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

/** node_modules with the production dependencies only, as symlinks into this checkout's node_modules. */
function produksjonsavhengigheter(til: string): string[] {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
    packages: Record<string, { dev?: boolean; optional?: boolean }>;
  };
  const med: string[] = [];
  for (const [sti, pakke] of Object.entries(lock.packages)) {
    // Top-level packages only: nested ones come with their parent.
    if (!sti.startsWith("node_modules/") || sti.lastIndexOf("node_modules/") !== 0 || pakke.dev) continue;
    if (!existsSync(sti)) continue; // an optional package for another platform
    const navn = sti.slice("node_modules/".length);
    mkdirSync(path.dirname(path.join(til, "node_modules", navn)), { recursive: true });
    symlinkSync(realpathSync(sti), path.join(til, "node_modules", navn));
    med.push(navn);
  }
  return med;
}

describe("produksjon uten tsx", () => {
  let mappe: string;
  let pakker: string[];
  let server: ChildProcess | undefined;

  beforeAll(() => {
    mappe = mkdtempSync(path.join(tmpdir(), "produksjon-"));
    pakker = produksjonsavhengigheter(mappe);
    // The compiled code is copied, not linked: Node resolves a linked module's imports from its real place.
    cpSync(path.join(bygg, "drift"), path.join(mappe, "build/drift"), { recursive: true });
    cpSync(path.join(bygg, "server"), path.join(mappe, "build/server"), { recursive: true });
    symlinkSync(path.join(bygg, "client"), path.join(mappe, "build/client"));
    cpSync("package.json", path.join(mappe, "package.json"));
  });
  afterAll(() => {
    server?.kill("SIGKILL");
    if (mappe) rmSync(mappe, { recursive: true, force: true });
  });

  // smtp-server and mailparser serve only the development mail catcher (dev/epost/fanger.ts, loaded by
  // server/ in embedded mode): the service below starts, and a tool runs, without them.
  it("the folder has the production dependencies and neither tsx, oidc-provider, exceljs (the tests' xlsx reader) nor the mail catcher's smtp-server and mailparser", () => {
    expect(pakker).toContain("express");
    expect(pakker).toContain("@electric-sql/pglite");
    expect(pakker).toContain("nodemailer");
    for (const utviklingspakke of [
      "tsx",
      "oidc-provider",
      "vite",
      "@remix-run/dev",
      "exceljs",
      "smtp-server",
      "mailparser",
    ]) {
      expect(pakker).not.toContain(utviklingspakke);
      const svar = spawnSync(
        process.execPath,
        ["--input-type=module", "-e", `await import("${utviklingspakke}")`],
        {
          cwd: mappe,
          encoding: "utf8",
        },
      );
      expect(svar.status, utviklingspakke).not.toBe(0);
      expect(svar.stderr).toContain("ERR_MODULE_NOT_FOUND");
    }
  });

  it("the compiled service starts in production against real services, serves the app and stops on SIGTERM", async () => {
    const port = await ledigPort();
    const dataDir = path.join(mappe, "data/pglite");
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      ROLES: "web",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: "https://forhaandsmelding.test",
      SESSION_SECRET: "p".repeat(40),
      DATA_DIR: dataDir,
      // Nothing listens on these: the service starts, and the pages that need them show their error panels.
      // (An anonymous page needs no session row; migrations are a step of their own, npm run db:migrate.)
      DATABASE_URL: "postgres://127.0.0.1:9/forhaandsmelding",
      DB_MIGRER_VED_OPPSTART: "false",
      OIDC_ISSUER: "http://127.0.0.1:9/idporten",
      OIDC_CLIENT_ID: "forhaandsmelding-test",
      OIDC_CLIENT_SECRET: "en-hemmelighet-som-ikke-er-utviklingsverdien",
      OIDC_RESOURCE: "https://forhaandsmelding.test/import",
      IMPORT_API_URL: "http://127.0.0.1:9",
    };
    const barn = spawn(process.execPath, ["build/drift/server.js"], { cwd: mappe, env });
    server = barn;
    let ut = "";
    barn.stdout.on("data", (d) => {
      ut += d;
    });
    barn.stderr.on("data", (d) => {
      ut += d;
    });
    await new Promise<void>((resolve, reject) => {
      const frist = setTimeout(() => reject(new Error(`Startet ikke:\n${ut}`)), 60_000);
      const sjekk = () => {
        if (ut.includes('"msg":"Digital forhåndsmelding kjører"')) {
          clearTimeout(frist);
          resolve();
        }
      };
      barn.stdout.on("data", sjekk);
      barn.once("exit", (kode) => reject(new Error(`Avsluttet med ${kode}:\n${ut}`)));
    });
    expect(ut).not.toContain("Testpersoner i utviklings-ID-porten");

    const side = await fetch(`http://127.0.0.1:${port}/logg-inn`);
    expect(side.status).toBe(200);
    expect(await side.text()).toContain("<html");

    const slutt = new Promise<number | null>((resolve) => barn.once("exit", resolve));
    barn.kill("SIGTERM");
    expect(await slutt).toBe(0);
    server = undefined;
    // Nothing opened the embedded database: production keeps everything on the PostgreSQL server.
    expect(existsSync(dataDir)).toBe(false);
    // The JSON log named the request with its route pattern, and nothing else of it.
    expect(ut).toMatch(/"del":"web","method":"GET","route":"\/logg-inn","status":200/);
  });

  it("a compiled tool runs its worker thread without tsx: ephyto:import stores a certificate", async () => {
    const xml = path.resolve("api/ephyto/fixtures/reeksport-nl.xml");
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: "development",
      DATA_DIR: path.join(mappe, "verktoey/pglite"),
    };
    const svar = await new Promise<{ kode: number; ut: string; feil: string }>((resolve) => {
      execFile(
        process.execPath,
        ["build/drift/ephyto-import.js", xml],
        { cwd: mappe, env, timeout: 120_000 },
        (error, stdout, stderr) =>
          resolve({
            kode: error ? (typeof error.code === "number" ? error.code : -1) : 0,
            ut: stdout,
            feil: stderr,
          }),
      );
    });
    expect(svar.feil).toBe("");
    expect(svar.kode).toBe(0);
    expect(svar.ut.trim()).toMatch(/: NL-RE-2025-004711 ny \(id \d+\)$/);
  });
});
