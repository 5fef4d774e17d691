// The authority's case system against its API (issue 32 item 2, docs/decisions/045-myndighetens-api.md), as an
// example for Mattilsynet's own developers: a Maskinporten token for Mattilsynet's organisation with the
// authority's scopes (the JWT bearer grant, as scripts/eksempelklient.ts), then the whole round: read the event
// feed from a cursor, fetch the notification it names by number (certificate, answers, arrival, reception
// control, history), post the assessment, and see the result. The importer sees the outcome on its page and by
// e-mail (tests/e2e/myndighet.spec.ts follows the round through to there).
//
//   npx tsx scripts/eksempelklient-myndighet.ts runde [--etter N] [--status FRIGITT|AVVIST|DELVIS_AVVIST]
//       [--begrunnelse TEKST] [--vedtaksbrev REFERANSE]
//   npx tsx scripts/eksempelklient-myndighet.ts feed [--etter N]
//   npx tsx scripts/eksempelklient-myndighet.ts hent NUMMER
//
// In development (npm start) it finds the running service and the development Maskinporten by itself, with the
// client the service registered for the authority (data/maskinporten/mattilsynet-saksbehandling-dev.jwk.json).
// Against a real one: --api URL --token-endepunkt https://maskinporten.no/token --aud https://maskinporten.no/
// --klient-id ID --noekkel FIL (or MYNDIGHET_API_URL, MASKINPORTEN_TOKEN_ENDEPUNKT, MASKINPORTEN_AUD,
// MYNDIGHET_KLIENT_ID, MYNDIGHET_NOEKKEL).
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { JWK } from "jose";
import type { MyndighetImportmelding } from "../api/myndighet/visning";
import { MYNDIGHET_SCOPES } from "../api/scopes";
import { lesEier } from "../db/eier";
import type { MyndighetHendelseData, MyndighetHendelsestype } from "../domain/hendelser";
import { problemDetalj } from "../domain/problem";
import { loadConfig } from "../server/config";
import { hentToken, type Klient } from "./eksempelklient";

/** One event of the authority's feed. */
export interface MyndighetHendelse {
  id: string;
  nummer: number;
  type: MyndighetHendelsestype;
  timestamp: string;
  data: MyndighetHendelseData;
}

export interface MyndighetVurdering {
  status: "FRIGITT" | "AVVIST" | "DELVIS_AVVIST";
  begrunnelse?: string;
  vedtaksbrevReferanse?: string;
}

/** An answer other than 2xx: the status and the service's Norwegian message. */
export class MyndighetApiFeil extends Error {
  constructor(
    readonly status: number,
    melding: string,
  ) {
    super(melding);
  }
}

/** The authority's API with a token got for every call (a Maskinporten token lives two minutes). */
export function myndighetApi(apiUrl: string, klient: Klient) {
  const kall = async <T>(metode: string, sti: string, kropp?: unknown): Promise<T> => {
    const token = await hentToken(klient, Object.values(MYNDIGHET_SCOPES));
    let res: Response;
    try {
      res = await fetch(`${apiUrl}${sti}`, {
        method: metode,
        headers: {
          authorization: `Bearer ${token}`,
          ...(kropp === undefined ? {} : { "content-type": "application/json" }),
        },
        body: kropp === undefined ? undefined : JSON.stringify(kropp),
      });
    } catch (e) {
      const aarsak = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name;
      throw new MyndighetApiFeil(0, `Fikk ikke svar fra ${apiUrl} (${aarsak})`);
    }
    const json = (await res.json().catch(() => undefined)) as unknown;
    if (!res.ok) throw new MyndighetApiFeil(res.status, problemDetalj(json) ?? `Svarte ${res.status}`);
    return json as T;
  };
  const nr = (nummer: string) => encodeURIComponent(nummer);
  return {
    /** Every event after `etter` ("0": from the start), a page at a time; keep `neste` for the next time. */
    async feed(etter = "0"): Promise<{ hendelser: MyndighetHendelse[]; neste: string }> {
      const hendelser: MyndighetHendelse[] = [];
      let markoer = etter;
      for (;;) {
        const side = await kall<{ hendelser: MyndighetHendelse[]; neste: string; flere: boolean }>(
          "GET",
          `/myndighet/v2/hendelser?etter=${encodeURIComponent(markoer)}&antall=500`,
        );
        hendelser.push(...side.hendelser);
        markoer = side.neste;
        if (!side.flere) return { hendelser, neste: markoer };
      }
    },
    hent: (nummer: string) =>
      kall<MyndighetImportmelding>("GET", `/myndighet/v2/importmeldinger/${nr(nummer)}`),
    vurder: (nummer: string, vurdering: MyndighetVurdering) =>
      kall<MyndighetImportmelding>(
        "POST",
        `/myndighet/v2/importmeldinger/${nr(nummer)}/vurdering`,
        vurdering,
      ),
  };
}

