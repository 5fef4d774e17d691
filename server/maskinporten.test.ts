// The api role as `npm start` runs it in development (ADR 035): the development Maskinporten answers at
// /maskinporten with the clients of its file (MASKINPORTEN_DEV_KLIENTER), and the import API accepts its
// tokens by fetching its JWKS over HTTP, as it would Maskinporten's. A client added to the file gets a token
// without a restart; the example client then does the notification journey against the process.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../dev/demo-data";
import { lagNoekkelpar, registrerKlient } from "../dev/maskinporten/klientfil";
import { forhaandsmeldingsreise, hentToken } from "../scripts/eksempelklient";
import { nyServerDatabase } from "../tests/support/test-db";
import { importoerId, LINJER, lagSertifikat } from "../tests/support/test-hjelp";
import { loadConfig } from "./config";
import { type StartedServer, startServer } from "./index";
import { lagLogger } from "./logg";

// A fixed port of this feature's range: the issuer's address is the process's own (APP_URL).
const PORT = 3241;
const rydding: (() => Promise<void> | void)[] = [];
let s: StartedServer;
let klientfil: string;

beforeAll(async () => {
  const mappe = mkdtempSync(path.join(tmpdir(), "maskinporten-"));
  rydding.push(() => rmSync(mappe, { recursive: true, force: true }));
  klientfil = path.join(mappe, "klienter.json");
  const serverUrl = process.env.TEST_DATABASE_URL;
  let db: Record<string, string> = { DATA_DIR: "memory://" };
  if (serverUrl) {
    const ny = await nyServerDatabase(serverUrl);
    rydding.push(ny.slett);
    db = { DATABASE_URL: ny.url };
  }
  s = await startServer(
    loadConfig({
      ...db,
      ROLES: "api",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${PORT}`,
      SEED_DEMO_DATA: "true",
      MASKINPORTEN_DEV_KLIENTER: klientfil,
      LOG_LEVEL: "warn",
    }),
    lagLogger("warn", {}),
  );
  rydding.push(() => s.close());
}, 120_000);
afterAll(async () => {
  for (const r of rydding.splice(0).reverse()) await r();
});

describe("utviklings-Maskinporten i api-rollen", () => {
  it("utsteder token til en klient fra klientfilen, og API-et godtar det for det importøren har gitt", async () => {
    const { privat, offentlig } = await lagNoekkelpar("lager-1");
    await registrerKlient(klientfil, {
      client_id: "lager-dev",
      navn: "Lagersystemet",
      orgnr: ORG.hagelandDrammen,
      jwk: offentlig,
    });
    const klient = {
      tokenEndepunkt: `${s.config.maskinporten?.issuer}/token`,
      klientId: "lager-dev",
      noekkel: privat,
    };
    const metadata = await fetch(`${s.lokalUrl}/maskinporten/.well-known/oauth-authorization-server`);
    expect(await metadata.json()).toMatchObject({ token_endpoint: klient.tokenEndepunkt });
    const token = await hentToken(klient);
    // Not granted yet: refused.
    const foer = await fetch(`${s.lokalUrl}/import/register/v1/${ORG.hagelandDrammen}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(foer.status).toBe(403);
    const db = s.database.db;
    const iid = await importoerId(db, ORG.hagelandDrammen);
    await db
      .insertInto("systemtilgang")
      .values({
        importoer_id: iid,
        klient_id: "lager-dev",
        klient_navn: "Lagersystemet",
        scopes: ["read", "write"],
        lagt_til_av: "Kari Nordmann",
      })
      .execute();
    const sertifikat = await lagSertifikat(db, { linjer: [LINJER.rhododendron] });
    const reise = await forhaandsmeldingsreise({
      apiUrl: s.lokalUrl,
      token,
      orgnr: ORG.hagelandDrammen,
      sertifikatnummer: sertifikat.nummer,
    });
    expect(reise.status).toBe("REGISTRERT");
    expect(reise.historikk.hendelser[0]?.utfoertAv).toMatch(/^System: Lagersystemet, /);
  });
});
