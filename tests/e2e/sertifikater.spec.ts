import type { APIRequestContext, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml, type SertifikatInput } from "../../dev/ephyto/generate";
import { leggTilDager, osloDato } from "../../domain/format";
import { eppoLenke } from "../../domain/risiko/eppo-lenke";
import { FOR_GAMMELT_SERTIFIKAT_MELDING } from "../../domain/sertifikat";
import { EKSPORTERKLAERING } from "../../domain/sertifikat-tekst";
import { HUB_API_KEY, nySertifikat, sertifikatUrl, type TestSertifikat } from "./data";
import { expect, jsPaa, sjekkUu, test } from "./helpers";
import { bekreftMedAvvisningene, REGELVERK } from "./regelverk";
import { loggInnKari, prosjekt } from "./veiviser";
import { egenVirksomhet, loggInnSom, velg } from "./virksomheter";

// ---------------------------------------------------------------------------------------------------------
// Certificates of this file's own, posted to the Hub endpoint (each project its own numbers)
// ---------------------------------------------------------------------------------------------------------

let nr = 0;
const idag = () => osloDato(new Date());

/** A number no other test or run uses: PHYTO.NL.<year>.S<project><time><counter>. */
function unikNummer(land = "NL"): string {
  nr += 1;
  return `PHYTO.${land}.${idag().slice(0, 4)}.S${prosjekt() === "js-pa" ? 1 : 2}${Date.now() % 1_000_000}${nr}`;
}

/** Posts the certificate (issued `dagerSiden` days before today in Oslo) to the Hub endpoint. */
async function postSertifikat(
  request: APIRequestContext,
  input: Omit<SertifikatInput, "utstedt" | "nummer" | "avsender" | "mottaker" | "eksportland"> &
    Partial<Pick<SertifikatInput, "nummer" | "avsender" | "mottaker" | "eksportland">>,
  dagerSiden = 0,
): Promise<TestSertifikat> {
  const dato = leggTilDager(idag(), -dagerSiden);
  const land = typeof input.eksportland === "string" ? input.eksportland : (input.eksportland?.kode ?? "NL");
  const nummer = input.nummer ?? unikNummer(land);
  const xml = lagSertifikatXml({
    avsender: { navn: "Kwekerij De Linde B.V.", adresse: ["Linnaeuslaan 3", "2771 AB Boskoop"] },
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
    eksportland: land,
    ...input,
    nummer,
    utstedt: `${dato}T09:00:00`,
  });
  const res = await request.post("/import/ephyto/v1/sertifikat", {
    headers: { "X-Api-Key": HUB_API_KEY, "Content-Type": "application/xml" },
    data: xml,
  });
  if (res.status() !== 201) throw new Error(`Innlesing feilet: ${res.status()} ${await res.text()}`);
  return { sertifikatnummer: nummer, dato, avsenderland: land };
}

const VARMEBEHANDLING = { type: "Heat treatment", temperatur: { verdi: 56, enhet: "CEL" } };

/** Opens a goods line's details (a native <details>: works without JavaScript too). */
async function aapneDetaljer(page: Page, linje: number) {
  await page.getByText(new RegExp(`^Detaljer for varelinje ${linje}:`)).click();
}

