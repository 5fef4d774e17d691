import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { nySertifikat } from "./data";
import { jsPaa, sjekkUu } from "./helpers";
import { loggInnKari, prosjekt } from "./veiviser";

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
  await page.getByLabel("Land").selectOption("NL");
  await expect(page.getByText(/PHYTO\.NL\.ÅÅÅÅ\.nnnnnnn/)).toHaveCount(jsPaa() ? 1 : 0);
  await page.getByLabel("Sertifikatnummer").fill(s.sertifikatnummer);
  if (jsPaa()) await expect(sok).toBeDisabled();
  // The server says so too (JavaScript off): all three fields are required.
  if (!jsPaa()) {
    await sok.click();
    await expect(page.getByText("Du må fylle ut land, sertifikatnummer og dato")).toBeVisible();
    await expect(page.getByLabel("Sertifikatnummer")).toHaveValue(s.sertifikatnummer);
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
  // An invalid page number falls back to page 1; a filter change drops the page
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
  await sider.getByRole("link", { name: "Neste" }).click();
  await expect(page).toHaveURL(/sidenummer=2/);
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
});
