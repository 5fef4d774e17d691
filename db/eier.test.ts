// One owner per embedded database: the owner file beside a PGlite directory, taken atomically, refused while
// its process lives, taken over when it has ended, and freed on close.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from ".";
import { DatabaseIBruk, type Eier, eierFil, lesEier, taEierskap } from "./eier";

/**
 * Two tests below create a new PGlite inside the test (initdb in WASM, STACK.md gotcha 11): 2–3 s on a quiet
 * machine, 28–43 s measured on Node 20 and 24 alike on the shared 2-core machine at load 23. The hooks' budget.
 */
const NY_PGLITE_MS = 120_000;

let mappe: string;
beforeAll(() => {
  mappe = mkdtempSync(join(tmpdir(), "eier-"));
});
afterAll(() => {
  rmSync(mappe, { recursive: true, force: true });
});

const skrivEier = (dataDir: string, eier: Partial<Eier>) =>
  writeFileSync(
    eierFil(dataDir),
    JSON.stringify({ vert: hostname(), rolle: "tjeneste", kommando: "npm start", startet: "", ...eier }),
  );

/** The pid of a process that has ended. */
function doedPid(): number {
  const barn = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  return Number(barn.stdout.trim());
}

describe("eierskap til en innebygd database", () => {
  it("the second taker in the same process is refused, with who holds it and what to do; freed, it can be taken", () => {
    const dir = join(mappe, "a", "pglite");
    const foerste = taEierskap(dir, { rolle: "tjeneste", kommando: "npm start" });
    expect(lesEier(dir)).toMatchObject({ pid: process.pid, rolle: "tjeneste" });
    let feil: unknown;
    try {
      taEierskap(dir, { rolle: "kommando", kommando: "npm run seed" });
    } catch (e) {
      feil = e;
    }
    expect(feil).toBeInstanceOf(DatabaseIBruk);
    expect((feil as Error).message).toContain(
      `Den innebygde databasen i ${dir} er i bruk av tjenesten (prosess ${process.pid}`,
    );
    expect((feil as Error).message).toContain(`slett filen ${eierFil(dir)}`);

    foerste.oppdater({ url: "http://127.0.0.1:1234", api: true });
    expect(lesEier(dir)).toMatchObject({ url: "http://127.0.0.1:1234", api: true });
    foerste.frigi();
    expect(existsSync(eierFil(dir))).toBe(false);
    taEierskap(dir, { rolle: "kommando" }).frigi();
  });

  it("a file left by a process that has ended is taken over", () => {
    const dir = join(mappe, "b", "pglite");
    taEierskap(dir, { rolle: "kommando" }).frigi();
    const pid = doedPid();
    skrivEier(dir, { pid });
    expect(lesEier(dir)).toBeUndefined();
    const eierskap = taEierskap(dir, { rolle: "kommando", kommando: "npm run seed" });
    expect(JSON.parse(readFileSync(eierFil(dir), "utf8"))).toMatchObject({
      pid: process.pid,
      kommando: "npm run seed",
    });
    eierskap.frigi();
  });

  it("openDatabase refuses a directory another live process owns, before PGlite touches it", async () => {
    const dir = join(mappe, "c", "pglite");
    taEierskap(dir, { rolle: "kommando" }).frigi();
    const annen = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      skrivEier(dir, { pid: annen.pid, url: "http://127.0.0.1:3000", api: true });
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseIBruk);
      expect(existsSync(dir)).toBe(false);
      // The other process's file is left as it was.
      expect(lesEier(dir)).toMatchObject({ pid: annen.pid, url: "http://127.0.0.1:3000" });
    } finally {
      annen.kill();
    }
  });

  it("a command waits for another command to finish, but not for the service", {
    timeout: NY_PGLITE_MS,
  }, async () => {
    const dir = join(mappe, "d", "pglite");
    const kommando = taEierskap(dir, { rolle: "kommando", kommando: "npm run seed" });
    setTimeout(() => kommando.frigi(), 400);
    const handle = await openDatabase({ dataDir: dir, eier: { rolle: "kommando", ventMs: 20_000 } });
    expect(lesEier(dir)).toMatchObject({ pid: process.pid, rolle: "kommando" });
    await handle.close();
    expect(lesEier(dir)).toBeUndefined();

    const tjeneste = taEierskap(dir, { rolle: "tjeneste" });
    const start = Date.now();
    await expect(
      openDatabase({ dataDir: dir, eier: { rolle: "kommando", ventMs: 20_000 } }),
    ).rejects.toBeInstanceOf(DatabaseIBruk);
    expect(Date.now() - start).toBeLessThan(5_000);
    tjeneste.frigi();
  });

  it("two opens of one directory at the same time: exactly one gets it", {
    timeout: NY_PGLITE_MS,
  }, async () => {
    const dir = join(mappe, "e", "pglite");
    const utfall = await Promise.allSettled([openDatabase({ dataDir: dir }), openDatabase({ dataDir: dir })]);
    const aapnet = utfall.filter((u) => u.status === "fulfilled");
    const avvist = utfall.filter((u) => u.status === "rejected");
    expect(aapnet).toHaveLength(1);
    expect(avvist).toHaveLength(1);
    expect((avvist[0] as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseIBruk);
    await (aapnet[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>).value.close();
    expect(lesEier(dir)).toBeUndefined();
  });
});
