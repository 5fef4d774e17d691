// A very large certificate (issue 22 item 4, ADR 018 "Grenser"): its page shows one page of goods lines,
// says how many there are and leads to the rest, and stays small; the Excel download has every line. And
// the page a document request lands on when the document cannot be made now. JavaScript on and off.
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { osloDato } from "../../domain/format";
import { HUB_API_KEY, sertifikatUrl } from "./data";
import { expect, sjekkUu, test } from "./helpers";
import { loggInnKari, prosjekt } from "./veiviser";

const LINJER = 12_000;

test("sertifikatsiden for et sertifikat med 12 000 varelinjer er liten og viser veien til resten", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dato = osloDato(new Date());
  const s = {
    sertifikatnummer: `PHYTO.NL.2026.STOR${prosjekt() === "js-pa" ? 1 : 2}${Date.now() % 1_000_000}`,
    dato,
    avsenderland: "NL",
  };
  const xml = lagSertifikatXml({
    nummer: s.sertifikatnummer,
    utstedt: `${dato}T09:00:00`,
    avsender: { navn: "Bloemen Export B.V." },
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
    eksportland: "NL",
    varelinjer: Array.from({ length: LINJER }, (_, i) => ({
      navn: `Linje ${i + 1}`,
      botaniskNavn: i % 2 ? "Rosa" : "Tulipa gesneriana",
      antall: { verdi: 10, enhet: "H87" },
      opprinnelsesland: [{ kode: "NL" }],
    })),
  });
  // about 7.9 MB, under the Hub's 10 MB
  const levert = await page.request.post("/import/ephyto/v1/sertifikat", {
    headers: { "X-Api-Key": HUB_API_KEY, "Content-Type": "application/xml" },
    data: xml,
    timeout: 120_000,
  });
  expect(levert.status()).toBe(201);

  await loggInnKari(page);
  const svar = await page.goto(sertifikatUrl(s));
  // the whole page, its data for the browser included: was 18.7 MB with every line
  expect((await svar?.body())?.byteLength).toBeLessThan(400_000);
  await expect(page.getByRole("heading", { name: "Varelinjer (12 000)", level: 2 })).toBeVisible();
  await expect(
    page.getByText("Viser varelinje 1–50 av 12 000. Alle varelinjene er med i Excel-filen."),
  ).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Varelinjer i sertifikatet" }).locator("tbody tr"),
  ).toHaveCount(50);
  await expect(page.getByRole("link", { name: "Last ned varelinjer (Excel)" })).toBeVisible();
  // the total over all lines, not the page's
  await expect(page.locator(".opplysninger__rad", { hasText: "Totalt antall" })).toContainText("120 000 stk");
  await sjekkUu(page);

  const sider = page.getByRole("navigation", { name: "Sider med varelinjer" });
  await sider.getByRole("link", { name: "Neste" }).click();
  await expect(page.getByText("Viser varelinje 51–100 av 12 000.", { exact: false })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Linje 51", exact: true })).toBeVisible();
  await expect(sider.getByRole("link", { name: "Side 2" })).toHaveAttribute("aria-current", "page");

  // sorted over all lines: Rosa (the even lines 2, 4 …) before Tulipa, on the first page
  await page.getByRole("link", { name: /Botanisk navn/ }).click();
  await expect(page.getByText("Viser varelinje 1–50 av 12 000.", { exact: false })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Tulipa gesneriana" })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Linje 2", exact: true })).toBeVisible();
});

test("et avsendernavn på 8 MB: siden og PDF-en er små, navnet er kortet med et merke, og siden sier fra (sak 34 punkt 5)", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dato = osloDato(new Date());
  const s = {
    sertifikatnummer: `PHYTO.NL.2026.LANGT${prosjekt() === "js-pa" ? 1 : 2}${Date.now() % 1_000_000}`,
    dato,
    avsenderland: "NL",
  };
  const xml = lagSertifikatXml({
    nummer: s.sertifikatnummer,
    utstedt: `${dato}T09:00:00`,
    avsender: { navn: `Kwekerij ${"a".repeat(8_000_000)}` },
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
    eksportland: "NL",
    varelinjer: [
      {
        navn: "Rose",
        botaniskNavn: "Rosa",
        antall: { verdi: 10, enhet: "H87" },
        opprinnelsesland: [{ kode: "NL" }],
      },
    ],
  });
  const levert = await page.request.post("/import/ephyto/v1/sertifikat", {
    headers: { "X-Api-Key": HUB_API_KEY, "Content-Type": "application/xml" },
    data: xml,
    timeout: 120_000,
  });
  expect(levert.status()).toBe(201);

  await loggInnKari(page);
  const svar = await page.goto(sertifikatUrl(s));
  // the whole page, its data for the browser included (was 16.2 MB)
  expect((await svar?.body())?.byteLength).toBeLessThan(200_000);
  await expect(page.getByText("Noen felt er forkortet")).toBeVisible();
  await expect(page.getByText(/avsender\.navn/)).toBeVisible();
  await expect(page.getByText(/Kwekerij a+ … \[forkortet\]/).first()).toBeVisible();
  await sjekkUu(page);
  const lenke = await page.getByRole("link", { name: "Last ned sertifikatet (PDF)" }).getAttribute("href");
  const pdf = await page.request.get(lenke ?? "");
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).byteLength).toBeLessThan(200_000);
});

test("siden for et dokument som ikke kan lages nå, sier hva som skjedde og leder tilbake", async ({
  page,
}) => {
  await loggInnKari(page);
  const tilbake = `/sertifikat?${new URLSearchParams({ sertifikatnummer: "PHYTO.NL.2026.1", dato: "2026-01-02", avsenderland: "NL" })}`;
  const svar = await page.goto(`/dokument-opptatt?${new URLSearchParams({ tilbake })}`);
  expect(svar?.status()).toBe(503);
  expect(svar?.headers()["retry-after"]).toBe("10");
  await expect(
    page.getByRole("heading", { name: "Dokumentet kan ikke lages akkurat nå", level: 1 }),
  ).toBeVisible();
  await expect(page.getByText("Dokumentet kunne ikke lages akkurat nå. Prøv igjen om litt.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Tilbake til sertifikatet" })).toHaveAttribute("href", tilbake);
  await sjekkUu(page);

  // only a page of this service
  await page.goto(`/dokument-opptatt?${new URLSearchParams({ tilbake: "//evil.example" })}`);
  await expect(page.getByRole("link", { name: "Til forsiden" })).toHaveAttribute("href", "/");
});
