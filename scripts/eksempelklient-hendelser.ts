// An example client of the importer's events (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md), for
// the importer's own systems to copy: it reads the event feed from a cursor to the end, and receives webhooks,
// verifying each with the `standardwebhooks` package (signature, and a timestamp within five minutes) before
// trusting it. Besides fetch, node:http and standardwebhooks it needs only scripts/eksempelklient.ts (the
// machine token).
//
//   Read the feed:   npx tsx scripts/eksempelklient-hendelser.ts feed --klient-id demo-lager \
//                      --noekkel data/maskinporten/demo-lager.jwk.json --orgnr 912345742 [--etter N] \
//                      [--api http://localhost:3000] [--token-endepunkt …/maskinporten/token] [--aud issuer]
//                    (or with a token got elsewhere: TOKEN=… API_URL=… ORGNR=… … feed [etter])
//   Receive:         WEBHOOK_HEMMELIGHET=whsec_… PORT=8080 npx tsx scripts/eksempelklient-hendelser.ts mottak
//
// The token: the feed fetches its own, a Maskinporten token with the scope mattilsynet:forhaandsmelding.read by
// the JWT bearer grant, exactly as scripts/eksempelklient.ts does (its `hentToken`; in development from the
// development Maskinporten, README «Maskintilgang», ADR 035). TOKEN, when set, is used as it is instead.

import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { JWK } from "jose";
import { Webhook } from "standardwebhooks";
import { apiKlient, hentToken, SCOPES } from "./eksempelklient";

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

const BRUK = `Bruk: eksempelklient-hendelser.ts feed --klient-id <id> --noekkel <privat JWK-fil> --orgnr <organisasjonsnummer>
         [--etter N] [--importoer-id N] [--api URL] [--token-endepunkt URL] [--aud issuer]
       (eller TOKEN=… i stedet for --klient-id og --noekkel)
     eksempelklient-hendelser.ts mottak   (WEBHOOK_HEMMELIGHET=whsec_… PORT=8080)`;

function stopp(melding: string): never {
  console.error(melding);
  process.exit(2);
}

/**
 * `feed`: the flags as scripts/eksempelklient.ts takes them (each also from the environment), a read token
 * fetched by the JWT bearer grant unless TOKEN is given, and the importer's id looked up from the
 * organisation number unless given.
 */
async function feed(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "klient-id": { type: "string", default: process.env.KLIENT_ID },
      noekkel: { type: "string", default: process.env.NOEKKEL },
      orgnr: { type: "string", default: process.env.ORGNR },
      "importoer-id": { type: "string", default: process.env.IMPORTOER_ID },
      etter: { type: "string" },
      api: { type: "string", default: process.env.API_URL || "http://localhost:3000" },
      "token-endepunkt": {
        type: "string",
        default: process.env.TOKEN_ENDEPUNKT || "http://localhost:3000/maskinporten/token",
      },
      aud: { type: "string", default: process.env.AUD },
    },
  });
  const orgnr = values.orgnr ?? stopp(BRUK);
  const gittToken = process.env.TOKEN;
  const klientId = values["klient-id"];
  const noekkelfil = values.noekkel;
  if (!gittToken && (!klientId || !noekkelfil)) stopp(BRUK);
  let token = gittToken ?? "";
  const hent = async () => {
    if (!token) {
      const noekkel = JSON.parse(await readFile(noekkelfil as string, "utf8")) as JWK;
      const klient = {
        tokenEndepunkt: values["token-endepunkt"],
        aud: values.aud,
        klientId: klientId as string,
        noekkel,
      };
      token = await hentToken(klient, [SCOPES[0] as string]);
    }
    return token;
  };
  const apiUrl = values.api.replace(/\/$/, "");
  const importoerId = values["importoer-id"]
    ? Number(values["importoer-id"])
    : (await apiKlient(apiUrl, await hent())<{ id: number }>("GET", `/import/register/v1/${orgnr}`)).id;
  const { hendelser, neste } = await lesHendelser(
    { apiUrl, orgnr, importoerId, hentToken: hent },
    values.etter ?? positionals[0] ?? "0", // `feed 42` as before, or `feed --etter 42`
  );
  for (const h of hendelser) console.log(JSON.stringify(h));
  console.error(`Neste markør: ${neste}`);
}

async function kommandolinje(): Promise<void> {
  const [kommando, ...resten] = process.argv.slice(2);
  if (kommando === "feed") {
    await feed(resten);
  } else if (kommando === "mottak") {
    const m = await startMottaker({
      hemmelighet: process.env.WEBHOOK_HEMMELIGHET || stopp("Sett WEBHOOK_HEMMELIGHET."),
      port: Number(process.env.PORT ?? 8080),
      vert: process.env.HOST ?? "0.0.0.0",
      paaHendelse: (h) => console.log(JSON.stringify(h)),
    });
    console.error(`Tar imot webhooker på ${m.url}`);
  } else {
    stopp(BRUK);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await kommandolinje().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
