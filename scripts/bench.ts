// `npm run bench`: throughput on an in-memory PGlite with the demo seed. Ingests N generated certificates,
// then starts the import API (as in tests/support/test-server.ts) and times sequential requests. Bounded loops; exits
// by itself. Add a section by appending a step to BENCH_STEG (each step gets the shared context).
import path from "node:path";
import { lagEpostSender } from "../api/epost/sender";
import { ingestSertifikat } from "../api/sertifikat/ingest";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { lagSertifikatXml, type SertifikatInput } from "../dev/ephyto/generate";
import { startEpostFanger } from "../dev/epost/fanger";
import { lagPdf } from "../dev/vedlegg";
import { startTestApi, type TestApi } from "../tests/support/test-server";
import { formaterFolk, maalFolk } from "./bench-folk";
import { formaterInnlesing, innlesingFeilet, maalInnlesing } from "./bench-innlesing";
import { formaterLast, formaterProduksjonsform, maalLast, maalProduksjonsform } from "./bench-last";
import { maalLeveringer } from "./bench-levering";
import { maalSertifikatside } from "./bench-side";
import { formaterSkala, MAAL_FORHOLD, maalSkala, overMaal, SKALAER, visPlaner } from "./bench-skala";
import { formaterSprak, maalSprak } from "./bench-sprak";
import { formaterStortSertifikat, maalStortSertifikat } from "./bench-stort-sertifikat";
import { klientvekt } from "./klientvekt";

export const ANTALL_SERTIFIKATER = 200;
export const ANTALL_FORESPOERSLER = 300;
/** E-mail alerts sent through the outbox to the development mail catcher: one importer (and message) each. */
export const ANTALL_EPOSTER = 200;

export interface BenchKontekst {
  api: TestApi;
  /** Person, organisation and importer the requests are made as (Kari for Hageland Drammen). */
  pid: string;
  orgnr: string;
  importoerId: number;
  /** The generated certificates, as XML and by their search keys (filled by the ingest step). */
  xml: string[];
  noekler: { sertifikatnummer: string; dato: string; avsenderland: string }[];
}

export interface BenchSteg {
  navn: string;
  /** Untimed preparation before kjoer. */
  forbered?(ctx: BenchKontekst): Promise<void>;
  /** Runs the timed work and says how many operations it did. */
  kjoer(ctx: BenchKontekst): Promise<{ antall: number; enhet: string }>;
}

export interface BenchResultat {
  navn: string;
  antall: number;
  enhet: string;
  ms: number;
  perSekund: number;
}

const LAND = ["NL", "DE", "DK", "SE", "BE", "FR", "IT"] as const;
const PLANTER = [
  { botaniskNavn: "Rosa", plantedel: "Cut flowers", tilsiktetBruk: "Decoration" },
  { botaniskNavn: "Rhododendron", plantedel: "Plants for planting", tilsiktetBruk: "Planting" },
  { botaniskNavn: "Malus domestica", plantedel: "Fruits", tilsiktetBruk: "Consumption" },
  { botaniskNavn: "Tulipa", plantedel: "Bulbs and tubers", tilsiktetBruk: "Planting" },
];

/** A realistic certificate for Hageland Drammen with a unique number. */
export function benchSertifikat(i: number, idag = new Date()): SertifikatInput {
  const land = LAND[i % LAND.length] ?? "NL";
  const utstedt = new Date(
    Date.UTC(idag.getUTCFullYear(), idag.getUTCMonth(), idag.getUTCDate() - (i % 20), 9),
  );
  return {
    nummer: `PHYTO.${land}.${idag.getUTCFullYear()}.${String(9_000_000 + i).padStart(7, "0")}`,
    utstedt,
    utsteder: "Plant protection service",
    avsender: { navn: `Exporter ${i % 17} B.V.`, adresse: ["Street 1", "1000 AA City"] },
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
    eksportland: land,
    transport: { modus: 3, navn: "Truck", id: `TR-${i}` },
    vedlegg: i % 4 === 0 ? [{ filnavn: "kopi.pdf", data: lagPdf(`Kopi ${i}`) }] : undefined,
    varelinjer: Array.from({ length: 1 + (i % 3) }, (_, n) => ({
      ...PLANTER[(i + n) % PLANTER.length],
      navn: `Line ${n + 1}`,
      opprinnelsesland: [land],
      antall: { verdi: 100 * (n + 1), enhet: "H87" },
      nettoVekt: { verdi: 12.5 * (n + 1), enhet: "KGM" },
      behandlinger:
        n === 0 ? [{ type: "Chemical treatment", type2: "Spraying", kjemikalier: ["Abamectin"] }] : [],
    })),
  };
}

