import type { Page } from "@playwright/test";
import { ORG } from "../../dev/demo-data";
import { nySertifikat } from "./data";
import { expect, jsPaa, sjekkUu, TIDSGRENSE_LANG, tabTil, test } from "./helpers";
import { bekreftMedAvvisningene } from "./regelverk";
import { loggInnKari, opprett, prosjekt } from "./veiviser";
import { egenVirksomhet, loggInnSom, navnet } from "./virksomheter";

const seksjon = (page: Page, tittel: string | RegExp) => page.getByRole("region", { name: tittel });

test("forsiden viser hver seksjon med demodata, rød tidsbrikke for passert ankomst og vurderte bare 2 uker", async ({
  page,
}) => {
  await loggInnKari(page);
  // the rejected Norway spruce notification (Sweden) was decided three weeks ago in the demo data
  await page.goto("/importmeldinger?status=VURDERT&avsenderland=SE");
  const gammel = (await page.locator(".sertifikatkort h3 a").first().textContent())!.trim();
  expect(gammel).toMatch(/\S/);

  await page.goto("/");
  await expect(
    page.getByRole("heading", { name: "Hageland Import AS avd. Drammen", level: 1 }),
  ).toBeVisible();
  await expect(page.locator("main").getByText("Org.nr. 912 345 742")).toBeVisible();

  const paabegynte = seksjon(page, "Påbegynte forhåndsmeldinger");
  await expect(paabegynte.getByRole("link", { name: /^Fortsett/ }).first()).toBeVisible();
  await expect(paabegynte.getByRole("link", { name: /^Slett/ }).first()).toBeVisible();

  const nye = seksjon(page, "Nye sertifikater");
  await expect(nye.locator(".sertifikatkort").first()).toBeVisible();
  await expect(nye.getByRole("link", { name: "Se alle sertifikater" })).toHaveAttribute(
    "href",
    "/sertifikater",
  );

  const meldt = seksjon(page, "Forhåndsmeldt");
  await expect(
    meldt.getByRole("heading", { name: /^Forventet ankomst \d{2}\.\d{2}\.\d{4}$/ }).first(),
  ).toBeVisible();
  const passert = meldt.locator(".merke", { hasText: "forventet ankomst har passert" }).first();
  await expect(passert).toBeVisible();
  await expect(passert).toHaveAttribute("data-color", "danger");
  const kommer = meldt.locator(".merke", { hasNotText: "passert" }).first();
  await expect(kommer).toBeVisible();
  await expect(kommer).toHaveAttribute("data-color", "info");

  await expect(seksjon(page, "Venter på vurdering").locator(".sertifikatkort").first()).toBeVisible();

  const vurderte = seksjon(page, "Vurdert de siste 2 ukene");
  await expect(vurderte.locator(".sertifikatkort").first()).toBeVisible();
  await expect(vurderte.getByRole("link", { name: gammel, exact: true })).toHaveCount(0);
  await expect(vurderte.getByRole("link", { name: "Se alle vurderte" })).toHaveAttribute(
    "href",
    "/importmeldinger?status=VURDERT",
  );
  await sjekkUu(page);

  // the filter panel: a country without notifications gives every section its empty state
  await page.getByText("Filtrer forsiden").click();
  await page.getByLabel("Avsender", { exact: true }).fill("finnes-ikke-zzz");
  await page.getByRole("button", { name: "Bruk filter" }).click();
  await expect(page).toHaveURL(/avsender=finnes-ikke-zzz/);
  // under a filter an empty section says no match, not that there is nothing (issue 23 item 9)
  await expect(page.getByText("Vi fant ingen treff med gjeldende filter.")).toHaveCount(5);
  await expect(page.getByText("Du har ingen påbegynte forhåndsmeldinger.")).toHaveCount(0);
  await expect(page.getByText("Du har ingen nye sertifikater fra de siste 14 dagene.")).toHaveCount(0);
  await sjekkUu(page);
  // the certificate search is still there
  await expect(page.getByRole("heading", { name: "Søk etter sertifikat" })).toBeVisible();
});

