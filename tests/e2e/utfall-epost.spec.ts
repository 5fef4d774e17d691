// The authority's outcome pushed by e-mail (issue 24 §2, ADR 034): a notification submitted in the app and
// rejected through the authority's endpoint arrives as one e-mail in the development mail catcher
// (/dev/epost), naming the notification, the certificate, the outcome and that the decision letter follows,
// with a working link to the notification; and the preference "Varsle meg om vurderinger" on the Varslinger
// page, on by default, switched off and on with JavaScript and without.
import type { Page } from "@playwright/test";
import { ORG } from "../../dev/demo-data";
import { nySertifikat, vurderSomMyndighet } from "./data";
import { expect, sjekkUu, TIDSGRENSE_LANG, test } from "./helpers";
import { fyllUt, loggInnKari, opprett, prosjekt } from "./veiviser";
import { loggInnEgen } from "./virksomheter";

const mottaker = { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen };

/**
 * Reloads the catcher's list until the e-mail with this subject is there (the sender works in the
 * background; while epost.spec.ts holds SMTP stopped in the other project, it waits for it to start again).
 */
async function ventPaaEpost(page: Page, emne: string) {
  const lenke = page.getByRole("link", { name: emne, exact: true });
  await expect(async () => {
    await page.goto("/dev/epost");
    await expect(lenke).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 90_000 });
  await expect(lenke).toHaveCount(1);
  return lenke;
}

test("en avvist forhåndsmelding kommer som én e-post med utfallet, vedtaksbrevet og lenke til forhåndsmeldingen", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const s = await nySertifikat(page.request, { prosjekt: prosjekt(), mottaker });
  const id = await opprett(page, s);
  await fyllUt(page, id);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  const nummer = /IM-\d{4}-\d+/.exec((await page.locator("main").textContent()) ?? "")?.[0];
  expect(nummer).toBeTruthy();

  const res = await vurderSomMyndighet(page, id, {
    status: "AVVIST",
    begrunnelse: "Trips funnet ved kontroll",
    vedtaksbrevReferanse: "2026/0042",
  });
  expect(res.status(), await res.text()).toBe(200);

  // Rejected before the shipment arrived (ADR 041): the result says so.
  const lenke = await ventPaaEpost(page, `Forhåndsmelding ${nummer}: Avvist før ankomst`);
  await expect(page.getByRole("table")).toContainText("import@hageland.example.no");
  await sjekkUu(page);
  await lenke.click();
  const tekst = page.locator("pre");
  await expect(tekst).toContainText(`Forhåndsmelding ${nummer}`);
  await expect(tekst).toContainText(`Sertifikat: ${s.sertifikatnummer}`);
  await expect(tekst).toContainText("Resultat: Avvist før ankomst");
  await expect(tekst).toContainText("Vedtaksbrev med begrunnelse og klageadgang kommer separat.");
  await expect(tekst).toContainText("Begrunnelse: Trips funnet ved kontroll");
  await expect(tekst).toContainText("Referanse til vedtaksbrevet: 2026/0042");
  await expect(tekst.getByRole("link", { name: new RegExp(`/importmelding/${id}$`) })).toBeVisible();
  await sjekkUu(page);

  // The HTML version: real headings and a link that says where it goes, to the notification.
  await page.getByRole("link", { name: "Vis HTML-utgaven av e-posten" }).click();
  await expect(
    page.getByRole("heading", { name: `Forhåndsmelding til ${mottaker.navn} er vurdert`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: `Forhåndsmelding ${nummer}`, level: 2 })).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("link", { name: `Åpne forhåndsmelding ${nummer} i Digital forhåndsmelding` }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  await expect(
    page.locator("section", { has: page.getByRole("heading", { name: "Vurdering" }) }),
  ).toContainText("Sendingen er avvist.");
});

test("«Varsle meg om vurderinger» er på som standard og kan slås av og på, med og uten JavaScript", async ({
  page,
}) => {
  // An organisation of the test's own, so no other test switches the same preference (ADR 052).
  await loggInnEgen(page, "Vurderingsvarsel");
  await page.goto("/innstillinger?side=Varslinger");
  const bryter = page.getByRole("checkbox", { name: "Varsle meg om vurderinger" });
  const sertifikater = page.getByRole("checkbox", { name: "Send meg varsel på e-post om nye sertifikater" });
  await expect(bryter).toBeChecked();
  await expect(sertifikater).toBeChecked();
  await sjekkUu(page);

  const lagre = async (paa: boolean) => {
    if (paa) await bryter.check();
    else await bryter.uncheck();
    if (prosjekt() === "js-av") {
      // Without JavaScript each toggle is a small form with its own 'Lagre'.
      await page.locator("form", { has: bryter }).getByRole("button", { name: "Lagre" }).click();
    }
    await expect(page.getByRole("status").filter({ hasText: /vurdert|vurderinger/ })).toHaveText(
      paa
        ? "Du får e-post når Mattilsynet har vurdert en forhåndsmelding."
        : "Du får ikke lenger e-post om vurderinger.",
    );
  };
  await lagre(false);
  await sjekkUu(page);
  await page.goto("/innstillinger?side=Varslinger");
  await expect(bryter).not.toBeChecked();
  // The certificate alerts are a preference of their own.
  await expect(sertifikater).toBeChecked();
  await lagre(true);
  await page.goto("/innstillinger?side=Varslinger");
  await expect(bryter).toBeChecked();
});
