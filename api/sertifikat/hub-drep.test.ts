// kill -9 of the Hub puller between store and acknowledgement (issue 32 §1, ADR 044): the puller runs as a
// process of its own (`npm run hub:hent`) against the development Hub over TLS and SOAP, on a PGlite directory
// or, with TEST_DATABASE_URL, a PostgreSQL database. The Hub holds each acknowledgement; the test kills the
// puller the moment the first arrives (its certificate is committed by then), so the Hub never takes it; the
// rest of the queue is delivered after the kill. A new puller drains the queue: every envelope acknowledged
// exactly once, every certificate stored and alerted once, and the one whose acknowledgement was lost is not
// even pulled again (the journal holds its outcome). Then two pullers as processes of their own at once
// (PostgreSQL only: two processes cannot share a PGlite directory): every envelope is pulled, stored and
// acknowledged by one of them.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db";
import { seedDemoData } from "../../dev/seed";
import { bareMedPostgres, nyServerDatabase } from "../../tests/support/test-db";
import { hubSertifikatXml, startTestHub, type TestHub } from "../../tests/support/test-hub";

const serverUrl = process.env.TEST_DATABASE_URL;
let th: TestHub;
let mappe: string;
let databaseUrl: string | undefined;
let slett: (() => Promise<void>) | undefined;
const ackKall: string[] = [];

/** The database as the children see it (PGlite: only while no child has it). */
const aapne = (): Promise<DatabaseHandle> =>
  openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(mappe, "pglite") });

beforeAll(async () => {
  mappe = mkdtempSync(path.join(tmpdir(), "hub-drep-"));
  if (serverUrl) {
    const ny = await nyServerDatabase(serverUrl);
    databaseUrl = ny.url;
    slett = ny.slett;
  }
  const handle = await aapne();
  await seedDemoData(handle.db);
  await handle.close();
  // Every acknowledgement is held a while (the kill comes while the first is held).
  th = await startTestHub({
    forsinkelseMs: { AcknowledgeEnvelopeReceipt: 1500, AcknowledgeFailedEnvelopeReceipt: 1500 },
    paaKall: (op) => {
      if (op.startsWith("Acknowledge")) ackKall.push(op);
    },
  });
}, 120_000);
afterAll(async () => {
  await th?.close();
  await slett?.();
  rmSync(mappe, { recursive: true, force: true });
});

