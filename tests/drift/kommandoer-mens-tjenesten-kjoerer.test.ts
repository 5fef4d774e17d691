// The command-line tools while the service runs on the embedded database (issue 15 item 2, ADR 016): the
// service owns data/pglite; `ephyto:import` delivers to its development ePhyto Hub (ADR 044), or to its Hub
// endpoint, and `myndighet:vurder` through the authority's API (as its case system, ADR 045); `seed` is
// refused with a Norwegian message, and nothing else opens the directory. Afterwards the database the service
// wrote opens cleanly and holds what the tools sent. Runs over the production build (`npm run test:bygg`).
import { execFile } from "node:child_process";
import { renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db";
import { DatabaseIBruk, lesEier } from "../../db/eier";
import { loadConfig } from "../../server/config";
import { type StartedServer, startServer } from "../../server/index";

const REEKSPORT = "api/ephyto/fixtures/reeksport-nl.xml";
const HUB = "api/ephyto/fixtures/hub-envelope-sample.xml";

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

describe("kommandoene mens tjenesten kjører på den innebygde databasen", () => {
  const mappe = path.resolve(".cache/drift-kommandoer");
  const dataDir = path.join(mappe, "pglite");
  let server: StartedServer | undefined;
  let env: NodeJS.ProcessEnv;

  function kjoer(skript: string, ...args: string[]): Promise<{ kode: number; ut: string; feil: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ["--import", "tsx", `scripts/${skript}.ts`, ...args],
        { env, timeout: 120_000 },
        (error, stdout, stderr) => {
          const kode = error ? (typeof error.code === "number" ? error.code : -1) : 0;
          resolve({ kode, ut: stdout, feil: stderr });
        },
      );
    });
  }

  beforeAll(async () => {
    rmSync(mappe, { recursive: true, force: true });
    const port = await ledigPort();
    env = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DEMO_MODE: "true",
      SESSION_SECRET: "drift-kommandoer",
      // The development Maskinporten's clients (with the authority's, for myndighet:vurder) beside the data.
      MASKINPORTEN_DEV_KLIENTER: path.join(mappe, "maskinporten-klienter.json"),
      // The service's puller looks at its development Hub twice a second (ADR 044).
      HUB_INTERVALL_SEKUNDER: "0.5",
    };
    for (const k of ["DATABASE_URL", "IMPORT_API_URL", "OIDC_ISSUER", "SMTP_URL"]) delete env[k];
    server = await startServer(loadConfig(env));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    rmSync(mappe, { recursive: true, force: true });
  });

  it("the service owns the directory and says where it listens", async () => {
    expect(lesEier(dataDir)).toMatchObject({
      pid: process.pid,
      rolle: "tjeneste",
      api: true,
      url: `http://127.0.0.1:${env.PORT}`,
    });
    // Nobody else opens it, not even a second handle in the service's own process.
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseIBruk);
  });

  it("ephyto:import delivers to the service's development Hub as an exporting country; the service pulls it once", async () => {
    const foerst = await kjoer("ephyto-import", REEKSPORT, HUB);
    expect(foerst.feil).toContain("Utviklingshuben kjører: leverer som eksportland gjennom https://");
    expect(foerst.kode).toBe(0);
    const linjer = foerst.ut.trim().split("\n");
    expect(linjer[0]).toMatch(
      /^api\/ephyto\/fixtures\/reeksport-nl\.xml: NL-RE-2025-004711 mottatt gjennom huben \(.+\)$/,
    );
    expect(linjer[1]).toMatch(
      /^api\/ephyto\/fixtures\/hub-envelope-sample\.xml: BO-5845145424 mottatt gjennom huben \(.+\)$/,
    );

    const db = server!.database.db;
    const lagret = await db
      .selectFrom("sertifikat")
      .select(["id", "nummer"])
      .where("nummer", "in", ["NL-RE-2025-004711", "BO-5845145424"])
      .orderBy("nummer")
      .execute();
    expect(lagret.map((r) => r.nummer)).toEqual(["BO-5845145424", "NL-RE-2025-004711"]);

    // Delivered again: a new envelope, received, and the certificate unchanged.
    const igjen = await kjoer("ephyto-import", REEKSPORT);
    expect(igjen.kode).toBe(0);
    expect(igjen.ut.trim()).toMatch(/: NL-RE-2025-004711 mottatt gjennom huben/);
    const journal = await db
      .selectFrom("hub_konvolutt")
      .select(["resultat", "kvittert"])
      .orderBy("foerst_sett")
      .execute();
    expect(journal.map((j) => j.resultat)).toEqual(["ny", "ny", "uendret"]);
    expect(journal.every((j) => j.kvittert !== null)).toBe(true);

    // A file that is no certificate is not delivered: the reader's Norwegian message and a non-zero exit code.
    const feil = await kjoer("ephyto-import", "package.json");
    expect(feil.kode).toBe(1);
    expect(feil.ut).toMatch(/^package\.json: FEIL .+ \(ikke levert til huben\)$/m);
  }, 120_000);

  it("ephyto:import delivers to the service's Hub endpoint when no development Hub runs (a real HUB_URL)", async () => {
    const fil = path.join(mappe, "hub", "tilkobling.json");
    renameSync(fil, `${fil}.bort`);
    try {
      const svar = await kjoer("ephyto-import", REEKSPORT);
      expect(svar.feil).toContain("Tjenesten kjører og eier den innebygde databasen: leverer gjennom");
      expect(svar.kode).toBe(0);
      expect(svar.ut.trim()).toMatch(/: NL-RE-2025-004711 uendret \(id \d+\)$/);
    } finally {
      renameSync(`${fil}.bort`, fil);
    }
  });

  it("myndighet:vurder assesses through the service's authority API (a development Maskinporten token), never the database", async () => {
    const db = server!.database.db;
    const { nummer } = await db
      .selectFrom("importmelding")
      .select("nummer")
      .where("status", "=", "REGISTRERT")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const svar = await kjoer("myndighet-vurder", nummer, "FRIGITT");
    expect(svar.feil).toBe("");
    expect(svar.ut.trim()).toBe(`Forhåndsmelding ${nummer} har nå status FRIGITT.`);
    expect(svar.kode).toBe(0);
    const rad = await db
      .selectFrom("importmelding")
      .select("status")
      .where("nummer", "=", nummer)
      .executeTakeFirstOrThrow();
    expect(rad.status).toBe("FRIGITT");

    // The service's rules apply: an assessed notification cannot be assessed again.
    const igjen = await kjoer(
      "myndighet-vurder",
      nummer,
      "AVVIST",
      "Skadegjørere",
      "--vedtaksbrev",
      "2026/1",
    );
    expect(igjen.kode).toBe(1);
    expect(igjen.feil).toContain("409: Forhåndsmeldingen er allerede vurdert: Frigitt");
  });

  it("seed is refused with a Norwegian message while the service owns the database", async () => {
    const svar = await kjoer("seed");
    expect(svar.kode).toBe(2);
    expect(svar.feil).toContain("Tjenesten kjører");
    expect(svar.feil).toContain("Stopp tjenesten (Ctrl+C) før du kjører npm run seed.");
  });

  it("after the service stops, its database opens cleanly with everything the tools sent, and the tools open it directly", async () => {
    await server!.close();
    server = undefined;
    expect(lesEier(dataDir)).toBeUndefined();
    const handle = await openDatabase({ dataDir });
    try {
      const rader = await handle.db
        .selectFrom("sertifikat")
        .select(["nummer", "data"])
        .where("nummer", "in", ["NL-RE-2025-004711", "BO-5845145424"])
        .execute();
      expect(rader).toHaveLength(2);
      // The large (TOASTed) column reads back whole: the corruption the probe saw was here.
      for (const r of rader) expect(JSON.stringify(r.data).length).toBeGreaterThan(1000);
    } finally {
      await handle.close();
    }
    const direkte = await kjoer("ephyto-import", REEKSPORT);
    expect(direkte.feil).not.toContain("leverer gjennom");
    expect(direkte.ut.trim()).toMatch(/: NL-RE-2025-004711 uendret \(id \d+\)$/);
  }, 120_000);
});
