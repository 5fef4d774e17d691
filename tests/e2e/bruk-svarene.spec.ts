// «Bruk svarene fra IM-…» (issue 36 item 14, ADR 061), JavaScript on and off: a draft from a certificate of a
// consignor the importer has notified before is offered the last notification's answers as a choice; taken,
// they are filled in and shown on every step, editable, and the history says from which notification. The
// test's own importer and certificates (ADR 052): what the offer finds depends on that importer's notifications.
import type { Page } from "@playwright/test";
import { meldingsnummer, nySertifikat } from "./data";
import { expect, sjekkUu, TIDSGRENSE_LANG, test } from "./helpers";
import { fyllAnkomst, opprett, osloDatoOm, prosjekt } from "./veiviser";
import { bekreftRegelverk, loggInnEgen } from "./virksomheter";

const TILBUD = /^Bruk svarene fra IM-\d{4}-\d+\?$/;

/** Answers every documentary check question: «not required» where the question has it, else the first correct. */
async function svarDokumentkontroll(page: Page) {
  await expect(page).toHaveURL(/dokumentkontroll|ankomst-info/);
  while (page.url().includes("/dokumentkontroll/")) {
    const url = page.url();
    const ikkeKrav = page.getByLabel(/^Det er ikke krav om/);
    if ((await ikkeKrav.count()) > 0) await ikkeKrav.check();
    else await page.locator("input[name=svar]:not([data-avvik])").first().check();
    await page.getByRole("button", { name: "Lagre og gå videre" }).click();
    await expect(page).not.toHaveURL(url);
  }
}

test("en ny forhåndsmelding fra samme avsender kan bruke svarene fra den forrige", async ({ page }) => {
  test.setTimeout(TIDSGRENSE_LANG);
  const { virksomhet } = await loggInnEgen(page, "Bruk svarene");
  await bekreftRegelverk(page);
  const sertifikat = () =>
    nySertifikat(page.request, {
      prosjekt: prosjekt(),
      mottaker: { navn: virksomhet.navn, organisasjonsnummer: virksomhet.orgnr },
      kunDokumentkontroll: true,
    });

  // The first notification from this consignor: nothing to offer, answered by hand and submitted.
  const foerste = await opprett(page, await sertifikat());
  await expect(page.getByRole("heading", { name: "Bekreft avsender og mottaker" })).toBeVisible();
  await expect(page.getByRole("heading", { name: TILBUD })).toHaveCount(0);
  await page.goto(`/importmelding/${foerste}/innmelder`);
  await page.getByLabel("Navn", { exact: true }).fill("Ola Importør");
  await page.getByLabel("E-post").fill("ola@bruk-svarene.example.no");
  await page.getByLabel(/Telefonnummer/).fill("91234567");
  await page.getByLabel(/Egen referanse/).fill("Ordre 1");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await svarDokumentkontroll(page);
  await fyllAnkomst(page, {
    adresse: "Lagerveien 7",
    postnummer: "3045",
    poststed: "Drammen",
    dato: osloDatoOm(20),
    kontrolloer: null,
  });
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await page.getByRole("button", { name: "Jeg forstår – lagre" }).click();
  await expect(page).toHaveURL(/oppsummering$/);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${foerste}/(registrert|ankommet)`));
  const nummer = await meldingsnummer(page, foerste);

  // The next certificate from the same consignor: the offer names the notification and when it was sent.
  const andre = await opprett(page, await sertifikat());
  const tilbud = page.getByRole("region", { name: `Bruk svarene fra ${nummer}?` });
  await expect(tilbud).toBeVisible();
  await expect(tilbud).toContainText(new RegExp(`Dere sendte inn ${nummer} \\d{2}\\.\\d{2}\\.\\d{4}`));
  await expect(tilbud).toContainText("innmelder, ankomststed, mottakskontrollør");
  await sjekkUu(page);
  await tilbud.getByRole("button", { name: `Bruk svarene fra ${nummer}` }).click();

  // Filled in and said so; every answer visible and editable.
  await expect(page).toHaveURL(new RegExp(`/importmelding/${andre}/innmelder\\?svarFra=${foerste}$`));
  await expect(
    page.getByRole("status").filter({ hasText: `Svarene fra ${nummer} er fylt ut` }),
  ).toBeVisible();
  await expect(page.getByLabel("Navn", { exact: true })).toHaveValue("Ola Importør");
  await expect(page.getByLabel("E-post")).toHaveValue("ola@bruk-svarene.example.no");
  await expect(page.getByLabel(/Telefonnummer/)).toHaveValue("91234567");
  // the own reference belongs to the consignment: never copied
  await expect(page.getByLabel(/Egen referanse/)).toHaveValue("");
  await sjekkUu(page);
  await page.getByLabel("Navn", { exact: true }).fill("Kari Importør");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll|ankomst-info/);

  // «Not required» is filled in where the question has it; «correct» is a reading of this certificate.
  let ikkeKravVist = false;
  while (page.url().includes("/dokumentkontroll/")) {
    const ikkeKrav = page.getByLabel(/^Det er ikke krav om/);
    if ((await ikkeKrav.count()) > 0) {
      await expect(ikkeKrav).toBeChecked();
      ikkeKravVist = true;
    } else {
      await expect(page.locator("input[name=svar]:checked")).toHaveCount(0);
      await page.locator("input[name=svar]:not([data-avvik])").first().check();
    }
    const url = page.url();
    await page.getByRole("button", { name: "Lagre og gå videre" }).click();
    await expect(page).not.toHaveURL(url);
  }
  expect(ikkeKravVist).toBe(true);

  // The place is filled in, the time is not (it belongs to this consignment).
  await expect(page.getByLabel("Adresselinje 1")).toHaveValue("Lagerveien 7");
  await expect(page.getByLabel("Postnummer")).toHaveValue("3045");
  await expect(page.getByLabel("Poststed")).toHaveValue("Drammen");
  await expect(page.getByLabel("Dato")).toHaveValue("");
  await page.getByLabel("Dato").fill(osloDatoOm(25));
  await page.getByLabel(/Ettermiddag/).check();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await page.getByRole("button", { name: "Jeg forstår – lagre" }).click();
  await expect(page).toHaveURL(/oppsummering$/);

  // The history of the draft says the answers were copied, and from which notification.
  const historikk = page.locator("section#historikk");
  await expect(historikk).toContainText(`Svar kopiert fra ${nummer}`);
  await expect(historikk).toContainText("Innmelders navn: «Ola Importør»");
  await expect(historikk).toContainText("Innmelders navn: endret fra «Ola Importør» til «Kari Importør»");
  await sjekkUu(page);

  // Once answered, the draft is not offered the answers again.
  await page.goto(`/importmelding/${andre}/avsender`);
  await expect(page.getByRole("heading", { name: TILBUD })).toHaveCount(0);
});
