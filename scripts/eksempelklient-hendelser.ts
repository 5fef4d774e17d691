// An example client of the importer's events (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md), for
// the importer's own systems to copy: it reads the event feed from a cursor to the end, and receives webhooks,
// verifying each with the `standardwebhooks` package (signature, and a timestamp within five minutes) before
// trusting it. It needs nothing of this repository: fetch, node:http and standardwebhooks.
//
//   Read the feed:   API_URL=… ORGNR=… IMPORTOER_ID=… TOKEN=… npx tsx scripts/eksempelklient-hendelser.ts feed [etter]
//   Receive:         WEBHOOK_HEMMELIGHET=whsec_… PORT=8080 npx tsx scripts/eksempelklient-hendelser.ts mottak
//
// The token: TOKEN is an access token for the import API, for a system a Maskinporten token with the scope
// mattilsynet:forhaandsmelding.read, got by the JWT bearer grant as scripts/eksempelklient.ts shows
// (`hentToken` there; api/maskintilgang.test.ts reads the feed with a token got so, ADR 035).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { Webhook } from "standardwebhooks";

/** One event, as the feed and the webhooks give it. */
export interface Hendelse {
  id: string;
  nummer: number;
  type: "sertifikat.mottatt" | "importmelding.status_endret" | "importmelding.vurdert";
  timestamp: string;
  importoer: { id: number; organisasjonsnummer: string };
  data: Record<string, unknown>;
}

export interface FeedKlient {
  apiUrl: string;
  orgnr: string;
  importoerId: number;
  /** Gives an access token for the import API (the seam for machine tokens). */
  hentToken: () => Promise<string>;
}

/**
 * Reads every event after `etter` (the cursor the last call returned; "0" from the start), a page at a time,
 * until the feed has no more. Keep `neste` and pass it next time: no event is read twice or missed.
 */
export async function lesHendelser(
  k: FeedKlient,
  etter = "0",
): Promise<{ hendelser: Hendelse[]; neste: string }> {
  const hendelser: Hendelse[] = [];
  let markoer = etter;
  for (;;) {
    const url = `${k.apiUrl}/import/v2/${k.orgnr}/${k.importoerId}/hendelser?etter=${encodeURIComponent(markoer)}&antall=100`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${await k.hentToken()}` } });
    if (!res.ok) throw new Error(`Hendelsesstrømmen svarte ${res.status}: ${await res.text()}`);
    const side = (await res.json()) as { hendelser: Hendelse[]; neste: string; flere: boolean };
    hendelser.push(...side.hendelser);
    markoer = side.neste;
    if (!side.flere) return { hendelser, neste: markoer };
  }
}

/** Verifies a webhook (body as received, byte for byte, and its headers); throws when it is not genuine. */
export function verifiserWebhook(
  hemmelighet: string,
  kropp: string,
  headers: Record<string, string | string[] | undefined>,
): Hendelse {
  const h = (navn: string) => {
    const v = headers[navn];
    return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
  };
  return new Webhook(hemmelighet).verify(kropp, {
    "webhook-id": h("webhook-id"),
    "webhook-timestamp": h("webhook-timestamp"),
    "webhook-signature": h("webhook-signature"),
  }) as Hendelse;
}

export interface Mottaker {
  url: string;
  /** The verified events, in the order they arrived (a retry can repeat one: deduplicate by `id`). */
  mottatt: Hendelse[];
  /** Requests refused because the signature or timestamp did not verify. */
  avvist: number;
  /** Every POST as received (body and headers), verified or not. */
  raa: { kropp: string; headers: Record<string, string | string[] | undefined> }[];
  close(): Promise<void>;
}

async function lesKropp(req: IncomingMessage): Promise<string> {
  const deler: Buffer[] = [];
  let lengde = 0;
  for await (const del of req) {
    lengde += (del as Buffer).length;
    if (lengde > 1_000_000) throw new Error("For stor forespørsel");
    deler.push(del as Buffer);
  }
  return Buffer.concat(deler).toString("utf8");
}

/**
 * A small webhook receiver on `vert:port` (port 0: any free port): POST with a valid signature → 204 (or what
 * `svarStatus` says, to play a failing receiver), anything that does not verify → 401.
 */
export async function startMottaker(opts: {
  /** The subscription's secret (a function: known only once the subscription is made with this URL). */
  hemmelighet: string | (() => string);
  port?: number;
  vert?: string;
  svarStatus?: () => number;
  paaHendelse?: (h: Hendelse) => void;
}): Promise<Mottaker> {
  const mottatt: Hendelse[] = [];
  const m: Mottaker = { url: "", mottatt, avvist: 0, raa: [], close: async () => {} };
  const server = createServer(async (req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    let hendelse: Hendelse;
    try {
      const kropp = await lesKropp(req);
      m.raa.push({ kropp, headers: req.headers });
      const hemmelighet = typeof opts.hemmelighet === "string" ? opts.hemmelighet : opts.hemmelighet();
      hendelse = verifiserWebhook(hemmelighet, kropp, req.headers);
    } catch {
      m.avvist += 1;
      res.writeHead(401).end();
      return;
    }
    mottatt.push(hendelse);
    opts.paaHendelse?.(hendelse);
    res.writeHead(opts.svarStatus?.() ?? 204).end();
  });
  const vert = opts.vert ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, vert, resolve));
  m.url = `http://${vert}:${(server.address() as AddressInfo).port}/webhook`;
  m.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return m;
}

async function kommandolinje(): Promise<void> {
  const [kommando, argument] = process.argv.slice(2);
  const env = (navn: string) => {
    const v = process.env[navn];
    if (!v) {
      console.error(`Sett ${navn}.`);
      process.exit(2);
    }
    return v;
  };
  if (kommando === "feed") {
    const { hendelser, neste } = await lesHendelser(
      {
        apiUrl: env("API_URL").replace(/\/$/, ""),
        orgnr: env("ORGNR"),
        importoerId: Number(env("IMPORTOER_ID")),
        hentToken: async () => env("TOKEN"),
      },
      argument ?? "0",
    );
    for (const h of hendelser) console.log(JSON.stringify(h));
    console.error(`Neste markør: ${neste}`);
  } else if (kommando === "mottak") {
    const m = await startMottaker({
      hemmelighet: env("WEBHOOK_HEMMELIGHET"),
      port: Number(process.env.PORT ?? 8080),
      vert: process.env.HOST ?? "0.0.0.0",
      paaHendelse: (h) => console.log(JSON.stringify(h)),
    });
    console.error(`Tar imot webhooker på ${m.url}`);
  } else {
    console.error("Bruk: eksempelklient-hendelser.ts feed [etter] | mottak");
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await kommandolinje();
