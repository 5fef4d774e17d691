import type { Locator, Page } from "@playwright/test";
import { formaterDato } from "../../domain/format";
import { senMeldingTekst } from "../../domain/sen-melding";
import { pdfSider } from "../pdf-tekst";
import { nySertifikat, vurderSomMyndighet } from "./data";
import { expect, jsPaa, PERSONER, sjekkUu, TIDSGRENSE_LANG, tabTil, test } from "./helpers";
import { fyllUt, loggInnKari, loggInnOgVelg, opprett, osloDatoOm, prosjekt } from "./veiviser";

const feil = (page: Page) => page.locator(".feiloppsummering");
const mottaker = { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" };

/** The card (section) headed `tittel`. */
const kort = (page: Page, tittel: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: tittel, exact: true }) });

const tracker = (page: Page) => page.getByRole("list", { name: "Status for forhåndsmeldingen" });

/** A dialog of the spec: a modal <dialog> with JavaScript, a page section without. */
async function forventDialog(page: Page, tittel: string): Promise<Locator> {
  const overskrift = page.getByRole("heading", { name: tittel, level: 2 });
  await expect(overskrift).toBeVisible();
  if (jsPaa()) {
    const dialog = page.locator("dialog.dialog").filter({ has: overskrift });
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    return dialog;
  }
  const seksjon = page.locator("section.dialog-seksjon").filter({ has: overskrift });
  await expect(seksjon).toBeVisible();
  return seksjon;
}

/**
 * The late-notice dialog's 'Jeg forstår – lagre' posts the arrival form, which comes after the dialog in
 * the page. Without JavaScript a click while the page is still arriving would post a half-parsed form, so
 * wait for the whole page first.
 */
async function jegForstaar(page: Page) {
  await page.waitForLoadState("load");
  await page.getByRole("button", { name: "Jeg forstår – lagre" }).click();
}

/** The authority's assessment through its case-system API (ADR 045), by the notification's number. */
async function vurder(
  page: Page,
  id: string,
  data: { status: string; begrunnelse?: string; vedtaksbrevReferanse?: string },
) {
  const res = await vurderSomMyndighet(page, id, data);
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).status).toBe(data.status);
}

/** A registered notification with physical control (controller Grønt Mottak), by the wizard. */
async function registrert(page: Page): Promise<string> {
  const s = await nySertifikat(page.request, { prosjekt: prosjekt(), mottaker });
  const id = await opprett(page, s);
  await fyllUt(page, id);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  return id;
}