function hent(): { barn: ChildProcess; ut: string[] } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    HUB_URL: th.norge.url,
    HUB_KLIENTSERTIFIKAT: String(th.norge.sertifikat),
    HUB_KLIENTNOEKKEL: String(th.norge.noekkel),
    HUB_CA: String(th.norge.ca),
    HUB_INTERVALL_SEKUNDER: "0.2",
    // The Hub holds acknowledgements 1.5 s; the lease is the shortest three such call timeouts allow.
    HUB_TIDSAVBRUDD_SEKUNDER: "3",
    HUB_LEIE_SEKUNDER: "9",
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else env.DATA_DIR = path.join(mappe, "pglite");
  const barn = spawn(process.execPath, ["--import", "tsx", "scripts/hub-hent.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ut: string[] = [];
  barn.stdout?.on("data", (d: Buffer) => ut.push(d.toString()));
  barn.stderr?.on("data", (d: Buffer) => ut.push(d.toString()));
  return { barn, ut };
}

async function vent(sjekk: () => boolean, hva: string, ms = 60_000): Promise<void> {
  const frist = Date.now() + ms;
  while (!sjekk()) {
    if (Date.now() > frist) throw new Error(`Tidsavbrudd: ${hva}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const avsluttet = (barn: ChildProcess) =>
  new Promise<number | null>((r) =>
    barn.exitCode !== null || barn.signalCode !== null ? r(barn.exitCode) : barn.once("exit", r),
  );

describe(`hubhenteren drepes mellom lagring og kvittering (${serverUrl ? "PostgreSQL" : "PGlite"})`, () => {
  it("køen tømmes nøyaktig én gang", async () => {
    const numre = [1, 2, 3].map((i) => `PHYTO.NL.2026.DREP${i}${Date.now() % 100_000}`);
    // One envelope waits while the first puller runs, so the one killed is it, however slow the puller: a
    // cold puller under load can outlive its claim (9 s) on its first envelope, and with more waiting it went
    // on to the next one and was killed at that one's acknowledgement (two pulled before the kill).
    await th.lever(hubSertifikatXml(numre[0] as string), { nummer: numre[0] });

    const foerste = hent();
    await vent(() => ackKall.length > 0, `den første kvitteringen (${foerste.ut.join("")})`);
    foerste.barn.kill("SIGKILL");
    expect(await avsluttet(foerste.barn)).toBeNull();
    // The Hub holds the acknowledgement and finds its client gone: it never took it.
    await vent(() => th.hub.forkastet().length > 0, "den forkastede kvitteringen", 5000);
    expect(th.hub.forkastet()).toEqual([ackKall[0]]);
    expect(th.hub.konvolutter().every((k) => k.sporing === "PendingDelivery")).toBe(true);
    const drept = th.hub.konvolutter().filter((k) => k.hentet === 1);
    expect(drept, foerste.ut.join("")).toHaveLength(1);
    expect(drept[0]?.nppoSertifikatnummer).toBe(numre[0]);

    // The rest of the queue comes while no puller runs.
    for (const nr of numre.slice(1)) await th.lever(hubSertifikatXml(nr), { nummer: nr });
    const ugyldig = await th.lever("<ikke-et-sertifikat/>", { nummer: "X-DREP" });

    const andre = hent();
    await vent(
      () => th.hub.konvolutter().every((k) => k.sporing !== "PendingDelivery"),
      `at køen tømmes (${andre.ut.join("")})`,
    );
    andre.barn.kill("SIGTERM");
    expect(await avsluttet(andre.barn)).toBe(0);

    for (const k of th.hub.konvolutter()) {
      expect(k.kvitteringer, k.nppoSertifikatnummer).toBe(1);
      // Pulled once: the killed one's outcome was in the journal, so the second puller only acknowledged it.
      expect(k.hentet, k.nppoSertifikatnummer).toBe(1);
      expect(k.sporing).toBe(k.hubLeveringsnummer === ugyldig ? "FailedDelivery" : "Delivered");
    }
    const handle = await aapne();
    try {
      for (const nr of numre) {
        const s = await handle.db.selectFrom("sertifikat").select("id").where("nummer", "=", nr).execute();
        expect(s, nr).toHaveLength(1);
        const varsler = await handle.db
          .selectFrom("epost_varsel")
          .select("id")
          .where("sertifikat_id", "=", s[0]?.id as number)
          .execute();
        expect(varsler, nr).toHaveLength(1);
      }
      const journal = await handle.db.selectFrom("hub_konvolutt").selectAll().execute();
      expect(journal).toHaveLength(4);
      expect(journal.every((j) => j.kvittert !== null && j.krav === null)).toBe(true);
      expect(journal.filter((j) => j.resultat === "ny")).toHaveLength(3);
      const lease = await handle.db.selectFrom("hub_henter").selectAll().executeTakeFirstOrThrow();
      expect(lease.eier).toBeNull();
    } finally {
      await handle.close();
    }
  }, 150_000);

  it("to hentere som egne prosesser samtidig: hver konvolutt hentes, lagres og kvitteres av én", async (ctx) => {
    bareMedPostgres(ctx);
    const numre = Array.from({ length: 8 }, (_, i) => `PHYTO.NL.2026.TO${i}${Date.now() % 100_000}`);
    for (const nr of numre) await th.lever(hubSertifikatXml(nr), { nummer: nr });
    const nye = () => th.hub.konvolutter().filter((k) => numre.includes(k.nppoSertifikatnummer));
    // A short lease and claim (9 s): under load a claim can run out while its puller parses, and the other
    // takes the envelope over and pulls it again (the Hub keeps it until it is acknowledged); the first one's
    // store is then rolled back. The claim is renewed before the acknowledgement, which ends within its timeout,
    // a third of the lease. What must hold: stored once, acknowledged once.
    const hentere = [hent(), hent()];
    await vent(
      () => nye().every((k) => k.sporing !== "PendingDelivery"),
      `at køen tømmes (${hentere.map((h) => h.ut.join("")).join(" | ")})`,
      120_000,
    );
    for (const h of hentere) h.barn.kill("SIGTERM");
    for (const h of hentere) expect(await avsluttet(h.barn)).toBe(0);
    for (const k of nye()) {
      expect(k, k.nppoSertifikatnummer).toMatchObject({ sporing: "Delivered", kvitteringer: 1 });
    }
    const handle = await aapne();
    try {
      for (const nr of numre) {
        const s = await handle.db.selectFrom("sertifikat").select("id").where("nummer", "=", nr).execute();
        expect(s, nr).toHaveLength(1);
        const varsler = await handle.db
          .selectFrom("epost_varsel")
          .select("id")
          .where("sertifikat_id", "=", s[0]?.id as number)
          .execute();
        expect(varsler, nr).toHaveLength(1);
      }
      // Stored by one: a second store of the same content would have been "uendret".
      const journal = await handle.db
        .selectFrom("hub_konvolutt")
        .select(["resultat", "kvittert", "krav"])
        .where(
          "hub_leveringsnummer",
          "in",
          nye().map((k) => k.hubLeveringsnummer),
        )
        .execute();
      expect(journal).toHaveLength(numre.length);
      expect(journal.every((j) => j.resultat === "ny" && j.kvittert !== null && j.krav === null)).toBe(true);
    } finally {
      await handle.close();
    }
  }, 180_000);
});
