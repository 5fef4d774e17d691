// Test data made through the real ingestion path: each test posts its own ePhyto certificate to the Hub
// endpoint, so the two projects (JavaScript on and off) never share a certificate or a notification.
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { MYNDIGHET_SCOPES } from "../../api/scopes";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { osloDato } from "../../domain/format";
import { lagAssertion } from "../../scripts/eksempelklient";

export const HUB_API_KEY = process.env.HUB_API_KEY ?? "dev-hub-nokkel";

/**
 * The e2e server's development Maskinporten clients (playwright.config.ts MASKINPORTEN_DEV_KLIENTER): the
 * authority's case system's key lies beside them (the service registers it when it starts, ADR 045).
 */
export const MYNDIGHET_NOEKKEL = `.cache/e2e-${process.env.E2E_PORT ?? 3100}/maskinporten/mattilsynet-saksbehandling-dev.jwk.json`;

/** A Maskinporten token of the authority's case system from the development Maskinporten of the e2e server. */
export async function myndighetToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const noekkel = JSON.parse(await readFile(MYNDIGHET_NOEKKEL, "utf8"));
  const assertion = await lagAssertion(
    { tokenEndepunkt: `${baseURL}/maskinporten/token`, klientId: "mattilsynet-saksbehandling-dev", noekkel },
    Object.values(MYNDIGHET_SCOPES),
  );
  const res = await request.post("/maskinporten/token", {
    form: { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion },
  });
  if (!res.ok()) throw new Error(`Fikk ikke token: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The notification's number, as its page shows it (the authority's API takes the number, not the id). */
export async function meldingsnummer(page: Page, id: string): Promise<string> {
  const html = await (await page.request.get(`/importmelding/${id}`)).text();
  const nummer = /class="meldingsnummer">([^<]+)</.exec(html)?.[1];
  if (!nummer) throw new Error(`Fant ikke nummeret på forhåndsmelding ${id}`);
  return nummer;
}

/** Mattilsynet's assessment through its case-system API (ADR 045), as its systems post it: by number. */
export async function vurderSomMyndighet(
  page: Page,
  id: string,
  data: { status: string; begrunnelse?: string; vedtaksbrevReferanse?: string },
) {
  const baseURL = new URL(page.url()).origin;
  const nummer = await meldingsnummer(page, id);
  return page.request.post(`/myndighet/v2/importmeldinger/${encodeURIComponent(nummer)}/vurdering`, {
    headers: { authorization: `Bearer ${await myndighetToken(page.request, baseURL)}` },
    data,
  });
}

// A 1×1 PNG and a tiny Word-like zip (not openable in the browser).
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const ZIP = "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";

let teller = 0;

/** Cut roses for decoration: no plants for planting and no findings, so document control only. */
const SNITTROSER = [
  {
    navn: "Rose",
    botaniskNavn: "Rosa",
    plantedel: "Cut flowers",
    tilsiktetBruk: "Decoration",
    antall: { verdi: 1000, enhet: "H87" },
    nettoVekt: { verdi: 250, enhet: "KGM" },
    opprinnelsesland: [{ kode: "NL" }],
  },
];

/** Re-exported cut flowers grown in Kenya and Colombia, with the original certificates' references. */
const REEKSPORT_LINJER = [
  {
    navn: "Rose",
    botaniskNavn: "Rosa",
    plantedel: "Cut flowers",
    tilsiktetBruk: "Decoration",
    antall: { verdi: 1000, enhet: "H87" },
    opprinnelsesland: [{ kode: "KE" }],
    reeksport: { opprinneligLand: "KE", sertifikatReferanse: "KE-PHYTO-2026-118" },
  },
  {
    navn: "Nellik",
    botaniskNavn: "Dianthus caryophyllus",
    plantedel: "Cut flowers",
    tilsiktetBruk: "Decoration",
    antall: { verdi: 500, enhet: "H87" },
    opprinnelsesland: [{ kode: "CO" }],
    reeksport: { opprinneligLand: "CO", sertifikatReferanse: "CO-ICA-2026-77" },
  },
];

/** The goods lines: the standard ones unless the options ask for document control only or a re-export. */
function linjer<T>(opts: { type?: string; kunDokumentkontroll?: boolean }, standard: T[]) {
  if (opts.kunDokumentkontroll) return SNITTROSER;
  return opts.type === "Reeksport" ? REEKSPORT_LINJER : standard;
}

export interface TestSertifikat {
  sertifikatnummer: string;
  dato: string;
  avsenderland: string;
}

export async function nySertifikat(
  request: APIRequestContext,
  opts: {
    prosjekt: string;
    mottaker?: { navn: string; organisasjonsnummer?: string };
    medDeklarasjon?: boolean;
    /** "Reeksport": a re-export certificate (the re-export question), its goods grown in Kenya and Colombia. */
    type?: "Eksport" | "Reeksport";
    /** Cut roses for decoration only: no plants for planting and no findings, so only document control. */
    kunDokumentkontroll?: boolean;
    /** The first goods line's number (real ePhyto deliveries number from 0). */
    foersteLinjenummer?: number;
  },
): Promise<TestSertifikat> {
  teller += 1;
  const nummer = `PHYTO.NL.2026.E2E${opts.prosjekt === "js-pa" ? "1" : "2"}${Date.now() % 1_000_000}${teller}`;
  const dato = osloDato(new Date());
  const xml = lagSertifikatXml({
    nummer,
    utstedt: `${dato}T09:00:00`,
    utsteder: "Nederlandse Voedsel- en Warenautoriteit",
    avsender: {
      navn: "Zaadhandel Westland B.V.",
      adresse: ["Naaldwijkseweg 5", "2691 RA 's-Gravenzande", "Netherlands"],
    },
    mottaker: opts.mottaker ?? { navn: "Testmottaker AS", adresse: ["Testveien 1", "0150 Oslo"] },
    eksportland: "NL",
    transport: { modus: 3, navn: "Lastebil NL-12-AB" },
    ankomststed: { navn: "Svinesund" },
    erklaeringer:
      opts.medDeklarasjon === false ? [] : ["The plants were grown in a pest free place of production."],
    signatur: { navn: "J. de Vries", sted: "Utrecht", dato },
    type: opts.type,
    foersteLinjenummer: opts.foersteLinjenummer,
    vedlegg: [
      { filnavn: "opprinnelse.png", base64: PNG, identifikator: "ORIG-1" },
      { filnavn: "pakkliste.docx", base64: ZIP },
    ],
    varelinjer: linjer(opts, [
      {
        navn: "Rose",
        botaniskNavn: "Rosa canina",
        plantedel: "Plants",
        tilsiktetBruk: "Planting",
        hsKode: "060240",
        antall: { verdi: 100, enhet: "H87" },
        nettoVekt: { verdi: 50, enhet: "KGM" },
        opprinnelsesland: [{ kode: "NL" }],
      },
      {
        navn: "Buksbom",
        botaniskNavn: "Buxus sempervirens",
        plantedel: "Plants",
        tilsiktetBruk: "Planting",
        antall: { verdi: 40, enhet: "H87" },
        opprinnelsesland: [{ kode: "NL" }],
      },
      {
        navn: "Agurkurt",
        botaniskNavn: "Borago officinalis",
        plantedel: "Seeds",
        tilsiktetBruk: "Planting",
        nettoVekt: { verdi: 2, enhet: "KGM" },
        opprinnelsesland: [{ kode: "NL" }],
      },
    ]),
  } as Parameters<typeof lagSertifikatXml>[0]);
  const res = await request.post("/import/ephyto/v1/sertifikat", {
    headers: { "X-Api-Key": HUB_API_KEY, "Content-Type": "application/xml" },
    data: xml,
  });
  if (res.status() !== 201) throw new Error(`Innlesing feilet: ${res.status()} ${await res.text()}`);
  return { sertifikatnummer: nummer, dato, avsenderland: "NL" };
}

export const sertifikatUrl = (s: TestSertifikat) => `/sertifikat?${new URLSearchParams({ ...s })}`;