async function hent(ctx: BenchKontekst, sti: string): Promise<void> {
  const res = await ctx.api.fetch(sti, { headers: { authorization: `Bearer ${await token(ctx)}` } });
  if (!res.ok) throw new Error(`${sti}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

let tokenCache: string | undefined;
async function token(ctx: BenchKontekst): Promise<string> {
  tokenCache ??= await ctx.api.token(ctx.pid, { expiresIn: "1h" });
  return tokenCache;
}

export const BENCH_STEG: BenchSteg[] = [
  {
    navn: "Innlesing (ingestSertifikat)",
    async kjoer(ctx) {
      for (const xml of ctx.xml) await ingestSertifikat(ctx.api.handle.db, xml);
      return { antall: ctx.xml.length, enhet: "sertifikater" };
    },
  },
  {
    navn: "GET sertifikat (SertifikatVisning)",
    async kjoer(ctx) {
      const base = `/import/v2/${ctx.orgnr}/${ctx.importoerId}/sertifikat`;
      for (let i = 0; i < ANTALL_FORESPOERSLER; i++) {
        const n = ctx.noekler[i % ctx.noekler.length];
        if (!n) break;
        await hent(ctx, `${base}?${new URLSearchParams(n)}`);
      }
      return { antall: ANTALL_FORESPOERSLER, enhet: "forespørsler" };
    },
  },
  {
    navn: "GET sertifikater (liste, 15 per side)",
    async kjoer(ctx) {
      const base = `/import/v2/${ctx.orgnr}/${ctx.importoerId}/sertifikater`;
      const filtre = [
        "",
        "&avsenderland=NL&avsenderland=DE",
        "&meldepliktigVurdering=MELDEPLIKTIG",
        "&avsender=exporter 1",
      ];
      for (let i = 0; i < ANTALL_FORESPOERSLER; i++) {
        await hent(ctx, `${base}?antall=15&sidenummer=${i % 10}${filtre[i % filtre.length]}`);
      }
      return { antall: ANTALL_FORESPOERSLER, enhet: "forespørsler" };
    },
  },
  {
    navn: "E-postvarsler: utboks → SMTP (e-postfangeren)",
    async forbered(ctx) {
      const db = ctx.api.handle.db;
      // The ingest step's alerts all go to one importer (one message): measure one message per importer.
      await db
        .updateTable("epost_varsel")
        .set({ status: "AVBRUTT" })
        .where("status", "=", "VENTER")
        .execute();
      const sertifikater = await db
        .selectFrom("sertifikat")
        .select("id")
        .orderBy("id")
        .limit(ANTALL_EPOSTER)
        .execute();
      for (const [i, s] of sertifikater.entries()) {
        const { id } = await db
          .insertInto("importoer")
          .values({ organisasjonsnummer: `8${String(i).padStart(8, "0")}`, navn: `Benchmottaker ${i} AS` })
          .returning("id")
          .executeTakeFirstOrThrow();
        await db
          .insertInto("importoer_epost")
          .values({ importoer_id: id, epostadresse: `bench${i}@example.no` })
          .execute();
        await db.insertInto("epost_varsel").values({ importoer_id: id, sertifikat_id: s.id }).execute();
      }
    },
    async kjoer(ctx) {
      const db = ctx.api.handle.db;
      const fanger = await startEpostFanger({ db });
      const sender = lagEpostSender({
        db,
        smtpUrl: fanger.smtpUrl,
        avsender: "ikke-svar@bench.example",
        appUrl: "http://localhost:3000",
        samlevinduMs: 0,
        maksForsoek: 3,
        ventetidMs: 1000,
      });
      let sendt = 0;
      try {
        for (;;) {
          const r = await sender.kjoer();
          if (r.feilet > 0) throw new Error("Sending til e-postfangeren feilet");
          sendt += r.sendt;
          if (r.sendt + r.avbrutt === 0) break;
        }
      } finally {
        await sender.stop();
        await fanger.close();
      }
      const fanget = await db
        .selectFrom("epost_fanget")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(fanget.n) !== sendt) throw new Error(`Sendt ${sendt}, men e-postfangeren fikk ${fanget.n}`);
      return { antall: sendt, enhet: "e-poster" };
    },
  },
];

/** An API on a fresh in-memory PGlite with the demo seed, and the certificates to ingest. */
export async function lagBenchKontekst(idag = new Date()): Promise<BenchKontekst> {
  const api = await startTestApi();
  const importoer = await api.handle.db
    .selectFrom("importoer")
    .select("id")
    .where("organisasjonsnummer", "=", ORG.hagelandDrammen)
    .executeTakeFirstOrThrow();
  const input = Array.from({ length: ANTALL_SERTIFIKATER }, (_, i) => benchSertifikat(i, idag));
  return {
    api,
    pid: DEMO_PERSONER[0]!.pid,
    orgnr: ORG.hagelandDrammen,
    importoerId: importoer.id,
    xml: input.map(lagSertifikatXml),
    noekler: input.map((s) => ({
      sertifikatnummer: s.nummer,
      dato: (s.utstedt as Date).toISOString().slice(0, 10),
      avsenderland: String(s.eksportland),
    })),
  };
}

export async function kjoerBench(steg: readonly BenchSteg[] = BENCH_STEG): Promise<BenchResultat[]> {
  // With DATABASE_URL the steps run on a fresh database on that PostgreSQL server (goal 5: ingest there).
  if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  const ctx = await lagBenchKontekst();
  const resultater: BenchResultat[] = [];
  try {
    for (const s of steg) {
      await s.forbered?.(ctx);
      const start = performance.now();
      const { antall, enhet } = await s.kjoer(ctx);
      const ms = performance.now() - start;
      resultater.push({ navn: s.navn, antall, enhet, ms, perSekund: (antall * 1000) / ms });
    }
  } finally {
    await ctx.api.close();
  }
  return resultater;
}

export function formaterTabell(resultater: readonly BenchResultat[]): string {
  const rader = [
    ["Steg", "Antall", "Tid (ms)", "Per sekund"],
    ...resultater.map((r) => [r.navn, `${r.antall} ${r.enhet}`, r.ms.toFixed(0), r.perSekund.toFixed(1)]),
  ];
  const bredder = rader[0]!.map((_, k) => Math.max(...rader.map((r) => r[k]?.length ?? 0)));
  return rader
    .map((r) =>
      r.map((celle, k) => (k === 0 ? celle.padEnd(bredder[k]!) : celle.padStart(bredder[k]!))).join("  "),
    )
    .join("\n");
}

const erHoved =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (erHoved && process.argv.includes("--plans")) {
  const i = process.argv.indexOf("--plans");
  await visPlaner(Number(process.argv[i + 1]) || 100_000, process.argv[i + 2]);
  process.exit(0);
} else if (erHoved && process.argv.includes("--scale")) {
  const database = process.env.DATABASE_URL ? "PostgreSQL-server (DATABASE_URL)" : "PGlite i minnet";
  const skalaer = SKALAER.map((n) => `${n / 1000}k`).join(", ");
  console.log(`\nListene ved ${skalaer} forhåndsmeldinger og sertifikater (${database}, over HTTP):\n`);
  const tider = await maalSkala();
  console.log(formaterSkala(tider));
  // issue 35 item 1: a list over the goal fails the run
  const over = overMaal(tider);
  if (over.length > 0) {
    console.log(`\n✗ Over ${MAAL_FORHOLD}× i leste rader eller blokker: ${over.join("; ")}`);
    process.exit(1);
  }
  console.log(`\n✓ Alle listene innenfor ${MAAL_FORHOLD}× i leste rader og blokker`);
  process.exit(0);
} else if (erHoved && process.argv.includes("--sprak")) {
  // Issue 33: the language's cost per page alone (it is also part of the full run, after the production shape).
  console.log(`\n${formaterSprak(await maalSprak())}\n`);
  process.exit(0);
} else if (erHoved) {
  const resultater = await kjoerBench();
  const database = process.env.DATABASE_URL
    ? "ny database på PostgreSQL-serveren i DATABASE_URL"
    : "PGlite i minnet";
  console.log(`\nYtelse (${database}, demodata + ${ANTALL_SERTIFIKATER} sertifikater, sekvensielt)\n`);
  console.log(formaterTabell(resultater));
  const side = await maalSertifikatside();
  console.log(
    "\nSertifikatsiden, hele tjenesten over HTTP (produksjonsbygg, innebygd database, innlogget):\n",
  );
  console.log(
    formaterTabell([
      {
        navn: "GET /sertifikat (HTML-side)",
        antall: side.antall,
        enhet: "sider",
        ms: side.ms,
        perSekund: side.perSekund,
      },
    ]),
  );
  console.log(
    `\nSidestørrelse: ${(side.htmlBytes / 1024).toFixed(1)} KiB HTML, ${(side.jsBytes / 1024).toFixed(1)} KiB JavaScript i ${side.jsFiler} filer (${(side.jsGzip / 1024).toFixed(1)} KiB med gzip, som serveren sender)\n`,
  );
  // A big certificate in worker threads (ADR 018): how long a trivial request waits meanwhile.
  console.log(`\n${formaterStortSertifikat(await maalStortSertifikat())}\n`);
  // First-load JavaScript of every page route from the build manifest (budget 110 KB, ADR 025).
  // (the root route alone is no page: every address matches a route below it)
  const vekt = klientvekt().filter(({ rute }) => rute !== "root");
  const lettest = vekt.at(-1)!;
  const tyngst = vekt[0]!;
  console.log(
    `Første lasting av JavaScript (gzip, ${vekt.length} sider): lettest ${lettest.rute} ${lettest.kb.toFixed(1)} KB, tyngst ${tyngst.rute} ${tyngst.kb.toFixed(1)} KB\n`,
  );
  // Load test (issue 15): N logged-in users for a while against the production build, 0 errors, p95.
  const last = await maalLast();
  const lastDatabase = process.env.DATABASE_URL
    ? "ny database på PostgreSQL-serveren i DATABASE_URL, i en egen prosess"
    : "innebygd database";
  console.log(`\nLasttest, hele tjenesten over HTTP (produksjonsbygg, ${lastDatabase}, loopback):\n`);
  console.log(formaterLast(last));
  console.log(`\n${formaterProduksjonsform(await maalProduksjonsform())}\n`);
  console.log(`${formaterSprak(await maalSprak())}\n`);
  console.log(`${await maalLeveringer()}\n`);
  // Issue 35: certificate intake through the Hub endpoint (one and two api processes), then people browsing
  // the production shape (web and api apart, one PostgreSQL, the real login flow, think time).
  const innlesing = await maalInnlesing();
  console.log(`${formaterInnlesing(innlesing)}\n`);
  const folk = await maalFolk();
  console.log(`${formaterFolk(folk)}\n`);
  const feil = innlesingFeilet(innlesing);
  for (const f of feil) console.error(`Nøyaktig én gang holdt ikke: ${f}`);
  if (last.feil > 0 || feil.length > 0 || folk.some((f) => f.innlogging.feil > 0)) process.exit(1);
  process.exit(0);
}