test("endre ankomst, mottakskontroll med lavere mengde og skadegjørere, ankomst og frigivelse", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const id = await registrert(page);

  // The 'sent' dialog, with do-not-show-again kept in a cookie
  await forventDialog(page, "Forhåndsmeldingen ble sendt");
  await page.getByLabel("Ikke vis denne meldingen igjen").check();
  await page.getByRole("button", { name: "Lukk" }).click();
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toBeHidden();
  await page.goto(`/importmelding/${id}/registrert?sendt=1`);
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toBeHidden();

  // Display rules: the number in the heading, copyable with JavaScript, plain selectable text without
  const nummer = (await page.locator(".meldingsnummer").textContent())!.trim();
  expect(nummer).toMatch(/^IM-\d{4}-\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Digital forhåndsmelding ${nummer}`);
  if (jsPaa()) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: `Kopier ${nummer}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "kopiert" })).toHaveText(
      `"${nummer}" kopiert til utklippstavle`,
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(nummer);
  } else {
    await expect(page.getByRole("button", { name: /Kopier/ })).toHaveCount(0);
    await page.locator(".meldingsnummer").selectText();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(nummer);
  }

  // Registered page: tracker, own reference, cards, 'Ikke angitt', 'Ingen avvik'
  await expect(tracker(page).getByRole("listitem")).toHaveText([/Registrert/, /Ankommet/, /Vurdert/]);
  await expect(page.locator(".merkerad").first()).toContainText("Registrert");
  await expect(kort(page, "Fysisk kontroll")).toContainText(
    /Mottakskontroll\s*Gjennomføres når forsendelsen har kommet/,
  );
  await expect(kort(page, "Dokumentkontroll")).toContainText("Ingen avvik");
  await expect(page.getByText("Egen referanse: Ikke angitt")).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("link", { name: /Endre egen referanse/ }).click();
  await page.getByLabel("Egen referanse").fill("PO-2026-77");
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page.getByText("Egen referanse: PO-2026-77")).toBeVisible();

  // The receipt is a whole PDF
  const kvittering = await page.request.get(
    (await page.getByRole("link", { name: "Kvittering (PDF)" }).getAttribute("href"))!,
  );
  expect(kvittering.status()).toBe(200);
  expect(kvittering.headers()["content-type"]).toBe("application/pdf");
  const pdf = await kvittering.body();
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
  expect(pdf.length).toBeGreaterThan(3_000);
  expect(pdf.length).toBeLessThan(500_000);

  // Change the arrival: the wizard's form, late-notice dialog, back to the registered page
  const nyDato = osloDatoOm(12);
  await page.getByRole("link", { name: /Endre ankomstinformasjon/ }).click();
  await expect(page.getByRole("heading", { name: "Endre ankomst" })).toBeVisible();
  await expect(page.getByLabel("Adresselinje 1")).toHaveValue("Tollbugata 40");
  await page.getByLabel("Poststed").fill("");
  await page.getByRole("button", { name: "Lagre endringene" }).click();
  await expect(feil(page)).toContainText("Poststed er påkrevd");
  await expect(page.getByLabel("Poststed")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Poststed").fill("Drammen");
  if (!jsPaa()) {
    // A stale page whose controller is no longer among the choices (the HTML form is posted as it is):
    // 'Noe gikk galt' with the server's message. With JavaScript, React owns the form (page test instead).
    await page.getByLabel(/Grønt Mottak AS avd\. Alnabru/).evaluate((el) => {
      (el as HTMLInputElement).value = "999999";
    });
    await page.getByRole("button", { name: "Lagre endringene" }).click();
    await expect(page.getByRole("button", { name: "Jeg forstår – lagre" })).toBeVisible();
    await jegForstaar(page);
    const varsel = page.getByRole("alert").filter({ hasText: "Noe gikk galt" });
    await expect(varsel).toContainText("Vi fant ikke mottakskontrolløren du har valgt.");
    await expect(page.getByLabel("Poststed")).toHaveValue("Drammen");
    await sjekkUu(page);
    await page.goto(`/importmelding/${id}/registrert?endre=ankomst`);
    await expect(page.getByLabel(/Grønt Mottak AS avd\. Alnabru/)).toBeChecked();
  }
  await page.getByLabel("Dato").fill(nyDato);
  await page.getByLabel(/Kveld/).check();
  await page.getByRole("button", { name: "Lagre endringene" }).click();
  await jegForstaar(page);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  await expect(kort(page, "Fysisk kontroll")).toContainText(
    new RegExp(`Forventet ankomst\\s*${formaterDato(nyDato).replace(/\./g, "\\.")}, kveld \\(etter 16\\)`),
  );

  // Reception controller page: both fields required
  await page.getByRole("link", { name: "Start kontroll" }).click();
  await expect(page).toHaveURL(/mottakskontrolloer$/);
  await page.getByLabel("Navn").fill("");
  await page.getByLabel("Telefonnummer").fill("");
  await page.getByRole("button", { name: "Start mottakskontrollen" }).click();
  await expect(feil(page)).toContainText("Du må angi ditt navn");
  await expect(feil(page)).toContainText("Du må angi ditt telefonnummer");
  await sjekkUu(page);
  await page.getByLabel("Navn").fill("Kari Nordmann");
  await page.getByLabel("Telefonnummer").fill("91234567");
  await page.getByRole("button", { name: "Start mottakskontrollen" }).click();

  // Content: the lower-quantity answer; each actual-quantity message keeps what was typed
  await expect(page).toHaveURL(/mottakskontroll\/innhold-samsvarer$/);
  await expect(page.getByText("Spørsmål 1 av 2")).toBeVisible();
  const lavere = page.getByLabel("Det er færre varer enn oppgitt i sertifikatet");
  const antall = page.getByLabel(/Faktisk antall \(oppgitt 100/);
  const vekt = page.getByLabel(/Faktisk nettovekt \(oppgitt 50/);
  await lavere.check();
  await expect(antall).toHaveValue("100");
  if (jsPaa()) {
    // Escape puts the stored value back; choosing another answer resets the quantities
    await antall.fill("12");
    await antall.press("Escape");
    await expect(antall).toHaveValue("100");
    await antall.fill("12");
    await vekt.fill("7");
    await page.getByLabel("Innholdet i sendingen samsvarer med sertifikatet").check();
    await lavere.check();
    await expect(antall).toHaveValue("100");
    await expect(vekt).toHaveValue("50");
  }
  for (const [skrevet, melding] of [
    ["mange", "Innholdet må være et numerisk tall"],
    ["-5", "Verdien kan ikke være negativ"],
    ["150", "Mengden kan ikke være større enn opprinnelig mengde"],
  ] as const) {
    await antall.fill(skrevet);
    await page.getByRole("button", { name: "Bekreft" }).click();
    await expect(feil(page)).toContainText(melding);
    await expect(antall).toHaveValue(skrevet);
    await expect(antall).toHaveAttribute("aria-invalid", "true");
    await expect(lavere).toBeChecked();
  }
  await sjekkUu(page);
  if (jsPaa()) {
    // After a refused entry Escape still gives the stored value, not the refused one
    await antall.press("Escape");
    await expect(antall).toHaveValue("100");
  }
  await antall.fill("80");
  await vekt.fill(" 42,5 ");
  await page.getByRole("button", { name: "Bekreft" }).click();

  // Pests: a deviation needs its comment; the last page completes the physical control
  await expect(page).toHaveURL(/mottakskontroll\/skadegjoerere$/);
  await page.getByLabel(/ikke fri for planteskadegjørere oppført i vedlegg 1 og 2/).check();
  await page.getByRole("button", { name: "Fullfør fysisk kontroll" }).click();
  await expect(feil(page)).toContainText("Kommentar til avviket må spesifiseres");
  await page.getByLabel(/Melding til Mattilsynet/).fill("Funnet bladlus på tre planter.");
  await page.getByRole("button", { name: "Fullfør fysisk kontroll" }).click();

  // Arrived, awaiting assessment: deviations with their messages, actual quantities
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  await expect(kort(page, "Vurdering")).toContainText("Avventer vurdering. Mattilsynet vurderer");
  await expect(page.locator(".merkerad").first()).toContainText("Avventer vurdering");
  const fysisk = kort(page, "Fysisk kontroll");
  await expect(fysisk.locator(".avviksmelding")).toHaveText([
    "Melding til Mattilsynet:Ingen melding",
    "Melding til Mattilsynet:Funnet bladlus på tre planter.",
  ]);
  await expect(fysisk).not.toContainText("Ingen avvik");
  const tabell = page.getByRole("table", { name: "Faktisk mengde" });
  await expect(tabell.getByRole("row").nth(1)).toContainText("1: RoseAntall100 stk80");
  await expect(tabell.getByRole("row").nth(2)).toContainText("1: RoseNettovekt50 kg42,5");
  await expect(page.getByRole("link", { name: "Kvittering (PDF)" })).toHaveCount(0);
  await sjekkUu(page);

  // The authority releases it (its own Maskinporten token), and the arrived page shows the release
  const utenToken = await page.request.post(`/myndighet/v2/importmeldinger/IM-2026-1/vurdering`, {
    data: { status: "FRIGITT" },
  });
  expect(utenToken.status()).toBe(401);
  await vurder(page, id, { status: "FRIGITT" });
  await page.goto(`/importmelding/${id}`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  await expect(kort(page, "Vurdering").getByRole("heading", { name: "Frigitt", exact: true })).toBeVisible();
  await expect(kort(page, "Vurdering")).toContainText("Sendingen er frigitt");
  await expect(page.locator(".merkerad").first()).toContainText("Frigitt");
  await expect(tracker(page)).toContainText("Vurdert (fullført)");
  await sjekkUu(page);
  // a decided notification cannot be changed
  await page.goto(`/importmelding/${id}/registrert`);
  await expect(page).toHaveURL(/ankommet$/);
});

/** Keyboard only: Tab to a button or link and press Enter; Tab to a field and type over what is there. */
function tastatur(page: Page) {
  return {
    trykk: async (name: string | RegExp, rolle: "button" | "link" = "button") => {
      await tabTil(page, page.getByRole(rolle, { name }), 250);
      await page.keyboard.press("Enter");
    },
    skriv: async (felt: Locator, tekst: string) => {
      await tabTil(page, felt, 250);
      await page.keyboard.press("ControlOrMeta+A");
      if (tekst) await page.keyboard.type(tekst);
      else await page.keyboard.press("Delete");
    },
  };
}

test("bare tastaturet: endre ankomst, mottakskontrollør, mottakskontroll, ankomst og frigivelse", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const id = await registrert(page);
  const { trykk, skriv } = tastatur(page);
  await page.goto(`/importmelding/${id}/registrert`);
  await sjekkUu(page);

  // Edit arrival: address and time slot (arrow keys)
  await trykk(/Endre ankomstinformasjon/, "link");
  await expect(page.getByRole("heading", { name: "Endre ankomst" })).toBeVisible();
  await sjekkUu(page);
  await skriv(page.getByLabel("Adresselinje 1"), "Lierstranda 12");
  await tabTil(page, page.getByLabel(/Ettermiddag/), 250);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel(/Kveld/)).toBeChecked();
  await trykk("Lagre endringene");
  await forventDialog(page, senMeldingTekst().tittel);
  await page.waitForLoadState("load"); // the form the button posts comes after the dialog in the page
  await sjekkUu(page);
  await trykk("Jeg forstår – lagre");
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  await expect(kort(page, "Fysisk kontroll")).toContainText(/Kontrollsted\s*Lierstranda 12, 3044 Drammen/);
  await expect(kort(page, "Fysisk kontroll")).toContainText(/Forventet ankomst\s*[\d.]+, kveld \(etter 16\)/);
  await sjekkUu(page);

  // Reception controller page
  await trykk("Start kontroll", "link");
  await expect(page).toHaveURL(/mottakskontrolloer$/);
  await sjekkUu(page);
  await skriv(page.getByLabel("Navn"), "");
  await trykk("Start mottakskontrollen");
  await expect(feil(page)).toContainText("Du må angi ditt navn");
  await sjekkUu(page);
  await skriv(page.getByLabel("Navn"), "Kari Nordmann");
  await skriv(page.getByLabel("Telefonnummer"), "98765432");
  await trykk("Start mottakskontrollen");

  // Content: arrow keys choose the lower quantity; each message keeps what was typed
  await expect(page).toHaveURL(/innhold-samsvarer$/);
  await sjekkUu(page);
  await tabTil(page, page.locator("input[name=svar]").first(), 250);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const lavere = page.getByLabel("Det er færre varer enn oppgitt i sertifikatet");
  await expect(lavere).toBeChecked();
  const antall = page.getByLabel(/Faktisk antall \(oppgitt 100/);
  for (const [skrevet, melding] of [
    ["mange", "Innholdet må være et numerisk tall"],
    ["-5", "Verdien kan ikke være negativ"],
    ["150", "Mengden kan ikke være større enn opprinnelig mengde"],
  ] as const) {
    await skriv(antall, skrevet);
    await trykk("Bekreft");
    await expect(feil(page)).toContainText(melding);
    await expect(antall).toHaveValue(skrevet);
    await expect(lavere).toBeChecked();
    await sjekkUu(page);
  }
  await skriv(antall, "90");
  await skriv(page.getByLabel(/Faktisk nettovekt \(oppgitt 50/), "45,5");
  await trykk("Bekreft");

  // Pests: the deviation (arrow keys) needs a comment
  await expect(page).toHaveURL(/skadegjoerere$/);
  await sjekkUu(page);
  await tabTil(page, page.locator("input[name=svar]").first(), 250);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel(/ikke fri for planteskadegjørere oppført i vedlegg 1 og 2/)).toBeChecked();
  await trykk("Fullfør fysisk kontroll");
  await expect(feil(page)).toContainText("Kommentar til avviket må spesifiseres");
  await sjekkUu(page);
  await skriv(page.getByLabel(/Melding til Mattilsynet/), "Bladlus på to planter.");
  await trykk("Fullfør fysisk kontroll");

  // ANKOMMET: awaiting the authority
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  await expect(kort(page, "Vurdering")).toContainText("Avventer vurdering. Mattilsynet vurderer");
  await expect(page.locator(".merkerad").first()).toHaveText(/^Avventer vurdering/);
  await expect(kort(page, "Fysisk kontroll")).toContainText("Melding til Mattilsynet:Bladlus på to planter.");
  await expect(page.getByRole("table", { name: "Faktisk mengde" })).toContainText("45,5");
  await sjekkUu(page);

  // The authority releases it; the arrived page shows the release
  await vurder(page, id, { status: "FRIGITT" });
  await page.reload();
  await expect(kort(page, "Vurdering").getByRole("heading", { name: "Frigitt", exact: true })).toBeVisible();
  await expect(kort(page, "Vurdering")).toContainText("Sendingen er frigitt");
  await expect(page.locator(".merkerad").first()).toHaveText(/^Frigitt/);
  await sjekkUu(page);
});

test("bare tastaturet: tilbaketrekking", async ({ page }) => {
  await loggInnKari(page);
  const { trykk } = tastatur(page);
  const annen = await registrert(page);
  await page.goto(`/importmelding/${annen}/registrert`);
  await sjekkUu(page);
  await trykk("Trekk tilbake", "link");
  await forventDialog(page, "Trekk forhåndsmelding");
  await sjekkUu(page);
  await trykk("Trekk forhåndsmelding");
  await expect(
    page.getByText("Forhåndsmeldingen vil ikke bli behandlet videre av Mattilsynet."),
  ).toBeVisible();
  await expect(page.locator(".merkerad").first()).toHaveText(/^Tilbaketrukket/);
  await expect(page.getByRole("link", { name: "Trekk tilbake" })).toHaveCount(0);
  await sjekkUu(page);
});

test("trekke tilbake en forhåndsmelding: ingen mottakskontroll etterpå", async ({ page }) => {
  await loggInnKari(page);
  const id = await registrert(page);
  await page.goto(`/importmelding/${id}/registrert`);
  const trekkLenke = page.getByRole("link", { name: "Trekk tilbake" });
  const dialogTittel = page.getByRole("heading", { name: "Trekk forhåndsmelding" });
  const avbryt = page.getByRole("link", { name: "Avbryt" });
  await trekkLenke.click();
  await forventDialog(page, "Trekk forhåndsmelding");
  if (jsPaa()) {
    // First focus on the safe choice; Escape gives focus back to the link that opened it
    await expect(avbryt).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialogTittel).toBeHidden();
    await expect(trekkLenke).toBeFocused();
    // Opened by its URL: after Escape focus is on the page heading
    await page.goto(`/importmelding/${id}/registrert?trekk=1`);
    await forventDialog(page, "Trekk forhåndsmelding");
    await expect(avbryt).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialogTittel).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    // Closing goes back to the page's own URL (without ?trekk=1); open it again only once that is done
    await expect(page).not.toHaveURL(/trekk=1/);
    await trekkLenke.click();
  } else {
    // The reloaded page brings the dialog section into view and gives it focus
    const seksjon = page.locator("section.dialog-seksjon");
    await expect(seksjon).toBeFocused();
    await expect(seksjon).toBeInViewport();
  }
  await avbryt.click();
  await expect(dialogTittel).toBeHidden();
  if (jsPaa()) await expect(trekkLenke).toBeFocused();
  await trekkLenke.click();
  await page.getByRole("button", { name: "Trekk forhåndsmelding" }).click();
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen er trukket tilbake" })).toBeVisible();
  // Announced (role=status) right after withdrawing
  await expect(page).toHaveURL(/registrert\?trukket=1$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Forhåndsmeldingen er trukket tilbake" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Start kontroll" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Endre/ })).toHaveCount(0);
  await sjekkUu(page);
  // The reception pages are closed to a withdrawn notification
  for (const sti of ["mottakskontrolloer", "mottakskontroll", "mottakskontroll/innhold-samsvarer"]) {
    await page.goto(`/importmelding/${id}/${sti}`);
    await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert$`));
  }
});

test("kun dokumentkontroll uten avvik frigis automatisk ved innsending", async ({ page }) => {
  // Cut roses for decoration only: no plants for planting and no risk finding, so only document control and
  // severity ALT_OK (ADR 007: released automatically when nothing deviates).
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker,
    medDeklarasjon: false,
    kunDokumentkontroll: true,
  });
  await loggInnKari(page);
  const id = await opprett(page, s);
  await page.goto(`/importmelding/${id}/innmelder`);
  await page.getByLabel("E-post").fill("kari@hageland.example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll|ankomst-info/);
  while (page.url().includes("/dokumentkontroll/")) {
    const url = page.url();
    await page.locator("input[name=svar]:not([data-avvik])").first().check();
    await page.getByRole("button", { name: "Lagre og gå videre" }).click();
    await expect(page).not.toHaveURL(url);
  }
  await expect(page).toHaveURL(/ankomst-info$/);
  await expect(page.getByText("Sendingen skal bare ha dokumentkontroll.")).toBeVisible();
  await page.getByLabel("Adresselinje 1").fill("Tollbugata 40");
  await page.getByLabel("Postnummer").fill("3044");
  await page.getByLabel("Poststed").fill("Drammen");
  await page.getByLabel("Dato").fill(osloDatoOm(5));
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await jegForstaar(page);
  await expect(page).toHaveURL(/oppsummering$/);
  await page.getByRole("button", { name: "Send inn" }).click();

  // The server released it (ADR 007): the released dialog instead of the sent one, no hand-made URL
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet\\?frigitt=1$`));
  const dialog = await forventDialog(page, "Importmeldingen er frigitt");
  await expect(dialog).toContainText("Mattilsynet har frigitt sendingen");
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toHaveCount(0);
  await sjekkUu(page);
  await dialog.getByRole("link", { name: "Lukk" }).click();
  await expect(page.getByRole("heading", { name: "Importmeldingen er frigitt" })).toBeHidden();
  await expect(kort(page, "Vurdering").getByRole("heading", { name: "Frigitt automatisk" })).toBeVisible();
  await expect(page.locator(".merkerad").first()).toHaveText(/^Frigitt/);
  // Only document control: no 'Ankommet' in the tracker, no physical control card
  await expect(tracker(page).getByRole("listitem")).toHaveText([/Registrert/, /Vurdert/]);
  await expect(kort(page, "Fysisk kontroll")).toHaveCount(0);
  await expect(kort(page, "Dokumentkontroll")).toContainText("Ingen avvik");
  await sjekkUu(page);
  await page.goto(`/importmelding/${id}/mottakskontrolloer`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
});