test("søk fra forsiden, sortering, vedlegg, PDF og Excel", async ({ page }) => {
  // Addressed to a company not in our register: only found by search with its exact keys.
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Ukjent Hagesenter AS" },
  });
  await loggInnKari(page);
  await sjekkUu(page);

  const sok = page.getByRole("button", { name: "Søk", exact: true });
  if (jsPaa()) await expect(sok).toBeDisabled();
  await page.getByLabel("Land", { exact: true }).selectOption("NL");
  await expect(page.getByText(/PHYTO\.NL\.ÅÅÅÅ\.nnnnnnn/)).toHaveCount(jsPaa() ? 1 : 0);
  await page.getByLabel("Sertifikatnummer").fill(s.sertifikatnummer);
  if (jsPaa()) await expect(sok).toBeDisabled();
  // The server says so too (JavaScript off): all three fields are required.
  if (!jsPaa()) {
    // The message names the missing field, links to it, and only that field is marked invalid
    await sok.click();
    const melding = page.getByRole("alert").getByRole("link", { name: "Du må fylle ut dato" });
    await expect(melding).toHaveAttribute("href", "#dato");
    await expect(page.getByLabel("Utstedelsesdato")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Utstedelsesdato")).toHaveAccessibleDescription("Du må fylle ut dato");
    await expect(page.getByLabel("Sertifikatnummer")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Land", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Sertifikatnummer")).toHaveValue(s.sertifikatnummer);
    await sjekkUu(page);
  }
  // NL: the date may differ by up to two days; a wrong number gives the no-hit message.
  const dagFoer = new Date(`${s.dato}T12:00:00Z`);
  dagFoer.setUTCDate(dagFoer.getUTCDate() - 1);
  await page.getByLabel("Utstedelsesdato").fill(dagFoer.toISOString().slice(0, 10));
  await page.getByLabel("Sertifikatnummer").fill(`${s.sertifikatnummer}X`);
  await sok.click();
  await expect(page.getByText("Ingen treff basert på dine søkekriterier")).toBeVisible();
  await page.getByLabel("Sertifikatnummer").fill(s.sertifikatnummer);
  await sok.click();
  await expect(page).toHaveURL(/\/sertifikat\?/);
  await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();
  await expect(page.getByText("Zaadhandel Westland B.V.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tilleggserklæringer" })).toBeVisible();
  await sjekkUu(page);

  // Sort the goods table by botanical name, Norwegian collation, with links (no JS needed)
  const navn = () => page.locator(".varetabell tbody td.botanisk").allTextContents();
  expect(await navn()).toEqual(["Rosa canina", "Buxus sempervirens", "Borago officinalis"]);
  await page.getByRole("link", { name: /Botanisk navn/ }).click();
  await expect(page.locator(".varetabell th[aria-sort]").nth(0)).toHaveAttribute("aria-sort", "ascending");
  expect(await navn()).toEqual(["Borago officinalis", "Buxus sempervirens", "Rosa canina"]);
  await page.getByRole("link", { name: /Botanisk navn/ }).click();
  await expect(page.locator(".varetabell th[aria-sort]").nth(0)).toHaveAttribute("aria-sort", "descending");
  expect(await navn()).toEqual(["Rosa canina", "Buxus sempervirens", "Borago officinalis"]);

  // Attachments: a PNG opens in the browser, a .docx is downloaded
  const aapne = page.getByRole("link", { name: /Åpne PNG/ });
  await expect(aapne).toHaveAttribute("target", "_blank");
  const png = await page.request.get((await aapne.getAttribute("href"))!);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(png.headers()["content-disposition"]).toMatch(/^inline/);
  expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
  const docx = await page.request.get(
    (await page
      .getByRole("link", { name: /Last ned/ })
      .last()
      .getAttribute("href"))!,
  );
  expect(docx.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(docx.headers()["content-type"]).toBe("application/octet-stream");
  // a failing attachment shows 'Får ikke åpnet vedlegg'
  await page.goto("/vedlegg/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Får ikke åpnet vedlegg" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Lukk" })).toBeVisible();
  await page.goBack();

  // PDF and Excel
  const pdfLenke = page.getByRole("link", { name: "Last ned sertifikatet (PDF)" });
  const pdf = await page.request.get((await pdfLenke.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const pdfBytes = await pdf.body();
  expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(pdfBytes.subarray(-8).toString()).toContain("%%EOF");
  const excel = await page.request.get(
    (await page.getByRole("link", { name: /Excel/ }).getAttribute("href"))!,
  );
  expect(excel.headers()["content-type"]).toContain("spreadsheetml");
  const bok = new ExcelJS.Workbook();
  const xlsx = await excel.body();
  await bok.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer);
  const ark = bok.getWorksheet("Varelinjer");
  expect(ark).toBeDefined();
  const verdier = ark!.getColumn(3).values.map(String);
  expect(verdier).toContain("Rosa canina");

  // The search gave access: the certificate is now in this importer's list
  await page.goto(`/sertifikater?sertifikatnummer=${encodeURIComponent(s.sertifikatnummer)}`);
  await expect(page.getByRole("link", { name: s.sertifikatnummer })).toBeVisible();
  // One hit, singular (Intl.PluralRules nb): '1 sertifikat', its goods lines in the plural
  await expect(page.getByRole("status").first()).toHaveText("1 sertifikat");
  await expect(page.locator(".sertifikatkort")).toContainText("3 varelinjer");
});

test("sertifikatlisten filtreres på land og meldeplikt, med sider i adressen", async ({ page }) => {
  await loggInnKari(page);
  await page.goto("/sertifikater");
  await expect(page.getByRole("heading", { name: "Alle ePhytosertifikater" })).toBeVisible();
  await sjekkUu(page);
  const antall = async () =>
    Number((await page.getByRole("status").first().textContent())?.match(/\d+/)?.[0]);
  const alle = await antall();
  expect(alle).toBeGreaterThan(0);

  await page.getByLabel(/^Sverige/).check();
  await page.getByRole("button", { name: "Bruk filter" }).click();
  await expect(page).toHaveURL(/avsenderland=SE/);
  await expect(page.locator(".sertifikatkort").first()).toContainText("Sverige");
  for (const kort of await page.locator(".sertifikatkort").all()) await expect(kort).toContainText("Sverige");

  await page.getByLabel(/^Nederland/).check();
  await page.getByLabel("Meldepliktig", { exact: true }).check();
  await page.getByRole("button", { name: "Bruk filter" }).click();
  await expect(page).toHaveURL(/avsenderland=SE.*avsenderland=NL|avsenderland=NL.*avsenderland=SE/);
  await expect(page).toHaveURL(/meldepliktigVurdering=MELDEPLIKTIG/);
  await expect(page.locator(".sertifikatkort").first()).toBeVisible();
  for (const kort of await page.locator(".sertifikatkort").all()) {
    await expect(kort).toContainText(/Sverige|Nederland/);
    await expect(kort.locator(".merke").first()).toHaveText("Meldepliktig");
  }
  await sjekkUu(page);
  // An invalid page number falls back to page 1 (a filter change dropping the page: see the paging test)
  await page.goto("/sertifikater?sidenummer=abc");
  await expect(page.getByRole("heading", { name: "Alle ePhytosertifikater" })).toBeVisible();
  // (other tests may add certificates for this importer meanwhile)
  expect(await antall()).toBeGreaterThanOrEqual(alle);
});

test("sideinndeling med 15 per side", async ({ page }) => {
  // Enough certificates for this importer to need two pages
  for (let i = 0; i < 16; i++) {
    await nySertifikat(page.request, {
      prosjekt: prosjekt(),
      mottaker: { navn: "Hageland Import AS avd. Stavanger", organisasjonsnummer: "912345815" },
    });
  }
  await page.goto("/");
  await page.getByRole("link", { name: "Logg inn med ID-porten" }).click();
  await page.getByRole("button", { name: /Kari Nordmann/ }).click();
  await page.getByRole("button", { name: /Hageland Import AS avd\. Stavanger/ }).click();
  await expect(page.locator(".app-header__virksomhet")).toBeVisible();
  await page.goto("/sertifikater");
  await expect(page.locator(".sertifikatkort")).toHaveCount(15);
  const sider = page.getByRole("navigation", { name: "Sidenavigering" });
  await expect(sider.getByRole("link", { name: "Side 1" })).toHaveAttribute("aria-current", "page");
  await page.evaluate(() => {
    (window as unknown as { samme?: boolean }).samme = true;
  });
  await sider.getByRole("link", { name: "Neste" }).click();
  await expect(page).toHaveURL(/sidenummer=2/);
  // with JavaScript the page link navigated in the app (the same document), as a <Link> does (ADR 086)
  expect(await page.evaluate(() => (window as unknown as { samme?: boolean }).samme === true)).toBe(jsPaa());
  await expect(page.locator(".sertifikatkort").first()).toBeVisible();
  expect(await page.locator(".sertifikatkort").count()).toBeGreaterThanOrEqual(1);
  await sjekkUu(page);
  // Past the last page: clamped to the last page there is (the other project may add pages meanwhile)
  await page.goto("/sertifikater?sidenummer=99");
  await expect(page).not.toHaveURL(/sidenummer=99/);
  const side = new URL(page.url()).searchParams.get("sidenummer");
  expect(Number(side)).toBeGreaterThanOrEqual(2);
  await expect(sider.getByRole("link", { name: `Side ${side}`, exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.locator(".sertifikatkort").first()).toBeVisible();

  // A filter change starts from the first page again: sidenummer is dropped from the URL.
  await sider.getByRole("link", { name: "Side 2", exact: true }).click();
  await expect(page).toHaveURL(/sidenummer=2/);
  await page.getByLabel(/^Nederland/).check();
  await page.getByRole("button", { name: "Bruk filter" }).click();
  await expect(page).toHaveURL(/avsenderland=NL/);
  expect(new URL(page.url()).searchParams.has("sidenummer")).toBe(false);
  await expect(sider.getByRole("link", { name: "Side 1", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await sjekkUu(page);
});

test("sertifikatsiden: erklæringer, sending, mengder uten enhet, lenker og samme behandlinger", async ({
  page,
}) => {
  const s = await postSertifikat(page.request, {
    utsteder: "Nederlandse Voedsel- en Warenautoriteit",
    friForPestErklaering: "1",
    kjennetegn: ["PARTI 42 / BOSKOOP"],
    transportutstyr: [{ id: "MSKU7654321", plomber: ["NL-5501", "NL-5502"] }],
    inspeksjonssted: "Boskoop",
    opprinneligSertifikat: { nummer: "NL-REF-77", informasjon: "Packing list" },
    transport: { modus: 3, navn: "Lastebil NL-12-AB" },
    varelinjer: [
      {
        navn: "Rose",
        botaniskNavn: "Rosa canina",
        plantedel: "Plants",
        tilsiktetBruk: "Planting",
        hsKode: "060240",
        antall: { verdi: 100, enhet: "H87" },
        opprinnelsesland: ["NL"],
        behandlinger: [VARMEBEHANDLING],
      },
      {
        // The net weight has no unit (as in the Hub sample): not shown, not as pieces, not in the total.
        navn: "Buksbom",
        botaniskNavn: "Buxus sempervirens",
        plantedel: "Plants",
        tilsiktetBruk: "Planting",
        nettoVekt: { verdi: 200 },
        opprinnelsesland: ["NL"],
        behandlinger: [VARMEBEHANDLING],
      },
    ],
  });
  await loggInnKari(page);
  await page.goto(sertifikatUrl(s));
  await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();

  // Quantities: only with a unit (SPEC §5)
  const rader = page.locator(".varetabell tbody tr");
  await expect(rader.nth(0).locator("td").nth(3)).toHaveText("Antall 100 stk");
  await expect(rader.nth(1).locator("td").nth(3)).toHaveText("–");
  await expect(page.locator("main")).not.toContainText("200 stk");
  await expect(page.locator("main")).not.toContainText("Nettovekt 200");
  await expect(page.locator("main")).not.toContainText("Total nettovekt");
  await expect(page.locator(".opplysninger__rad", { hasText: "Totalt antall" })).toContainText("100 stk");

  // The consignment: containers and seals, inspection place, distinguishing marks, referenced documents
  const transport = page.getByRole("region", { name: "Transport" });
  await expect(transport.locator(".opplysninger__rad", { hasText: "Containere og plomber" })).toContainText(
    "MSKU7654321 (plomber: NL-5501, NL-5502)",
  );
  await expect(transport.locator(".opplysninger__rad", { hasText: "Inspeksjonssted" })).toContainText(
    "Boskoop",
  );
  await expect(transport.locator(".opplysninger__rad", { hasText: "Kjennetegn på sendingen" })).toContainText(
    "PARTI 42 / BOSKOOP",
  );
  await expect(page.getByRole("heading", { name: "Refererte dokumenter" })).toBeVisible();
  await expect(page.getByText("NL-REF-77 (Packing list)")).toBeVisible();

  // Treatments: every line has the same ones, shown once
  const behandlinger = page.getByRole("region", { name: "Behandlinger" });
  await expect(behandlinger.getByText("Alle varelinjer har de samme behandlingene:")).toBeVisible();
  await expect(behandlinger.getByRole("listitem")).toHaveCount(1);
  await expect(behandlinger.getByRole("listitem")).toContainText("Varmebehandling");

  // Declarations as the PDF writes them
  const erklaering = page.getByRole("region", { name: "Eksporterklæring" });
  await expect(erklaering.getByText(EKSPORTERKLAERING)).toBeVisible();
  await expect(erklaering.locator(".opplysninger__rad", { hasText: "Fri for skadegjørere" })).toContainText(
    "Oppgitt (kode 1)",
  );
  await expect(
    erklaering.getByText(
      "Intet økonomisk ansvar i forbindelse med dette sertifikatet skal påhvile Nederlandse Voedsel- en " +
        "Warenautoriteit eller noen av dens tjenestemenn eller representanter.",
    ),
  ).toBeVisible();
  await expect(page.locator("main")).not.toContainText("ingen finansiell erklæring");

  // Links of a goods line: the 2024 tariff and the pest database from the EPPO code
  await aapneDetaljer(page, 1);
  await expect(page.getByRole("link", { name: "060240" })).toHaveAttribute(
    "href",
    "https://tolltariffen.toll.no/tolltariff/2024/060240",
  );
  const eppo = page.getByRole("link", { name: /\(skadegjørerdatabasen\)$/ });
  const kode = (await eppo.textContent())?.replace(" (skadegjørerdatabasen)", "") ?? "";
  expect(kode).toMatch(/^[A-Z0-9]{5,6}$/);
  await expect(eppo).toHaveAttribute("href", eppoLenke(kode));
  expect(eppoLenke(kode)).toBe(`https://gd.eppo.int/taxon/${kode}`);
  await sjekkUu(page);
});

test("sertifikatsiden: reeksporterklæring, erstatningsbannere og 14-dagersmeldingen", async ({ page }) => {
  const reeksport = {
    opprinneligLand: "KE",
    sertifikatReferanse: "KE-KEPHIS-2026-0412",
    originalSertifikat: true,
    ompakket: true,
    nyeContainere: true,
  };
  const linje = {
    navn: "Krysantemum",
    botaniskNavn: "Chrysanthemum morifolium",
    plantedel: "Cut flowers",
    tilsiktetBruk: "Decoration",
    opprinnelsesland: ["KE"],
    antall: { verdi: 500, enhet: "H87" },
    reeksport,
  };
  // The original (replaced later), its replacement with a number but no reason, and one with neither.
  const original = await postSertifikat(page.request, { type: "Reeksport", varelinjer: [linje, linje] }, 1);
  const erstatning = await postSertifikat(page.request, {
    type: "Reeksport",
    erstatter: { nummer: original.sertifikatnummer },
    varelinjer: [linje],
  });
  const ukjent = await postSertifikat(page.request, { erstatter: {}, varelinjer: [linje] });
  const gammel = await postSertifikat(page.request, { varelinjer: [linje] }, 15);

  await loggInnKari(page);
  // Re-export: one declaration for all lines, worded from the flags
  await page.goto(sertifikatUrl(original));
  const erklaering = page.getByRole("region", { name: "Reeksporterklæring" });
  await expect(erklaering).toContainText(
    "Plantene, planteproduktene eller andre regulerte gjenstander ble importert til Nederland fra Kenya med " +
      "plantesunnhetssertifikat nr. KE-KEPHIS-2026-0412.",
  );
  await expect(erklaering).toContainText("Originalen av dette sertifikatet er vedlagt.");
  await expect(erklaering).toContainText("Varene er ompakket i nye containere.");
  await expect(erklaering.getByText(/ble importert til/)).toHaveCount(1);
  // … replaced by the newer one, which is linked
  const erstattet = page.locator(".varsel", { hasText: "Sertifikatet er erstattet" });
  await expect(erstattet).toContainText(`Dette sertifikatet er erstattet av ${erstatning.sertifikatnummer}`);
  await sjekkUu(page);

  // The replacement links back; the reason is missing: 'unknown reason'
  await erstattet.getByRole("link", { name: erstatning.sertifikatnummer }).click();
  await expect(page.getByRole("heading", { name: erstatning.sertifikatnummer, level: 1 })).toBeVisible();
  const erstatter = page.locator(".varsel", { hasText: "Erstatter et annet sertifikat" });
  await expect(erstatter).toContainText(
    `Dette sertifikatet erstatter sertifikat ${original.sertifikatnummer}. Årsak: unknown reason.`,
  );
  await expect(erstatter.getByRole("link", { name: original.sertifikatnummer })).toBeVisible();
  await sjekkUu(page);

  // Neither number nor reason: 'unknown number' and 'unknown reason'
  await page.goto(sertifikatUrl(ukjent));
  await expect(page.locator(".varsel", { hasText: "Erstatter et annet sertifikat" })).toContainText(
    "Dette sertifikatet erstatter sertifikat unknown number. Årsak: unknown reason.",
  );
  await sjekkUu(page);

  // More than 14 days old: the notice instead of the create button
  await page.goto(sertifikatUrl(gammel));
  const handling = page.getByRole("region", { name: "Digital forhåndsmelding" });
  await expect(handling.getByText(FOR_GAMMELT_SERTIFIKAT_MELDING)).toBeVisible();
  expect(FOR_GAMMELT_SERTIFIKAT_MELDING).toBe(
    "Sertifikater som er mer enn 2 uker gamle kan ikke meldes. Be eksportør om et nytt sertifikat.",
  );
  await expect(handling.getByRole("button", { name: "Opprett digital forhåndsmelding" })).toHaveCount(0);
  await sjekkUu(page);
});

test("risikobannere vises bare med visRisikovurdering, som kan slås av per nettleser", async ({ page }) => {
  const s = await postSertifikat(page.request, {
    varelinjer: [
      {
        navn: "Rhododendron",
        botaniskNavn: "Rhododendron",
        plantedel: "Plants",
        tilsiktetBruk: "Planting",
        opprinnelsesland: ["NL"],
        antall: { verdi: 50, enhet: "H87" },
      },
    ],
  });
  const banner = page.getByRole("heading", {
    name: /omfattes av særskilte krav i forskrift om tiltak mot Phytophthora ramorum/,
  });
  await loggInnKari(page);
  await page.goto(sertifikatUrl(s));
  await expect(banner).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Vurdering" })).toBeVisible();
  await sjekkUu(page);

  // Off for this browser (a cookie set by a plain form post on /test/importmelding)
  await page.goto("/test/importmelding");
  await expect(page.getByLabel(/Vis risikovurderinger/)).toBeChecked();
  await sjekkUu(page);
  await page.getByLabel(/Vis risikovurderinger/).uncheck();
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page).toHaveURL(/lagret=1/);
  await expect(page.getByRole("status")).toHaveText("Valgene er lagret for denne nettleseren.");
  await expect(page.getByLabel(/Vis risikovurderinger/)).not.toBeChecked();
  await expect(page.getByLabel(/Vis forhåndsmeldinger/)).toBeChecked();
  await page.goto(sertifikatUrl(s));
  await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Vurdering" })).toHaveCount(0);
  await sjekkUu(page);

  // Back to the server's setting: shown again
  await page.goto("/test/importmelding");
  await page.getByRole("button", { name: "Bruk serveroppsettet" }).click();
  await expect(page).toHaveURL(/tilbakestilt=1/);
  await expect(page.getByRole("status")).toHaveText("Denne nettleseren bruker nå serveroppsettet.");
  await page.goto(sertifikatUrl(s));
  await expect(banner).toBeVisible();
});

test("en importør som ikke har bekreftet regelverket, bekrefter ved «Opprett» og oppretter i samme steg (bare tastaturet)", async ({
  page,
}) => {
  // An organisation of the test's own, not yet confirmed: the confirmation cannot be taken back (ADR 052).
  const { person, virksomhet } = await egenVirksomhet(page.request, "Regelsertifikat");
  await loggInnSom(page, person);
  await velg(page, virksomhet);
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: virksomhet.navn, organisasjonsnummer: virksomhet.orgnr },
  });
  await page.goto(sertifikatUrl(s));
  const handling = () => page.getByRole("region", { name: "Digital forhåndsmelding" });
  // SPEC's banner with the link to the profile, now holding the same form as home and Profil
  const banner = handling().locator(".varsel", { hasText: "Bekreft kjennskap til regelverket" });
  await expect(banner.getByRole("link", { name: "profilen" })).toHaveAttribute("href", /side=Profil/);
  await expect(
    handling().getByRole("button", { name: "Opprett digital forhåndsmelding", exact: true }),
  ).toHaveCount(0);
  await bekreftMedAvvisningene(page, handling, "Bekreft og opprett digital forhåndsmelding");
  // stored and created in one step: the new notification, never the refusal
  await expect(page).toHaveURL(/\/importmelding\/\d+/);
  await expect(page.getByText("Bedrift har ikke bekreftet kjennskap til regelverket")).toHaveCount(0);
  await sjekkUu(page);

  // recorded as from Profil: the stored, locked box; the certificate leads to the notification
  await page.goto("/innstillinger?side=Profil");
  const boks = page.getByRole("checkbox", { name: REGELVERK.boks });
  await expect(boks).toBeChecked();
  await expect(boks).toBeDisabled();
  await page.goto(sertifikatUrl(s));
  await expect(handling().getByRole("link", { name: "Gå til digital forhåndsmelding" })).toBeVisible();
  await expect(handling().getByRole("group", { name: REGELVERK.legende })).toHaveCount(0);
});
