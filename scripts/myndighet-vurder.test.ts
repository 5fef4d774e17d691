// `npm run myndighet:vurder -- NUMMER STATUS [BEGRUNNELSE] [--vedtaksbrev REFERANSE]` as a child process
// (ADR 045, ADR 016): its own checks without a service, its refusal when no service runs, and against a running
// service (the `api` role on an embedded database in a temporary folder, with demo data) the assessment through
// the authority's API with a token from the development Maskinporten: exit codes, messages, and what changed.
// The command never opens the database: the service owns it throughout.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lesEier } from "../db/eier";
import { loadConfig } from "../server/config";
import { type StartedServer, startServer } from "../server/index";
import { lagLogger } from "../server/logg";

let mappe: string;
let env: NodeJS.ProcessEnv;
let server: StartedServer | undefined;

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

function kjoer(...args: string[]): Promise<{ kode: number; ut: string; feil: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/myndighet-vurder.ts", ...args],
      { env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const kode = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ kode, ut: stdout, feil: stderr });
      },
    );
  });
}

beforeAll(async () => {
  mappe = mkdtempSync(path.join(tmpdir(), "myndighet-vurder-"));
  const port = await ledigPort();
  env = {
    ...process.env,
    NODE_ENV: "test",
    ROLES: "api",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(mappe, "pglite"),
    MASKINPORTEN_DEV_KLIENTER: path.join(mappe, "klienter.json"),
    LOG_LEVEL: "warn",
  };
  for (const k of ["DATABASE_URL", "IMPORT_API_URL", "MASKINPORTEN_ISSUER", "MYNDIGHET_API_URL"])
    delete env[k];
});
afterAll(async () => {
  await server?.close();
  if (mappe) rmSync(mappe, { recursive: true, force: true });
});

const tilstand = async (nummer: string) => {
  const db = server!.database.db;
  const rad = await db
    .selectFrom("importmelding")
    .select(["id", "status", "versjon", "vurdering_begrunnelse", "vedtaksbrev_referanse"])
    .where("nummer", "=", nummer)
    .executeTakeFirstOrThrow();
  const hendelser = await db
    .selectFrom("importmelding_hendelse")
    .select(["til_status", "utfoert_av", "merknad"])
    .where("importmelding_id", "=", rad.id)
    .orderBy("id")
    .execute();
  return { ...rad, hendelser };
};

describe("myndighet:vurder", () => {
  it("avviser feil argumenter med en tydelig melding før den spør tjenesten", async () => {
    const utenArgumenter = await kjoer();
    expect(utenArgumenter.kode).toBe(2);
    expect(utenArgumenter.feil).toContain("Bruk: npm run myndighet:vurder -- NUMMER");
    const ukjentStatus = await kjoer("IM-2026-1001", "GODKJENT");
    expect(ukjentStatus.kode).toBe(2);
    expect(ukjentStatus.feil).toContain("Ugyldig vurdering. Tillatt: FRIGITT, AVVIST eller DELVIS_AVVIST");
    const utenBegrunnelse = await kjoer("IM-2026-1001", "AVVIST");
    expect(utenBegrunnelse.feil).toContain("Begrunnelse må oppgis ved avvisning");
    const utenVedtaksbrev = await kjoer("IM-2026-1001", "AVVIST", "Skadegjørere");
    expect(utenVedtaksbrev.kode).toBe(2);
    expect(utenVedtaksbrev.feil).toContain("Referansen til vedtaksbrevet må oppgis ved avvisning");
  }, 60_000);

  it("sier fra når tjenesten ikke kjører, og åpner ikke databasen selv", async () => {
    const res = await kjoer("IM-2026-1001", "FRIGITT");
    expect(res.kode).toBe(2);
    expect(res.feil).toContain("Tjenesten kjører ikke. Start den med npm start");
    expect(lesEier(env.DATA_DIR as string)).toBeUndefined();
  }, 60_000);

  it("vurderer gjennom Mattilsynets API med et token fra utviklings-Maskinporten, og avviser en ny vurdering", async () => {
    server = await startServer(loadConfig(env), lagLogger("warn", {}));
    const { nummer } = await server.database.db
      .selectFrom("importmelding")
      .select("nummer")
      .where("status", "=", "REGISTRERT")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const foer = await tilstand(nummer);

    const res = await kjoer(
      nummer,
      "DELVIS_AVVIST",
      "To",
      "planter",
      "destrueres",
      "--vedtaksbrev",
      "2026/4711",
    );
    expect(res.feil).toBe("");
    expect(res.ut).toBe(`Forhåndsmelding ${nummer} har nå status DELVIS_AVVIST.\n`);
    expect(res.kode).toBe(0);
    const etter = await tilstand(nummer);
    expect(etter).toMatchObject({
      status: "DELVIS_AVVIST",
      versjon: foer.versjon + 1,
      vurdering_begrunnelse: "To planter destrueres",
      vedtaksbrev_referanse: "2026/4711",
    });
    expect(etter.hendelser.at(-1)).toEqual({
      til_status: "DELVIS_AVVIST",
      utfoert_av: "myndighet:klient:mattilsynet-saksbehandling-dev",
      merknad: "To planter destrueres",
    });
    // The service kept the database to itself.
    expect(lesEier(env.DATA_DIR as string)).toMatchObject({ rolle: "tjeneste", pid: process.pid });

    const igjen = await kjoer(nummer, "FRIGITT");
    expect(igjen.kode).toBe(1);
    expect(igjen.feil).toContain("409: Forhåndsmeldingen er allerede vurdert: Delvis avvist");
    expect(await tilstand(nummer)).toEqual(etter);

    const ukjent = await kjoer("IM-1999-1", "FRIGITT");
    expect(ukjent.kode).toBe(1);
    expect(ukjent.feil).toContain("404: Fant ikke forhåndsmeldingen");
  }, 180_000);
});