test("myndigheten avviser og avviser delvis: vurdering med vedtaksbrev som kommer separat", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  // Decided before arrival (ADR 041): the status says so.
  for (const [status, overskrift, tekst] of [
    ["AVVIST", "Avvist før ankomst", "Sendingen er avvist."],
    ["DELVIS_AVVIST", "Delvis avvist før ankomst", "Deler av sendingen er avvist."],
  ] as const) {
    const id = await registrert(page);
    const begrunnelse = `${overskrift}: sertifikatet mangler opprinnelsessted`;
    await vurder(page, id, { status, begrunnelse, vedtaksbrevReferanse: "2026/0042" });
    await page.goto(`/importmelding/${id}`);
    await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
    const vurdering = kort(page, "Vurdering");
    await expect(vurdering.getByRole("heading", { name: overskrift, exact: true })).toBeVisible();
    await expect(vurdering).toContainText(
      `${tekst} Vedtaksbrev med begrunnelse og klageadgang kommer separat.`,
    );
    await expect(vurdering).toContainText(`Begrunnelse: ${begrunnelse}`);
    await expect(vurdering).toContainText("Referanse til vedtaksbrevet: 2026/0042");
    await expect(page.locator(".merkerad").first()).toHaveText(new RegExp(`^${overskrift}`));
    await expect(page.getByRole("heading", { name: "Importmeldingen er frigitt" })).toHaveCount(0);
    // Decided before arrival: not arrived, and no reception control expected (ADR 041)
    const fysisk = kort(page, "Fysisk kontroll");
    await expect(fysisk).toContainText(/Ankommet\s*Ikke meldt ankommet\s*Mottakskontrollør/);
    await expect(fysisk).toContainText("Ingen mottakskontroll: Mattilsynet vurderte sendingen før den ankom");
    await expect(fysisk).not.toContainText("Ikke gjennomført");
    await expect(tracker(page).getByRole("listitem")).toHaveText([/Registrert/, new RegExp(overskrift)]);
    await sjekkUu(page);
  }
});

