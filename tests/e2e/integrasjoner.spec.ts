// Innstillinger → Integrasjoner, "Systemer med tilgang" (issue 25 §2, ADR 035): an importer gives its own
// system access to the API (client id, name, read/write), sees it in the list and removes it after a
// confirmation; bad input gets Norwegian messages and keeps what was typed. The same with JavaScript on and
// off, with the keyboard only for adding, and axe-clean.
import { expect, sjekkUu, tabTil, test } from "./helpers";
import { prosjekt } from "./veiviser";
import { loggInnEgen } from "./virksomheter";

test("systemer med tilgang: feil beholder teksten, legg til med tastaturet, fjern med bekreftelse", async ({
  page,
}) => {
  // An organisation of the test's own: the list of systems is this test's alone.
  const { person } = await loggInnEgen(page, "Systemimport");
  await page.goto("/innstillinger");
  await page
    .getByRole("navigation", { name: "Innstillinger" })
    .getByRole("link", { name: "Integrasjoner" })
    .click();
  await expect(page.getByRole("heading", { name: "Integrasjoner", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Systemer med tilgang", level: 3 })).toBeVisible();
  await sjekkUu(page);

  const klientId = page.getByLabel("Klient-ID");
  const navn = page.getByLabel("Navn på systemet");
  const les = page.getByRole("checkbox", { name: /^Lese/ });
  const endre = page.getByRole("checkbox", { name: /^Endre/ });
  const giTilgang = page.getByRole("button", { name: "Gi tilgang" });

  // Nothing filled in, nothing ticked: a message per field and a summary linking to them.
  await les.uncheck();
  await giTilgang.click();
  const oppsummering = page.getByRole("region", { name: "Det er en feil i skjemaet" });
  await expect(oppsummering.getByRole("link", { name: "Skriv inn klient-ID-en" })).toBeVisible();
  await expect(oppsummering.getByRole("link", { name: "Skriv inn navnet på systemet" })).toBeVisible();
  await expect(oppsummering.getByRole("link", { name: "Velg minst én tilgang" })).toBeVisible();
  await expect(klientId).toHaveAttribute("aria-invalid", "true");
  await sjekkUu(page);

  // A client id with spaces: refused, and both fields keep what was typed.
  await klientId.fill("med mellomrom");
  await navn.fill("Lagersystemet");
  await les.check();
  await giTilgang.click();
  await expect(
    page
      .getByText("Klient-ID-en kan bare ha bokstavene a–z, tall, punktum, kolon, bindestrek og understrek")
      .first(),
  ).toBeVisible();
  await expect(klientId).toHaveValue("med mellomrom");
  await expect(navn).toHaveValue("Lagersystemet");
  await expect(les).toBeChecked();

  // Keyboard only: a valid client with both scopes.
  const id = `e2e-${prosjekt()}-${Date.now()}`;
  const systemnavn = `Lagersystemet ${prosjekt()}`;
  await tabTil(page, klientId);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(id);
  await page.keyboard.press("Tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(systemnavn);
  await tabTil(page, endre);
  await page.keyboard.press("Space");
  await tabTil(page, giTilgang);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Systemet har fått tilgang." })).toBeVisible();
  const tabell = page.getByRole("region", { name: "Systemene som har tilgang" }).getByRole("table");
  const rad = tabell.getByRole("row").filter({ hasText: id });
  await expect(rad).toContainText(systemnavn);
  await expect(rad).toContainText("Lese og endre");
  await expect(rad).toContainText(`av ${person.navn}`);
  await sjekkUu(page);

  // The same client again: the server's message on the field, the input kept.
  await klientId.fill(id);
  await navn.fill("Igjen");
  await giTilgang.click();
  await expect(page.getByText("Systemet med denne klient-ID-en har allerede tilgang").first()).toBeVisible();
  await expect(klientId).toHaveValue(id);

  // Removing asks first; Avbryt keeps it.
  await rad.getByRole("link", { name: `Fjern tilgangen for ${systemnavn}` }).click();
  await expect(page.getByRole("heading", { name: "Fjerne tilgangen?" })).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("link", { name: "Avbryt" }).click();
  await expect(rad).toBeVisible();
  await rad.getByRole("link", { name: `Fjern tilgangen for ${systemnavn}` }).click();
  await page.getByRole("button", { name: "Ja, fjern tilgangen" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Systemet har ikke lenger tilgang." }),
  ).toBeVisible();
  await expect(page.getByText(id)).toHaveCount(0);
});
