// The process as an operator runs it (issue 26 points 2–5): roles, health, metrics, request logs, migrations
// under a lock, and the graceful stop, over real HTTP on a real database (a PGlite directory, or a new database
// on the PostgreSQL server in TEST_DATABASE_URL). The `web` role needs the Remix build and is covered by the
// production-shape test (tests/produksjon) and the tests over the build (tests/drift).
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "kysely";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { problem } from "../api/http/feil";
import { openDatabase } from "../db";
import { manglendeMigreringer, migrateToLatest } from "../db/migrate";
import { ORG } from "../dev/demo-data";
import { seedDemoData } from "../dev/seed";
import { nyServerDatabase } from "../tests/support/test-db";
import {
  type Aktoer,
  aktoer,
  importoerId,
  KARI,
  klarTilInnsending,
  lagSertifikat,
} from "../tests/support/test-hjelp";
import { lagTokenNoekler, type TestApi, testApiMot } from "../tests/support/test-server";
import { loadConfig } from "./config";
import { type StartedServer, startServer } from "./index";
import { lagLogger } from "./logg";

const serverUrl = process.env.TEST_DATABASE_URL;
const rydding: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const r of rydding.splice(0).reverse()) await r();
});

/**
 * A fresh database for one process: its settings (DATABASE_URL or DATA_DIR). `minne`: PGlite in memory when no
 * server is given (cheaper; for tests that never reopen it).
 */
async function nyDatabase(minne = false, opprydding = rydding): Promise<Record<string, string>> {
  if (serverUrl) {
    const ny = await nyServerDatabase(serverUrl);
    opprydding.push(ny.slett);
    return { DATABASE_URL: ny.url };
  }
  if (minne) return { DATA_DIR: "memory://" };
  const mappe = mkdtempSync(path.join(tmpdir(), "roller-"));
  rydding.push(() => rmSync(mappe, { recursive: true, force: true }));
  return { DATA_DIR: path.join(mappe, "pglite") };
}

/** Log lines the process writes, parsed. */
function loggfanger() {
  const linjer: Record<string, unknown>[] = [];
  const tekst: string[] = [];
  const stroem = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split("\n").filter(Boolean)) {
        tekst.push(l);
        linjer.push(JSON.parse(l) as Record<string, unknown>);
      }
      cb();
    },
  });
  return { logger: lagLogger("info", {}, stroem), linjer, tekst };
}

async function start(
  env: Record<string, string>,
  logg = loggfanger(),
  opprydding = rydding,
): Promise<StartedServer> {
  const server = await startServer(
    loadConfig({ PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "false", LOG_LEVEL: "info", ...env }),
    logg.logger,
  );
  opprydding.push(() => server.close());
  return server;
}

