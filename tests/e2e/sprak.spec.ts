// Bokmål, nynorsk and English (issue 33): the language control on every page, by keyboard, with JavaScript on
// and off; the page and its query string kept; `lang` right; the choice remembered in the browser before login
// and in the person's preference after it, so it follows them to another browser. axe on every language.
// The journey's persons are only this spec's (one per project): their stored language changes here.
import type { Page } from "@playwright/test";
import { chromiumStart } from "../support/chromium";
import { nySertifikat, sertifikatUrl } from "./data";
import { expect, jsPaa, lyttEtterKonsollfeil, sjekkUu, TIDSGRENSE_LANG, tabTil, test } from "./helpers";
import { osloDatoOm, prosjekt } from "./veiviser";
import { egenVirksomhet, loggInnEgen, navnet } from "./virksomheter";

const person = () =>
  jsPaa() ? { pid: "03098530117", navn: "Nora Nynorsk" } : { pid: "03098550223", navn: "Nils Nynorsk" };

/** Chooses a language in the header's control by keyboard (Tab to its button, Enter). */
async function velgSprak(page: Page, navn: "Bokmål" | "Nynorsk" | "English") {
  const knapp = page.getByRole("banner").getByRole("button", { name: navn, exact: true });
  await tabTil(page, knapp);
  await page.keyboard.press("Enter");
  return knapp;
}

async function forventSprak(page: Page, sprak: "nb" | "nn" | "en") {
  await expect(page.locator("html")).toHaveAttribute("lang", sprak);
  await expect(page.getByRole("banner").locator(`button[lang="${sprak}"]`)).toHaveAttribute(
    "aria-current",
    "true",
  );
}

