// The example client (scripts/eksempelklient-hendelser.ts) against the running service (issue 25 §3,
// docs/decisions/036-hendelser-og-webhooker.md): the import API on a real port, the webhook sender of the
// `sender` role, and the client's receiver verifying each webhook with the standardwebhooks package. A
// certificate arrives through the Hub intake, a notification is submitted and assessed; the receiver gets the
// three event types signed, the feed gives the same events in order; tampering is rejected; a failing
// receiver is retried and then paused; a private address is refused when subscribing and when delivering.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagWebhookSender, type WebhookSender, type WebhookSenderOptions } from "../../api/hendelser/sender";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import {
  lesHendelser,
  type Mottaker,
  startMottaker,
  verifiserWebhook,
} from "../../scripts/eksempelklient-hendelser";
import {
  type Aktoer,
  aktoer,
  importoerId,
  KARI,
  klarTilInnsending,
  LINJER,
  vurderSomMyndighet,
} from "../support/test-hjelp";
import { startTestApi, TEST_HUB_API_KEY, TEST_WEBHOOK_NOEKKEL, type TestApi } from "../support/test-server";

let api: TestApi;
let hageland: number;
let gront: number;
let kari: Aktoer;
const mottakere: Mottaker[] = [];
const servere: Server[] = [];
const db = () => api.handle.db;
const WH = () => `/import/register/v1/${ORG.hagelandDrammen}/${hageland}/webhooker`;

function sender(o: Partial<WebhookSenderOptions> = {}): WebhookSender {
  return lagWebhookSender({
    db: db(),
    noekkel: TEST_WEBHOOK_NOEKKEL,
    policy: { tillatLokal: true },
    tidsavbruddMs: 1000,
    maksForsoek: 5,
    ventetidMs: 0,
    pauseEtter: 3,
    ...o,
  });
}

async function abonner(url: string, typer: string[]): Promise<{ id: number; hemmelighet: string }> {
  const res = await api.fetch(WH(), { pid: KARI, method: "POST", json: { url, typer } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number; hemmelighet: string };
}

async function mottaker(o: Partial<Parameters<typeof startMottaker>[0]> = {}) {
  let hemmelighet = "";
  const m = await startMottaker({ hemmelighet: () => hemmelighet, ...o });
  mottakere.push(m);
  return { m, settHemmelighet: (h: string) => (hemmelighet = h) };
}

/** Runs rounds until nothing is due (the backoff is 0 in these tests). */
async function leverAlt(s: WebhookSender) {
  for (let i = 0; i < 20; i += 1) {
    const r = await s.kjoer();
    if (r.levert + r.feilet === 0) return;
  }
}

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(db(), ORG.hagelandDrammen);
  gront = await importoerId(db(), ORG.grontMottakOslo);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
}, 120_000);

afterAll(async () => {
  for (const m of mottakere) await m.close();
  for (const s of servere) await new Promise((r) => s.close(r));
  await api?.close();
});