test("nytt sertifikat på forsiden, og Fortsett og Slett fra påbegynte", async ({ page, request }) => {
  // consigned to Hageland Drammen by organisation number, so Kari sees it without searching
  const s = await nySertifikat(request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
  });
  await loggInnKari(page);
  const nye = seksjon(page, "Nye sertifikater");
  await expect(nye.getByRole("link", { name: s.sertifikatnummer })).toBeVisible();

  const id = await opprett(page, s);
  await page.goto("/");
  // created, so no longer new
  await expect(nye.getByRole("link", { name: s.sertifikatnummer })).toHaveCount(0);
  const kort = seksjon(page, "Påbegynte forhåndsmeldinger").locator(".sertifikatkort", {
    has: page.locator(`a[href^="/importmelding/${id}/"]`),
  });
  await expect(kort).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { samme?: boolean }).samme = true;
  });
  await kort.getByRole("link", { name: /^Fortsett/ }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/avsender$`));
  // with JavaScript the row's link navigated in the app (the same document), as a <Link> does (ADR 082)
  expect(await page.evaluate(() => (window as unknown as { samme?: boolean }).samme === true)).toBe(jsPaa());

  await page.goto("/");
  await kort.getByRole("link", { name: /^Slett/ }).click();
  await page.getByRole("button", { name: "Ja, slett forhåndsmeldingen" }).click();
  await expect(page).toHaveURL(/\/\?slettet=1$/);
  await expect(page.getByText("Forhåndsmeldingen er slettet.")).toBeVisible();
  await expect(kort).toHaveCount(0);
  await expect(nye.getByRole("link", { name: s.sertifikatnummer })).toBeVisible();
  await sjekkUu(page);
});

test("forsiden med bare tastaturet: filter og Fortsett", async ({ page }) => {
  await loggInnKari(page);
  await page.goto("/");
  const oppsummering = page.getByText("Filtrer forsiden");
  await tabTil(page, oppsummering);
  await page.keyboard.press("Enter");
  const avsender = page.getByLabel("Avsender", { exact: true });
  await tabTil(page, avsender);
  await page.keyboard.type("finnes-ikke-zzz");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/avsender=finnes-ikke-zzz/);
  await expect(seksjon(page, "Påbegynte forhåndsmeldinger")).toContainText(
    "Vi fant ingen treff med gjeldende filter.",
  );
  const nullstill = page.getByRole("link", { name: "Nullstill filter" });
  await tabTil(page, nullstill);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  const fortsett = seksjon(page, "Påbegynte forhåndsmeldinger")
    .getByRole("link", { name: /^Fortsett/ })
    .first();
  await tabTil(page, fortsett, 120);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/importmelding\/\d+\/[a-z-/]+$/);
});

test("tvungen oppstart for en ny importør: bekreft regelverket, legg til e-post, aldri igjen (bare tastaturet)", async ({
  page,
}) => {
  // a keyboard-only walk (helpers.ts TIDSGRENSE_LANG): 92 s with JavaScript off at load 37 (ADR 068)
  test.setTimeout(TIDSGRENSE_LANG);
  // An organisation of the test's own: the confirmation and the onboarding cannot be taken back (ADR 052).
  const { person, virksomhet } = await egenVirksomhet(page.request, "Oppstartimport");
  await loggInnSom(page, person, true);
  await tabTil(page, page.getByRole("button", { name: navnet(virksomhet) }));
  await page.keyboard.press("Enter");
  await expect(page.locator(".app-header__virksomhet")).toHaveText(navnet(virksomhet));

  const oppstart = jsPaa()
    ? page.getByRole("dialog", { name: "Bekreft kjennskap til regelverket" })
    : page.getByRole("region", { name: "Bekreft kjennskap til regelverket" });
  await expect(oppstart).toBeVisible();
  await expect(oppstart.getByText("Steg 1 av 2")).toBeVisible();
  await sjekkUu(page);
  if (jsPaa()) {
    // modal: Escape does not close it, and Tab never reaches the page behind it
    await page.keyboard.press("Escape");
    await expect(oppstart).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      const bak = await page.evaluate(() => {
        const a = document.activeElement;
        const d = document.querySelector("dialog");
        return !!a && a !== document.body && !d?.contains(a);
      });
      expect(bak).toBe(false);
    }
  }

  // the one confirmation form (ADR 060), through every refusal, with the keyboard only
  await bekreftMedAvvisningene(page, () => oppstart, "Bekreft");

  const epost = jsPaa()
    ? page.getByRole("dialog", { name: "Legg til e-postadresse" })
    : page.getByRole("region", { name: "Legg til e-postadresse" });
  await expect(epost).toBeVisible();
  await expect(epost.getByText("Steg 2 av 2")).toBeVisible();
  await sjekkUu(page);
  const lagre = epost.getByRole("button", { name: "Lagre" });
  if (jsPaa()) await expect(lagre).toBeDisabled();
  else {
    await tabTil(page, lagre);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Skriv inn en e-postadresse.")).toBeVisible();
  }
  const felt = page.getByLabel("E-postadresse", { exact: true });
  await tabTil(page, felt);
  await page.keyboard.type("varsel@oppstartimport.example.no");
  if (jsPaa()) await expect(lagre).toBeEnabled();
  await tabTil(page, page.getByRole("button", { name: "Lagre" }));
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: "Nye sertifikater" })).toBeVisible();
  await expect(page.locator(".oppstart")).toHaveCount(0);
  if (jsPaa()) await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await sjekkUu(page);
  // never again
  await page.reload();
  await expect(page.getByRole("heading", { name: "Påbegynte forhåndsmeldinger" })).toBeVisible();
  await expect(page.locator(".oppstart")).toHaveCount(0);
});
