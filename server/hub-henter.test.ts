// The Hub puller in the `sender` role (ADR 044): a sender process pulls from a Hub over TLS with its client
// certificate (HUB_URL, HUB_KLIENTSERTIFIKAT, HUB_KLIENTNOEKKEL, HUB_CA), the metrics count it, and when the Hub
// goes away the rounds fail without the process turning unready. Without HUB_URL the development Hub runs in
// the process; production refuses it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nyServerDatabase } from "../tests/support/test-db";
import { hubSertifikatXml, startTestHub, type TestHub } from "../tests/support/test-hub";
import { KonfigurasjonsFeil, loadConfig } from "./config";
import { type StartedServer, startServer } from "./index";
import { lagLogger } from "./logg";

const serverUrl = process.env.TEST_DATABASE_URL;
const rydding: (() => Promise<unknown> | unknown)[] = [];

async function database(): Promise<Record<string, string>> {
  if (!serverUrl) return { DATA_DIR: "memory://" };
  const ny = await nyServerDatabase(serverUrl);
  rydding.push(ny.slett);
  return { DATABASE_URL: ny.url };
}

async function vent(sjekk: () => Promise<boolean>, hva: string, ms = 30_000): Promise<void> {
  const frist = Date.now() + ms;
  while (!(await sjekk())) {
    if (Date.now() > frist) throw new Error(`Tidsavbrudd: ${hva}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("sender-prosessen henter fra huben", () => {
  let th: TestHub;
  let s: StartedServer;
  const maalinger = async () => (await fetch(`http://127.0.0.1:${s.metrikkPort}/metrics`)).text();
  beforeAll(async () => {
    th = await startTestHub();
    rydding.push(() => th.close());
    s = await startServer(
      loadConfig({
        ...(await database()),
        PORT: "0",
        HOST: "127.0.0.1",
        ROLES: "sender",
        SEED_DEMO_DATA: "true",
        SMTP_URL: "smtp://127.0.0.1:9",
        METRICS_PORT: "0",
        HUB_URL: th.norge.url,
        HUB_KLIENTSERTIFIKAT: String(th.norge.sertifikat),
        HUB_KLIENTNOEKKEL: String(th.norge.noekkel),
        HUB_CA: String(th.norge.ca),
        HUB_INTERVALL_SEKUNDER: "0.2",
        HUB_TIDSAVBRUDD_SEKUNDER: "2",
      }),
      lagLogger("silent"),
    );
    rydding.push(() => s.close());
  }, 120_000);
  afterAll(async () => {
    for (const r of rydding.splice(0).reverse()) await r();
  });

  it("henter, lagrer og kvitterer, og målingene teller det", async () => {
    expect(s.utviklingshub).toBeUndefined();
    const nr = `PHYTO.NL.2026.SENDER${Date.now() % 100_000}`;
    await th.lever(hubSertifikatXml(nr), { nummer: nr });
    await th.lever("<ikke/>", { nummer: "X-SENDER" });
    await vent(
      async () => th.hub.konvolutter().every((k) => k.sporing !== "PendingDelivery"),
      "at senderen kvitterer begge",
    );
    expect(th.hub.konvolutter().map((k) => k.sporing)).toEqual(["Delivered", "FailedDelivery"]);
    // The Hub marks an envelope when the acknowledgement arrives; the puller counts it when the answer comes back.
    let tekst = "";
    await vent(async () => {
      tekst = await maalinger();
      return [...tekst.matchAll(/forhaandsmelding_hub_kvittert_total\{[^}]*\} 1/g)].length === 2;
    }, "at målingene har begge kvitteringene");
    expect(tekst).toMatch(/forhaandsmelding_hub_hentet_total\{[^}]*\} 2/);
    expect(tekst).toMatch(/forhaandsmelding_hub_lagret_total\{[^}]*resultat="ny"[^}]*\} 1/);
    expect(tekst).toMatch(/forhaandsmelding_hub_kvittert_total\{[^}]*kvittering="mottatt"[^}]*\} 1/);
    expect(tekst).toMatch(/forhaandsmelding_hub_kvittert_total\{[^}]*kvittering="feilet"[^}]*\} 1/);
    expect(tekst).toMatch(/forhaandsmelding_hub_feilet_total\{[^}]*type="ugyldig"[^}]*\} 1/);
    expect(tekst).toMatch(/forhaandsmelding_hub_ukvitterte_antall\{[^}]*\} 0/);
    expect(tekst).toMatch(/forhaandsmelding_hub_eldste_ukvitterte_sekunder\{[^}]*\} 0/);
    const sist = Number(
      /forhaandsmelding_hub_siste_vellykkede_runde_sekunder\{[^}]*\} (\S+)/.exec(tekst)?.[1],
    );
    expect(Math.abs(sist - Date.now() / 1000)).toBeLessThan(30);
  });

  it("når huben er borte, feiler rundene, men prosessen forblir klar", async () => {
    await th.close();
    await vent(
      async () => /forhaandsmelding_hub_feilet_total\{[^}]*type="hub"[^}]*\} [1-9]/.test(await maalinger()),
      "en feilet runde",
    );
    for (let i = 0; i < 5; i++) {
      const klar = await fetch(`${s.lokalUrl}/readyz`);
      expect(klar.status).toBe(200);
      expect(await klar.json()).toEqual({
        status: "klar",
        sjekker: { database: "ok", migrert: "ok", utboks: "ok" },
      });
      await new Promise((r) => setTimeout(r, 250));
    }
    const status = await s.database.db.selectFrom("hub_henter").selectAll().executeTakeFirstOrThrow();
    expect(status.siste_feil).toMatch(/GetImportEnvelopeHeaders: fikk ikke svar fra huben/);
  });
});

describe("utviklingshuben", () => {
  it("kjører i sender-prosessen uten HUB_URL, og nektes i produksjon", async () => {
    const s = await startServer(
      loadConfig({
        PORT: "0",
        HOST: "127.0.0.1",
        ROLES: "sender",
        DATA_DIR: "memory://",
        SEED_DEMO_DATA: "false",
      }),
      lagLogger("silent"),
    );
    try {
      expect(s.utviklingshub).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/hub\/DeliveryService$/);
    } finally {
      await s.close();
    }
    // A configuration built by hand cannot slip it into production.
    const config = loadConfig({ ROLES: "sender", DATA_DIR: "memory://" });
    await expect(
      startServer({ ...config, production: true, embeddedEpost: false, databaseUrl: "postgres://x/y" }),
    ).rejects.toBeInstanceOf(KonfigurasjonsFeil);
  }, 120_000);
});