const VENTER = new Set(["REGISTRERT", "ANKOMMET"]);

/**
 * The round: the feed after `etter`, the newest notification in it that still waits for the authority, fetched
 * by number and assessed. Returns what it read and the cursor to keep; `melding` undefined when none waits.
 */
export async function runde(o: {
  apiUrl: string;
  klient: Klient;
  etter?: string;
  vurdering: MyndighetVurdering;
}): Promise<{
  neste: string;
  hendelser: number;
  foer?: MyndighetImportmelding;
  etter?: MyndighetImportmelding;
}> {
  const api = myndighetApi(o.apiUrl, o.klient);
  const { hendelser, neste } = await api.feed(o.etter);
  const numre = [
    ...new Set(
      hendelser
        .filter((h) => h.type === "importmelding.sendt_inn" || h.type === "importmelding.ankommet")
        .map((h) => h.data.importmelding.nummer)
        .reverse(),
    ),
  ];
  for (const nummer of numre) {
    const foer = await api.hent(nummer);
    if (!VENTER.has(foer.status)) continue;
    return { neste, hendelser: hendelser.length, foer, etter: await api.vurder(nummer, o.vurdering) };
  }
  return { neste, hendelser: hendelser.length };
}

/**
 * Where the API is and how to get a token: flags and environment first; in development the running service (its
 * address from the embedded database's owner file, never opening the database: ADR 016) with the development
 * Maskinporten and the authority's development client.
 */
export async function oppsett(flagg: {
  api?: string;
  "token-endepunkt"?: string;
  aud?: string;
  "klient-id"?: string;
  noekkel?: string;
}): Promise<{ apiUrl: string; klient: Klient }> {
  const config = loadConfig();
  const env = process.env;
  let apiUrl = flagg.api ?? env.MYNDIGHET_API_URL;
  if (!apiUrl) {
    const eier = config.databaseUrl ? undefined : lesEier(config.dataDir);
    if (eier?.rolle === "tjeneste" && eier.url) apiUrl = eier.url;
    else if (config.databaseUrl) apiUrl = `http://127.0.0.1:${config.port}`;
    else {
      throw new MyndighetApiFeil(
        0,
        "Tjenesten kjører ikke. Start den med npm start, eller oppgi API-et med --api (MYNDIGHET_API_URL).",
      );
    }
  }
  const dev = config.maskinporten && config.embeddedMaskinporten ? config.myndighetDevKlient : undefined;
  const tokenEndepunkt =
    flagg["token-endepunkt"] ??
    env.MASKINPORTEN_TOKEN_ENDEPUNKT ??
    (dev ? `${apiUrl.replace(/\/$/, "")}/maskinporten/token` : "https://maskinporten.no/token");
  const klientId = flagg["klient-id"] ?? env.MYNDIGHET_KLIENT_ID ?? dev?.klientId;
  const noekkelfil = flagg.noekkel ?? env.MYNDIGHET_NOEKKEL ?? dev?.noekkelfil;
  if (!klientId || !noekkelfil) {
    throw new MyndighetApiFeil(
      0,
      "Oppgi Mattilsynets Maskinporten-klient: --klient-id og --noekkel (MYNDIGHET_KLIENT_ID, MYNDIGHET_NOEKKEL).",
    );
  }
  let noekkel: JWK;
  try {
    noekkel = JSON.parse(await readFile(noekkelfil, "utf8")) as JWK;
  } catch {
    throw new MyndighetApiFeil(
      0,
      `Fant ikke nøkkelen ${noekkelfil}${dev ? " (tjenesten lager den når den starter: kjører den?)" : ""}.`,
    );
  }
  const aud = flagg.aud ?? env.MASKINPORTEN_AUD ?? (dev ? config.maskinporten?.issuer : undefined);
  return { apiUrl: apiUrl.replace(/\/$/, ""), klient: { tokenEndepunkt, aud, klientId, noekkel } };
}

