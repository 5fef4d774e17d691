// Innstillinger → Integrasjoner → Webhooker (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md): make a
// subscription (errors keep the input), see the secret once, pause and start it again, delete it after a
// confirmation; keyboard only, with JavaScript and without, axe-clean in every state. After «Opprett webhook» the
// form is empty again and the secret has a copy button with JavaScript (issue 36 item 5), and the delivery log
// with rows has no two landmarks of one name (item 2).
import type { Page } from "@playwright/test";
import { nySertifikat } from "./data";
import { expect, jsPaa, sjekkUu, tabTil, test } from "./helpers";
import { prosjekt } from "./veiviser";
import { loggInnEgen } from "./virksomheter";

const innhold = (page: Page) => page.locator(".innstillinger__innhold");

test("webhooker: opprett med feil som beholder teksten, hemmeligheten én gang, pause, start igjen og slett", async ({
  page,
}) => {
  // An organisation of the test's own: no other test's webhooks or systems on its page.
  await loggInnEgen(page, "Webhookimport");
  await page.goto("/innstillinger");
  await page
    .getByRole("navigation", { name: "Innstillinger" })
    .getByRole("link", { name: "Integrasjoner" })
    .click();
  await expect(page.getByRole("heading", { name: "Integrasjoner", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Webhooker", level: 3 })).toBeVisible();
  await sjekkUu(page);

  const url = page.getByLabel("Adresse", { exact: true });
  const opprett = page.getByRole("button", { name: "Opprett webhook" });
  // The label over its hint over the field, as in every other form.
  const etikett = (await page.locator('label[for="webhook-url"]').boundingBox())!;
  const hjelp = (await page.locator("#webhook-url-hjelp").boundingBox())!;
  const felt = (await url.boundingBox())!;
  expect(etikett.y + etikett.height).toBeLessThanOrEqual(hjelp.y + 1);
  expect(hjelp.y + hjelp.height).toBeLessThanOrEqual(felt.y + 1);
  // No address.
  await opprett.click();
  await expect(page.getByText("Skriv inn adressen webhookene skal sendes til")).toBeVisible();
  await expect(url).toHaveAttribute("aria-invalid", "true");
  // An internal address is refused, and what was typed and ticked stays.
  await url.fill("https://10.0.0.1/webhook");
  await page.getByLabel("Sertifikat mottatt").uncheck();
  await opprett.click();
  await expect(
    page.getByText("Adressen peker til et privat eller internt nettverk og kan ikke brukes"),
  ).toBeVisible();
  await expect(url).toHaveValue("https://10.0.0.1/webhook");
  await expect(page.getByLabel("Sertifikat mottatt")).not.toBeChecked();
  await expect(page.getByLabel("Forhåndsmelding er vurdert av Mattilsynet")).toBeChecked();
  await sjekkUu(page);
  // No event chosen.
  for (const t of ["Forhåndsmelding har endret status", "Forhåndsmelding er vurdert av Mattilsynet"]) {
    await page.getByLabel(t).uncheck();
  }
  await opprett.click();
  await expect(page.getByText("Velg minst én hendelse")).toBeVisible();
  await expect(url).toHaveValue("https://10.0.0.1/webhook");

  // Keyboard only: the address, one event, Enter.
  const adresse = `http://127.0.0.1:9/${prosjekt()}/${Date.now()}`;
  await tabTil(page, page.getByLabel("Forhåndsmelding er vurdert av Mattilsynet"));
  await page.keyboard.press("Space");
  await tabTil(page, url, 80);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(adresse);
  await page.keyboard.press("Enter");
  const opprettet = page.getByRole("status").filter({ hasText: "Webhooken er opprettet" });
  await expect(opprettet).toBeVisible();
  const hemmelighet = page.getByLabel(`Hemmelighet for ${adresse}`);
  await expect(hemmelighet).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const verdi = await hemmelighet.inputValue();
  // The form is new: no address and the events as at first, so nothing invites making the same one twice.
  await expect(url).toHaveValue("");
  for (const h of [
    "Sertifikat mottatt",
    "Forhåndsmelding har endret status",
    "Forhåndsmelding er vurdert av Mattilsynet",
  ])
    await expect(page.getByLabel(h)).toBeChecked();
  const kopier = page.getByRole("button", { name: "Kopier hemmeligheten" });
  if (jsPaa()) {
    // Focus on the secret, where a keyboard user continues; the button copies it.
    await expect(hemmelighet).toBeFocused();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await tabTil(page, kopier);
    await page.keyboard.press("Enter");
    await expect(opprettet.getByText("Hemmeligheten er kopiert.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(verdi);
  } else {
    // Without JavaScript no button that cannot work: the secret is text to select and copy.
    await expect(kopier).toHaveCount(0);
    await expect(hemmelighet).toHaveAttribute("readonly", "");
  }
  await sjekkUu(page);

  // Shown once: the page opened again has the subscription, not the secret.
  await page.goto("/innstillinger?side=Integrasjoner");
  const liste = page.getByRole("list", { name: "Registrerte webhooker" });
  const rad = liste.getByRole("listitem").filter({ hasText: adresse });
  await expect(rad).toContainText("Aktiv. Hendelser: Forhåndsmelding er vurdert av Mattilsynet.");
  expect(await page.content()).not.toContain(verdi);
  await expect(innhold(page).getByText("Ingen leveringer ennå.")).toBeVisible();

  await rad.getByRole("button", { name: `Sett på pause: ${adresse}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Webhooken er satt på pause." })).toBeVisible();
  await expect(rad).toContainText("Satt på pause");
  await sjekkUu(page);
  await rad.getByRole("button", { name: `Start igjen: ${adresse}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Webhooken er startet igjen." })).toBeVisible();
  await expect(rad).toContainText("Aktiv.");

  await rad.getByRole("link", { name: `Slett webhooken til ${adresse}` }).click();
  await expect(page.getByRole("heading", { name: "Slette webhooken?" })).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("link", { name: "Avbryt" }).click();
  await expect(rad).toBeVisible();
  await rad.getByRole("link", { name: `Slett webhooken til ${adresse}` }).click();
  await page.getByRole("button", { name: "Ja, slett" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Webhooken er slettet." })).toBeVisible();
  await expect(page.getByText(adresse)).toHaveCount(0);
});

test("leveringsloggen med rader: ingen to landemerker med samme navn", async ({ page }) => {
  // An organisation of the test's own, with a webhook to a closed loopback port: every delivery fails and is logged.
  const { virksomhet } = await loggInnEgen(page, "Loggimport");
  await page.goto("/innstillinger?side=Integrasjoner");
  const adresse = `http://127.0.0.1:9/logg/${prosjekt()}/${Date.now()}`;
  await page.getByLabel("Adresse", { exact: true }).fill(adresse);
  await page.getByRole("button", { name: "Opprett webhook" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Webhooken er opprettet" })).toBeVisible();
  // «Sertifikat mottatt» for the organisation.
  await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: virksomhet.navn, organisasjonsnummer: virksomhet.orgnr },
  });
  const tabell = page.getByRole("region", { name: "Leveringsforsøkene" });
  await expect(async () => {
    await page.goto("/innstillinger?side=Integrasjoner");
    await expect(tabell.getByRole("row").filter({ hasText: adresse }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Leveringslogg", exact: true })).toHaveCount(1);
  await sjekkUu(page);
});
