import { expect, test } from "@playwright/test";
import { jsPaa, loggInn, PERSONER, sjekkUu, tabTil } from "./helpers";

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
  await sjekkUu(page);

  await page.getByRole("button", { name: /Hageland Import AS avd\. Drammen/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("heading", { name: "Hageland Import AS avd. Drammen", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByText("Org.nr. 912 345 742")).toBeVisible();
  await expect(page.locator(".app-header__virksomhet")).toHaveText("Hageland Import AS avd. Drammen");
  await sjekkUu(page);

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
  await tabTil(page, page.getByRole("button", { name: /Hageland Import AS avd\. Stavanger/ }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("heading", { name: "Hageland Import AS avd. Stavanger", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByText("Org.nr. 912 345 815")).toBeVisible();
  await tabTil(page, page.getByRole("button", { name: "Meny" }));
  await page.keyboard.press("Enter");
  const meny = page.getByRole("navigation", { name: "Hovedmeny" });
  await expect(meny).toBeVisible();
  await tabTil(page, meny.getByRole("button", { name: "Logg ut" }));
  await page.keyboard.press("Enter");
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
  await expect(page).toHaveURL(/\/logg-inn\?returnTo=%2Finnstillinger/);
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
});

test("funksjonsbryter for forhåndsmeldinger lagres per nettleser", async ({ page }) => {
  await page.goto("/test/importmelding");
  await sjekkUu(page);
  await page.getByLabel(/Vis forhåndsmeldinger/).uncheck();
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page.getByLabel(/Vis forhåndsmeldinger/)).not.toBeChecked();
  await loggInn(page, PERSONER.ola);
  await page.getByRole("button", { name: /Grønt Mottak AS avd\. Alnabru/ }).click();
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
  await page.goto("/logg-inn");
  const banner = page.getByRole("region", { name: "Informasjonskapsler" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Bare nødvendige" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Logg inn" })).toBeVisible();
  await expect(banner).toBeHidden();
  if (jsPaa()) expect(await page.evaluate(() => document.cookie)).not.toContain("informasjonskapsler");
});
