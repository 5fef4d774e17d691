import type { Locator, Page } from "@playwright/test";
import { formaterDato } from "../../domain/format";
import { nySertifikat, sertifikatUrl } from "./data";
import {
  expect,
  forventSidestart,
  jsPaa,
  loggInn,
  PERSONER,
  sjekkUu,
  TIDSGRENSE_LANG,
  tabTil,
  test,
} from "./helpers";
import { fyllAnkomst, fyllUt, loggInnKari, opprett, osloDatoOm, prosjekt } from "./veiviser";
import {
  bekreftRegelverk,
  type EgenVirksomhet,
  egneVirksomheter,
  loggInnEgen,
  loggInnSom,
  navnet,
  utnevnKontrolloer,
  velg,
} from "./virksomheter";

const feilOppsummering = (page: Page) => page.locator(".feiloppsummering");
/** Every message of the arrival form submitted empty (SPEC §5). */
const ANKOMST_MELDINGER = [
  "Adresselinje 1 er påkrevd",
  "Postnummer er påkrevd",
  "Poststed er påkrevd",
  "Dato er påkrevd",
  "Du er nødt til å velge en mottakskontrollør.",
];
const SEN_MELDING =
  "Fra og med 1. april 2026 kan varer som ikke er forhåndsmeldt i tide, bli stoppet på grensen.";

/** A dialog of the spec: a modal <dialog> opened with showModal() with JavaScript, a page section without. */
async function forventDialog(page: Page, tittel: string | RegExp): Promise<Locator> {
  const overskrift = page.getByRole("heading", { name: tittel, level: 2 });
  await expect(overskrift).toBeVisible();
  await page.waitForLoadState("load");
  if (jsPaa()) {
    const dialog = page.locator("dialog.dialog").filter({ has: overskrift });
    await expect(dialog).toHaveAttribute("open", "");
    // :modal matches only a dialog opened with showModal(), not one with just the open attribute
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    return dialog;
  }
  await expect(page.locator("dialog")).toHaveCount(0);
  const seksjon = page.locator("section.dialog-seksjon").filter({ has: overskrift });
  await expect(seksjon).toBeVisible();
  return seksjon;
}

/** Keyboard only: Tab to the control and press Enter. */
const trykk = async (page: Page, name: string | RegExp, rolle: "button" | "link" = "button") => {
  await tabTil(page, page.getByRole(rolle, { name }), 200);
  await page.keyboard.press("Enter");
};

/**
 * The digits to type into a date input for an ISO date. The browser's own language decides the order of
 * the input's parts (here Chromium's en-US: month first), not the page's locale, so a scratch page is asked.
 */
async function datoTaster(page: Page, iso: string): Promise<string> {
  const proeve = await page.context().newPage();
  await proeve.setContent('<input type="date" aria-label="Prøve">');
  await proeve.getByLabel("Prøve").focus();
  await proeve.keyboard.type("01022003");
  const verdi = await proeve.getByLabel("Prøve").inputValue();
  await proeve.close();
  const [aar, maaned, dag] = iso.split("-") as [string, string, string];
  if (verdi === "2003-02-01") return `${dag}${maaned}${aar}`;
  if (verdi === "2003-01-02") return `${maaned}${dag}${aar}`;
  return `${aar}${maaned}${dag}`;
}

/** Keyboard only: Tab to the field, select what is there and type over it. */
const skriv = async (page: Page, felt: Locator, tekst: string) => {
  await tabTil(page, felt, 200);
  await page.keyboard.press("ControlOrMeta+A");
  if (tekst) await page.keyboard.type(tekst);
  else await page.keyboard.press("Delete");
};

