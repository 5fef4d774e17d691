// `npm run ephyto:import -- FILE...` as a child process on a fresh PGlite database in a temporary folder:
// one line per file, the exit code, a clear message for a bad file, and that the good files are stored
// (and stored once, however often they are imported).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db";
import { lagSertifikatXml } from "../dev/ephyto/generate";

const REEKSPORT = "api/ephyto/fixtures/reeksport-nl.xml";
const HUB = "api/ephyto/fixtures/hub-envelope-sample.xml";

let mappe: string;
let dataDir: string;

function kjoer(...filer: string[]): Promise<{ kode: number; ut: string; feil: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test" };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/ephyto-import.ts", ...filer],
      { env, timeout: 90_000 },
      (error, stdout, stderr) => {
        const kode = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ kode, ut: stdout, feil: stderr });
      },
    );
  });
}

async function lagrede(): Promise<{ nummer: string; eksportland: string }[]> {
  const handle = await openDatabase({ dataDir });
  try {
    return await handle.db
      .selectFrom("sertifikat")
      .select(["nummer", "eksportland"])
      .orderBy("nummer")
      .execute();
  } finally {
    await handle.close();
  }
}

beforeAll(() => {
  mappe = mkdtempSync(join(tmpdir(), "ephyto-import-"));
  dataDir = join(mappe, "pglite");
});
afterAll(() => {
  if (mappe) rmSync(mappe, { recursive: true, force: true });
});

// A child process that starts tsx and opens (and on first use migrates) a PGlite database: slower than a
// unit test, and slower still on a busy machine.
describe("ephyto:import", { timeout: 120_000 }, () => {
  it("stores the good files, names each bad file with a clear message, and exits non-zero", async () => {
    const oedelagt = join(mappe, "oedelagt.xml");
    writeFileSync(oedelagt, "<rsm:SPSCertificate><ram:ID>X</rsm:SPSCertificate>");
    const xxe = join(mappe, "xxe.xml");
    writeFileSync(
      xxe,
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    );
    const mangler = join(mappe, "finnes-ikke.xml");

    const { kode, ut, feil } = await kjoer(REEKSPORT, oedelagt, xxe, mangler, HUB);
    expect(kode).toBe(1);
    const linjer = ut.trim().split("\n");
    expect(linjer).toHaveLength(5);
    expect(linjer[0]).toMatch(/^api\/ephyto\/fixtures\/reeksport-nl\.xml: NL-RE-2025-004711 ny \(id \d+\)$/);
    expect(linjer[1]).toMatch(new RegExp(`^${oedelagt}: FEIL Dokumentet er ikke gyldig XML \\[.+\\]$`));
    expect(linjer[2]).toBe(`${xxe}: FEIL Dokumentet inneholder DTD eller entiteter og avvises`);
    expect(linjer[3]).toBe(`${mangler}: FEIL Fant ikke filen`);
    expect(linjer[4]).toMatch(
      /^api\/ephyto\/fixtures\/hub-envelope-sample\.xml: BO-5845145424 ny \(id \d+\)$/,
    );
    expect(feil).toContain("3 av 5 filer feilet.");

    expect(await lagrede()).toEqual([
      { nummer: "BO-5845145424", eksportland: "BO" },
      { nummer: "NL-RE-2025-004711", eksportland: "NL" },
    ]);
  });

  it("changes nothing when the same file is imported again, and exits 0 when every file is read", async () => {
    const { kode, ut, feil } = await kjoer(REEKSPORT);
    expect(kode).toBe(0);
    expect(ut.trim()).toMatch(
      /^api\/ephyto\/fixtures\/reeksport-nl\.xml: NL-RE-2025-004711 uendret \(id \d+\)$/,
    );
    expect(feil).toBe("");
    expect(await lagrede()).toHaveLength(2);
  });

  it("writes one e-mail alert to the outbox for an importer named on the certificate, also when imported twice", async () => {
    const handle = await openDatabase({ dataDir });
    try {
      const { id } = await handle.db
        .insertInto("importoer")
        .values({ organisasjonsnummer: "999999999", navn: "Varselmottaker AS" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await handle.db
        .insertInto("importoer_epost")
        .values({ importoer_id: id, epostadresse: "varsel@mottaker.example" })
        .execute();
    } finally {
      await handle.close();
    }
    const fil = join(mappe, "varsel.xml");
    writeFileSync(
      fil,
      lagSertifikatXml({
        nummer: "PHYTO.NL.2026.VARSEL1",
        utstedt: "2026-11-20T08:00:00",
        avsender: { navn: "Bloemen Export B.V." },
        mottaker: { navn: "VARSELMOTTAKER  AS" },
        eksportland: "NL",
        varelinjer: [{ botaniskNavn: "Rosa", plantedel: "Cut flowers", opprinnelsesland: ["NL"] }],
      }),
    );
    const { kode, ut } = await kjoer(fil, fil);
    expect(kode).toBe(0);
    expect(ut).toMatch(/PHYTO\.NL\.2026\.VARSEL1 ny .*\n.*PHYTO\.NL\.2026\.VARSEL1 uendret/);
    const etter = await openDatabase({ dataDir });
    try {
      const varsler = await etter.db
        .selectFrom("epost_varsel as v")
        .innerJoin("sertifikat as s", "s.id", "v.sertifikat_id")
        .innerJoin("importoer as i", "i.id", "v.importoer_id")
        .select(["s.nummer", "i.navn", "v.status"])
        .execute();
      expect(varsler).toEqual([
        { nummer: "PHYTO.NL.2026.VARSEL1", navn: "Varselmottaker AS", status: "VENTER" },
      ]);
    } finally {
      await etter.close();
    }
  });

  it("says how to use it when no file is given (exit code 2)", async () => {
    const { kode, feil } = await kjoer();
    expect(kode).toBe(2);
    expect(feil).toContain("Bruk: npm run ephyto:import -- FIL.xml [FIL.xml ...]");
  });
});
