// An importer's system using the import API with a machine token (issue 25 §2, docs/decisions/035-maskintilgang.md):
// it gets an access token from Maskinporten (or the development one) by the JWT bearer grant (RFC 7523),
// signing the assertion with its own private key, and then does what a person does on the web: lists the
// importer's certificates and files an advance notification for one (create, answer the document questions,
// arrival, submit), and reads the notification's history, where it shows as "System: <name>".
//
//   npx tsx scripts/eksempelklient.ts --token-endepunkt http://localhost:3000/maskinporten/token \
//     --klient-id demo-lager --noekkel data/maskinporten/demo-lager.jwk.json --orgnr 999999999 \
//     [--api http://localhost:3000] [--aud <issuer>] [--bare-les]
//
// The importer must first have given the client access on Innstillinger → Integrasjoner (README «Maskintilgang»).
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { importJWK, type JWK, SignJWT } from "jose";
import type { HistorikkSide } from "../domain/historikk";
import type { ImportmeldingVisning } from "../domain/importmelding";
import type { SertifikatListe, SertifikatListeElement } from "../domain/sertifikat-visning";

export const SCOPES = ["mattilsynet:forhaandsmelding.read", "mattilsynet:forhaandsmelding.write"];
export const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export interface Klient {
  /** The token endpoint, e.g. https://maskinporten.no/token. */
  tokenEndepunkt: string;
  /** The assertion's audience: the issuer (by default the token endpoint without /token). */
  aud?: string;
  klientId: string;
  /** The client's private key (a JWK with its alg, RS256 if none). */
  noekkel: JWK;
}

/** The signed assertion of the JWT bearer grant: iss = client_id, aud = the issuer, at most 120 s, a new jti. */
export async function lagAssertion(
  k: Klient,
  scopes: readonly string[],
  o: { iat?: number; levetid?: number; jti?: string } = {},
): Promise<string> {
  const iat = o.iat ?? Math.floor(Date.now() / 1000);
  const alg = k.noekkel.alg ?? "RS256";
  return new SignJWT({ scope: scopes.join(" ") })
    .setProtectedHeader({ alg, ...(k.noekkel.kid ? { kid: k.noekkel.kid } : {}) })
    .setIssuer(k.klientId)
    .setAudience(k.aud ?? k.tokenEndepunkt.replace(/\/token$/, ""))
    .setIssuedAt(iat)
    .setExpirationTime(iat + (o.levetid ?? 120))
    .setJti(o.jti ?? randomUUID())
    .sign(await importJWK(k.noekkel, alg));
}

/** POSTs an assertion to the token endpoint: the token endpoint's JSON answer and its status. */
export async function byttAssertion(tokenEndepunkt: string, assertion: string) {
  const res = await fetch(tokenEndepunkt, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }),
  });
  return { status: res.status, svar: (await res.json()) as Record<string, unknown> };
}

/** An access token for the scopes. */
export async function hentToken(k: Klient, scopes: readonly string[] = SCOPES): Promise<string> {
  const { status, svar } = await byttAssertion(k.tokenEndepunkt, await lagAssertion(k, scopes));
  if (status !== 200 || typeof svar.access_token !== "string") {
    throw new Error(`Fikk ikke token (${status}): ${String(svar.error_description ?? svar.error)}`);
  }
  return svar.access_token;
}

/** The import API with a bearer token: JSON in and out; an answer other than 2xx throws with its message. */
export function apiKlient(apiUrl: string, token: string) {
  return async <T = unknown>(metode: string, sti: string, kropp?: unknown): Promise<T> => {
    const res = await fetch(`${apiUrl}${sti}`, {
      method: metode,
      headers: {
        authorization: `Bearer ${token}`,
        ...(kropp === undefined ? {} : { "content-type": "application/json" }),
      },
      body: kropp === undefined ? undefined : JSON.stringify(kropp),
    });
    const tekst = await res.text();
    if (!res.ok) throw new ApiSvarFeil(res.status, `${metode} ${sti}: ${res.status} ${tekst}`);
    return (tekst ? JSON.parse(tekst) : undefined) as T;
  };
}

export class ApiSvarFeil extends Error {
  constructor(
    readonly status: number,
    melding: string,
  ) {
    super(melding);
  }
}

/** Tomorrow at 10:00 Oslo time (arrival times are 06, 10, 14 or 18 o'clock Norwegian time), as ISO. */
function imorgenKl10(): string {
  const dato = new Date(Date.now() + 24 * 60 * 60 * 1000).toLocaleDateString("sv-SE", {
    timeZone: "Europe/Oslo",
  });
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString("nb-NO", { timeZone: "Europe/Oslo", hour: "2-digit", hour12: false });
  const kandidat = ["+01:00", "+02:00"].map((o) => `${dato}T10:00:00${o}`).find((iso) => time(iso) === "10");
  return new Date(kandidat ?? `${dato}T09:00:00Z`).toISOString();
}

export interface Reise {
  importoerId: number;
  sertifikater: SertifikatListeElement[];
  importmeldingId: number;
  status: string;
  historikk: HistorikkSide;
}

/**
 * The notification journey for `orgnr`: the importer, its certificates, a notification for the first one that
 * has none (or `sertifikatnummer`), the document questions answered as correct, the arrival, submitted.
 */