test("fra sertifikat til innsendt forhåndsmelding, med alle valideringsmeldinger", async ({ page }) => {
  // The whole wizard with every message and an axe check per page: close to a minute on a loaded 2-core machine.
  test.setTimeout(TIDSGRENSE_LANG);
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
  });
  await loggInnKari(page);
  const id = await opprett(page, s);

  // Avsender: from the certificate, with the advice to ask for a replacement certificate
  await expect(page.getByRole("heading", { name: "Bekreft avsender og mottaker" })).toBeVisible();
  await expect(page.getByText("Zaadhandel Westland B.V.")).toBeVisible();
  await expect(page.getByText(/be om et erstattende sertifikat/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Steg i forhåndsmeldingen" })).toContainText(
    "Dokumentkontroll",
  );
  await sjekkUu(page);
  await page.getByRole("link", { name: "Bekreft og gå videre" }).click();

  // Innmelder: every message, input kept, title prefixed "Feil:"
  await expect(page.getByRole("heading", { name: "Hvem melder inn?" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Se sertifikatet/ })).toHaveAttribute("target", "_blank");
  await page.getByLabel("Navn", { exact: true }).fill("");
  await page.getByLabel("E-post").fill("ikke-en-epost");
  await page.getByLabel(/Egen referanse/).fill("Ordre 4711");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText("Du må angi ditt navn");
  await expect(feilOppsummering(page)).toContainText("Du må angi en gyldig e-post");
  await expect(page.getByLabel(/Egen referanse/)).toHaveValue("Ordre 4711");
  await expect(page.getByLabel("E-post")).toHaveValue("ikke-en-epost");
  await expect(page.getByLabel("E-post")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveTitle(/^Feil: /);
  await sjekkUu(page);
  await page.getByLabel("Navn", { exact: true }).fill("Kari Nordmann");
  await page.getByLabel("E-post").fill("");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText("Du må angi en gyldig e-post");
  await expect(feilOppsummering(page)).not.toContainText("Du må angi ditt navn");
  await page.getByLabel("E-post").fill("kari@hageland.example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();

  // Document control: 'Spørsmål N av M', a deviation needs its comment
  await expect(page).toHaveURL(/dokumentkontroll\/tilleggserklaering$/);
  await expect(page.getByText("Spørsmål 1 av 2")).toBeVisible();
  await expect(page.getByRole("table", { name: "Tilleggserklæringer per varelinje" })).toBeVisible();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText("Du må velge et svar");
  await page.getByLabel("En eller flere varelinjer har feil eller mangler tilleggserklæring").check();
  await expect(
    page.getByRole("heading", { name: "Tiltak på grunn av mangelfullt sertifikat" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText(
    "Varelinjer med feil eller manglende tilleggserklæring må spesifiseres",
  );
  await sjekkUu(page);
  await page
    .getByLabel(/Melding til Mattilsynet/)
    .fill("Varelinje 2 mangler tilleggserklæring om skadegjørerfritt sted.");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll\/tilsiktetbruk$/);
  await expect(page.getByText("Spørsmål 2 av 2")).toBeVisible();
  await expect(page.getByRole("table", { name: "Tilsiktet bruk per varelinje" })).toContainText("Planting");
  await page.getByLabel("En eller flere varelinjer skal benyttes til et annet formål").check();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText(
    "Varelinjer med feil eller manglende tilsiktet bruk må spesifiseres",
  );
  await page.locator("input[name=svar]:not([data-avvik])").check();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();

  // Arrival: every message of SPEC §5, then the late-notice dialog
  await expect(page).toHaveURL(/ankomst-info$/);
  await expect(page.getByLabel(/Morgen/)).toBeChecked();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  for (const melding of ANKOMST_MELDINGER) await expect(feilOppsummering(page)).toContainText(melding);
  // SPEC §5's title 'Mottakskontrollør ikke valgt' above its message, in the group of controllers too
  const kontrolloerGruppe = page.locator("fieldset", {
    has: page.locator("legend", { hasText: /^Mottakskontrollør$/ }),
  });
  await expect(kontrolloerGruppe.locator(".feiltittel")).toHaveText("Mottakskontrollør ikke valgt");
  await expect(kontrolloerGruppe.locator(".feiltittel + .feilmelding")).toHaveText(
    "Du er nødt til å velge en mottakskontrollør.",
  );
  await sjekkUu(page);
  // An impossible date is named as such, not as missing: with JavaScript the browser's date field (its
  // bad input caught before sending), without it a text field the server reads as typed
  const datofelt = page.getByLabel("Dato");
  const medJs = test.info().project.use.javaScriptEnabled !== false;
  await expect(datofelt).toHaveAttribute("type", medJs ? "date" : "text");
  if (medJs) {
    await datofelt.focus();
    await page.keyboard.type("30022026");
  } else await datofelt.fill("2026-02-30");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText("Dato må være en gyldig dato");
  await expect(feilOppsummering(page)).not.toContainText("Dato er påkrevd");
  await expect(datofelt).toHaveAttribute("aria-invalid", "true");
  if (!medJs) {
    // Without JavaScript the date can be written as Norwegians write it
    await datofelt.fill(formaterDato(osloDatoOm(30)));
    await page.getByRole("button", { name: "Lagre og gå videre" }).click();
    await expect(feilOppsummering(page)).not.toContainText(/Dato/);
  }
  const dato = osloDatoOm(30);
  await fyllAnkomst(page, {
    adresse: "Tollbugata 40",
    postnummer: "30a4",
    poststed: "Drammen",
    dato,
  });
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText("Postnummer må bestå av siffer");
  await expect(page.getByLabel("Adresselinje 1")).toHaveValue("Tollbugata 40");
  await page.getByLabel("Postnummer").fill("3044");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  // The late-notice dialog: a modal with JavaScript, a page section without; it names 1 April 2026.
  let dialog = await forventDialog(page, /før varene passerer grensen/);
  await expect(dialog).toContainText(SEN_MELDING);
  await sjekkUu(page);
  // 'Avbryt' closes it without saving, the input kept
  await dialog.getByRole("button", { name: "Avbryt" }).click();
  await expect(page.getByRole("heading", { name: /før varene passerer grensen/ })).toHaveCount(0);
  await expect(page).toHaveURL(/ankomst-info$/);
  await expect(page.getByLabel("Postnummer")).toHaveValue("3044");
  await expect(page.getByLabel("Dato")).toHaveValue(dato);
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  dialog = await forventDialog(page, /før varene passerer grensen/);
  await dialog.getByRole("button", { name: "Jeg forstår – lagre" }).click();

  // Summary: answers with 'Rediger svar' to the deviation, arrival, shipment
  await expect(page).toHaveURL(/oppsummering$/);
  await expect(page.getByText("Ordre 4711", { exact: true })).toBeVisible();
  await expect(page.getByText("Melding til Mattilsynet:")).toBeVisible();
  await expect(page.getByRole("link", { name: /Rediger svar/ })).toHaveAttribute(
    "href",
    `/importmelding/${id}/dokumentkontroll/tilleggserklaering`,
  );
  await expect(page.getByText(`${formaterDato(dato)}, ettermiddag`)).toBeVisible();
  await expect(page.getByRole("cell", { name: "Rosa canina" })).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toBeVisible();
  await expect(page.locator(".merkerad").first()).toContainText("Registrert");
  await sjekkUu(page);

  // Sent once: a second submission (resubmitted form, another tab) is refused with a clear message
  await page.goto(`/importmelding/${id}/oppsummering`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert$`));
  // the certificate now links to the notification instead of offering a new one
  await page.goto(sertifikatUrl(s));
  await expect(page.getByRole("link", { name: "Gå til digital forhåndsmelding" })).toBeVisible();
});

test("to faner: den andre innsendingen gir en tydelig melding, ikke en ny registrering", async ({
  browser,
}) => {
  const ctx = await browser.newContext();
  const a = await ctx.newPage();
  const s = await nySertifikat(a.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
  });
  await loggInnKari(a);
  const id = await opprett(a, s);
  await fyllUt(a, id);
  const b = await ctx.newPage();
  await b.goto(`/importmelding/${id}/oppsummering`);
  await a.getByRole("button", { name: "Send inn" }).click();
  await expect(a).toHaveURL(/registrert/);
  await b.getByRole("button", { name: "Send inn" }).click();
  await expect(b).toHaveURL(/registrert\?alleredeSendt=1/);
  await expect(b.getByRole("heading", { name: "Forhåndsmeldingen er allerede sendt inn" })).toBeVisible();
  await ctx.close();
});

test("utdatert fane: en endring fra en gammel side oppdages i stedet for å overskrive", async ({
  browser,
}) => {
  const ctx = await browser.newContext();
  const a = await ctx.newPage();
  const s = await nySertifikat(a.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen" },
  });
  await loggInnKari(a);
  const id = await opprett(a, s);
  await a.goto(`/importmelding/${id}/innmelder`);
  const b = await ctx.newPage();
  await b.goto(`/importmelding/${id}/innmelder`);
  await a.getByLabel("E-post").fill("forste@example.no");
  await a.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(a).toHaveURL(/dokumentkontroll/);
  await b.getByLabel("E-post").fill("andre@example.no");
  await b.getByRole("button", { name: "Lagre og gå videre" }).click();
  const konflikt = b.getByText(/endret i en annen fane eller av en annen bruker/);
  await expect(konflikt).toBeVisible();
  // It says what works also without JavaScript (a reload would post the stale form again): the menu
  await expect(konflikt).not.toContainText("Last inn siden på nytt");
  await expect(konflikt).toContainText("Åpne den på nytt fra Forhåndsmeldinger i menyen");
  // …and a plain link (a GET, never the stale form posted again) opens the page as it is saved now
  await b.getByRole("link", { name: "Åpne siden slik den er lagret nå" }).click();
  await expect(b).toHaveURL(new RegExp(`/importmelding/${id}/innmelder$`));
  await expect(b.getByLabel("E-post")).toHaveValue("forste@example.no");
  await expect(b.getByText(/endret i en annen fane eller av en annen bruker/)).toHaveCount(0);
  await b.getByRole("button", { name: "Meny" }).click();
  await b
    .getByRole("navigation", { name: "Hovedmeny" })
    .getByRole("link", { name: "Forhåndsmeldinger" })
    .click();
  await expect(b).toHaveURL(/\/importmeldinger$/);
  await b.goto(`/importmelding/${id}/innmelder`);
  await expect(b.getByLabel("E-post")).toHaveValue("forste@example.no");
  await ctx.close();
});

test("bekreftelse av regelverket med bare tastaturet, 'vil ikke melde import', og sletting av et utkast", async ({
  browser,
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  // The reception controller prepares a notification for an importer that has not confirmed the regulations:
  // departments of the test's own (one importer, one controller it has appointed), since a confirmation cannot
  // be taken back (ADR 052).
  const { person, virksomheter } = await egneVirksomheter(page.request, "Tastaturimport", 2);
  const [importoer, kontrolloer] = virksomheter as [EgenVirksomhet, EgenVirksomhet];
  const blomsterbud = navnet(importoer);
  await loggInnSom(page, person);
  await utnevnKontrolloer(page, importoer, kontrolloer);
  await velg(page, kontrolloer);
  await bekreftRegelverk(page);
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: importoer.navn },
  });
  await page.goto(sertifikatUrl(s));
  await expect(page.getByRole("group", { name: "Ansvarlig importør" })).toBeVisible();
  await sjekkUu(page);
  const id = await opprett(page, s, blomsterbud);
  await fyllUt(page, id, "ola@grontmottak.example.no", navnet(kontrolloer));

  // The importer opens the prepared notification and submits it, keyboard only: the dialog opens instead.
  const ctx = await browser.newContext();
  const ingrid = await ctx.newPage();
  await loggInnSom(ingrid, person, true);
  await tabTil(ingrid, ingrid.getByRole("button", { name: blomsterbud }));
  await ingrid.keyboard.press("Enter");
  await expect(ingrid.locator(".app-header__virksomhet")).toBeVisible();
  await ingrid.goto(`/importmelding/${id}/oppsummering`);
  await trykk(ingrid, "Send inn");
  let dialog = await forventDialog(ingrid, "Bekreft kjennskap til regelverket");
  await expect(ingrid).toHaveURL(/oppsummering/);
  const boks = ingrid.getByRole("checkbox", {
    name: "Virksomheten kjenner regelverket for import av planter",
  });
  // The spec's text describes the checkbox.
  await expect(boks).toHaveAccessibleDescription(
    "Denne boksen må hukes av for at din bedrift skal kunne melde import.",
  );

  // The box ticked but no choice: the choice is required. The error summary is inside the dialog, so it is
  // seen (and, with JavaScript, focused) while the dialog is modal; the ticked box cannot be unticked.
  await tabTil(ingrid, boks);
  await ingrid.keyboard.press("Space");
  await expect(boks).toBeChecked();
  await trykk(ingrid, "Bekreft og send inn");
  dialog = await forventDialog(ingrid, "Bekreft kjennskap til regelverket");
  const oppsummering = dialog.locator(".feiloppsummering");
  await expect(oppsummering).toBeVisible();
  await expect(oppsummering).toContainText("Du må velge et alternativ");
  await expect(feilOppsummering(ingrid)).toHaveCount(1);
  await expect(boks).toBeChecked();
  if (jsPaa()) {
    await expect(oppsummering).toBeFocused();
    await tabTil(ingrid, boks);
    await ingrid.keyboard.press("Space");
    await expect(boks).toBeChecked();
    await expect(boks).toHaveAttribute("aria-readonly", "true");
  } else {
    // back from the server ticked: shown ticked and locked
    await expect(boks).toBeDisabled();
  }
  await sjekkUu(ingrid);

  // 'Nei, vi skal ikke melde import': nothing is sent or saved, and the page says so.
  await tabTil(ingrid, dialog.getByRole("radio").first());
  await ingrid.keyboard.press("ArrowDown");
  await expect(ingrid.getByLabel("Nei, vi skal ikke melde import")).toBeChecked();
  await trykk(ingrid, "Bekreft og send inn");
  await expect(ingrid).toHaveURL(new RegExp(`/importmelding/${id}/oppsummering\\?ikkeSendt=1$`));
  await expect(ingrid.getByRole("heading", { name: "Forhåndsmeldingen er ikke sendt inn" })).toBeVisible();
  await expect(ingrid.getByRole("heading", { name: "Bekreft kjennskap til regelverket" })).toHaveCount(0);
  await expect(ingrid.locator(".utkasthode")).toContainText("Påbegynt");
  await sjekkUu(ingrid);

  // Sending again opens the dialog again (the confirmation was not saved); 'Ja' needs the ticked box.
  await trykk(ingrid, "Send inn");
  dialog = await forventDialog(ingrid, "Bekreft kjennskap til regelverket");
  await expect(boks).not.toBeChecked();
  await tabTil(ingrid, dialog.getByRole("radio").first());
  await ingrid.keyboard.press("Space");
  await expect(ingrid.getByLabel("Ja, vi bekrefter at virksomheten kjenner regelverket")).toBeChecked();
  await trykk(ingrid, "Bekreft og send inn");
  dialog = await forventDialog(ingrid, "Bekreft kjennskap til regelverket");
  await expect(dialog.locator(".feiloppsummering")).toContainText(
    "Denne boksen må hukes av for at din bedrift skal kunne melde import.",
  );
  await expect(boks).toHaveAttribute("aria-invalid", "true");
  await expect(boks).toHaveAccessibleDescription(
    "Denne boksen må hukes av for at din bedrift skal kunne melde import.",
  );
  await tabTil(ingrid, boks);
  await ingrid.keyboard.press("Space");
  await trykk(ingrid, "Bekreft og send inn");
  await expect(ingrid).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  await expect(ingrid.locator(".merkerad").first()).toContainText("Registrert");
  await ctx.close();

  // Deleting another draft
  const s2 = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Grønt Mottak AS avd. Alnabru" },
  });
  const id2 = await opprett(page, s2);
  await page.getByRole("link", { name: "Slett forhåndsmelding" }).click();
  await forventDialog(page, "Slett forhåndsmelding");
  await sjekkUu(page);
  await page.getByRole("button", { name: "Ja, slett forhåndsmeldingen" }).click();
  await expect(page).toHaveURL(/\/(\?slettet=1)?$/);
  // a deleted draft is gone: the 404 page (issue 22 item 7, issue 23 item 9)
  const borte = await page.goto(`/importmelding/${id2}/avsender`);
  expect(borte?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Fant ikke forhåndsmeldingen" })).toBeVisible();
  await page.goto(sertifikatUrl(s2));
  await expect(page.getByRole("button", { name: "Opprett digital forhåndsmelding" })).toBeVisible();
});

test("hele veiviseren med bare tastaturet: alle valideringsmeldinger, avvik, sen melding, innsending og sletting", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
    medDeklarasjon: false,
  });
  await loggInn(page, PERSONER.kari, true);
  await tabTil(page, page.getByRole("button", { name: /Hageland Import AS avd\. Drammen/ }));
  await page.keyboard.press("Enter");
  await expect(page.locator(".app-header__virksomhet")).toBeVisible();
  // After choosing the organisation the first Tab reaches the skip link
  await forventSidestart(page);
  await page.goto(sertifikatUrl(s));
  await trykk(page, "Opprett digital forhåndsmelding");
  await expect(page).toHaveURL(/avsender$/);
  await forventSidestart(page);
  await sjekkUu(page);
  await trykk(page, "Bekreft og gå videre", "link");

  // Innmelder: both messages, then valid input
  await expect(page).toHaveURL(/innmelder$/);
  await forventSidestart(page);
  // Unique titles: the page and the notification's number
  await expect(page).toHaveTitle(/^Innmelder – Forhåndsmelding IM-\d{4}-\d+ – Digital forhåndsmelding$/);
  await skriv(page, page.getByLabel("Navn", { exact: true }), "");
  await skriv(page, page.getByLabel("E-post"), "ikke-en-epost");
  await page.keyboard.press("Enter");
  await expect(feilOppsummering(page)).toContainText("Du må angi ditt navn");
  await expect(feilOppsummering(page)).toContainText("Du må angi en gyldig e-post");
  await expect(page.getByLabel("E-post")).toHaveValue("ikke-en-epost");
  await sjekkUu(page);
  await skriv(page, page.getByLabel("Navn", { exact: true }), "Kari Nordmann");
  await skriv(page, page.getByLabel("E-post"), "");
  await trykk(page, "Lagre og gå videre");
  await expect(feilOppsummering(page)).toContainText("Du må angi en gyldig e-post");
  await expect(feilOppsummering(page)).not.toContainText("Du må angi ditt navn");
  await skriv(page, page.getByLabel("E-post"), "tastatur@example.no");
  await trykk(page, "Lagre og gå videre");

  // Document control: a deviation needs its comment. Radios: Tab to the group, arrows choose.
  await expect(page).toHaveURL(/dokumentkontroll\/tilsiktetbruk$/);
  await forventSidestart(page);
  // A question page is titled by its question
  const spoersmaal = (await page.getByRole("heading", { level: 1 }).textContent())!
    .trim()
    .replace(/[?.:]$/, "");
  expect(await page.title()).toMatch(
    /^.+ \(dokumentkontroll\) – Forhåndsmelding IM-\d{4}-\d+ – Digital forhåndsmelding$/,
  );
  expect((await page.title()).startsWith(`${spoersmaal} (dokumentkontroll)`)).toBe(true);
  await tabTil(page, page.locator("input[name=svar]").first());
  await page.keyboard.press("ArrowDown");
  const avvik = page.getByLabel("En eller flere varelinjer skal benyttes til et annet formål");
  await expect(avvik).toBeChecked();
  await expect(
    page.getByRole("heading", { name: "Tiltak på grunn av mangelfullt sertifikat" }),
  ).toBeVisible();
  await trykk(page, "Lagre og gå videre");
  await expect(feilOppsummering(page)).toContainText(
    "Varelinjer med feil eller manglende tilsiktet bruk må spesifiseres",
  );
  await expect(avvik).toBeChecked();
  await sjekkUu(page);
  await skriv(
    page,
    page.getByLabel(/Melding til Mattilsynet/),
    "Varelinje 3 er frø til konsum, ikke planting.",
  );
  await trykk(page, "Lagre og gå videre");

  // Arrival: every message, then the late-notice dialog (Avbryt, then confirm)
  await expect(page).toHaveURL(/ankomst-info$/);
  await forventSidestart(page);
  await trykk(page, "Lagre og gå videre");
  for (const melding of ANKOMST_MELDINGER) await expect(feilOppsummering(page)).toContainText(melding);
  await sjekkUu(page);
  for (const [felt, verdi] of [
    ["Adresselinje 1", "Storgata 1"],
    ["Postnummer", "30a4"],
    ["Poststed", "Drammen"],
  ] as const) {
    await skriv(page, page.getByLabel(felt, { exact: true }), verdi);
  }
  const dato = osloDatoOm(30);
  // With JavaScript the browser's date field (its segments in the locale's order); without it a text
  // field where the date is typed as Norwegians write it (ADR 020)
  const datoSomDatofelt = (await page.getByLabel("Dato").getAttribute("type")) === "date";
  const taster = datoSomDatofelt ? await datoTaster(page, dato) : formaterDato(dato);
  await tabTil(page, page.getByLabel("Dato"));
  await page.keyboard.type(taster);
  await expect(page.getByLabel("Dato")).toHaveValue(datoSomDatofelt ? dato : formaterDato(dato));
  // the time slot: Morgen is chosen; two steps down is Ettermiddag
  await tabTil(page, page.getByLabel(/Morgen/));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel(/Ettermiddag/)).toBeChecked();
  // Hageland Drammen's one controller: no test changes the demo organisations' controllers (ADR 052).
  await expect(page.getByRole("group", { name: "Mottakskontrollør" }).getByRole("radio")).toHaveCount(1);
  await tabTil(page, page.getByLabel(/Grønt Mottak/));
  await page.keyboard.press("Space");
  await expect(page.getByLabel(/Grønt Mottak/)).toBeChecked();
  await trykk(page, "Lagre og gå videre");
  await expect(feilOppsummering(page)).toContainText("Postnummer må bestå av siffer");
  await expect(page.getByLabel(/Ettermiddag/)).toBeChecked();
  await skriv(page, page.getByLabel("Postnummer"), "3044");
  await trykk(page, "Lagre og gå videre");
  let dialog = await forventDialog(page, /før varene passerer grensen/);
  await expect(dialog).toContainText(SEN_MELDING);
  await sjekkUu(page);
  await trykk(page, "Avbryt");
  await expect(page.getByRole("heading", { name: /før varene passerer grensen/ })).toHaveCount(0);
  await expect(page.getByLabel("Postnummer")).toHaveValue("3044");
  // With JavaScript focus is back on the button that opened the dialog
  if (jsPaa()) await expect(page.getByRole("button", { name: "Lagre og gå videre" })).toBeFocused();
  if (jsPaa()) {
    // Escape closes it too, and focus comes back the same way
    await trykk(page, "Lagre og gå videre");
    await forventDialog(page, /før varene passerer grensen/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("heading", { name: /før varene passerer grensen/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Lagre og gå videre" })).toBeFocused();
  }
  await trykk(page, "Lagre og gå videre");
  dialog = await forventDialog(page, /før varene passerer grensen/);
  await trykk(page, "Jeg forstår – lagre");

  // Summary and 'Send inn'
  await expect(page).toHaveURL(/oppsummering$/);
  await forventSidestart(page);
  await expect(page.getByText(`${formaterDato(dato)}, ettermiddag`)).toBeVisible();
  await expect(
    page.getByText("Varelinje 3 er frø til konsum, ikke planting.", { exact: true }),
  ).toBeVisible();
  await sjekkUu(page);
  await trykk(page, "Send inn");
  await expect(page).toHaveURL(/registrert/);
  await expect(page).toHaveTitle(/^Registrert – Forhåndsmelding IM-\d{4}-\d+ – Digital forhåndsmelding$/);
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toBeVisible();

  // Deleting another draft: 'Slett forhåndsmelding' and its confirmation
  const s2 = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
  });
  await page.goto(sertifikatUrl(s2));
  await trykk(page, "Opprett digital forhåndsmelding");
  await expect(page).toHaveURL(/avsender$/);
  const id2 = /\/importmelding\/(\d+)\//.exec(page.url())![1]!;
  const slettLenke = page.getByRole("link", { name: "Slett forhåndsmelding" });
  await trykk(page, "Slett forhåndsmelding", "link");
  await forventDialog(page, "Slett forhåndsmelding");
  // Focus on the safe choice; with JavaScript Escape closes it and focus goes back to the link
  const avbryt = page.getByRole("link", { name: "Avbryt" });
  if (jsPaa()) {
    await expect(avbryt).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("heading", { name: "Slett forhåndsmelding", level: 2 })).toHaveCount(0);
    await expect(slettLenke).toBeFocused();
    // Closing goes back to the page's own URL (without ?slett=1); open it again only once that is done
    await expect(page).not.toHaveURL(/slett=1/);
    await page.keyboard.press("Enter");
    await forventDialog(page, "Slett forhåndsmelding");
    await expect(avbryt).toBeFocused();
  } else {
    // Without JavaScript the dialog section takes focus, so it is in view
    await expect(page.locator("section.dialog-seksjon")).toBeFocused();
    await expect(page.locator("section.dialog-seksjon")).toBeInViewport();
  }
  await sjekkUu(page);
  await trykk(page, "Ja, slett forhåndsmeldingen");
  await expect(page).toHaveURL(/\/\?slettet=1$/);
  // Announced on the home page
  await expect(page.getByRole("status").filter({ hasText: "Forhåndsmeldingen er slettet." })).toBeVisible();
  await sjekkUu(page);
  // a deleted draft is a 404 page (issue 23 item 9), as in mottaker.spec.ts
  const borte = await page.goto(`/importmelding/${id2}/avsender`);
  expect(borte?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Fant ikke forhåndsmeldingen" })).toBeVisible();
});

test("Tilbake-knappen etter et lagret steg: siden hentes på nytt og kan lagres igjen uten falsk konflikt", async ({
  page,
}) => {
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
  });
  await loggInnKari(page);
  const id = await opprett(page, s);
  // Every wizard page is sent with no-store, so Back loads it again with the current version (a stored
  // copy would send the old one and get a false "endret i en annen fane" 409 without JavaScript).
  for (const side of [
    "avsender",
    "innmelder",
    "dokumentkontroll/tilleggserklaering",
    "ankomst-info",
    "oppsummering",
  ]) {
    const res = await page.request.get(`/importmelding/${id}/${side}`);
    expect(res.status(), side).toBe(200);
    expect(res.headers()["cache-control"], side).toBe("private, no-store");
  }
  const svar = await page.goto(`/importmelding/${id}/innmelder`);
  expect(svar?.headers()["cache-control"]).toBe("private, no-store");
  await page.getByLabel("E-post").fill("forste@example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll\//);
  await page.goBack();
  await expect(page).toHaveURL(/innmelder$/);
  await page.getByLabel("E-post").fill("andre@example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll\//);
  await expect(page.getByText(/endret i en annen fane/)).toHaveCount(0);
  await page.goto(`/importmelding/${id}/innmelder`);
  await expect(page.getByLabel("E-post")).toHaveValue("andre@example.no");
});

test("en bruker som kommer tilbake, fortsetter der hen slapp", async ({ page }) => {
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
  });
  await loggInnKari(page);
  const id = await opprett(page, s);
  const nummer = /Digital forhåndsmelding (\S+)/.exec(
    (await page.locator(".utkasthode__tittel").textContent()) ?? "",
  )![1]!;
  // a fresh draft starts at avsender, with nothing to resume
  await expect(
    page.getByRole("heading", { name: "Du har allerede begynt på denne forhåndsmeldingen" }),
  ).toHaveCount(0);
  await page.getByRole("link", { name: "Bekreft og gå videre" }).click();
  await page.getByLabel("E-post").fill("kari@hageland.example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll\/tilleggserklaering$/);
  await page.locator("input[name=svar]:not([data-avvik])").first().check();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll\/tilsiktetbruk$/);
  // The user leaves here, and comes back through the list: 'Fortsett' opens the first unanswered question.
  await page.goto(`/importmeldinger?nummer=${encodeURIComponent(nummer)}`);
  const fortsett = page.getByRole("link", { name: `Fortsett ${nummer}` });
  await expect(fortsett).toHaveAttribute("href", `/importmelding/${id}/dokumentkontroll/tilsiktetbruk`);
  await sjekkUu(page);
  await fortsett.click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/dokumentkontroll/tilsiktetbruk$`));
  await expect(page.getByText("Spørsmål 2 av 2")).toBeVisible();
  // Through /importmelding/{id} (e.g. from the certificate): avsender, which offers the same step.
  await page.goto(`/importmelding/${id}`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/avsender$`));
  await expect(
    page.getByRole("heading", { name: "Du har allerede begynt på denne forhåndsmeldingen" }),
  ).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("link", { name: "Fortsett med dokumentkontrollen (spørsmål 2 av 2)" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/dokumentkontroll/tilsiktetbruk$`));
});

test("reeksport: opprinnelsesland med flagg, vedlegg som åpnes eller lastes ned, og merknaden om EU-land", async ({
  page,
}) => {
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
    type: "Reeksport",
  });
  await loggInnKari(page);
  const id = await opprett(page, s);
  await page.goto(`/importmelding/${id}/innmelder`);
  await page.getByLabel("E-post").fill("kari@hageland.example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll\/reeksport$/);
  await expect(
    page.getByRole("heading", { name: "Sertifikat fra opprinnelsesland skal være vedlagt", level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/Spørsmål 1 av \d/)).toBeVisible();
  // origin countries with their flags
  const land = page.locator(".landliste li");
  await expect(land.filter({ hasText: "Kenya" }).locator(".flagg")).toHaveText("🇰🇪");
  await expect(land.filter({ hasText: "Colombia" }).locator(".flagg")).toHaveText("🇨🇴");
  // attachments: a picture opens in a new tab, other files are downloaded
  const vedlegg = page.locator(".vedleggsliste li");
  await expect(vedlegg.filter({ hasText: "opprinnelse.png" })).toContainText("(ORIG-1)");
  const aapne = page.getByRole("link", { name: "Åpne opprinnelse.png" });
  await expect(aapne).toHaveAttribute("target", "_blank");
  const bilde = await page.request.get((await aapne.getAttribute("href"))!);
  expect(bilde.status()).toBe(200);
  expect(bilde.headers()["content-type"]).toBe("image/png");
  expect(bilde.headers()["content-disposition"]).toMatch(/^inline/);
  const lastNed = page.getByRole("link", { name: "Last ned pakkliste.docx" });
  const fil = await page.request.get((await lastNed.getAttribute("href"))!);
  expect(fil.status()).toBe(200);
  expect(fil.headers()["content-type"]).toBe("application/octet-stream");
  expect(fil.headers()["content-disposition"]).toMatch(/^attachment; filename="pakkliste\.docx"/);
  // the note on EU countries that list only one origin certificate
  await expect(page.getByText(/noen EU-land bare ett av dem/)).toBeVisible();
  await sjekkUu(page);
  // a deviation needs the re-export comment
  await page.locator("input[name=svar][data-avvik]").check();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText("Kommentar til avvik i sertifikatet må spesifiseres");
  await page.getByLabel(/Melding til Mattilsynet/).fill("Opprinnelsessertifikatet fra Colombia mangler.");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).not.toHaveURL(/dokumentkontroll\/reeksport$/);
});