test("frigitt før ankomst: statusen, listene, forsiden og historikken sier det, og ingen mottakskontroll ventes", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const id = await registrert(page);
  const nummer = (await page.locator(".meldingsnummer").textContent())!.trim();
  // SPEC's «forhåndsfrigitte»: the authority releases it before the shipment has arrived (ADR 041).
  await vurder(page, id, { status: "FRIGITT" });

  await page.goto(`/importmelding/${id}`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  await expect(page).toHaveTitle(`Vurdert før ankomst – Forhåndsmelding ${nummer} – Digital forhåndsmelding`);
  await expect(page.locator(".merkerad").first()).toHaveText(/^Frigitt før ankomst/);
  // The tracker: registered, then released before arrival; never «Ankommet ✓ (fullført)»
  await expect(tracker(page).getByRole("listitem")).toHaveText([
    /Registrert \(fullført\)$/,
    /Frigitt før ankomst \(fullført\)$/,
  ]);
  await expect(tracker(page)).not.toContainText("Ankommet");
  const vurdering = kort(page, "Vurdering");
  await expect(vurdering.getByRole("heading", { name: "Frigitt før ankomst", exact: true })).toBeVisible();
  await expect(vurdering).toContainText("før den var ankommet. Varene kan tas i bruk når de kommer.");
  await expect(vurdering).toContainText("Det skal ikke gjøres mottakskontroll.");
  const fysisk = kort(page, "Fysisk kontroll");
  await expect(fysisk).toContainText(/Ankommet\s*Ikke meldt ankommet/);
  await expect(fysisk).toContainText("Ingen mottakskontroll: Mattilsynet vurderte sendingen før den ankom");
  const historikk = page.locator("section#historikk .historikk__hendelse").first();
  await expect(historikk).toContainText("Vurdert av Mattilsynet før ankomst: Frigitt");
  await expect(historikk).toContainText("Sendingen var ikke ankommet. Det skal ikke gjøres mottakskontroll.");
  await sjekkUu(page);

  // No reception control: its pages lead back to the assessment
  for (const sti of ["mottakskontrolloer", "mottakskontroll", "mottakskontroll/innhold-samsvarer"]) {
    await page.goto(`/importmelding/${id}/${sti}`);
    await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  }

  // The list, under 'Vurdert', and home's assessed list say the same
  await page.goto(`/importmeldinger?status=VURDERT&nummer=${nummer}`);
  const element = page.locator(".sertifikatkort").filter({ has: page.getByRole("link", { name: nummer }) });
  await expect(element.locator(".merke")).toHaveText("Frigitt før ankomst");
  await expect(element.getByRole("link", { name: /Fysisk kontroll/ })).toHaveCount(0);
  await sjekkUu(page);
  await page.goto("/");
  const hjemme = page
    .getByTestId("vurderte")
    .locator(".sertifikatkort")
    .filter({ has: page.getByRole("link", { name: nummer }) });
  await expect(hjemme.locator(".merke")).toHaveText("Frigitt før ankomst");
  await expect(
    page.getByTestId("forhaandsmeldt").getByRole("link", { name: nummer, exact: true }),
  ).toHaveCount(0);
  await sjekkUu(page);
});

