// `npm run myndighet:vurder -- ID STATUS [BEGRUNNELSE]` as a child process on a PGlite database in a
// temporary folder (seeded with the demo data): exit codes, messages, and what it changes in the database.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db";
import { seedDemoData } from "../dev/seed";

let dataDir: string;
let registrertId: number;

async function medDb<T>(f: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir });
  try {
    return await f(handle.db);
  } finally {
    await handle.close();
  }
}

const tilstand = (id: number) =>
  medDb(async (db) => {
    const rad = await db
      .selectFrom("importmelding")
      .select(["status", "versjon", "vurdering_begrunnelse"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const hendelser = await db
      .selectFrom("importmelding_hendelse")
      .select(["til_status", "utfoert_av", "merknad"])
      .where("importmelding_id", "=", id)
      .orderBy("id")
      .execute();
    return { ...rad, hendelser };
  });

function kjoer(...args: string[]): Promise<{ kode: number; ut: string; feil: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test" };
  delete env.DATABASE_URL;
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
  dataDir = mkdtempSync(join(tmpdir(), "myndighet-vurder-"));
  registrertId = await medDb(async (db) => {
    await seedDemoData(db);
    const rad = await db
      .selectFrom("importmelding")
      .select("id")
      .where("status", "=", "REGISTRERT")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    return rad.id;
  });
});
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("myndighet:vurder", () => {
  it("refuses bad arguments with a clear message and a non-zero exit code, changing nothing", async () => {
    const foer = await tilstand(registrertId);

    const ukjentStatus = await kjoer(String(registrertId), "GODKJENT");
    expect(ukjentStatus.kode).toBe(2);
    expect(ukjentStatus.feil).toContain("Ugyldig vurdering. Tillatt: FRIGITT, AVVIST eller DELVIS_AVVIST");

    const utenBegrunnelse = await kjoer(String(registrertId), "AVVIST");
    expect(utenBegrunnelse.kode).toBe(2);
    expect(utenBegrunnelse.feil).toContain("Begrunnelse må oppgis ved avvisning");

    const utenArgumenter = await kjoer();
    expect(utenArgumenter.kode).toBe(2);
    expect(utenArgumenter.feil).toContain("Bruk: npm run myndighet:vurder -- ID");

    const ukjentId = await kjoer("999999", "FRIGITT");
    expect(ukjentId.kode).toBe(1);
    expect(ukjentId.feil).toContain("404: Fant ikke forhåndsmeldingen");

    expect(await tilstand(registrertId)).toEqual(foer);
  }, 120_000);

  it("rejects a registered notification with the reason, then refuses a second assessment", async () => {
    const foer = await tilstand(registrertId);
    const res = await kjoer(String(registrertId), "DELVIS_AVVIST", "To", "planter", "destrueres");
    expect(res.feil).toBe("");
    expect(res.kode).toBe(0);
    expect(res.ut).toMatch(/^Forhåndsmelding \S+ har nå status DELVIS_AVVIST\.\n$/);
    const etter = await tilstand(registrertId);
    expect(etter).toMatchObject({
      status: "DELVIS_AVVIST",
      versjon: foer.versjon + 1,
      vurdering_begrunnelse: "To planter destrueres",
    });
    expect(etter.hendelser.at(-1)).toEqual({
      til_status: "DELVIS_AVVIST",
      utfoert_av: "myndighet:kommandolinje",
      merknad: "To planter destrueres",
    });

    const igjen = await kjoer(String(registrertId), "FRIGITT");
    expect(igjen.kode).toBe(1);
    expect(igjen.feil).toContain(
      "400: Forhåndsmeldingen kan ikke endres i status Delvis avvist (DELVIS_AVVIST)",
    );
    expect(await tilstand(registrertId)).toEqual(etter);
  }, 120_000);
});