test("velg nynorsk før innlogging, bytt til engelsk på samme side, og språket følger personen", async ({
  page,
  browser,
}) => {
  // First visit: the browser asks for bokmål (nb-NO).
  await page.goto("/logg-inn?returnTo=%2Fnyttig-info%3FvisMerInfo%3Dsok");
  await forventSprak(page, "nb");
  // The language names, each in its own language.
  for (const [navn, lang] of [
    ["Bokmål", "nb"],
    ["Nynorsk", "nn"],
    ["English", "en"],
  ] as const) {
    await expect(page.getByRole("button", { name: navn, exact: true })).toHaveAttribute("lang", lang);
  }

  const nynorsk = await velgSprak(page, "Nynorsk");
  await expect(page).toHaveURL(/\/logg-inn\?returnTo=%2Fnyttig-info%3FvisMerInfo%3Dsok$/);
  await forventSprak(page, "nn");
  await expect(page.getByText(/I digital førehandsmelding ser du dei elektroniske/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Hopp til hovudinnhaldet" })).toBeAttached();
  await expect(page).toHaveTitle("Logg inn – Digital førehandsmelding");
  // With JavaScript the page stays (a client navigation) and so does focus, on the chosen language.
  if (jsPaa()) await expect(nynorsk).toBeFocused();
  await sjekkUu(page);

  // Log in: back to the page asked for, in nynorsk.
  await page.getByRole("link", { name: "Logg inn med ID-porten" }).click();
  await page.getByRole("button", { name: new RegExp(person().navn) }).click();
  await expect(page).toHaveURL(/\/nyttig-info\?visMerInfo=sok$/);
  await forventSprak(page, "nn");
  await expect(page.getByText("Søk etter sertifikat", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Rettleiar for import av plantar" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Meny" })).toBeVisible();
  await sjekkUu(page);

  // Switch to English on the page: same page, same query string.
  await velgSprak(page, "English");
  await expect(page).toHaveURL(/\/nyttig-info\?visMerInfo=sok$/);
  await forventSprak(page, "en");
  await expect(page.getByRole("heading", { name: "Useful information", level: 1 })).toBeVisible();
  await expect(page.getByText("Searching for certificates", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Useful information – Digital prior notification");
  await sjekkUu(page);

  // Log out: the logged-out page in English.
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Log out" }).click();
  await page.getByRole("button", { name: "Logg ut" }).click();
  await expect(page.getByRole("heading", { name: "You are logged out", level: 1 })).toBeVisible();
  await forventSprak(page, "en");
  await sjekkUu(page);

  // Another browser (no cookies, asking for bokmål): after login the person's English follows them.
  const annen = await browser.newContext({ locale: "nb-NO", javaScriptEnabled: jsPaa() });
  try {
    const side = await annen.newPage();
    await side.goto("/logg-inn");
    await forventSprak(side, "nb");
    await side.getByRole("link", { name: "Logg inn med ID-porten" }).click();
    await side.getByRole("button", { name: new RegExp(person().navn) }).click();
    await expect(side).not.toHaveURL(/\/logg-inn/);
    await forventSprak(side, "en");
    await side.goto("/tilgjengelighetserklaering");
    await expect(side.getByRole("heading", { name: "Accessibility statement", level: 1 })).toBeVisible();
    await expect(side.getByRole("navigation", { name: "Breadcrumbs" })).toBeVisible();
    await sjekkUu(side);
  } finally {
    await annen.close();
  }
});

test("Vel verksemd og innstillingane på nynorsk, engelsk på same side, med feilmeldingar og stadfestingar", async ({
  page,
}) => {
  // An organisation and a person of the test's own: its systems and its person's stored language change here.
  const { virksomhet } = await loggInnEgen(page, "Spraakinnstillinger");
  await page.goto("/velg-virksomhet");
  await velgSprak(page, "Nynorsk");
  await expect(page).toHaveURL(/\/velg-virksomhet$/);
  await forventSprak(page, "nn");
  await expect(page.getByRole("heading", { name: "Vel verksemd", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Vel verksemd – Digital førehandsmelding");
  await expect(page.getByText("Vel kva verksemd du vil representere.")).toBeVisible();
  await sjekkUu(page);

  await page.goto("/innstillinger?side=Integrasjoner");
  await forventSprak(page, "nn");
  await expect(page.getByRole("heading", { name: "Innstillingar", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Innstillingar – Digital førehandsmelding");
  await expect(
    page.getByRole("navigation", { name: "Innstillingar" }).getByRole("link", { name: "Integrasjonar" }),
  ).toHaveAttribute("aria-current", "page");
  // The action's message in nynorsk, by keyboard.
  await tabTil(page, page.getByRole("button", { name: "Opprett ein webhook" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Skriv inn adressa webhookane skal sendast til")).toBeVisible();
  await sjekkUu(page);

  // English on the same side.
  await velgSprak(page, "English");
  await expect(page).toHaveURL(/\/innstillinger\?side=Integrasjoner$/);
  await forventSprak(page, "en");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Settings – Digital prior notification");
  await expect(page.getByRole("heading", { name: "Systems with access", level: 3 })).toBeVisible();
  const giTilgang = page.getByRole("button", { name: "Give access" });
  await giTilgang.click();
  await expect(page.getByRole("heading", { name: "There is a problem with the form" })).toBeVisible();
  await expect(page.getByText("Enter the name of the system").first()).toBeVisible();
  await sjekkUu(page);
  await page.getByLabel("Client ID", { exact: true }).fill(`sprak-${virksomhet.orgnr}`);
  await page.getByLabel("Name of the system").fill("Språksystemet");
  await giTilgang.click();
  await expect(
    page.getByRole("status").filter({ hasText: "The system has been given access." }),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: /Språksystemet/ })).toContainText("Read");
  await sjekkUu(page);
  // The import API's own message, in the language the app asks it for.
  await page.getByLabel("Address", { exact: true }).fill("https://10.0.0.1/webhook");
  await page.getByRole("button", { name: "Create webhook" }).click();
  await expect(
    page.getByText("The address points to a private or internal network and cannot be used"),
  ).toBeVisible();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("https://10.0.0.1/webhook");

  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Profile", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Knowledge of the regulations", level: 3 })).toBeVisible();
  await sjekkUu(page);
});

test("på nynorsk frå innlogginga gjennom veivisaren til ei innsend førehandsmelding og kvitteringa", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  // An organisation of the test's own: the onboarding and the notification cannot be taken back (ADR 052).
  const { person, virksomhet } = await egenVirksomhet(page.request, "Nynorskimport");
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: virksomhet.navn },
    kunDokumentkontroll: true,
  });

  // Nynorsk on the login page, then log in (the development ID-porten's own form is its own).
  await page.goto("/logg-inn");
  await velgSprak(page, "Nynorsk");
  await forventSprak(page, "nn");
  await page.getByRole("link", { name: "Logg inn med ID-porten" }).click();
  await page.getByLabel("Fødselsnummer (11 siffer)").fill(person.pid);
  await page.getByLabel("Navn", { exact: true }).fill(person.navn);
  await page.getByRole("button", { name: "Logg inn", exact: true }).click();
  await expect(page).toHaveURL(/\/velg-virksomhet/);
  await page.getByRole("button", { name: navnet(virksomhet) }).click();

  // The onboarding of a new importer, in nynorsk: the regulations, then the e-mail address.
  await page.getByRole("radio", { name: "Ja, vi stadfestar at verksemda kjenner regelverket" }).check();
  await page.getByRole("checkbox", { name: "Verksemda kjenner regelverket for import av plantar" }).check();
  await page.getByRole("button", { name: "Stadfest", exact: true }).click();
  await page.getByLabel("E-postadresse", { exact: true }).fill("varsel@nynorskimport.example.no");
  await page.getByRole("button", { name: "Lagre", exact: true }).click();
  await expect(page.locator(".oppstart")).toHaveCount(0);
  await forventSprak(page, "nn");

  // The wizard.
  await page.goto(sertifikatUrl(s));
  await page.getByRole("button", { name: "Opprett digital førehandsmelding" }).click();
  await expect(page).toHaveURL(/\/importmelding\/\d+\/avsender$/);
  await forventSprak(page, "nn");
  await page.getByRole("link", { name: "Stadfest og gå vidare" }).click();
  await expect(page.getByRole("heading", { name: "Kven melder inn?", level: 1 })).toBeVisible();
  await page.getByLabel("E-post", { exact: true }).fill("nora@nynorskimport.example.no");
  await page.getByRole("button", { name: "Lagre og gå vidare" }).click();
  await expect(page).toHaveURL(/dokumentkontroll|ankomst-info/);
  while (page.url().includes("/dokumentkontroll/")) {
    const url = page.url();
    await page.locator("input[name=svar]:not([data-avvik])").first().check();
    await page.getByRole("button", { name: "Lagre og gå vidare" }).click();
    await expect(page).not.toHaveURL(url);
  }
  await page.getByLabel("Adresselinje 1").fill("Tollbugata 40");
  await page.getByLabel("Postnummer").fill("3044");
  await page.getByLabel("Poststad").fill("Drammen");
  await page.getByLabel("Dato", { exact: true }).fill(osloDatoOm(30));
  await page.getByLabel(/Ettermiddag/).check();
  await page.getByRole("button", { name: "Lagre og gå vidare" }).click();
  await page.getByRole("button", { name: "Eg forstår – lagre" }).click();

  // The summary, in nynorsk: nothing missing, the notifier, then submit.
  await expect(page).toHaveURL(/\/oppsummering$/);
  await forventSprak(page, "nn");
  await expect(page.getByRole("heading", { name: "Oppsummering", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ansvarleg importør", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Historikk", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Endre innmeldar og eigen referanse" })).toBeVisible();
  await expect(page).toHaveTitle(/^Oppsummering – Førehandsmelding .+ – Digital førehandsmelding$/);
  await sjekkUu(page);
  const send = page.getByRole("button", { name: "Send inn" });
  await tabTil(page, send);
  await page.keyboard.press("Enter");

  // The receipt: submitted, still in nynorsk.
  await expect(page).toHaveURL(/\/importmelding\/\d+\/(registrert\?sendt=1|ankommet\?frigitt=1)$/);
  await forventSprak(page, "nn");
  await sjekkUu(page);
});

// A missing text in the browser (a namespace the route did not load) is handed on by the page's translator as an
// uncaught error (app/components/sprak.tsx iNettleseren, tested in app/lib/oversetter-fra.test.ts; ADR 071), and
// the console guard every JavaScript-on test runs (helpers.ts) fails the test on it. The guard's listener is shown
// hearing one here, in a browser of its own with JavaScript on (a context of the test's browser would have the
// guard fail this test), after hearing nothing from the page itself.
test("konsollvakten hører en tekst som mangler i nettleseren", async ({ playwright, baseURL }) => {
  const nettleser = await playwright.chromium.launch(chromiumStart);
  try {
    const ctx = await nettleser.newContext({ baseURL, javaScriptEnabled: true });
    const funn: string[] = [];
    lyttEtterKonsollfeil(ctx, funn, () => false);
    const page = await ctx.newPage();
    await page.goto("/");
    await expect(page.getByRole("banner")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(funn).toEqual([]);
    const tekst = "Mangler teksten felles.finnesIkke (nb)";
    await page.evaluate((t) => reportError(new Error(t)), tekst);
    await expect.poll(() => funn).toEqual([expect.stringContaining(`ufanget feil på ${baseURL}/`)]);
    expect(funn[0]).toContain(tekst);
  } finally {
    await nettleser.close();
  }
});

// A route's messages are a file of their own (ADR 080), preloaded with the page: the page's Link header names it
// (with JavaScript off too: the header costs nothing, the browser fetches it once a year), and with JavaScript
// on the page's fetch of the file takes the preload, so the browser asks for it once, with the page, and not
// again after its JavaScript has run.
test("sidens tekstfil forhåndslastes med siden", async ({ page, request, baseURL }) => {
  const lenke = (await request.get("/logg-inn")).headers().link ?? "";
  expect(lenke).toMatch(/^<\/tekster\/innlogging\.nb\.[\w-]{12}\.json>; rel=preload; as=fetch; crossorigin$/);
  const fil = `${baseURL}${lenke.slice(1, lenke.indexOf(">"))}`;
  const hentet: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/tekster/innlogging.")) hentet.push(r.url());
  });
  await page.goto("/logg-inn");
  await page.waitForLoadState("networkidle");
  expect(hentet).toEqual([fil]);
});

// A client navigation to a route the page has not visited fetches the route's file when it starts, with its data
// (ADR 080: the shell's file names each route's file, entry.client.tsx starts it as the router turns `loading`),
// not after the `.data` answer has named it. In a browser of its own with JavaScript on, in both projects (a
// client navigation needs JavaScript); the requests in the order the browser started them.
test("en klientnavigering henter rutens tekstfil sammen med dataene, ikke etter", async ({
  browser,
  baseURL,
}) => {
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: true });
  try {
    const page = await ctx.newPage();
    const startet: string[] = [];
    page.on("request", (r) => startet.push(new URL(r.url()).pathname));
    await page.goto("/logg-inn");
    await page.waitForLoadState("networkidle");
    expect(startet.filter((s) => s.startsWith("/tekster/hjelp."))).toEqual([]);
    startet.length = 0;
    await page.getByRole("contentinfo").getByRole("link", { name: "Tilgjengelighetserklæring" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tilgjengelighetserklæring" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const data = startet.indexOf("/tilgjengelighetserklaering.data");
    const fil = startet.findIndex((s) => /^\/tekster\/hjelp\.nb\.[\w-]{12}\.json$/.test(s));
    expect(data, startet.join(" ")).toBeGreaterThanOrEqual(0);
    expect(fil, startet.join(" ")).toBeGreaterThanOrEqual(0);
    expect(fil, startet.join(" ")).toBeLessThan(data);
    // one document, and the file asked for once
    expect(startet.filter((s) => s.startsWith("/tekster/hjelp.")).length).toBe(1);
    expect(startet).not.toContain("/tilgjengelighetserklaering");
  } finally {
    await ctx.close();
  }
});
