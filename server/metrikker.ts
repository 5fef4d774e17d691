// Prometheus metrics (issue 26 point 5, docs/decisions/028-roller-og-drift.md), served on their own port
// (METRICS_PORT), never on the public one: request duration per route pattern, the e-mail outbox's depth and
// oldest age, certificates ingested, failed deliveries, the database pool, the calls to Altinn, Maskinporten and
// Enhetsregisteret and the register's update feed (ADR 042), the Hub puller (ADR 044), the approved risk rules'
// version (ADR 046), and Node's own process metrics.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { sql } from "kysely";
import type pg from "pg";
import client from "prom-client";
import type { OppryddingMaaler } from "../api/opprydding";
import type { RegisterMaaler } from "../api/registre/motstand";
import type { EnhetsoppdateringMaaler } from "../api/registre/oppdateringer";
import type { HubHendelse } from "../api/sertifikat/hub-henter";
import { ukvitterte } from "../api/sertifikat/hub-journal";
import type { Db } from "../db";

export interface Metrikker {
  register: client.Registry;
  /** Express middleware: observes each response's duration under its route pattern. */
  forespoersler(
    rute: (req: Request, res: Response) => string,
  ): (req: Request, res: Response, next: NextFunction) => void;
  /** A delivery from the Hub ended (ny, oppdatert, uendret, or avvist when refused). */
  sertifikatInnlest(resultat: string): void;
  /** One e-mail message failed (TILKOBLING or AVVIST). */
  epostFeilet(type: string): void;
  /** One e-mail message was accepted by the SMTP server. */
  epostSendt(): void;
  /** The Hub puller pulled, stored, acknowledged or failed (ADR 044). */
  hubHendelse(h: HubHendelse): void;
  /** Calls to Altinn, Maskinporten and Enhetsregisteret: count, latency, outcome; and each one's breaker. */
  registre: RegisterMaaler;
  /** The register's update feed: updates read, units fetched anew, and the cursor. */
  enhetsoppdatering: EnhetsoppdateringMaaler;
  /** The retention (ADR 053): rows deleted, and each table's rows and oldest age as of the last round. */
  opprydding: OppryddingMaaler;
}