/** One line per part of what the case handler reads. */
export function sammendrag(m: MyndighetImportmelding): string[] {
  const avvik = [...m.dokumentkontroll, ...m.mottakskontroll.svar].filter((s) => s.avvik);
  return [
    `${m.nummer}: ${m.statusTekst} (${m.status}), sendt inn ${m.innsendt ?? "–"}`,
    `  Importør: ${m.ansvarligImportoer.navn} (${m.ansvarligImportoer.organisasjonsnummer})`,
    `  Sertifikat: ${m.sertifikat.nummer} fra ${m.sertifikat.eksportland}, ${m.sertifikat.varelinjer.length} varelinje(r), risiko ${m.sertifikat.risiko.alvorlighetsgrad} (regelsett ${m.sertifikat.risiko.regelsettVersjon ?? "ikke godkjent"})`,
    `  Ankomst: ${m.ankomst?.forventetAnkomst ?? "–"}, ${m.ankomst?.kontrollsted.linje1 ?? "–"} ${m.ankomst?.kontrollsted.poststed ?? ""}`,
    `  Avvik: ${avvik.length === 0 ? "ingen" : avvik.map((a) => `${a.spoersmaal} ${a.svarTekst}`).join("; ")}`,
    `  Automatisk vurdering: ${m.automatiskVurdering?.resultat ?? "–"}`,
    `  Historikk: ${m.historikk.map((h) => h.tittel).join(" → ")}`,
  ];
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      api: { type: "string" },
      "token-endepunkt": { type: "string" },
      aud: { type: "string" },
      "klient-id": { type: "string" },
      noekkel: { type: "string" },
      etter: { type: "string" },
      status: { type: "string" },
      begrunnelse: { type: "string" },
      vedtaksbrev: { type: "string" },
    },
  });
  const [kommando = "runde", nummer] = positionals;
  const { apiUrl, klient } = await oppsett(values);
  const api = myndighetApi(apiUrl, klient);
  if (kommando === "feed") {
    const { hendelser, neste } = await api.feed(values.etter);
    for (const h of hendelser)
      console.log(`${h.nummer} ${h.timestamp} ${h.type} ${h.data.importmelding.nummer}`);
    console.log(`neste: ${neste}`);
  } else if (kommando === "hent" && nummer) {
    for (const linje of sammendrag(await api.hent(nummer))) console.log(linje);
  } else if (kommando === "runde") {
    const status = (values.status ?? "FRIGITT") as MyndighetVurdering["status"];
    const r = await runde({
      apiUrl,
      klient,
      etter: values.etter,
      vurdering: { status, begrunnelse: values.begrunnelse, vedtaksbrevReferanse: values.vedtaksbrev },
    });
    console.log(`Leste ${r.hendelser} hendelse(r); neste: ${r.neste}`);
    if (!r.foer || !r.etter) console.log("Ingen forhåndsmelding i strømmen venter på vurdering.");
    else {
      for (const linje of sammendrag(r.foer)) console.log(linje);
      console.log(`Vurdert: ${r.etter.nummer} har nå status ${r.etter.status}.`);
    }
  } else {
    console.error("Bruk: eksempelklient-myndighet.ts runde|feed|hent NUMMER [--etter N] [--status …]");
    return 2;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    (kode) => process.exit(kode),
    (e: unknown) => {
      console.error(
        e instanceof MyndighetApiFeil && e.status ? `${e.status}: ${e.message}` : (e as Error).message,
      );
      process.exit(e instanceof MyndighetApiFeil && e.status === 0 ? 2 : 1);
    },
  );
}