test("mottakskontrolløren (Ola Hansen, Grønt Mottak) ser ikke eierens handlinger", async ({
  browser,
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const id = await registrert(page);

  const ctx = await browser.newContext();
  const ola = await ctx.newPage();
  await loggInnOgVelg(ola, PERSONER.ola, /Grønt Mottak AS avd\. Alnabru/);
  await ola.goto(`/importmelding/${id}`);
  await expect(ola).toHaveURL(new RegExp(`/importmelding/${id}/registrert$`));
  await expect(ola.getByRole("link", { name: "Start kontroll" })).toBeVisible();
  await expect(ola.getByRole("link", { name: "Trekk tilbake" })).toHaveCount(0);
  await expect(ola.getByRole("link", { name: /Endre/ })).toHaveCount(0);
  await expect(ola.getByText("Egen referanse: Ikke angitt")).toBeVisible();
  await sjekkUu(ola);
  // Not by URL either
  await ola.goto(`/importmelding/${id}/registrert?endre=ankomst`);
  await expect(ola.getByRole("heading", { name: "Endre ankomst" })).toHaveCount(0);
  await ola.goto(`/importmelding/${id}/registrert?trekk=1`);
  await expect(ola.getByRole("heading", { name: "Trekk forhåndsmelding" })).toHaveCount(0);

  // The controller does the control and marks the shipment arrived
  await ola.getByRole("link", { name: "Start kontroll" }).click();
  await expect(ola).toHaveURL(/mottakskontrolloer$/);
  await expect(ola.getByLabel("Navn")).toHaveValue("Ola Hansen");
  await ola.getByLabel("Telefonnummer").fill("92345678");
  await ola.getByRole("button", { name: "Start mottakskontrollen" }).click();
  await ola.getByLabel("Innholdet i sendingen samsvarer med sertifikatet").check();
  await ola.getByRole("button", { name: "Bekreft" }).click();
  await ola.getByLabel("Sendingen er ikke fri for andre planteskadegjørere").check();
  await ola.getByLabel(/Melding til Mattilsynet/).fill("Trips på én pall.");
  await ola.getByRole("button", { name: "Fullfør fysisk kontroll" }).click();
  await expect(ola).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  await expect(kort(ola, "Fysisk kontroll")).toContainText(
    /Mottakskontrollør\s*Grønt Mottak AS avd\. Alnabru, Ola Hansen, 92345678/,
  );
  await sjekkUu(ola);
  await ctx.close();

  // The importer sees the controller's result
  await page.goto(`/importmelding/${id}`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  await expect(kort(page, "Fysisk kontroll")).toContainText("Melding til Mattilsynet:Trips på én pall.");
});

test("varelinjer nummerert fra 0 (som i ekte ePhyto): opprettelse, mottakskontroll med faktiske mengder og kvittering", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const s = await nySertifikat(page.request, { prosjekt: prosjekt(), mottaker, foersteLinjenummer: 0 });
  const id = await opprett(page, s);
  await fyllUt(page, id);
  // The summary's goods table starts at line 0, and the intended use is in Norwegian
  await expect(page.getByRole("cell", { name: "0", exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  const kvitteringUrl = (await page.getByRole("link", { name: "Kvittering (PDF)" }).getAttribute("href"))!;

  await page.goto(`/importmelding/${id}/mottakskontrolloer`);
  await page.getByLabel("Navn").fill("Kari Nordmann");
  await page.getByLabel("Telefonnummer").fill("91234567");
  await page.getByRole("button", { name: "Start mottakskontrollen" }).click();
  await expect(page).toHaveURL(/mottakskontroll\/innhold-samsvarer$/);
  await page.getByLabel("Det er færre varer enn oppgitt i sertifikatet").check();
  await expect(page.getByRole("group", { name: /^Varelinje 0: Rose/ })).toBeVisible();
  await page.getByLabel(/Faktisk antall \(oppgitt 100/).fill("80");
  await page.getByLabel(/Faktisk nettovekt \(oppgitt 50/).fill("40");
  await page.getByRole("button", { name: "Bekreft" }).click();
  // Before the fix: 'Noe gikk galt — Fant ikke varelinjen i sertifikatet'
  await expect(page).toHaveURL(/mottakskontroll\/skadegjoerere$/);
  await page.locator("input[name=svar]:not([data-avvik])").first().check();
  await page.getByRole("button", { name: "Fullfør fysisk kontroll" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  const tabell = page.getByRole("table", { name: "Faktisk mengde" });
  await expect(tabell.getByRole("row").nth(1)).toContainText("0: RoseAntall100 stk80");
  await expect(tabell.getByRole("row").nth(2)).toContainText("0: RoseNettovekt50 kg40");
  await sjekkUu(page);

  // The receipt: line 0 with its actual quantities, intended use and plant part in Norwegian
  const kvittering = await page.request.get(kvitteringUrl);
  expect(kvittering.status()).toBe(200);
  const tekst = pdfSider(await kvittering.body())
    .flat()
    .join("\n");
  expect(tekst).toContain("0. Rosa canina – Rose");
  expect(tekst).toMatch(/Antall: 100 stk \(faktisk: 80\)/);
  expect(tekst).toContain("Tilsiktet bruk: Planting");
  expect(tekst).toContain("Plantedel: Planter");
  expect(tekst).not.toContain("Plants");
});