export function lagMetrikker(opts: {
  roller: Iterable<string>;
  /** The outbox gauges read the database on each scrape (the `sender` role). */
  utboks?: Db;
  /** The PostgreSQL pool (absent on PGlite). */
  pool?: pg.Pool;
  /** The Hub puller's journal gauges read the database on each scrape (the `sender` role pulling, ADR 044). */
  hub?: Db;
  /** The current approved ruleset's version, null: none (the `api` role, ADR 046). */
  regelsett?: () => Promise<number | null>;
}): Metrikker {
  const register = new client.Registry();
  register.setDefaultLabels({ roller: [...opts.roller].sort().join(",") });
  client.collectDefaultMetrics({ register });

  const varighet = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Svartid per forespørsel, etter rutemønster, metode og status.",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [register],
  });
  const innlest = new client.Counter({
    name: "forhaandsmelding_sertifikater_innlest_total",
    help: "Sertifikater levert fra ePhyto Hub, etter resultat (ny, oppdatert, uendret, avvist).",
    labelNames: ["resultat"],
    registers: [register],
  });
  const feilet = new client.Counter({
    name: "forhaandsmelding_epost_feilet_total",
    help: "E-poster som ikke ble levert i ett forsøk, etter type (TILKOBLING: SMTP nede, AVVIST: meldingen avvist).",
    labelNames: ["type"],
    registers: [register],
  });
  const sendt = new client.Counter({
    name: "forhaandsmelding_epost_sendt_total",
    help: "E-poster tatt imot av SMTP-tjeneren.",
    registers: [register],
  });
  const registerkall = new client.Histogram({
    name: "forhaandsmelding_register_kall_sekunder",
    help: "Kall til Altinn, Maskinporten og Enhetsregisteret, etter register, operasjon og utfall (ok, feil, tidsavbrudd, brutt: registeret er satt på pause).",
    labelNames: ["register", "operasjon", "utfall"],
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const tilgjengelig = new client.Gauge({
    name: "forhaandsmelding_register_tilgjengelig",
    help: "1 når kall til registeret slippes gjennom, 0 når det er satt på pause etter gjentatte feil.",
    labelNames: ["register"],
    registers: [register],
  });
  const oppdateringer = new client.Counter({
    name: "forhaandsmelding_enhetsregister_oppdateringer_total",
    help: "Oppdateringer lest fra Enhetsregisterets oppdateringsstrømmer, etter strøm.",
    labelNames: ["kilde"],
    registers: [register],
  });
  const oppdateringsid = new client.Gauge({
    name: "forhaandsmelding_enhetsregister_oppdateringsid",
    help: "Siste oppdateringsid lest fra hver av Enhetsregisterets oppdateringsstrømmer.",
    labelNames: ["kilde"],
    registers: [register],
  });
  const { utboks, pool } = opts;
  if (utboks) {
    // One query per scrape serves both gauges: the first collect() reads, the second uses its answer.
    let maaling: Promise<{ antall: number; eldste: number }> | undefined;
    const les = () => {
      maaling ??= sql<{ antall: number; eldste: number | null }>`
        select count(*)::int as antall, extract(epoch from now() - min(opprettet))::float8 as eldste
        from epost_varsel where status = 'VENTER'`
        .execute(utboks)
        .then((r) => ({ antall: r.rows[0]?.antall ?? 0, eldste: r.rows[0]?.eldste ?? 0 }))
        .finally(() => setImmediate(() => (maaling = undefined)));
      return maaling;
    };
    new client.Gauge({
      name: "forhaandsmelding_utboks_antall",
      help: "E-postvarsler som venter på å bli sendt.",
      registers: [register],
      async collect() {
        this.set((await les()).antall);
      },
    });
    new client.Gauge({
      name: "forhaandsmelding_utboks_eldste_sekunder",
      help: "Alderen på det eldste e-postvarselet som venter (0 når utboksen er tom).",
      registers: [register],
      async collect() {
        this.set((await les()).eldste);
      },
    });
  }
  const { regelsett } = opts;
  if (regelsett) {
    new client.Gauge({
      name: "forhaandsmelding_regelsett_versjon",
      help: "Versjonen av risikoreglene Mattilsynet har godkjent som gjelder; 0: ingen, og ingen forhåndsmeldinger frigis automatisk.",
      registers: [register],
      async collect() {
        this.set((await regelsett().catch(() => null)) ?? 0);
      },
    });
  }
  if (pool) {
    new client.Gauge({
      name: "forhaandsmelding_db_pool_tilkoblinger",
      help: "Tilkoblinger i databasepoolen, etter tilstand (i_bruk, ledig, ventende forespørsler).",
      labelNames: ["tilstand"],
      registers: [register],
      collect() {
        this.set({ tilstand: "i_bruk" }, pool.totalCount - pool.idleCount);
        this.set({ tilstand: "ledig" }, pool.idleCount);
        this.set({ tilstand: "venter" }, pool.waitingCount);
      },
    });
  }

  const hub = hubMaalinger(register, opts.hub);
  const opprydding = oppryddingMaalinger(register);

  return {
    register,
    forespoersler: (rute) => (req, res, next) => {
      const slutt = varighet.startTimer();
      res.once("finish", () =>
        slutt({ method: req.method, route: rute(req, res), status: String(res.statusCode) }),
      );
      next();
    },
    sertifikatInnlest: (resultat) => innlest.inc({ resultat }),
    epostFeilet: (type) => feilet.inc({ type }),
    epostSendt: () => sendt.inc(),
    registre: {
      kall: (reg, operasjon, utfall, sekunder) =>
        registerkall.observe({ register: reg, operasjon, utfall }, sekunder),
      tilgjengelig: (reg, ja) => tilgjengelig.set({ register: reg }, ja ? 1 : 0),
    },
    enhetsoppdatering: {
      lest: (kilde, antall, _oppdatert, sisteId) => {
        oppdateringer.inc({ kilde }, antall);
        oppdateringsid.set({ kilde }, sisteId);
      },
    },
    hubHendelse: hub,
    opprydding,
  };
}

/** The retention's metrics (issue 34 item 8, ADR 053), set by the sender's rounds, not read on each scrape. */
function oppryddingMaalinger(register: client.Registry): OppryddingMaaler {
  const slettet = new client.Counter({
    name: "forhaandsmelding_opprydding_slettet_total",
    help: "Rader slettet av oppryddingen fordi de var eldre enn lagringstiden (ADR 053), etter tabell.",
    labelNames: ["tabell"],
    registers: [register],
  });
  const rader = new client.Gauge({
    name: "forhaandsmelding_tabell_rader",
    help: "Rader i tabellen ved siste oppryddingsrunde, etter tabell.",
    labelNames: ["tabell"],
    registers: [register],
  });
  const eldste = new client.Gauge({
    name: "forhaandsmelding_tabell_eldste_sekunder",
    help: "Alderen på tabellens eldste rad ved siste oppryddingsrunde (0 når den er tom), etter tabell.",
    labelNames: ["tabell"],
    registers: [register],
  });
  return {
    slettet: (tabell, antall) => slettet.inc({ tabell }, antall),
    maalt: (tabell, m) => {
      rader.set({ tabell }, m.rader);
      eldste.set({ tabell }, m.eldsteSekunder);
    },
  };
}

/**
 * The Hub puller's metrics (issue 32 §1, ADR 044): envelopes pulled, certificates stored by result, envelopes
 * acknowledged (as received or as failed), failures by kind (ugyldig: an invalid envelope; hub: the Hub did not
 * answer or refused; intern: our side), and from the journal the envelopes not yet acknowledged, the age of the
 * oldest, and when a round last went through (alert on that, not on readiness: the Hub's outages are not ours).
 */
function hubMaalinger(register: client.Registry, db: Db | undefined): (h: HubHendelse) => void {
  const teller = (navn: string, help: string, labelNames: string[] = []) =>
    new client.Counter({
      name: `forhaandsmelding_hub_${navn}_total`,
      help,
      labelNames,
      registers: [register],
    });
  const hentet = teller("hentet", "Konvolutter hentet fra ePhyto-huben (PULLSingleImportEnvelope).");
  const lagret = teller(
    "lagret",
    "Sertifikater fra huben lagret, etter resultat (ny, oppdatert, uendret, eldre).",
    ["resultat"],
  );
  const kvittert = teller("kvittert", "Konvolutter kvittert til huben, som mottatt eller som feilet.", [
    "kvittering",
  ]);
  const feilet = teller(
    "feilet",
    "Feil i hentingen: ugyldig (konvolutten avvist), hub (huben svarte ikke eller med feil), intern.",
    ["type"],
  );
  if (db) {
    let maaling: Promise<{ antall: number; eldsteSekunder: number; sisteOk: number }> | undefined;
    const les = () => {
      maaling ??= Promise.all([
        ukvitterte(db),
        db.selectFrom("hub_henter").select("siste_ok").where("id", "=", 1).executeTakeFirst(),
      ])
        .then(([u, h]) => ({ ...u, sisteOk: h?.siste_ok ? h.siste_ok.getTime() / 1000 : 0 }))
        .finally(() => setImmediate(() => (maaling = undefined)));
      return maaling;
    };
    const maaler = (navn: string, help: string, verdi: (m: Awaited<ReturnType<typeof les>>) => number) =>
      new client.Gauge({
        name: `forhaandsmelding_hub_${navn}`,
        help,
        registers: [register],
        async collect() {
          this.set(verdi(await les()));
        },
      });
    maaler("ukvitterte_antall", "Konvolutter huben har listet som ennå ikke er kvittert.", (m) => m.antall);
    maaler(
      "eldste_ukvitterte_sekunder",
      "Alderen på den eldste konvolutten som ikke er kvittert, fra første gang huben listet den (0 når ingen venter).",
      (m) => m.eldsteSekunder,
    );
    maaler(
      "siste_vellykkede_runde_sekunder",
      "Når en henterunde sist gikk gjennom uten feil (Unix-tid i sekunder; 0: aldri).",
      (m) => m.sisteOk,
    );
  }
  return (h) => {
    if (h.type === "hentet") hentet.inc();
    else if (h.type === "lagret") lagret.inc({ resultat: h.resultat });
    else if (h.type === "kvittert") kvittert.inc({ kvittering: h.kvittering });
    else feilet.inc({ type: h.hva });
  };
}

/** GET /metrics on its own port and address; anything else is 404. */
export async function startMetrikkServer(
  metrikker: Metrikker,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Ikke funnet\n");
      return;
    }
    metrikker.register.metrics().then(
      (tekst) => res.writeHead(200, { "Content-Type": metrikker.register.contentType }).end(tekst),
      (feil: unknown) =>
        res
          .writeHead(500, { "Content-Type": "text/plain; charset=utf-8" })
          .end(`Kunne ikke lese målingene: ${feil instanceof Error ? feil.message : String(feil)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
