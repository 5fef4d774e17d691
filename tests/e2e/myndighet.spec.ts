// Mattilsynet's round as a person would see it (issue 32 item 2, ADR 045): an importer submits a notification in
// the app; the authority's case system (scripts/eksempelklient-myndighet.ts, with a token from the development
// Maskinporten) reads the event feed from where it left off, fetches the notification by its number, and rejects
// it in part with the reason and the decision letter's reference; the importer then sees the outcome on the
// notification's page and in its history, and gets the outcome e-mail (the development mail catcher).
// The importer is an organisation of the test's own (ADR 052): the outcome e-mails of one importer that fall due
// together go out as one, so an assessment here must never meet another test's notifications of the same
// organisation (utfall-epost.spec.ts counts its e-mail).
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { myndighetApi } from "../../scripts/eksempelklient-myndighet";
import { MYNDIGHET_NOEKKEL, meldingsnummer, nySertifikat } from "./data";
import { expect, sjekkUu, TIDSGRENSE_LANG, test } from "./helpers";
import { fyllUt, opprett, prosjekt } from "./veiviser";
import {
  bekreftRegelverk,
  type EgenVirksomhet,
  egneVirksomheter,
  loggInnSom,
  navnet,
  utnevnKontrolloer,
  velg,
} from "./virksomheter";

const VEDTAKSBREV = "2026/0815";

/**
 * An importer of the test's own, ready to submit: a reception controller it has appointed (a department of the
 * same main unit, so the same person acts for both), the regulations confirmed, and an e-mail address for the
 * outcome. Returns the importer (chosen) and the controller.
 */
async function egenImportoer(page: Page) {
  const { person, virksomheter } = await egneVirksomheter(page.request, "Saksbehandling", 2);
  const [importoer, kontrolloer] = virksomheter as [EgenVirksomhet, EgenVirksomhet];
  await loggInnSom(page, person);
  // Both confirm the regulations: the controller must have, to register the reception control.
  await utnevnKontrolloer(page, importoer, kontrolloer);
  await velg(page, kontrolloer);
  await bekreftRegelverk(page);
  await velg(page, importoer);
  await bekreftRegelverk(page);
  await page.goto("/innstillinger?side=Varslinger");
  await page.getByLabel("Ny e-postadresse").fill("vurdering@saksbehandling.example.no");
  await page.getByRole("button", { name: "Legg til e-postadresse" }).click();
  await expect(page.getByRole("status").filter({ hasText: "E-postadressen er lagt til." })).toBeVisible();
  return { importoer, kontrolloer };
}

