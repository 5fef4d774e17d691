import { expect, test } from "@playwright/test";
import { jsPaa, sjekkUu } from "./helpers";
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

test("fritekstfiltrene: ingen tomme parametre, brukes av seg selv med JavaScript; filterpanelet foldes bort på små skjermer", async ({
  page,
}) => {
  await loggInnKari(page);
  await page.goto("/importmeldinger");
  const nummer = page.getByLabel("Nummer", { exact: true });
  await nummer.fill("finnes-ikke-zzz");
  if (!jsPaa()) await page.getByRole("button", { name: "Bruk filter" }).click();
  await expect(page).toHaveURL(/\/importmeldinger\?nummer=finnes-ikke-zzz$/);
  await expect(page.getByText("Vi fant ingen treff med gjeldende filter.")).toBeVisible();
  await page.getByLabel("Nummer", { exact: true }).fill("");
  if (!jsPaa()) await page.getByRole("button", { name: "Bruk filter" }).click();
  await expect(page).toHaveURL(/\/importmeldinger$/);
  await expect(page.locator(".sertifikatkort").first()).toBeVisible();
  // an address with empty parameters is tidied
  await page.goto("/importmeldinger?nummer=&avsender=&internReferanse=&status=VURDERT");
  await expect(page).toHaveURL(/\/importmeldinger\?status=VURDERT$/);

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/importmeldinger");
  const panel = page.getByRole("form", { name: "Filtrer forhåndsmeldinger" });
  if (jsPaa()) {
    await expect(panel).toBeHidden();
    const bryter = page.getByRole("button", { name: "Vis filter" });
    await expect(bryter).toHaveAttribute("aria-expanded", "false");
    await bryter.click();
    await expect(panel).toBeVisible();
    await expect(page.getByRole("button", { name: "Skjul filter" })).toHaveAttribute("aria-expanded", "true");
  } else {
    await expect(panel).toBeVisible();
  }
  await sjekkUu(page);
});