async function vent(sjekk: () => boolean, ms = 10_000): Promise<void> {
  const frist = Date.now() + ms;
  while (!sjekk()) {
    if (Date.now() > frist) throw new Error("ventet for lenge");
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** Tests that start processes on new databases wait for initdb and migrations: give them room. */
const LANG = 120_000;

describe("en api- og sender-prosess", () => {
  const felles: (() => Promise<void> | void)[] = [];
  const logg = loggfanger();
  let s: StartedServer;
  beforeAll(async () => {
    const db = await nyDatabase(true, felles);
    s = await start(
      {
        ...db,
        ROLES: "api,sender",
        SMTP_URL: "smtp://127.0.0.1:9",
        METRICS_PORT: "0",
        HUB_API_KEY: "hub-test",
      },
      logg,
      felles,
    );
  }, LANG);
  afterAll(async () => {
    for (const r of felles.splice(0).reverse()) await r();
  });

  it("svarer på helse uten sesjon, er klar når databasen er migrert, og svarer 404 utenfor API-et", async () => {
    const lever = await fetch(`${s.lokalUrl}/healthz`);
    expect(lever.status).toBe(200);
    expect(await lever.json()).toEqual({ status: "lever" });
    expect(lever.headers.get("set-cookie")).toBeNull();
    expect(lever.headers.get("cache-control")).toBe("no-store");
    const klar = await fetch(`${s.lokalUrl}/readyz`);
    expect(klar.status).toBe(200);
    expect(await klar.json()).toEqual({
      status: "klar",
      sjekker: { database: "ok", migrert: "ok", utboks: "ok" },
    });
    const side = await fetch(`${s.lokalUrl}/sertifikater`);
    expect(side.status).toBe(404);
    expect(await side.json()).toEqual(problem(404, "Fant ikke ressursen"));
    // The API is there, and checks the token.
    const api = await fetch(`${s.lokalUrl}/gateway/auth/session`);
    expect(api.status).toBe(401);
    // Metrics only on the metrics port.
    expect((await fetch(`${s.lokalUrl}/metrics`)).status).toBe(404);
  });

  it("holder en ledig keep-alive-forbindelse åpen forbi Nodes 5 sekunder, så en klient som gjenbruker den, ikke møter en lukking", async () => {
    const { port } = new URL(s.lokalUrl);
    const sokkel = net.connect(Number(port), "127.0.0.1");
    let svar = "";
    let lukket = false;
    sokkel.setEncoding("utf8");
    sokkel.on("data", (d: string) => {
      svar += d;
    });
    sokkel.on("close", () => {
      lukket = true;
    });
    const hent = () => sokkel.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    hent();
    await vent(() => svar.includes('"lever"'));
    await new Promise((r) => setTimeout(r, 6_000));
    expect(lukket).toBe(false);
    svar = "";
    hent();
    await vent(() => svar.includes('"lever"'));
    expect(svar).toMatch(/^HTTP\/1\.1 200/);
    sokkel.destroy();
  }, 20_000);

  it("skriver én JSON-linje per forespørsel med rutemønster og forespørsels-id, uten token, spørring eller informasjonskapsel", async () => {
    logg.linjer.splice(0);
    logg.tekst.splice(0);
    const hemmelig = "eyJhbGciOi.hemmelig-token.signatur";
    const svar = await fetch(
      `${s.lokalUrl}/import/v2/912345742/1/sertifikat/42?fnr=26849612378&noekkel=hemmelig`,
      {
        headers: {
          authorization: `Bearer ${hemmelig}`,
          cookie: "__Host-forhaandsmelding=sesjonsid",
          "x-request-id": "lb-1234.abc",
        },
      },
    );
    expect(svar.status).toBe(401);
    expect(svar.headers.get("x-request-id")).toBe("lb-1234.abc");
    // A made-up id that is not a plausible one is replaced, not passed on.
    const feilId = await fetch(`${s.lokalUrl}/gateway/config/features`, {
      headers: { "x-request-id": "<script>" },
    });
    expect(feilId.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${s.lokalUrl}/healthz`);
    const linjer = logg.linjer.filter((l) => l.msg === "forespørsel" || l.msg === "forespørsel feilet");
    const linje = linjer.find((l) => l.requestId === "lb-1234.abc");
    expect(linje).toMatchObject({
      level: "info",
      del: "api",
      method: "GET",
      status: 401,
      requestId: "lb-1234.abc",
    });
    expect(typeof linje?.ms).toBe("number");
    // The route is the pattern, or "ukjent" when no route answered: never the URL with its numbers.
    expect(String(linje?.route)).not.toContain("912345742");
    // Health probes are not logged; every other request is, once.
    expect(linjer.filter((l) => l.route === "/healthz")).toHaveLength(0);
    expect(linjer).toHaveLength(2);
    const alt = logg.tekst.join("\n");
    for (const hemmelighet of [hemmelig, "26849612378", "sesjonsid", "noekkel=", "authorization", "cookie"]) {
      expect(alt).not.toContain(hemmelighet);
    }
  });

  it("teller forespørsler per rutemønster, utboksen, og leverte sertifikater i målingene", async () => {
    await fetch(`${s.lokalUrl}/healthz`);
    await fetch(`${s.lokalUrl}/import/v2/912345742/7/sertifikat/12`);
    const avvist = await fetch(`${s.lokalUrl}/import/ephyto/v1/sertifikat`, {
      method: "POST",
      headers: { "x-api-key": "hub-test", "content-type": "application/xml" },
      body: "<ikke-et-sertifikat/>",
    });
    expect(avvist.status).toBe(400);
    const tekst = await (await fetch(`http://127.0.0.1:${s.metrikkPort}/metrics`)).text();
    expect(tekst).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*\} [1-9]\d*/);
    expect(tekst).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/import\/ephyto\/v1\/sertifikat"[^}]*status="400"[^}]*\} 1/,
    );
    expect(tekst).not.toContain("912345742");
    expect(tekst).toMatch(/forhaandsmelding_sertifikater_innlest_total\{[^}]*resultat="avvist"[^}]*\} 1/);
    expect(tekst).toMatch(/forhaandsmelding_utboks_antall\{[^}]*\} 0/);
    expect(tekst).toMatch(/forhaandsmelding_utboks_eldste_sekunder\{[^}]*\} 0/);
    expect(tekst).toContain("process_cpu_seconds_total");
    // The approved risk rules' version (ADR 046): in development the development set, approved at start; 0 is none.
    expect(tekst).toMatch(/\nforhaandsmelding_regelsett_versjon\{[^}]*\} [1-9]\d*\n/);
    if (serverUrl) expect(tekst).toMatch(/forhaandsmelding_db_pool_tilkoblinger\{[^}]*tilstand="ledig"/);
  });
});

