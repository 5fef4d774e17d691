import { expect, test } from "@playwright/test";
import { sjekkUu } from "./helpers";
import { loggInnKari } from "./veiviser";

test("listen over forhåndsmeldinger med filter på status", async ({ page }) => {
  await loggInnKari(page);
  await page.getByRole("button", { name: "Meny" }).click();
  await page
    .getByRole("navigation", { name: "Hovedmeny" })
    .getByRole("link", { name: "Forhåndsmeldinger" })
    .click();
  await expect(page.getByRole("heading", { name: "Forhåndsmeldinger", level: 1 })).toBeVisible();
  await expect(page.locator(".sertifikatkort").first()).toBeVisible();
  await sjekkUu(page);

  await page.getByLabel("Vurdert").check();
  await page.getByRole("button", { name: "Bruk filter" }).click();
  await expect(page).toHaveURL(/status=VURDERT/);
  const kort = page.locator(".sertifikatkort");
  await expect(kort.first()).toBeVisible();
  for (const k of await kort.all()) {
    await expect(k.locator(".merke")).toHaveText(/Frigitt|Avvist|Delvis avvist|Tilbaketrukket/);
  }

  await page.goto("/importmeldinger?status=UNDER_REGISTRERING");
  await expect(page.getByRole("link", { name: /^Fortsett/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^Slett/ }).first()).toBeVisible();
  await page
    .getByRole("link", { name: /^Fortsett/ })
    .first()
    .click();
  // 'Fortsett' resumes at the draft's first unfinished step (ADR 007 "Resuming a draft")
  await expect(page).toHaveURL(
    /\/importmelding\/\d+\/(avsender|innmelder|dokumentkontroll\/[a-z-]+|ankomst-info|oppsummering)$/,
  );

  await page.goto("/importmeldinger?nummer=finnes-ikke");
  await expect(page.getByText("Vi fant ingen treff med gjeldende filter.")).toBeVisible();
});
