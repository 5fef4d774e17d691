// Innstillinger → Integrasjoner, "Systemer med tilgang" (issue 25 §2, ADR 035): an importer gives its own
// system access to the API (client id, name, read or read and write), sees it in the list, changes the access
// in place and removes it after a confirmation; bad input gets Norwegian messages and keeps what was typed.
// Focus goes to the confirmation after a save (issue 36 items 1 and 4, ADR 057). The same with JavaScript on and
// off, with the keyboard only for adding and changing, and axe-clean.
import type { Locator } from "@playwright/test";
import { expect, jsPaa, sjekkUu, tabTil, test } from "./helpers";
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
  // Write implies read: one choice of two, read by default (no way to choose write alone).
  const leggTil = page.getByRole("form", { name: "Gi et system tilgang" });
  const les = leggTil.getByRole("radio", { name: /^Lese:/ });
  const endre = leggTil.getByRole("radio", { name: /^Lese og endre:/ });
  const giTilgang = page.getByRole("button", { name: "Gi tilgang" });
  await expect(les).toBeChecked();
  await expect(leggTil.getByRole("checkbox")).toHaveCount(0);

  // Nothing filled in: a message per field and a summary linking to them.
  await endre.check();
  await giTilgang.click();
  const oppsummering = page.getByRole("region", { name: "Det er en feil i skjemaet" });
  await expect(oppsummering.getByRole("link", { name: "Skriv inn klient-ID-en" })).toBeVisible();
  await expect(oppsummering.getByRole("link", { name: "Skriv inn navnet på systemet" })).toBeVisible();
  await expect(klientId).toHaveAttribute("aria-invalid", "true");
  await expect(endre).toBeChecked();
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

  // Keyboard only: a valid client with read and write (the arrow key moves the choice in the radio group).
  const id = `e2e-${prosjekt()}-${Date.now()}`;
  const systemnavn = `Lagersystemet ${prosjekt()}`;
  await tabTil(page, klientId);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(id);
  await page.keyboard.press("Tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(systemnavn);
  await tabTil(page, les);
  await page.keyboard.press("ArrowDown");
  await expect(endre).toBeChecked();
  await tabTil(page, giTilgang);
  await page.keyboard.press("Enter");
  const lagtTil = page.getByRole("status").filter({ hasText: "Systemet har fått tilgang." });
  await expect(lagtTil).toBeVisible();
  // Where a keyboard user continues: the confirmation (with JavaScript; without, the new page starts at the top).
  if (jsPaa()) await expectFokusI(lagtTil);
  const tabell = page.getByRole("region", { name: "Systemene som har tilgang" }).getByRole("table");
  const rad = tabell.getByRole("row").filter({ hasText: id });
  await expect(rad).toContainText(systemnavn);
  await expect(rad).toContainText("Lese og endre");
  await expect(rad).toContainText(`av ${person.navn}`);
  // At 1280 px the name wraps between words only, never inside «Lagersystemet».
  expect(await linjerForOrd(rad.getByRole("cell").first(), "Lagersystemet")).toBe(1);
  await sjekkUu(page);

  // The access changed in place (no remove and add again), by keyboard: read only, then read and write again.
  const endreLenke = rad.getByRole("link", { name: `Endre tilgangen for ${systemnavn}` });
  await tabTil(page, endreLenke, 80);
  await page.keyboard.press("Enter");
  const endreTittel = page.getByRole("heading", { name: `Endre tilgangen for ${systemnavn}`, level: 4 });
  await expect(endreTittel).toBeVisible();
  if (jsPaa()) await expect(endreTittel).toBeFocused();
  const endreSkjema = page.getByRole("form", { name: `Endre tilgangen for ${systemnavn}` });
  await expect(endreSkjema.getByRole("radio", { name: /^Lese og endre:/ })).toBeChecked();
  await sjekkUu(page);
  // Avbryt changes nothing.
  await endreSkjema.getByRole("link", { name: "Avbryt" }).click();
  await expect(endreTittel).toHaveCount(0);
  await expect(rad).toContainText("Lese og endre");
  await endreLenke.click();
  await tabTil(page, endreSkjema.getByRole("radio", { name: /^Lese og endre:/ }));
  await page.keyboard.press("ArrowUp");
  await expect(endreSkjema.getByRole("radio", { name: /^Lese:/ })).toBeChecked();
  await tabTil(page, endreSkjema.getByRole("button", { name: "Lagre tilgang" }));
  await page.keyboard.press("Enter");
  const endret = page.getByRole("status").filter({ hasText: "Tilgangen er endret." });
  await expect(endret).toBeVisible();
  if (jsPaa()) await expectFokusI(endret);
  await expect(endreTittel).toHaveCount(0);
  await expect(rad.getByRole("cell").nth(2)).toHaveText("Lese");
  await sjekkUu(page);
  await rad.getByRole("link", { name: `Endre tilgangen for ${systemnavn}` }).click();
  await page
    .getByRole("form", { name: `Endre tilgangen for ${systemnavn}` })
    .getByRole("radio", { name: /^Lese og endre:/ })
    .check();
  await page.getByRole("button", { name: "Lagre tilgang" }).click();
  await expect(endret).toBeVisible();
  await expect(rad.getByRole("cell").nth(2)).toHaveText("Lese og endre");

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

/** Focus is on the confirmation or the frame around it (components: the settings route). */
async function expectFokusI(status: Locator) {
  await expect
    .poll(() =>
      status.evaluate((el) => {
        const aktiv = document.activeElement;
        return !!aktiv && aktiv !== document.body && (aktiv.contains(el) || el.contains(aktiv));
      }),
    )
    .toBe(true);
}

/** On how many lines `ord` in the cell is laid out: 1 unless the browser broke it inside the word. */
function linjerForOrd(celle: Locator, ord: string) {
  return celle.evaluate((el, ord) => {
    const tekst =
      el.firstChild?.nodeType === Node.TEXT_NODE ? el.firstChild : el.querySelector("*")?.firstChild;
    const start = tekst?.textContent?.indexOf(ord) ?? -1;
    if (!tekst || start < 0) return 0;
    const r = document.createRange();
    r.setStart(tekst, start);
    r.setEnd(tekst, start + ord.length);
    return new Set([...r.getClientRects()].map((f) => Math.round(f.top))).size;
  }, ord);
}