describe("migreringer", () => {
  it(
    "en prosess som ikke migrerer selv er ikke klar før skjemaet er oppdatert, og blir klar etterpå",
    async () => {
      const db = await nyDatabase(true);
      const s = await start({ ...db, ROLES: "api", DB_MIGRER_VED_OPPSTART: "false" });
      const foer = await fetch(`${s.lokalUrl}/readyz`);
      expect(foer.status).toBe(503);
      const kropp = (await foer.json()) as { status: string; sjekker: Record<string, string> };
      expect(kropp.status).toBe("ikke klar");
      expect(kropp.sjekker.migrert).toMatch(/^mangler \d+ migrering\(er\)$/);
      expect(kropp.sjekker.database).toBe("ok");
      await migrateToLatest(s.database.db);
      expect((await fetch(`${s.lokalUrl}/readyz`)).status).toBe(200);
    },
    LANG,
  );

  it.runIf(serverUrl)(
    "N prosesser som starter samtidig: én migrerer, de andre venter, hver migrering én gang",
    async () => {
      const ny = await nyServerDatabase(serverUrl as string);
      rydding.push(ny.slett);
      // Each its own pool, as separate processes would have.
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: ny.url, migrate: false })),
      );
      rydding.push(async () => {
        for (const h of handles) await h.close();
      });
      const utfoert = await Promise.all(handles.map((h) => migrateToLatest(h.db)));
      const alle = utfoert.flat().sort();
      expect(alle).toEqual([...new Set(alle)]);
      expect(utfoert.filter((u) => u.length > 0)).toHaveLength(1);
      expect(await manglendeMigreringer(handles[0]!.db)).toEqual([]);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(
        handles[0]!.db,
      );
      expect(rows[0]?.n).toBe(alle.length);
    },
  );
});

/** An api process whose access tokens this test signs: its JWKS served here, as ID-porten's would be. */
async function apiMedNoekler(env: Record<string, string>): Promise<{ s: StartedServer; api: TestApi }> {
  const noekler = await lagTokenNoekler("roller");
  const jwksServer = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(noekler.jwks)),
  );
  await new Promise<void>((r) => jwksServer.listen(0, "127.0.0.1", () => r()));
  rydding.push(() => new Promise<void>((r) => jwksServer.close(() => r())));
  const utsteder = { issuer: "https://idporten.roller.test", audience: "roller-api" };
  const s = await start({
    ...env,
    ROLES: "api",
    OIDC_ISSUER: utsteder.issuer,
    API_AUDIENCE: utsteder.audience,
    API_JWKS_URI: `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks`,
  });
  const api = testApiMot(
    s.lokalUrl,
    s.database,
    (pid, o) => noekler.token(pid, o, utsteder),
    () => s.close(),
  );
  return { s, api };
}