/** The reception control of a registered notification, as the appointed controller, with no deviation. */
async function mottakskontroll(page: Page, id: string, kontrolloer: EgenVirksomhet) {
  await velg(page, kontrolloer);
  await page.goto(`/importmelding/${id}/mottakskontrolloer`);
  await page.getByLabel("Navn").fill("Ola Kontrollør");
  await page.getByLabel("Telefonnummer").fill("91234567");
  await page.getByRole("button", { name: "Start mottakskontrollen" }).click();
  await expect(page).toHaveURL(/\/mottakskontroll\//);
  while (page.url().includes("/mottakskontroll/")) {
    const url = page.url();
    await page.locator("input[name=svar]:not([data-avvik])").first().check();
    await page.getByRole("button", { name: /^(Bekreft|Fullfør fysisk kontroll)$/ }).click();
    await expect(page).not.toHaveURL(url);
  }
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
}

/** The authority's case system, as the example client runs it against this server. */
async function saksbehandling(page: Page) {
  const baseURL = new URL(page.url()).origin;
  const noekkel = JSON.parse(await readFile(MYNDIGHET_NOEKKEL, "utf8"));
  return myndighetApi(baseURL, {
    tokenEndepunkt: `${baseURL}/maskinporten/token`,
    aud: `${baseURL}/maskinporten`,
    klientId: "mattilsynet-saksbehandling-dev",
    noekkel,
  });
}

test("Mattilsynet leser strømmen, henter forhåndsmeldingen etter nummer og avviser delvis; importøren ser utfallet på siden og i e-posten", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  const { importoer, kontrolloer } = await egenImportoer(page);
  const mattilsynet = await saksbehandling(page);
  const markoer = (await mattilsynet.feed("0")).neste;

  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: importoer.navn, organisasjonsnummer: importoer.orgnr },
  });
  const id = await opprett(page, s);
  await fyllUt(page, id, "test@example.no", navnet(kontrolloer));
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  const nummer = await meldingsnummer(page, id);

  // The case system: the feed since its cursor names the submission; the notification by its number.
  const mine = (h: { data: { importmelding: { nummer: string } } }) => h.data.importmelding.nummer === nummer;
  const innsendt = await mattilsynet.feed(markoer);
  expect(innsendt.hendelser.filter(mine).map((h) => h.type)).toEqual(["importmelding.sendt_inn"]);
  expect(await mattilsynet.hent(nummer)).toMatchObject({
    status: "REGISTRERT",
    sertifikat: { nummer: s.sertifikatnummer, eksportland: "NL" },
    ansvarligImportoer: { organisasjonsnummer: importoer.orgnr },
  });

  // The shipment arrives: the appointed reception controller does the control in the app. (An assessment before
  // this would be one before arrival, ADR 041, which mottakskontroll.spec.ts shows.)
  await mottakskontroll(page, id, kontrolloer);
  const ankommet = await mattilsynet.feed(innsendt.neste);
  // who does the control (name and phone) changes the arrival, then the control reports it arrived
  expect(ankommet.hendelser.filter(mine).map((h) => h.type)).toEqual([
    "importmelding.ankomst_endret",
    "importmelding.ankommet",
  ]);
  const melding = await mattilsynet.hent(nummer);
  expect(melding.status).toBe("ANKOMMET");
  expect(melding.dokumentkontroll.every((sv) => sv.svar !== null)).toBe(true);
  expect(melding.ankomst?.kontrollsted.poststed).toBe("Drammen");
  await velg(page, importoer);
  const begrunnelse = "Bladlus på buksbomplantene; rosene kan tas i bruk";
  const vurdert = await mattilsynet.vurder(nummer, {
    status: "DELVIS_AVVIST",
    begrunnelse,
    vedtaksbrevReferanse: VEDTAKSBREV,
  });
  expect(vurdert.status).toBe("DELVIS_AVVIST");

  // The importer's page: the outcome, the reason, the decision letter, and the history.
  await page.goto(`/importmelding/${id}`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  const vurdering = page.locator("section", { has: page.getByRole("heading", { name: "Vurdering" }) });
  await expect(vurdering.getByRole("heading", { name: "Delvis avvist", exact: true })).toBeVisible();
  await expect(vurdering).toContainText(`Begrunnelse: ${begrunnelse}`);
  await expect(vurdering).toContainText(`Referanse til vedtaksbrevet: ${VEDTAKSBREV}`);
  const siste = page.locator("section#historikk .historikk__hendelse").first();
  await expect(siste).toContainText("Vurdert av Mattilsynet: Delvis avvist");
  await expect(siste).toContainText(`Referanse til vedtaksbrevet: ${VEDTAKSBREV}`);
  await sjekkUu(page);

  // The outcome e-mail, once, with the decision letter's reference.
  const emne = `Forhåndsmelding ${nummer}: Delvis avvist`;
  const lenke = page.getByRole("link", { name: emne, exact: true });
  await expect(async () => {
    await page.goto("/dev/epost");
    await expect(lenke).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 90_000 });
  await expect(lenke).toHaveCount(1);
  await lenke.click();
  const tekst = page.locator("pre");
  await expect(tekst).toContainText("Resultat: Delvis avvist");
  await expect(tekst).toContainText(`Begrunnelse: ${begrunnelse}`);
  await expect(tekst).toContainText(`Referanse til vedtaksbrevet: ${VEDTAKSBREV}`);
  await sjekkUu(page);

  // The same assessment posted again changes nothing; another one is refused.
  expect(
    (
      await mattilsynet.vurder(nummer, {
        status: "DELVIS_AVVIST",
        begrunnelse,
        vedtaksbrevReferanse: VEDTAKSBREV,
      })
    ).status,
  ).toBe("DELVIS_AVVIST");
  await expect(mattilsynet.vurder(nummer, { status: "FRIGITT" })).rejects.toThrow(
    "Forhåndsmeldingen er allerede vurdert: Delvis avvist",
  );
});
