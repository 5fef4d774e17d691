import { expect, type Page, test } from "@playwright/test";
import { MYNDIGHET_API_KEY, nySertifikat } from "./data";
import { sjekkUu, tabTil } from "./helpers";
import { fyllUt, loggInnKari, opprett, prosjekt } from "./veiviser";

const feil = (page: Page) => page.locator(".feiloppsummering");
const mottaker = { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" };

async function registrert(page: Page): Promise<string> {
  const s = await nySertifikat(page.request, { prosjekt: prosjekt(), mottaker });
  const id = await opprett(page, s);
  await fyllUt(page, id);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(/registrert/);
  return id;
}

test("endre ankomst, mottakskontroll med lavere mengde og skadegjørere, ankomst og frigivelse", async ({
  page,
}) => {
  await loggInnKari(page);
  const id = await registrert(page);

  // The 'sent' dialog, with do-not-show-again kept in a cookie
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toBeVisible();
  await page.getByLabel("Ikke vis denne meldingen igjen").check();
  await page.getByRole("button", { name: "Lukk" }).click();
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toBeHidden();
  await page.goto(`/importmelding/${id}/registrert?sendt=1`);
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toBeHidden();

  // Registered page: status tracker, own reference, cards, 'Ikke angitt'
  await expect(page.getByRole("list", { name: "Status for forhåndsmeldingen" })).toContainText("Ankommet");
  await expect(page.getByText("Gjennomføres når forsendelsen har kommet")).toBeVisible();
  await expect(page.getByText("Egen referanse: Ikke angitt")).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("link", { name: /Endre egen referanse/ }).click();
  await page.getByLabel("Egen referanse").fill("PO-2026-77");
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page.getByText("Egen referanse: PO-2026-77")).toBeVisible();

  // The receipt is a PDF
  const kvittering = await page.request.get(
    (await page.getByRole("link", { name: "Kvittering (PDF)" }).getAttribute("href"))!,
  );
  expect(kvittering.headers()["content-type"]).toBe("application/pdf");
  expect((await kvittering.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Change the arrival: the wizard's form, late-notice dialog, back to the registered page
  await page.getByRole("link", { name: /Endre ankomstinformasjon/ }).click();
  await expect(page.getByRole("heading", { name: "Endre ankomst" })).toBeVisible();
  await expect(page.getByLabel("Adresselinje 1")).toHaveValue("Tollbugata 40");
  await page.getByLabel("Poststed").fill("");
  await page.getByRole("button", { name: "Lagre endringene" }).click();
  await expect(feil(page)).toContainText("Poststed er påkrevd");
  await page.getByLabel("Poststed").fill("Drammen");
  await page.getByLabel("Dato").fill("2026-12-03");
  await page.getByLabel(/Kveld/).check();
  await page.getByRole("button", { name: "Lagre endringene" }).click();
  await page.getByRole("button", { name: "Jeg forstår – lagre" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  await expect(page.getByText(/03\.12\.2026, kveld/)).toBeVisible();

  // Reception controller page: both fields required
  await page.getByRole("link", { name: "Start kontroll" }).click();
  await expect(page).toHaveURL(/mottakskontrolloer$/);
  await page.getByLabel("Navn").fill("");
  await page.getByLabel("Telefonnummer").fill("");
  await page.getByRole("button", { name: "Start mottakskontrollen" }).click();
  await expect(feil(page)).toContainText("Du må angi ditt navn");
  await expect(feil(page)).toContainText("Du må angi ditt telefonnummer");
  await sjekkUu(page);
  await page.getByLabel("Navn").fill("Kari Nordmann");
  await page.getByLabel("Telefonnummer").fill("91234567");
  await page.getByRole("button", { name: "Start mottakskontrollen" }).click();

  // Content: the lower-quantity answer with each actual-quantity message
  await expect(page).toHaveURL(/mottakskontroll\/innhold-samsvarer$/);
  await expect(page.getByText("Spørsmål 1 av 2")).toBeVisible();
  await page.getByLabel("Det er færre varer enn oppgitt i sertifikatet").check();
  const antall = page.getByLabel(/Faktisk antall \(oppgitt 100/);
  const vekt = page.getByLabel(/Faktisk nettovekt \(oppgitt 50/);
  await antall.fill("mange");
  await page.getByRole("button", { name: "Bekreft" }).click();
  await expect(feil(page)).toContainText("Innholdet må være et numerisk tall");
  await page.getByLabel("Det er færre varer enn oppgitt i sertifikatet").check();
  await page.getByLabel(/Faktisk antall \(oppgitt 100/).fill("-5");
  await page.getByRole("button", { name: "Bekreft" }).click();
  await expect(feil(page)).toContainText("Verdien kan ikke være negativ");
  await page.getByLabel(/Faktisk antall \(oppgitt 100/).fill("150");
  await page.getByRole("button", { name: "Bekreft" }).click();
  await expect(feil(page)).toContainText("Mengden kan ikke være større enn opprinnelig mengde");
  await sjekkUu(page);
  await page.getByLabel(/Faktisk antall \(oppgitt 100/).fill("80");
  await vekt.fill(" 42,5 ");
  await page.getByRole("button", { name: "Bekreft" }).click();

  // Pests: a deviation needs its comment; the last page completes the physical control
  await expect(page).toHaveURL(/mottakskontroll\/skadegjoerere$/);
  await page.getByLabel(/ikke fri for planteskadegjørere oppført i vedlegg 1 og 2/).check();
  await page.getByRole("button", { name: "Fullfør fysisk kontroll" }).click();
  await expect(feil(page)).toContainText("Kommentar til avviket må spesifiseres");
  await page.getByLabel(/Melding til Mattilsynet/).fill("Funnet bladlus på tre planter.");
  await page.getByRole("button", { name: "Fullfør fysisk kontroll" }).click();

  // Arrived, awaiting assessment
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet`));
  await expect(page.getByText(/Avventer vurdering/).first()).toBeVisible();
  await expect(page.getByText("Funnet bladlus på tre planter.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Faktisk mengde" })).toContainText("42,5");
  await expect(page.getByRole("link", { name: "Kvittering (PDF)" })).toHaveCount(0);
  await sjekkUu(page);

  // The authority releases it (its own API key), and the arrived page shows the release
  const vurdering = await page.request.post(`/myndighet/v1/importmelding/${id}/vurdering`, {
    headers: { "X-Api-Key": MYNDIGHET_API_KEY },
    data: { status: "FRIGITT" },
  });
  expect(vurdering.status()).toBe(200);
  const utenNoekkel = await page.request.post(`/myndighet/v1/importmelding/${id}/vurdering`, {
    data: { status: "AVVIST", begrunnelse: "x" },
  });
  expect(utenNoekkel.status()).toBe(401);
  await page.goto(`/importmelding/${id}/ankommet?frigitt=1`);
  await expect(page.getByRole("heading", { name: "Importmeldingen er frigitt" })).toBeVisible();
  await expect(page.locator(".merkerad").first()).toContainText("Frigitt");
  await sjekkUu(page);
  // a decided notification cannot be changed
  await page.goto(`/importmelding/${id}/registrert`);
  await expect(page).toHaveURL(/ankommet$/);
});

test("trekke tilbake en forhåndsmelding", async ({ page }) => {
  await loggInnKari(page);
  const id = await registrert(page);
  await page.goto(`/importmelding/${id}/registrert`);
  await tabTil(page, page.getByRole("link", { name: "Trekk tilbake" }), 200);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Trekk forhåndsmelding" })).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("button", { name: "Trekk forhåndsmelding" }).click();
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen er trukket tilbake" })).toBeVisible();
  await expect(
    page.getByText("Forhåndsmeldingen vil ikke bli behandlet videre av Mattilsynet."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Trekk tilbake" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Start kontroll" })).toHaveCount(0);
  await sjekkUu(page);
});

test("endre ankomst og mottakskontroll med bare tastaturet", async ({ page }) => {
  await loggInnKari(page);
  const id = await registrert(page);
  await page.goto(`/importmelding/${id}/registrert`);
  const trykk = async (name: string | RegExp, rolle: "button" | "link" = "button") => {
    await tabTil(page, page.getByRole(rolle, { name }), 250);
    await page.keyboard.press("Enter");
  };
  const skriv = async (felt: string | RegExp, tekst: string) => {
    const f = page.getByLabel(felt);
    await tabTil(page, f, 250);
    await page.keyboard.press("Control+A");
    await page.keyboard.type(tekst);
  };
  await trykk(/Endre ankomstinformasjon/, "link");
  await expect(page.getByRole("heading", { name: "Endre ankomst" })).toBeVisible();
  await skriv("Adresselinje 1", "Lierstranda 12");
  await trykk("Lagre endringene");
  await trykk("Jeg forstår – lagre");
  await expect(page.getByText("Lierstranda 12, 3044 Drammen")).toBeVisible();
  await trykk("Start kontroll", "link");
  await skriv("Telefonnummer", "98765432");
  await trykk("Start mottakskontrollen");
  await expect(page).toHaveURL(/innhold-samsvarer$/);
  // arrow keys move within a radio group (and select)
  await tabTil(page, page.locator("input[name=svar]").first(), 250);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Det er færre varer enn oppgitt i sertifikatet")).toBeChecked();
  await skriv(/Faktisk antall \(oppgitt 100/, "90");
  await trykk("Bekreft");
  await expect(page).toHaveURL(/skadegjoerere$/);
  await tabTil(page, page.getByLabel("Sendingen er fri for planteskadegjørere"), 250);
  await page.keyboard.press("Space");
  await trykk("Fullfør fysisk kontroll");
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet`));
  await expect(page.getByText(/Avventer vurdering|Frigitt/).first()).toBeVisible();
});