test("bare dokumentkontroll: ankomstskjemaet spør ikke etter mottakskontrollør", async ({ page }) => {
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
    medDeklarasjon: false,
    kunDokumentkontroll: true,
  });
  await loggInnKari(page);
  const id = await opprett(page, s);
  await page.goto(`/importmelding/${id}/innmelder`);
  await page.getByLabel("E-post").fill("kari@hageland.example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll\/tilsiktetbruk$/);
  await page.locator("input[name=svar]:not([data-avvik])").check();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/ankomst-info$/);
  await expect(
    page.getByText("Sendingen skal bare ha dokumentkontroll. Du trenger ikke å velge mottakskontrollør."),
  ).toBeVisible();
  await expect(page.getByRole("group", { name: "Mottakskontrollør" })).toHaveCount(0);
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText("Adresselinje 1 er påkrevd");
  await expect(feilOppsummering(page)).not.toContainText("mottakskontrollør");
  await sjekkUu(page);
  const dato = osloDatoOm(10);
  await fyllAnkomst(page, {
    adresse: "Tollbugata 40",
    postnummer: "3044",
    poststed: "Drammen",
    dato,
    kontrolloer: null,
  });
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  const dialog = await forventDialog(page, /før varene passerer grensen/);
  if (!jsPaa()) {
    // The dialog comes first in the page and carries the checked values in a form of its own: confirming
    // works even before the page's form below it has arrived (a slow line), here as if it never had.
    await page.locator("form#ankomstskjema").evaluate((f) => f.remove());
  }
  await dialog.getByRole("button", { name: "Jeg forstår – lagre" }).click();
  await expect(page).toHaveURL(/oppsummering$/);
  await expect(page.getByText(`${formaterDato(dato)}, ettermiddag`)).toBeVisible();
  await expect(page.getByText("Tollbugata 40, 3044 Drammen", { exact: true })).toBeVisible();
  await expect(page.getByText("Mottakskontrollør", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send inn" })).toBeEnabled();
});

