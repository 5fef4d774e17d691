import type { Page } from "@playwright/test";
import { expect, jsPaa, loggInn, PERSONER, sjekkUu, tabTil, test } from "./helpers";

const brodsmuler = (page: Page) => page.getByRole("navigation", { name: "Brødsmulesti" });

test("innlogging, valg av virksomhet, meny og utlogging", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/logg-inn\?returnTo=%2F/);
  await expect(page.getByRole("heading", { name: "Logg inn", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Kom i gang med digital forhåndsmelding/ })).toHaveAttribute(
    "href",
    /\.pdf$/,
  );
  await sjekkUu(page);

  await loggInn(page, PERSONER.kari);
  await expect(page).toHaveURL(/\/velg-virksomhet/);
  await expect(page.getByRole("heading", { name: "Velg virksomhet", level: 1 })).toBeVisible();
  // main unit with its sub-units, a sub-unit without main unit, and a private person (not selectable)
  await expect(
    page.getByRole("heading", { name: /Hageland Import AS\s+Org\.nr\. 912 345 602/ }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Underenheter uten hovedenhet i listen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Privatpersoner" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Kari Nordmann/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Hageland Import AS Org/ })).toHaveCount(0);
  await expect(brodsmuler(page).getByRole("link", { name: "Hjem" })).toHaveAttribute("href", "/");
  await expect(brodsmuler(page).getByText("Velg virksomhet")).toHaveAttribute("aria-current", "page");
  await sjekkUu(page);

  await page.getByRole("button", { name: /Hageland Import AS avd\. Drammen/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("heading", { name: "Hageland Import AS avd. Drammen", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByText("Org.nr. 912 345 742")).toBeVisible();
  await expect(page.locator(".app-header__virksomhet")).toHaveText("Hageland Import AS avd. Drammen");
  await sjekkUu(page);

  // unknown paths, also ones that cannot be decoded, go home (with the organisation still chosen)
  for (const sti of ["/finnes/ikke", "/%ZZ"]) {
    await page.goto(sti);
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("heading", { name: "Hageland Import AS avd. Drammen", level: 1 }),
    ).toBeVisible();
  }

  // The menu opens (without JS by a post that remembers the state) and shows user and business.
  const meny = page.getByRole("navigation", { name: "Hovedmeny" });
  await expect(meny).toBeHidden();
  await page.getByRole("button", { name: "Meny" }).click();
  await expect(meny).toBeVisible();
  await expect(meny.getByText("Kari Nordmann")).toBeVisible();
  await expect(meny.getByText("Org.nr. 912 345 742")).toBeVisible();
  await expect(meny.getByRole("link", { name: "Forhåndsmeldinger" })).toBeVisible();
  await expect(meny.getByRole("link", { name: "Sertifikater" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Lukk meny" })).toHaveAttribute("aria-expanded", "true");
  await sjekkUu(page);
  // remembered after a reload
  await page.reload();
  await expect(meny).toBeVisible();

  await meny.getByRole("button", { name: "Logg ut" }).click();
  await expect(page.getByRole("heading", { name: "Logg ut av ID-porten" })).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("button", { name: "Logg ut" }).click();
  await expect(page).toHaveURL(/\/utlogget/);
  await expect(page.getByRole("heading", { name: "Du er logget ut" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Logg inn igjen" })).toBeVisible();
  await sjekkUu(page);
  // the server session is gone
  await page.goto("/");
  await expect(page).toHaveURL(/\/logg-inn/);
});

test("med bare tastaturet", async ({ page }) => {
  await loggInn(page, PERSONER.kari, true);
  await expect(page).toHaveURL(/\/velg-virksomhet/);
  await sjekkUu(page);
  // Drammen has confirmed the regulations and has e-mail addresses, so home has no forced onboarding dialog.
  await tabTil(page, page.getByRole("button", { name: /Hageland Import AS avd\. Drammen/ }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("heading", { name: "Hageland Import AS avd. Drammen", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByText("Org.nr. 912 345 742")).toBeVisible();
  await sjekkUu(page);
  await tabTil(page, page.getByRole("button", { name: "Meny" }));
  await page.keyboard.press("Enter");
  const meny = page.getByRole("navigation", { name: "Hovedmeny" });
  await expect(meny).toBeVisible();
  await sjekkUu(page);
  await tabTil(page, meny.getByRole("button", { name: "Logg ut" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Logg ut av ID-porten" })).toBeVisible();
  await sjekkUu(page);
  const loggUt = page.getByRole("button", { name: "Logg ut" });
  await tabTil(page, loggUt);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/utlogget/);
  await sjekkUu(page);
});

test("kommer tilbake til siden som ble bedt om, og husker virksomheten", async ({ page }) => {
  await page.goto("/nyttig-info?visMerInfo=reeksport");
  await expect(page.getByRole("heading", { name: "Nyttig info" })).toBeVisible();
  await expect(page.locator("details#reeksport")).toHaveAttribute("open", "");
  await expect(page.locator("details#land")).not.toHaveAttribute("open", "");
  await sjekkUu(page);

  await page.goto("/innstillinger");
  await expect(page).toHaveURL(/\/logg-inn\?returnTo=%2Finnstillinger$/);
  // this browser has a session (for the form token), but it was never logged in: no "expired" message
  expect((await page.context().cookies()).some((c) => c.name === "forhaandsmelding")).toBe(true);
  await expect(page.getByRole("heading", { name: "Logg inn", level: 1 })).toBeVisible();
  await expect(page.getByText(/økten utløp/)).toHaveCount(0);
  await page.getByRole("link", { name: "Logg inn med ID-porten" }).click();
  await page.getByRole("button", { name: /Ola Hansen/ }).click();
  await expect(page).toHaveURL(/\/velg-virksomhet\?returnTo=%2Finnstillinger/);
  await page.getByRole("button", { name: /Grønt Mottak AS avd\. Alnabru/ }).click();
  await expect(page).toHaveURL(/\/innstillinger$/);
  await expect(page.getByRole("heading", { name: "Innstillinger", level: 1 })).toBeVisible();
  await expect(page.getByText("Ja, registrert som mottakskontrollør")).toBeVisible();
  await sjekkUu(page);

  // A new login in the same browser comes back to the page with the remembered organisation.
  await page.context().clearCookies({ name: "forhaandsmelding" });
  await page.goto("/innstillinger");
  await expect(page).toHaveURL(/\/logg-inn/);
  await page.getByRole("link", { name: "Logg inn med ID-porten" }).click();
  // ID-porten's single sign-on session is still alive, so no picker is shown.
  await expect(page).toHaveURL(/\/innstillinger$/);
  await expect(page.locator(".app-header__virksomhet")).toHaveText("Grønt Mottak AS avd. Alnabru");
});

test("ingen enheter, og ukjente stier går hjem", async ({ page }) => {
  await loggInn(page, PERSONER.per);
  await expect(page.getByRole("heading", { name: "Ingen enheter funnet" })).toBeVisible();
  await sjekkUu(page);
  await page.goto("/finnes/ikke");
  await expect(page).toHaveURL(/\/velg-virksomhet/);

  await page.goto("/mangler-autorisasjon");
  await expect(page.getByRole("heading", { name: "Du mangler tilgang", level: 1 })).toBeVisible();
  await expect(
    page.getByText(/delegert deg tilgang til Mattilsynets skjematjenester i Altinn/),
  ).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "planteimport@mattilsynet.no" }),
  ).toHaveAttribute("href", "mailto:planteimport@mattilsynet.no");
  await expect(page.getByRole("link", { name: "Velg en annen virksomhet" })).toHaveAttribute(
    "href",
    "/velg-virksomhet",
  );
  await sjekkUu(page);
  await page.getByRole("main").getByRole("button", { name: "Logg ut" }).click();
  await expect(page.getByRole("heading", { name: "Logg ut av ID-porten" })).toBeVisible();
  await page.getByRole("button", { name: "Logg ut" }).click();
  await expect(page.getByRole("heading", { name: "Du er logget ut" })).toBeVisible();
});

test("funksjonsbryter for forhåndsmeldinger lagres per nettleser", async ({ page }) => {
  await page.goto("/test/importmelding");
  await sjekkUu(page);
  await page.getByLabel(/Vis forhåndsmeldinger/).uncheck();
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page).toHaveURL(/\/test\/importmelding\?lagret=1$/);
  await expect(page.getByLabel(/Vis forhåndsmeldinger/)).not.toBeChecked();
  await sjekkUu(page);
  await loggInn(page, PERSONER.ola);
  await page.getByRole("button", { name: /Grønt Mottak AS avd\. Alnabru/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Grønt Mottak AS avd. Alnabru", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Meny" }).click();
  const meny = page.getByRole("navigation", { name: "Hovedmeny" });
  await expect(meny.getByRole("link", { name: "Hjem" })).toBeVisible();
  await expect(meny.getByRole("link", { name: "Forhåndsmeldinger" })).toHaveCount(0);
  await expect(meny.getByRole("link", { name: "Sertifikater" })).toHaveCount(0);
  // the notification list exists only with the flag on
  await page.goto("/importmeldinger");
  await expect(page).toHaveURL(/\/$/);
});

test("informasjonskapselvalget huskes", async ({ page }) => {
  await page.goto("/logg-inn?returnTo=%2Finnstillinger");
  const banner = page.getByRole("region", { name: "Informasjonskapsler" });
  await expect(banner).toBeVisible();
  // only what the service needs; nothing for statistics
  await expect(banner).toContainText("Vi bruker ingen informasjonskapsler til statistikk");
  await expect(banner.getByRole("button")).toHaveCount(1);
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/informasjonskapsler")),
    banner.getByRole("button", { name: "Jeg forstår" }).click(),
  ]);
  await expect(banner).toBeHidden();
  // still on the login page, with where to go after the login
  await expect(page).toHaveURL(/\/logg-inn\?returnTo=%2Finnstillinger$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Logg inn" })).toBeVisible();
  await expect(banner).toBeHidden();
  if (jsPaa()) expect(await page.evaluate(() => document.cookie)).not.toContain("informasjonskapsler");
});

test("brødsmuler, bunntekst og Nyttig info med visMerInfo", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 500 });
  await page.goto("/nyttig-info");
  await expect(page.getByRole("heading", { name: "Nyttig info", level: 1 })).toBeVisible();
  await expect(page.getByText("Sist oppdatert 5. mai 2025")).toBeVisible();
  await expect(brodsmuler(page).getByRole("link", { name: "Hjem" })).toHaveAttribute("href", "/");
  await expect(brodsmuler(page).getByText("Nyttig info")).toHaveAttribute("aria-current", "page");
  // no section is open without visMerInfo
  await expect(page.locator("details[open]")).toHaveCount(0);

  const bunn = page.getByRole("contentinfo");
  await expect(bunn.getByRole("link", { name: "Nyttig info" })).toHaveAttribute("href", "/nyttig-info");
  await expect(bunn.getByRole("link", { name: "Veileder for import av planter" })).toHaveAttribute(
    "href",
    "https://www.mattilsynet.no/planter-og-dyrking/import-av-planter-og-planteprodukter",
  );
  await expect(bunn.getByRole("link", { name: "planteimport@mattilsynet.no" })).toHaveAttribute(
    "href",
    "mailto:planteimport@mattilsynet.no",
  );
  await expect(bunn.getByRole("link", { name: "Gi tilbakemelding" })).toHaveAttribute(
    "href",
    /^mailto:planteimport@mattilsynet\.no\?subject=Tilbakemelding/,
  );

  // ?visMerInfo opens the section and brings it into view, with focus on it
  await page.goto("/nyttig-info?visMerInfo=feil-i-sertifikatet");
  const seksjon = page.locator("details#feil-i-sertifikatet");
  await expect(seksjon).toHaveAttribute("open", "");
  await expect(page.locator("details[open]")).toHaveCount(1);
  await expect(seksjon.locator("summary")).toBeFocused();
  await expect(seksjon.getByText(/ber du eksportøren om et erstattende sertifikat/)).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await sjekkUu(page);
  // an unknown section opens nothing
  await page.goto("/nyttig-info?visMerInfo=finnes-ikke");
  await expect(page.getByRole("heading", { name: "Nyttig info", level: 1 })).toBeVisible();
  await expect(page.locator("details[open]")).toHaveCount(0);
});

test("siden starter øverst etter navigering", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 400 });
  await page.goto("/logg-inn");
  await expect(page.getByRole("heading", { name: "Logg inn", level: 1 })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { samme?: boolean }).samme = true;
    window.scrollTo(0, document.body.scrollHeight);
  });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole("contentinfo").getByRole("link", { name: "Nyttig info" }).click();
  await expect(page).toHaveURL(/\/nyttig-info$/);
  await expect(page.getByRole("heading", { name: "Nyttig info", level: 1 })).toBeVisible();
  // with JavaScript it was a client-side navigation (the same document), and still at the top
  expect(await page.evaluate(() => (window as unknown as { samme?: boolean }).samme === true)).toBe(jsPaa());
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("'Noe gikk feil' med 'Last inn på nytt' når siden ikke kan vises", async ({ page }) => {
  await page.goto("/nyttig-info");
  await expect(page.getByRole("heading", { name: "Nyttig info", level: 1 })).toBeVisible();
  // a form posted to a page that takes no posts (an old form, a resubmission): the server answers 405
  const [svar] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.evaluate(() => {
      const skjema = document.createElement("form");
      skjema.method = "post";
      skjema.action = "/nyttig-info";
      document.body.append(skjema);
      skjema.submit();
    }),
  ]);
  expect(svar.status()).toBe(405);
  await expect(page.getByRole("heading", { name: "Noe gikk feil", level: 1 })).toBeVisible();
  await expect(page.getByText("Siden kunne ikke vises. Prøv å laste den inn på nytt.")).toBeVisible();
  const igjen = page.getByRole("link", { name: "Last inn på nytt" });
  await expect(igjen).toHaveAttribute("href", "/nyttig-info");
  await sjekkUu(page);
  await igjen.click();
  await expect(page.getByRole("heading", { name: "Nyttig info", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Noe gikk feil" })).toHaveCount(0);
});