describe("pen avslutning (SIGTERM)", () => {
  it(
    "innsendinger som er i gang blir ferdige, en som kommer etter stoppen avvises, og ingen blir sendt to ganger",
    async () => {
      const db = await nyDatabase();
      const foerste = await apiMedNoekler(db);
      await seedDemoData(foerste.s.database.db);
      const hageland = await importoerId(foerste.s.database.db, ORG.hagelandDrammen);
      const gront = await importoerId(foerste.s.database.db, ORG.grontMottakOslo);
      const kari = aktoer(foerste.api, KARI, ORG.hagelandDrammen, hageland);
      const meldinger: number[] = [];
      for (let i = 0; i < 6; i++) {
        const m = await klarTilInnsending(kari, await lagSertifikat(foerste.s.database.db), {
          ansvarlig: hageland,
          kontrolloer: gront,
        });
        meldinger.push(m.id);
      }
      const send = (akt: Aktoer, id: number) => akt.put(`/${id}/status`, { status: "REGISTRERT" });
      // Five are sent at once; the stop begins while they are in flight; the sixth comes after it.
      const foer = foerste.s.forespoersler.mottatt();
      const underveis = meldinger.slice(0, 5).map((id) => send(kari, id));
      await vent(() => foerste.s.forespoersler.mottatt() >= foer + 5);
      // At least one is still being handled when the stop begins (PGlite runs one query at a time).
      expect(foerste.s.forespoersler.iGang()).toBeGreaterThan(0);
      const stopp = foerste.s.close();
      const sen = send(kari, meldinger[5] as number).then(
        (r) => r.status,
        () => "avvist" as const,
      );
      const svar = await Promise.all(underveis);
      expect(svar.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await sen).toBe("avvist");
      await stopp;

      // After a restart: the five are registered once each; the sixth is still a draft and can be sent now.
      const andre = await apiMedNoekler(db);
      const kari2 = aktoer(andre.api, KARI, ORG.hagelandDrammen, hageland);
      expect((await send(kari2, meldinger[5] as number)).status).toBe(200);
      for (const id of meldinger.slice(0, 5)) expect((await send(kari2, id)).status).toBe(409);
      const hendelser = await andre.s.database.db
        .selectFrom("importmelding_hendelse")
        .select(["importmelding_id", "til_status"])
        .where("importmelding_id", "in", meldinger)
        .where("til_status", "=", "REGISTRERT")
        .execute();
      expect(hendelser.map((h) => h.importmelding_id).sort((a, b) => a - b)).toEqual(
        [...meldinger].sort((a, b) => a - b),
      );
    },
    LANG,
  );

  it(
    "slutter å ta imot nye forbindelser, men lar en levering som er i gang bli ferdig og lagret",
    async () => {
      const db = await nyDatabase();
      const s = await start({ ...db, ROLES: "api", HUB_API_KEY: "hub-test" });
      await seedDemoData(s.database.db);
      const { lagSertifikatXml } = await import("../dev/ephyto/generate");
      const xml = lagSertifikatXml({
        nummer: "PHYTO.NL.2026.AVSLUTNING1",
        utstedt: "2026-11-20T08:00:00",
        avsender: { navn: "Bloemen B.V." },
        eksportland: "NL",
        mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
        varelinjer: [
          {
            botaniskNavn: "Rosa",
            plantedel: "Cut flowers",
            tilsiktetBruk: "Decoration",
            opprinnelsesland: ["NL"],
          },
        ],
      });
      const bytes = Buffer.from(xml);
      const { port } = new URL(s.lokalUrl);
      // The delivery's headers and half its body are sent; then the stop begins; then the rest comes.
      const svar = new Promise<{ status: number; kropp: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: Number(port),
            method: "POST",
            path: "/import/ephyto/v1/sertifikat",
            headers: {
              "x-api-key": "hub-test",
              "content-type": "application/xml",
              "content-length": bytes.length,
            },
          },
          (res) => {
            let kropp = "";
            res.on("data", (d) => (kropp += d));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, kropp }));
          },
        );
        req.on("error", reject);
        req.write(bytes.subarray(0, bytes.length >> 1));
        setTimeout(() => req.end(bytes.subarray(bytes.length >> 1)), 400);
      });
      await new Promise((r) => setTimeout(r, 150));
      const stopp = s.close();
      expect(s.helse).toBeDefined();
      // A new connection is refused at once.
      await expect(fetch(`${s.lokalUrl}/healthz`)).rejects.toThrow();
      const { status, kropp } = await svar;
      expect(status).toBe(201);
      expect(JSON.parse(kropp)).toMatchObject({ nummer: "PHYTO.NL.2026.AVSLUTNING1", resultat: "ny" });
      await stopp;
      // Stored, once.
      const h = await openDatabase({
        ...(serverUrl ? { databaseUrl: db.DATABASE_URL } : { dataDir: db.DATA_DIR }),
        migrate: false,
      });
      try {
        const rader = await h.db
          .selectFrom("sertifikat")
          .select("id")
          .where("nummer", "=", "PHYTO.NL.2026.AVSLUTNING1")
          .execute();
        expect(rader).toHaveLength(1);
      } finally {
        await h.close();
      }
    },
    LANG,
  );

  it(
    "senderen sender ferdig e-posten den holder på med, frigir resten, og en ny sender sender dem: hver én gang",
    async () => {
      // An SMTP server that holds each message a while before accepting it.
      const mottatt: string[] = [];
      let startet: () => void = () => {};
      const foersteStartet = new Promise<void>((r) => (startet = r));
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stroem, _session, ferdig) {
          let data = "";
          stroem.on("data", (d) => (data += d));
          stroem.on("end", () => {
            startet();
            setTimeout(() => {
              mottatt.push(/^Message-ID: (.*)$/im.exec(data)?.[1]?.trim() ?? "");
              ferdig();
            }, 600);
          });
        },
      });
      await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
      rydding.push(() => new Promise<void>((r) => smtp.close(() => r())));
      const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
      const db = await nyDatabase();
      const miljoe = {
        ...db,
        ROLES: "sender",
        SMTP_URL: smtpUrl,
        EPOST_SAMLEVINDU_SEKUNDER: "0",
        EPOST_POLL_SEKUNDER: "0.05",
      };
      // The schema and data first, through a process that only migrates (the sender's database is the same).
      const forberedt = await openDatabase({
        ...(serverUrl ? { databaseUrl: db.DATABASE_URL } : { dataDir: db.DATA_DIR }),
      });
      await seedDemoData(forberedt.db);
      const importoerer = await forberedt.db
        .selectFrom("importoer")
        .select("id")
        .orderBy("id")
        .limit(4)
        .execute();
      const sertifikat = await forberedt.db
        .selectFrom("sertifikat")
        .select("id")
        .limit(1)
        .executeTakeFirstOrThrow();
      for (const { id } of importoerer) {
        await forberedt.db
          .updateTable("importoer")
          .set({ skal_ha_epost: true })
          .where("id", "=", id)
          .execute();
        await forberedt.db
          .insertInto("importoer_epost")
          .values({ importoer_id: id, epostadresse: `i${id}@test.example` })
          .execute();
        await forberedt.db
          .insertInto("epost_varsel")
          .values({
            importoer_id: id,
            sertifikat_id: sertifikat.id,
            erstatter_nummer: null,
            status: "VENTER",
          })
          .execute();
      }
      await forberedt.close();

      const foerste = await start(miljoe);
      await foersteStartet;
      await foerste.close();
      // The first message was finished; nothing else is claimed, and nothing was given up.
      expect(mottatt).toHaveLength(1);
      const andre = await start(miljoe);
      // The SMTP server has a message before the sender has its answer and marks the row: wait for both.
      const lesVarsler = () =>
        andre.database.db.selectFrom("epost_varsel").select(["status", "forsoek", "krav"]).execute();
      const frist = Date.now() + 20_000;
      let varsler = await lesVarsler();
      while (
        (mottatt.length < importoerer.length || varsler.some((v) => v.status !== "SENDT")) &&
        Date.now() < frist
      ) {
        await new Promise((r) => setTimeout(r, 100));
        varsler = await lesVarsler();
      }
      expect(varsler.map((v) => v.status)).toEqual(importoerer.map(() => "SENDT"));
      expect(varsler.every((v) => v.forsoek === 1 && v.krav === null)).toBe(true);
      expect(mottatt).toHaveLength(importoerer.length);
      expect(new Set(mottatt).size).toBe(importoerer.length);
    },
    LANG,
  );
});

afterAll(async () => {
  for (const r of rydding.splice(0).reverse()) await r();
});