describe("eksempelklienten mot tjenesten", () => {
  it("tar imot signerte webhooker for hver hendelse, og strømmen gir de samme i rekkefølge", async () => {
    const klient = {
      apiUrl: api.url,
      orgnr: ORG.hagelandDrammen,
      importoerId: hageland,
      // The seam for machine tokens: here the test's access token, as the API tests use.
      hentToken: () => api.token(KARI),
    };
    const { neste: start } = await lesHendelser(klient, "0");
    const { m, settHemmelighet } = await mottaker();
    const ab = await abonner(m.url, [
      "sertifikat.mottatt",
      "importmelding.status_endret",
      "importmelding.vurdert",
    ]);
    settHemmelighet(ab.hemmelighet);
    const s = sender();

    // A certificate arrives through the Hub intake.
    const nummer = `PHYTO.NL.2026.${Date.now() % 10_000_000}`;
    const utstedt = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const hub = await api.fetch("/import/ephyto/v1/sertifikat", {
      method: "POST",
      headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "application/xml" },
      body: lagSertifikatXml({
        nummer,
        type: "Eksport",
        utstedt: `${utstedt}T10:00:00Z`,
        utsteder: "NVWA",
        avsender: { navn: "Bloemen B.V.", adresse: ["Legmeerdijk 1", "1431 GB Aalsmeer"] },
        mottaker: {
          navn: "Mottaker AS",
          adresse: ["Tollbugata 40"],
          organisasjonsnummer: ORG.hagelandDrammen,
        },
        eksportland: "NL",
        varelinjer: [LINJER.roseplanter],
      }),
    });
    expect(hub.status, await hub.clone().text()).toBeLessThan(300);
    await leverAlt(s);
    expect(m.mottatt.map((h) => h.type)).toEqual(["sertifikat.mottatt"]);
    expect(m.mottatt[0]!.data.sertifikat).toMatchObject({ nummer, eksportland: "NL" });

    // A notification is submitted, then assessed by the authority.
    const melding = await klarTilInnsending(
      kari,
      { id: 0, nummer, eksportLand: "NL", utstedtDato: utstedt },
      { ansvarlig: hageland, kontrolloer: gront },
    );
    expect((await kari.put(`/${melding.id}/status`, { status: "REGISTRERT" })).status).toBe(200);
    await leverAlt(s);
    const vurdert = await vurderSomMyndighet(api, melding.id, { status: "FRIGITT" });
    expect(vurdert.status, await vurdert.clone().text()).toBe(200);
    await leverAlt(s);

    expect(m.avvist).toBe(0);
    expect(m.mottatt.map((h) => [h.type, h.data.status ?? null])).toEqual([
      ["sertifikat.mottatt", null],
      ["importmelding.status_endret", "REGISTRERT"],
      ["importmelding.status_endret", "FRIGITT"],
      ["importmelding.vurdert", "FRIGITT"],
    ]);
    // The webhook-id is the event's id; the body is exactly what was signed.
    for (const [i, r] of m.raa.entries()) expect(r.headers["webhook-id"]).toBe(m.mottatt[i]!.id);

    // The feed from the cursor read before: the same events, in order.
    const { hendelser, neste } = await lesHendelser(klient, start);
    expect(hendelser.map((h) => h.id)).toEqual(m.mottatt.map((h) => h.id));
    expect(hendelser).toEqual(m.mottatt);
    expect(await lesHendelser(klient, neste)).toEqual({ hendelser: [], neste });

    // The delivery log the importer reads.
    const logg = (await (await api.fetch(WH(), { pid: KARI })).json()) as {
      logg: { ok: boolean; httpStatus: number; hendelseType: string }[];
    };
    expect(
      logg.logg
        .slice(0, 4)
        .map((l) => `${l.hendelseType} ${l.ok} ${l.httpStatus}`)
        .sort(),
    ).toEqual([
      "importmelding.status_endret true 204",
      "importmelding.status_endret true 204",
      "importmelding.vurdert true 204",
      "sertifikat.mottatt true 204",
    ]);
    await api.fetch(`${WH()}/${ab.id}`, { pid: KARI, method: "DELETE" });

    // Tampering: a changed body, a changed signature, an old timestamp and a wrong secret are all refused.
    const ekte = m.raa[0]!;
    const headers = { ...ekte.headers } as Record<string, string>;
    expect(verifiserWebhook(ab.hemmelighet, ekte.kropp, headers).id).toBe(m.mottatt[0]!.id);
    expect(() => verifiserWebhook(ab.hemmelighet, ekte.kropp.replace("NL", "SE"), headers)).toThrow();
    const sig = headers["webhook-signature"]!;
    const feilSig = `${sig.slice(0, -4)}${sig.endsWith("AAA=") ? "BBB=" : "AAA="}`;
    expect(() =>
      verifiserWebhook(ab.hemmelighet, ekte.kropp, { ...headers, "webhook-signature": feilSig }),
    ).toThrow();
    const gammel = new Date(Date.now() - 10 * 60 * 1000);
    const gammelSig = new Webhook(ab.hemmelighet).sign(headers["webhook-id"]!, gammel, ekte.kropp);
    expect(() =>
      verifiserWebhook(ab.hemmelighet, ekte.kropp, {
        ...headers,
        "webhook-timestamp": String(Math.floor(gammel.getTime() / 1000)),
        "webhook-signature": gammelSig,
      }),
    ).toThrow();
    expect(() =>
      verifiserWebhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, ekte.kropp, headers),
    ).toThrow();
    // … and the receiver answers such a request 401 and keeps nothing.
    const foer = m.mottatt.length;
    const svar = await fetch(m.url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: ekte.kropp.replace("NL", "SE"),
    });
    expect(svar.status).toBe(401);
    expect(m.mottatt).toHaveLength(foer);
    expect(m.avvist).toBe(1);
  });

  it("en mottaker som feiler får nye forsøk, og abonnementet pauses etter gjentatte feil", async () => {
    let status = 500;
    const { m, settHemmelighet } = await mottaker({ svarStatus: () => status });
    const ab = await abonner(m.url, ["sertifikat.mottatt"]);
    settHemmelighet(ab.hemmelighet);
    const s = sender({ pauseEtter: 3, maksForsoek: 10 });
    await db()
      .transaction()
      .execute(async (trx) => {
        const { skrivHendelser } = await import("../../api/hendelser/skriv");
        await skrivHendelser(trx, [
          { importoerId: hageland, type: "sertifikat.mottatt", data: { proeve: 1 } },
        ]);
      });
    await leverAlt(s);
    // Three attempts of the same event (same webhook-id), then paused: no fourth.
    expect(m.mottatt).toHaveLength(3);
    expect(new Set(m.mottatt.map((h) => h.id)).size).toBe(1);
    const liste = (await (await api.fetch(WH(), { pid: KARI })).json()) as {
      webhooker: { id: number; aktiv: boolean; feilPaaRad: number; pauset: string | null }[];
      logg: {
        webhookId: number;
        ok: boolean;
        httpStatus: number | null;
        forsoek: number;
        feil: string | null;
      }[];
    };
    expect(liste.webhooker.find((w) => w.id === ab.id)).toMatchObject({ aktiv: false, feilPaaRad: 3 });
    expect(
      liste.logg.filter((l) => l.webhookId === ab.id).map((l) => [l.forsoek, l.ok, l.httpStatus, l.feil]),
    ).toEqual([
      [3, false, 500, "Mottakeren svarte 500"],
      [2, false, 500, "Mottakeren svarte 500"],
      [1, false, 500, "Mottakeren svarte 500"],
    ]);
    // Resumed, and the receiver answers again: the waiting delivery goes through with the same webhook-id.
    status = 204;
    const gjenoppta = await api.fetch(`${WH()}/${ab.id}/status`, {
      pid: KARI,
      method: "PUT",
      json: { aktiv: true },
    });
    expect(gjenoppta.status).toBe(204);
    await leverAlt(s);
    expect(m.mottatt).toHaveLength(4);
    expect(m.mottatt[3]!.id).toBe(m.mottatt[0]!.id);
    const etter = (await (await api.fetch(WH(), { pid: KARI })).json()) as typeof liste;
    expect(etter.webhooker.find((w) => w.id === ab.id)).toMatchObject({ aktiv: true, feilPaaRad: 0 });
    expect(etter.logg[0]).toMatchObject({ webhookId: ab.id, forsoek: 4, ok: true, httpStatus: 204 });
    await api.fetch(`${WH()}/${ab.id}`, { pid: KARI, method: "DELETE" });
  });

  it("omdirigering følges ikke, og et mottak som ikke svarer gir tidsavbrudd", async () => {
    let treff = 0;
    const maal = createServer((_req, res) => {
      treff += 1;
      res.writeHead(204).end();
    });
    const omdiriger = createServer((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${(maal.address() as AddressInfo).port}/` }).end();
    });
    const henger = createServer(() => {});
    for (const srv of [maal, omdiriger, henger]) {
      servere.push(srv);
      await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
    }
    const port = (srv: Server) => (srv.address() as AddressInfo).port;
    const a = await abonner(`http://127.0.0.1:${port(omdiriger)}/`, ["importmelding.vurdert"]);
    const b = await abonner(`http://127.0.0.1:${port(henger)}/`, ["importmelding.vurdert"]);
    await db()
      .transaction()
      .execute(async (trx) => {
        const { skrivHendelser } = await import("../../api/hendelser/skriv");
        await skrivHendelser(trx, [{ importoerId: hageland, type: "importmelding.vurdert", data: {} }]);
      });
    const start = Date.now();
    await sender({ tidsavbruddMs: 300, maksForsoek: 1 }).kjoer();
    expect(Date.now() - start).toBeLessThan(3000);
    expect(treff).toBe(0);
    const logg = (await (await api.fetch(WH(), { pid: KARI })).json()) as {
      logg: { webhookId: number; ok: boolean; httpStatus: number | null; feil: string }[];
    };
    expect(logg.logg.find((l) => l.webhookId === a.id)).toMatchObject({ ok: false, httpStatus: 307 });
    expect(logg.logg.find((l) => l.webhookId === b.id)).toMatchObject({
      ok: false,
      httpStatus: null,
      feil: "Ikke svar innen 0,3 s",
    });
    for (const id of [a.id, b.id]) await api.fetch(`${WH()}/${id}`, { pid: KARI, method: "DELETE" });
  });

  it("en privat adresse avvises ved abonnement og ved levering", async () => {
    const res = await api.fetch(WH(), {
      pid: KARI,
      method: "POST",
      json: { url: "https://192.168.10.20/webhook", typer: ["sertifikat.mottatt"] },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "Adressen peker til et privat eller internt nettverk og kan ikke brukes",
    );
    // Allowed when subscribing (loopback in tests), refused after DNS resolution by a sender with the
    // production policy (as when a name is pointed at an internal address after the subscription).
    const { m, settHemmelighet } = await mottaker();
    const ab = await abonner(`https://localhost:${new URL(m.url).port}/webhook`, ["sertifikat.mottatt"]);
    settHemmelighet(ab.hemmelighet);
    await db()
      .transaction()
      .execute(async (trx) => {
        const { skrivHendelser } = await import("../../api/hendelser/skriv");
        await skrivHendelser(trx, [{ importoerId: hageland, type: "sertifikat.mottatt", data: {} }]);
      });
    await sender({ policy: { tillatLokal: false }, maksForsoek: 1 }).kjoer();
    expect(m.raa).toHaveLength(0);
    const logg = (await (await api.fetch(WH(), { pid: KARI })).json()) as {
      logg: { webhookId: number; ok: boolean; feil: string }[];
    };
    expect(logg.logg.find((l) => l.webhookId === ab.id)).toMatchObject({
      ok: false,
      feil: "Adressen peker til et privat eller internt nettverk og kan ikke brukes",
    });
  });
});