export async function forhaandsmeldingsreise(o: {
  apiUrl: string;
  token: string;
  orgnr: string;
  sertifikatnummer?: string;
  innmelder?: { navn: string; epost: string; telefonnummer?: string };
  logg?: (linje: string) => void;
}): Promise<Reise> {
  const kall = apiKlient(o.apiUrl, o.token);
  const logg = o.logg ?? (() => {});
  const { id: importoerId, navn } = await kall<{ id: number; navn: string }>(
    "GET",
    `/import/register/v1/${o.orgnr}`,
  );
  logg(`Importør: ${navn} (${importoerId})`);
  const { sertifikatListe } = await kall<SertifikatListe>(
    "GET",
    `/import/v2/${o.orgnr}/${importoerId}/sertifikater`,
  );
  logg(`Sertifikater: ${sertifikatListe.length}`);
  const sertifikat = sertifikatListe.find((s) =>
    o.sertifikatnummer ? s.nummer === o.sertifikatnummer : s.importMeldingId === null && !s.erstattet,
  );
  if (!sertifikat) throw new Error("Fant ikke et sertifikat uten forhåndsmelding");
  const basis = `/import/importmelding/v2/${o.orgnr}/${importoerId}`;
  const { id } = await kall<{ id: number }>("POST", basis, {
    ansvarligImportoerId: importoerId,
    eksportLand: sertifikat.eksportLand.kode,
    nummer: sertifikat.nummer,
    utstedtDato: sertifikat.utstedtDato,
  });
  logg(`Forhåndsmelding ${id} opprettet for ${sertifikat.nummer}`);
  const hent = () => kall<ImportmeldingVisning>("GET", `${basis}/${id}`);
  await kall(
    "PUT",
    `${basis}/${id}/innmelder`,
    o.innmelder ?? { navn: "Lagersystemet", epost: "lager@example.no" },
  );
  let melding = await hent();
  for (const spm of melding.dokumentkontrollSpoersmaal) {
    await kall("PUT", `${basis}/${id}/kontrollspoersmaal/${spm.id}`, {
      id: spm.id,
      kontrollSvar: `${spm.kode}_RIKTIG`,
    });
  }
  const kontrolloerer = melding.kunDokumentkontroll
    ? []
    : await kall<{ importoerId: number }[]>("GET", `${basis}/${id}/mottakskontrolloerer`);
  const ankomst = melding.ankomstInfo[0];
  if (!ankomst) throw new Error("Forhåndsmeldingen har ingen ankomstinformasjon");
  await kall("PUT", `${basis}/${id}/ankomstinfo/${ankomst.id}`, {
    id: ankomst.id,
    ankomsttid: imorgenKl10(),
    kontrollAdresse: { linje1: "Tollbugata 40", linje2: null, postnummer: "3044", poststed: "Drammen" },
    mottakskontrolloer: melding.kunDokumentkontroll ? null : { importoerId: kontrolloerer[0]?.importoerId },
    sendingAnkommet: false,
  });
  melding = await hent();
  if (!melding.kanSendesInn) throw new Error(`Forhåndsmelding ${id} kan ikke sendes inn ennå`);
  const { status } = await kall<{ status: string }>("PUT", `${basis}/${id}/status`, {
    status: "REGISTRERT",
    versjon: melding.versjon,
  });
  logg(`Sendt inn: ${status}`);
  const historikk = await kall<HistorikkSide>("GET", `${basis}/${id}/historikk`);
  for (const h of historikk.hendelser) logg(`  ${h.tidspunkt} ${h.tittel} – ${h.utfoertAv}`);
  return { importoerId, sertifikater: sertifikatListe, importmeldingId: id, status, historikk };
}

async function main() {
  const { values } = parseArgs({
    options: {
      "token-endepunkt": { type: "string", default: "http://localhost:3000/maskinporten/token" },
      aud: { type: "string" },
      "klient-id": { type: "string" },
      noekkel: { type: "string" },
      orgnr: { type: "string" },
      api: { type: "string", default: "http://localhost:3000" },
      "bare-les": { type: "boolean", default: false },
    },
  });
  if (!values["klient-id"] || !values.noekkel || !values.orgnr) {
    console.error(
      "Bruk: --klient-id <id> --noekkel <privat JWK-fil> --orgnr <organisasjonsnummer> [--token-endepunkt URL] [--api URL] [--aud issuer] [--bare-les]",
    );
    process.exit(2);
  }
  const klient: Klient = {
    tokenEndepunkt: values["token-endepunkt"],
    aud: values.aud,
    klientId: values["klient-id"],
    noekkel: JSON.parse(await readFile(values.noekkel, "utf8")) as JWK,
  };
  const bareLes = values["bare-les"];
  const token = await hentToken(klient, bareLes ? [SCOPES[0]!] : SCOPES);
  if (bareLes) {
    const kall = apiKlient(values.api, token);
    const { id } = await kall<{ id: number }>("GET", `/import/register/v1/${values.orgnr}`);
    const { sertifikatListe } = await kall<SertifikatListe>(
      "GET",
      `/import/v2/${values.orgnr}/${id}/sertifikater`,
    );
    for (const s of sertifikatListe) console.log(`${s.nummer} ${s.utstedtDato} ${s.eksportLand.kode}`);
    return;
  }
  await forhaandsmeldingsreise({ apiUrl: values.api, token, orgnr: values.orgnr, logg: console.log });
}

if (process.argv[1]?.endsWith("eksempelklient.ts")) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
