// Altinn and Enhetsregisteret in the process as an operator runs it (ADR 042): in embedded mode the stand-ins answer
// on the process's own port (known only once it listens) and the service reads them over HTTP; with the registers
// down, readiness does not flap (it never asks a third party), the API answers the register page's 503, and the
// metrics count the calls and their failures. Nowhere — metrics, log lines — the national identity number.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { exportJWK, generateKeyPair } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { REGISTER_UTILGJENGELIG } from "../domain/problem";
import { lagTokenNoekler } from "../tests/support/test-server";
import { loadConfig } from "./config";
import { type StartedServer, startServer } from "./index";
import { lagLogger } from "./logg";

const KARI = "26849612378";
const rydding: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const r of rydding.splice(0).reverse()) await r();
});

/** An `api` process on a memory database whose access tokens this test signs (its JWKS served here). */
async function startApi(env: Record<string, string>) {
  const noekler = await lagTokenNoekler("registre");
  const jwks = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(noekler.jwks)),
  );
  await new Promise<void>((r) => jwks.listen(0, "127.0.0.1", () => r()));
  rydding.push(() => new Promise<void>((r) => jwks.close(() => r())));
  const utsteder = { issuer: "https://idporten.registre.test", audience: "registre-api" };
  const logg: string[] = [];
  const stroem = new Writable({
    write(chunk, _enc, cb) {
      logg.push(String(chunk));
      cb();
    },
  });
  const s: StartedServer = await startServer(
    loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "info",
      METRICS_PORT: "0",
      ROLES: "api",
      OIDC_ISSUER: utsteder.issuer,
      API_AUDIENCE: utsteder.audience,
      API_JWKS_URI: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`,
      ...env,
    }),
    lagLogger("info", {}, stroem),
  );
  rydding.push(() => s.close());
  const kall = async (sti: string) =>
    fetch(`${s.lokalUrl}${sti}`, {
      headers: { authorization: `Bearer ${await noekler.token(KARI, {}, utsteder)}` },
    });
  const maalinger = async () => (await fetch(`http://127.0.0.1:${s.metrikkPort}/metrics`)).text();
  return { s, kall, maalinger, logg };
}

describe("Altinn og Enhetsregisteret i prosessen", () => {
  it("innebygd: utviklingsutgavene svarer på prosessens egen port, og kallene måles uten fødselsnummeret", async () => {
    const { s, kall, maalinger, logg } = await startApi({});
    expect(s.config.registre.innebygd).toBe(true);
    const res = await kall("/gateway/auth/avgiver");
    expect(res.status).toBe(200);
    const liste = (await res.json()) as Array<{ altinn: { navn: string } }>;
    expect(liste.map((a) => a.altinn.navn)).toContain("Hageland Import AS avd. Drammen");
    const m = await maalinger();
    expect(m).toMatch(
      /forhaandsmelding_register_kall_sekunder_count\{[^}]*register="altinn",operasjon="avgivere",utfall="ok"[^}]*\} 1/,
    );
    expect(m).toMatch(/forhaandsmelding_register_tilgjengelig\{[^}]*register="altinn"[^}]*\} 1/);
    expect(m).not.toContain(KARI);
    expect(logg.join("")).not.toContain(KARI);
  }, 120_000);

  it("med Altinn og registeret nede: /readyz er klar, API-et svarer 503 med registerets problemtype, aldri 500", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const noekkel = JSON.stringify({ ...(await exportJWK(privateKey)), kid: "k1", alg: "RS256" });
    const ingen = "http://127.0.0.1:9";
    const { s, kall, maalinger, logg } = await startApi({
      ALTINN_URL: `${ingen}/altinn`,
      ENHETSREGISTERET_URL: `${ingen}/enhetsregisteret`,
      MASKINPORTEN_URL: `${ingen}/maskinporten`,
      MASKINPORTEN_KLIENT_NOEKKEL: noekkel,
      REGISTRE_PAUSE_ETTER_FEIL: "2",
    });
    expect(s.config.registre.innebygd).toBe(false);
    for (let i = 0; i < 3; i++) {
      const res = await kall("/import/register/v1/912345742");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ type: REGISTER_UTILGJENGELIG, status: 503 });
    }
    const klar = await fetch(`${s.lokalUrl}/readyz`);
    expect(klar.status).toBe(200);
    expect(Object.keys(((await klar.json()) as { sjekker: object }).sjekker).sort()).toEqual([
      "database",
      "migrert",
    ]);
    const m = await maalinger();
    // Failed calls are counted; after two in a row Maskinporten is paused and calls fail at once ("brutt").
    expect(m).toMatch(/register="maskinporten",operasjon="token",utfall="feil"/);
    expect(m).toMatch(/register="maskinporten",operasjon="token",utfall="brutt"/);
    expect(m).toMatch(/forhaandsmelding_register_tilgjengelig\{[^}]*register="maskinporten"[^}]*\} 0/);
    expect(m).not.toContain(KARI);
    expect(logg.join("")).not.toContain(KARI);
  }, 120_000);
});