test("ingen mottakskontrollør å velge: 'Mottakskontrollør ikke valgt' og 'Du er nødt til å velge en mottakskontrollør.'", async ({
  page,
}) => {
  // A new importer of the test's own has no reception controller and controls nothing itself. Creating needs
  // the confirmed regulations (which cannot be taken back: ADR 052).
  const { virksomhet } = await loggInnEgen(page, "Plantesalg");
  await bekreftRegelverk(page);
  await expect(page.getByLabel("Virksomheten kjenner regelverket for import av planter")).toBeDisabled();
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: virksomhet.navn, organisasjonsnummer: virksomhet.orgnr },
  });
  const id = await opprett(page, s);
  await page.goto(`/importmelding/${id}/ankomst-info`);
  await expect(page.getByRole("heading", { name: "Mottakskontrollør ikke valgt" })).toBeVisible();
  await expect(page.getByText("Du har ingen registrerte mottakskontrollører.")).toBeVisible();
  await fyllAnkomst(page, {
    adresse: "Værftsgata 3",
    postnummer: "1511",
    poststed: "Moss",
    dato: osloDatoOm(5),
    kontrolloer: null,
  });
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  const lenke = feilOppsummering(page).getByRole("link", {
    name: "Du er nødt til å velge en mottakskontrollør.",
  });
  await expect(lenke).toBeVisible();
  // the summary's link leads to the warning, which carries the same message
  const maal = page.locator((await lenke.getAttribute("href"))!);
  await expect(maal).toContainText("Du er nødt til å velge en mottakskontrollør.");
  await expect(maal).toContainText("Mottakskontrollør ikke valgt");
  // The title comes first, then its message
  await expect(maal.locator(".varsel__tittel + .feilmelding")).toHaveText(
    "Du er nødt til å velge en mottakskontrollør.",
  );
  // An arrival weeks in the past is refused with a word, the input kept
  await page.getByLabel("Dato").fill(osloDatoOm(-30));
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText("Dato kan ikke være mer enn 14 dager tilbake i tid");
  await expect(page.getByLabel("Dato")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Dato")).toHaveValue(osloDatoOm(-30));
  await expect(page.getByLabel("Adresselinje 1")).toHaveValue("Værftsgata 3");
  await sjekkUu(page);
});
