// Issue 23 "Spec fidelity": each finding of the walk of SPEC.md as a test of the page, with JavaScript on
// (js-pa) and off (js-av). Every test makes its own certificates and notifications, and a test that changes an
// organisation (its controllers, its confirmation of the regulations, its e-mail addresses) registers its own
// (tests/e2e/virksomheter.ts, ADR 052).
import type { Locator, Page } from "@playwright/test";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml, type SertifikatInput, type VarelinjeInput } from "../../dev/ephyto/generate";
import { osloDato } from "../../domain/format";
import { HUB_API_KEY, sertifikatUrl, type TestSertifikat } from "./data";
import { expect, jsPaa, sjekkUu, test } from "./helpers";
import { fyllAnkomst, loggInnKari, opprett, osloDatoOm, prosjekt } from "./veiviser";
import {
  bekreftRegelverk,
  type EgenVirksomhet,
  egneVirksomheter,
  loggInnEgen,
  loggInnSom,
  utnevnKontrolloer,
  velg,
} from "./virksomheter";

const paa = () => prosjekt() === "js-pa";
/**
 * An importer of the test's own (v) that has appointed a reception controller of the test's own (k), both
 * departments of one main unit, and logged in as the person who acts for both; v is chosen (ADR 052).
 */
async function medKontrolloer(page: Page, navn: string) {
  const { person, virksomheter } = await egneVirksomheter(page.request, navn, 2);
  const [v, k] = virksomheter as [EgenVirksomhet, EgenVirksomhet];
  await loggInnSom(page, person);
  await utnevnKontrolloer(page, v, k);
  return { person, v, k };
}
const re = (s: string) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

const PLANTER: VarelinjeInput[] = [
  {
    navn: "Rose",
    botaniskNavn: "Rosa canina",
    plantedel: "Plants",
    tilsiktetBruk: "Planting",
    antall: { verdi: 100, enhet: "H87" },
    nettoVekt: { verdi: 50, enhet: "KGM" },
    opprinnelsesland: ["NL"],
  },
];

let teller = 0;

/** A certificate through the Hub endpoint, with the goods lines and receiver given. */
async function lever(
  page: Page,
  opts: {
    mottaker: { navn: string; orgnr: string };
    varelinjer?: VarelinjeInput[];
    erstatter?: string;
  },
): Promise<TestSertifikat> {
  teller += 1;
  const dato = osloDato(new Date());
  const nummer = `PHYTO.NL.2026.S${paa() ? "1" : "2"}${Date.now() % 1_000_000}${teller}`;
  const input: SertifikatInput = {
    nummer,
    utstedt: `${dato}T09:00:00`,
    utsteder: "Nederlandse Voedsel- en Warenautoriteit",
    avsender: { navn: "Kwekerij Spek B.V.", adresse: ["Naaldwijkseweg 5", "2691 RA 's-Gravenzande"] },
    mottaker: { navn: opts.mottaker.navn, organisasjonsnummer: opts.mottaker.orgnr },
    eksportland: "NL",
    varelinjer: opts.varelinjer ?? PLANTER,
    erstatter: opts.erstatter ? { nummer: opts.erstatter, aarsak: "Feil mengde" } : undefined,
  };
  const res = await page.request.post("/import/ephyto/v1/sertifikat", {
    headers: { "X-Api-Key": HUB_API_KEY, "Content-Type": "application/xml" },
    data: lagSertifikatXml(input),
  });
  expect(res.status(), await res.text()).toBe(201);
  return { sertifikatnummer: nummer, dato, avsenderland: "NL" };
}

const DRAMMEN = { navn: "Hageland Import AS avd. Drammen", orgnr: ORG.hagelandDrammen };

/** A dialog of the spec: a modal <dialog> with JavaScript, a page section without. */
async function forventDialog(page: Page, tittel: string): Promise<Locator> {
  const overskrift = page.getByRole("heading", { name: tittel, level: 2 });
  await expect(overskrift).toBeVisible();
  await page.waitForLoadState("load");
  if (jsPaa()) {
    const dialog = page.locator("dialog.dialog").filter({ has: overskrift });
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    return dialog;
  }
  const seksjon = page.locator("section.dialog-seksjon").filter({ has: overskrift });
  await expect(seksjon).toBeVisible();
  return seksjon;
}

/** The card (section) headed `tittel`. */
const kort = (page: Page, tittel: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: tittel, exact: true }) });

/** Through the wizard from innmelder to the summary, choosing `kontrolloerNavn` as reception controller. */
async function gjennomVeiviseren(page: Page, id: string, kontrolloerNavn: RegExp) {
  await page.goto(`/importmelding/${id}/innmelder`);
  await page.getByLabel("E-post").fill("spek@example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll|ankomst-info/);
  while (page.url().includes("/dokumentkontroll/")) {
    const url = page.url();
    await page.locator("input[name=svar]:not([data-avvik])").first().check();
    await page.getByRole("button", { name: "Lagre og gå videre" }).click();
    await expect(page).not.toHaveURL(url);
  }
  await fyllAnkomst(page, {
    adresse: "Strandgata 30",
    postnummer: "6900",
    poststed: "Florø",
    dato: osloDatoOm(20),
    kontrolloer: kontrolloerNavn,
  });
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await page.waitForLoadState("load");
  await page.getByRole("button", { name: "Jeg forstår – lagre" }).click();
  await expect(page).toHaveURL(/oppsummering$/);
}

/** A notification of Kari's (Hageland Drammen) registered through the wizard, controller Alnabru. */
async function registrertForKari(page: Page): Promise<string> {
  const s = await lever(page, { mottaker: DRAMMEN });
  const id = await opprett(page, s);
  await gjennomVeiviseren(page, id, /Grønt Mottak AS avd\. Alnabru/);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  return id;
}

test.describe("sak 23 punkt 1: sertifikat uten varelinjer", () => {
  test("kan ikke meldes: ingen Opprett-knapp, og sertifikatsiden sier hvorfor", async ({ page }) => {
    await loggInnKari(page);
    const s = await lever(page, { mottaker: DRAMMEN, varelinjer: [] });
    await page.goto(sertifikatUrl(s));
    await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();
    const handling = page.getByRole("region", { name: "Digital forhåndsmelding" });
    await expect(handling).toContainText("Sertifikatet har ingen varelinjer og kan derfor ikke behandles.");
    await expect(page.getByRole("button", { name: "Opprett digital forhåndsmelding" })).toHaveCount(0);
    await sjekkUu(page);
  });
});

test.describe("sak 23 punkt 2: visImportmelding av skjuler alt om forhåndsmeldinger", () => {
  test("forsiden, forhåndsmeldingssidene, kvitteringen, sertifikatlisten og sertifikatsiden", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loggInnKari(page);
    // With the flag on (the server's setting): a draft of a new certificate, and a registered one's receipt.
    const s = await lever(page, { mottaker: DRAMMEN });
    const utkast = await opprett(page, s);
    await page.goto("/");
    const forhaandsmeldt = page.getByTestId("forhaandsmeldt");
    const registrertLenke = forhaandsmeldt.getByRole("link", { name: /^IM-/ }).first();
    const registrertUrl = (await registrertLenke.getAttribute("href"))!;
    await page.goto(registrertUrl);
    const kvittering = (await page.getByRole("link", { name: "Kvittering (PDF)" }).getAttribute("href"))!;
    expect((await page.request.get(kvittering)).status()).toBe(200);
    await page.goto("/sertifikater");
    await expect(page.getByText(/Forhåndsmelding: /).first()).toBeVisible();

    // Off for this browser
    await page.goto("/test/importmelding");
    await page.getByLabel(/Vis forhåndsmeldinger/).uncheck();
    await page.getByRole("button", { name: "Lagre" }).click();
    await expect(page).toHaveURL(/lagret=1/);

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Nye sertifikater" })).toBeVisible();
    for (const tittel of [
      "Påbegynte forhåndsmeldinger",
      "Forhåndsmeldt",
      "Venter på vurdering",
      "Vurdert de siste 2 ukene",
    ])
      await expect(page.getByRole("heading", { name: tittel, exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Fortsett/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Slett/ })).toHaveCount(0);
    await expect(page.locator('a[href^="/importmelding"]')).toHaveCount(0);
    await sjekkUu(page);

    // The notification pages and the receipt are not there
    for (const sti of [`/importmelding/${utkast}/avsender`, registrertUrl]) {
      await page.goto(sti);
      await expect(page).toHaveURL(/\/$/);
    }
    expect((await page.request.get(kvittering)).status()).toBe(404);

    // Lists and the certificate say nothing about notifications
    await page.goto("/sertifikater");
    await expect(page.getByRole("heading", { name: "Alle ePhytosertifikater" })).toBeVisible();
    await expect(page.getByRole("main").getByText(/Forhåndsmelding: /)).toHaveCount(0);
    await page.goto(sertifikatUrl(s));
    await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Digital forhåndsmelding" })).toHaveCount(0);
    await expect(page.getByText(/Forhåndsmelding:/)).toHaveCount(0);
    await sjekkUu(page);
  });
});

test.describe("sak 23 punkt 3: mottakskontroll gjort av importøren selv", () => {
  test("registreres på virksomheten som gjorde den, ikke på den utnevnte mottakskontrolløren", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loggInnKari(page);
    const id = await registrertForKari(page);
    await page.goto(`/importmelding/${id}/mottakskontrolloer`);
    await expect(page.getByLabel("Navn")).toHaveValue("Kari Nordmann");
    await expect(page.getByLabel("Telefonnummer")).toHaveValue("91234567");
    await page.getByRole("button", { name: "Start mottakskontrollen" }).click();
    await expect(page).toHaveURL(/mottakskontroll\/innhold-samsvarer$/);
    await page.getByLabel("Innholdet i sendingen samsvarer med sertifikatet").check();
    await page.getByRole("button", { name: "Bekreft" }).click();
    await expect(page).toHaveURL(/mottakskontroll\/skadegjoerere$/);
    await page.getByLabel("Sendingen er fri for planteskadegjørere", { exact: true }).check();
    await page.getByRole("button", { name: "Fullfør fysisk kontroll" }).click();
    await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet`));
    const fysisk = kort(page, "Fysisk kontroll");
    await expect(fysisk).toContainText(
      /Mottakskontrollør\s*Hageland Import AS avd\. Drammen, Kari Nordmann, 91234567/,
    );
    await expect(fysisk).toContainText(/Utnevnt mottakskontrollør\s*Grønt Mottak AS avd\. Alnabru/);
    await expect(fysisk).not.toContainText("Grønt Mottak AS avd. Alnabru, Kari Nordmann");
    await sjekkUu(page);
  });
});

test.describe("sak 23 punkt 4 og 9 (statusforløp): en tilbaketrukket forhåndsmelding er ikke vurdert", () => {
  test("ikke i forsidens 'Vurdert' eller i statusfilteret 'Vurdert', og statusforløpet har ikke noe neste steg", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loggInnKari(page);
    const id = await registrertForKari(page);
    const nummer = (await page.locator(".meldingsnummer").textContent())!.trim();
    await page.goto(`/importmelding/${id}/registrert?trekk=1`);
    await page.getByRole("button", { name: "Trekk forhåndsmelding" }).click();
    await expect(page).toHaveURL(/trukket=1/);
    await expect(page.getByRole("heading", { name: "Forhåndsmeldingen er trukket tilbake" })).toBeVisible();

    const forloep = page.getByRole("list", { name: "Status for forhåndsmeldingen" });
    await expect(forloep).toBeVisible();
    await expect(forloep).not.toContainText("(neste)");
    await expect(forloep.locator("[aria-current]")).toHaveCount(0);
    await expect(forloep).toContainText("Trukket tilbake");
    await sjekkUu(page);

    await page.goto("/");
    await expect(page.getByTestId("vurderte")).toBeVisible();
    await expect(page.getByTestId("vurderte")).not.toContainText(nummer);
    await page.goto(`/importmeldinger?status=VURDERT&nummer=${nummer}`);
    await expect(page.getByText("Vi fant ingen treff med gjeldende filter.")).toBeVisible();
    await page.goto(`/importmeldinger?nummer=${nummer}`);
    await expect(page.getByRole("link", { name: nummer })).toBeVisible();
  });
});

test.describe("sak 23 punkt 5: en mottakskontrollør som ikke lenger er utnevnt", () => {
  test("registrert-siden sier det, og 'Endre' sier 'Vi fant ikke mottakskontrolløren du har valgt.'", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    // Confirmed the regulations, appointed its own controller.
    const { v, k } = await medKontrolloer(page, "Utnevnelse");
    await bekreftRegelverk(page);
    const s = await lever(page, { mottaker: v });
    const id = await opprett(page, s);
    await gjennomVeiviseren(page, id, re(k.navn));
    await page.getByRole("button", { name: "Send inn" }).click();
    await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
    await expect(kort(page, "Fysisk kontroll")).toContainText(`Mottakskontrollør${k.navn}`);

    // The importer removes the controller it chose
    await page.goto("/innstillinger?side=Legg%20til%20mottakskontroll%C3%B8r");
    const mine = page.getByRole("list", { name: "Dine mottakskontrollører" });
    await mine.getByRole("link", { name: `Fjern ${k.navn}`, exact: true }).click();
    await page.getByRole("button", { name: "Ja, fjern" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Mottakskontrolløren er fjernet." }),
    ).toBeVisible();

    await page.goto(`/importmelding/${id}/registrert`);
    const fysisk = kort(page, "Fysisk kontroll");
    await expect(fysisk).toContainText(`${k.navn} er ikke lenger utnevnt som mottakskontrollør`);
    await sjekkUu(page);

    await page.getByRole("link", { name: /Endre ankomstinformasjon/ }).click();
    await expect(page.getByRole("heading", { name: "Endre ankomst" })).toBeVisible();
    await expect(page.getByText("Vi fant ikke mottakskontrolløren du har valgt.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Noe gikk galt" })).toBeVisible();
    await sjekkUu(page);
  });
});

test.describe("sak 23 punkt 6: innsending for en importør som ikke har bekreftet regelverket", () => {
  test("mottakskontrolløren får regelverksdialogen før innsending, ingen generell feil; etter bekreftelsen går det", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // The importer (u) has not confirmed the regulations; its controller (k), which has, prepares its notification.
    const { person, v: u, k } = await medKontrolloer(page, "Ubekreftet");
    await velg(page, k);
    await bekreftRegelverk(page);
    const s = await lever(page, { mottaker: u });
    const id = await opprett(page, s, re(u.navn));
    await gjennomVeiviseren(page, id, re(k.navn));

    // Before submitting: the summary says the importer has not confirmed, with the way to do it
    await expect(page.getByText(`${u.navn} har ikke bekreftet kjennskap til regelverket`)).toBeVisible();
    await sjekkUu(page);
    await page.getByRole("button", { name: "Send inn" }).click();
    const dialog = await forventDialog(page, "Bekreft kjennskap til regelverket");
    await expect(dialog).toContainText(`Forhåndsmeldingen kan ikke sendes inn før ${u.navn} har bekreftet`);
    await expect(page.getByText("En feil oppstod ved innsending av forhåndsmelding")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/oppsummering`));
    await expect(page.locator(".utkasthode")).toContainText("Påbegynt");
    await sjekkUu(page);

    // The importer confirms in its profile; then the controller's submission goes through
    const ctx = await browser.newContext({ javaScriptEnabled: jsPaa() });
    const ingrid = await ctx.newPage();
    await loggInnSom(ingrid, person);
    await velg(ingrid, u);
    await ingrid.goto("/innstillinger?side=Profil");
    await ingrid.getByLabel("Ja, vi bekrefter at virksomheten kjenner regelverket").check();
    await ingrid.getByLabel("Virksomheten kjenner regelverket for import av planter").check();
    await ingrid.getByRole("button", { name: "Bekreft", exact: true }).click();
    await expect(
      ingrid.getByRole("status").filter({ hasText: "Bekreftelsen av regelverket er lagret." }),
    ).toBeVisible();
    await ctx.close();

    await page.goto(`/importmelding/${id}/oppsummering`);
    await expect(page.getByText(`${u.navn} har ikke bekreftet kjennskap til regelverket`)).toHaveCount(0);
    await page.getByRole("button", { name: "Send inn" }).click();
    await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  });
});

test.describe("sak 23 punkt 8: svarene i mottakskontrollen sjekkes i nettleseren som de andre skjemaene", () => {
  test("uten svar og avvik uten kommentar: meldingen uten en tur til tjeneren (med JavaScript)", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loggInnKari(page);
    const id = await registrertForKari(page);
    await page.goto(`/importmelding/${id}/mottakskontrolloer`);
    await page.getByRole("button", { name: "Start mottakskontrollen" }).click();
    await expect(page).toHaveURL(/mottakskontroll\/innhold-samsvarer$/);
    if (jsPaa()) await expect(page.locator("html")).toHaveAttribute("data-klientvalidering", "klar");
    const poster: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") poster.push(r.url());
    });
    await page.getByRole("button", { name: "Bekreft" }).click();
    const oppsummering = page.locator(".feiloppsummering");
    await expect(oppsummering).toContainText("Du må velge et svar");
    await page.getByLabel("Det er flere eller andre varer enn oppgitt i sertifikatet").check();
    await page.getByRole("button", { name: "Bekreft" }).click();
    await expect(oppsummering).toContainText("Kommentar til avviket må spesifiseres");
    await expect(page).toHaveURL(/mottakskontroll\/innhold-samsvarer$/);
    // with JavaScript the browser stops both; without, the server answers each with the same message
    expect(poster).toHaveLength(jsPaa() ? 0 : 2);
    await sjekkUu(page);
  });
});

test.describe("sak 23 punkt 9: mindre funn", () => {
  test("en forhåndsmelding som ikke finnes, gir en 404-side som sier det", async ({ page }) => {
    await loggInnKari(page);
    const svar = await page.goto("/importmelding/99999999");
    expect(svar?.status()).toBe(404);
    await expect(page).toHaveURL(/\/importmelding\/99999999$/);
    await expect(page.getByRole("heading", { name: "Fant ikke forhåndsmeldingen", level: 1 })).toBeVisible();
    await sjekkUu(page);
  });

  test("organisasjonsnumre i 'Legg til mottakskontrollør' og 'Mottakskontrollør for' står i grupper 3-3-3", async ({
    page,
  }) => {
    const { v, k } = await medKontrolloer(page, "Grupper");
    await page.goto("/innstillinger?side=Legg%20til%20mottakskontroll%C3%B8r");
    const mine = page.getByRole("list", { name: "Dine mottakskontrollører" });
    await expect(mine.getByText(`${k.navn} (${k.formatert})`)).toBeVisible();
    await expect(page.getByRole("option", { name: "Grønt Mottak AS (912 345 955)" })).toHaveCount(1);
    await expect(page.getByText(/\(\d{9}\)/)).toHaveCount(0);
    await sjekkUu(page);

    await velg(page, k);
    await page.goto("/innstillinger?side=Registrere+som+mottakskontroll%C3%B8r");
    const kontrollerer = page.getByRole("list", { name: "Mottakskontrollør for" });
    await expect(kontrollerer).toContainText(
      `${v.navn} (${v.orgnr.replace(/(\d{3})(\d{3})(\d{3})/, "$1 $2 $3")})`,
    );
  });

  test("sen-melding-dialogen gir telefonnummeret for å melde planteskadegjørere", async ({ page }) => {
    await loggInnKari(page);
    const s = await lever(page, { mottaker: DRAMMEN });
    const id = await opprett(page, s);
    await page.goto(`/importmelding/${id}/ankomst-info`);
    await fyllAnkomst(page, {
      adresse: "Tollbugata 40",
      postnummer: "3044",
      poststed: "Drammen",
      dato: osloDatoOm(3),
    });
    await page.getByRole("button", { name: "Lagre og gå videre" }).click();
    const dialog = await forventDialog(page, "Forhåndsmeldingen må være mottatt før varene passerer grensen");
    await expect(dialog).toContainText("planteskadegjørere");
    await expect(dialog).toContainText("22 40 00 00");
    await sjekkUu(page);
  });

  test("forsiden: nye sertifikater åpnes i ny fane, og lenken sier det", async ({ page }) => {
    await loggInnKari(page);
    const s = await lever(page, { mottaker: DRAMMEN });
    await page.goto("/");
    const lenke = page.getByTestId("nye-sertifikater").getByRole("link", { name: re(s.sertifikatnummer) });
    await expect(lenke).toHaveAttribute("target", "_blank");
    await expect(lenke).toHaveAccessibleName(`${s.sertifikatnummer} (åpnes i ny fane)`);
  });

  test("forsidens filter: brukes ved endring med JavaScript, og tomme lister sier at filteret er i bruk", async ({
    page,
  }) => {
    await loggInnKari(page);
    await page.goto("/");
    await page.getByText(/^Filtrer forsiden/).click();
    await page.getByLabel("Avsenderland").selectOption("NL");
    if (!jsPaa()) await page.getByRole("button", { name: "Bruk filter" }).click();
    await expect(page).toHaveURL(/[?&]land=NL/);
    await page.getByLabel("Avsender", { exact: true }).fill("ingen-avsender-heter-slik");
    if (!jsPaa()) await page.getByRole("button", { name: "Bruk filter" }).click();
    await expect(page).toHaveURL(/avsender=ingen-avsender-heter-slik/);
    await expect(page.getByTestId("nye-sertifikater")).toContainText(
      "Vi fant ingen treff med gjeldende filter.",
    );
    await expect(page.getByText("Du har ingen nye sertifikater fra de siste 14 dagene.")).toHaveCount(0);
    await sjekkUu(page);
  });

  test("forsiden: et skjema som avvises, blir stående på forsidens adresse med det som ble skrevet", async ({
    page,
  }) => {
    // Oppstart step 2 (confirmed, no e-mail address): an address the browser accepts and the server does not
    await loggInnEgen(page, "Oppstart");
    await bekreftRegelverk(page);
    await page.goto("/");
    const epost = jsPaa()
      ? page.getByRole("dialog", { name: "Legg til e-postadresse" })
      : page.getByRole("region", { name: "Legg til e-postadresse" });
    await epost.getByRole("textbox", { name: "E-postadresse" }).fill("post@localhost");
    await epost.getByRole("button", { name: "Lagre" }).click();
    await expect(
      page.getByText("Skriv inn en gyldig e-postadresse, for eksempel navn@firma.no"),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("textbox", { name: "E-postadresse" })).toHaveValue("post@localhost");
    await sjekkUu(page);
  });

  test("forsiden: tidspunktet for forventet ankomst er tidsrommet som ble valgt", async ({ page }) => {
    await loggInnKari(page);
    await page.goto("/");
    const merker = page.getByTestId("forhaandsmeldt").locator(".merke");
    await expect(merker.first()).toBeVisible();
    for (const tekst of await merker.allTextContents())
      expect(tekst).toMatch(
        /^(Morgen \(før 08\)|Formiddag \(08-12\)|Ettermiddag \(12-16\)|Kveld \(etter 16\))/,
      );
  });

  test("et erstattet sertifikat har merket 'Erstattet' også øverst på sertifikatsiden", async ({ page }) => {
    await loggInnKari(page);
    const gammel = await lever(page, { mottaker: DRAMMEN });
    await lever(page, { mottaker: DRAMMEN, erstatter: gammel.sertifikatnummer });
    await page.goto(sertifikatUrl(gammel));
    await expect(page.getByRole("heading", { name: "Sertifikatet er erstattet" })).toBeVisible();
    const merker = page.locator(".sertifikat__hode .merkerad");
    await expect(merker).toContainText("Erstattet");
    await expect(merker).not.toContainText("Utstedt");
  });

  test("en total som ikke gjelder alle varelinjer, sier at den er delvis", async ({ page }) => {
    await loggInnKari(page);
    const s = await lever(page, {
      mottaker: DRAMMEN,
      varelinjer: [
        {
          navn: "Rose",
          botaniskNavn: "Rosa",
          plantedel: "Cut flowers",
          tilsiktetBruk: "Decoration",
          nettoVekt: { verdi: 500, enhet: "KGM" },
          bruttoVekt: { verdi: 530, enhet: "KGM" },
          opprinnelsesland: ["NL"],
        },
        {
          navn: "Tulipan",
          botaniskNavn: "Tulipa",
          plantedel: "Cut flowers",
          tilsiktetBruk: "Decoration",
          nettoVekt: { verdi: 45.5, enhet: "KGM" },
          opprinnelsesland: ["NL"],
        },
      ],
    });
    await page.goto(sertifikatUrl(s));
    await expect(page.getByText(/Total nettovekt\s*545,5 kg/)).toBeVisible();
    await expect(page.getByText(/Total bruttovekt\s*530 kg \(oppgitt for 1 av 2 varelinjer\)/)).toBeVisible();
    await expect(page.getByText(/Total nettovekt\s*545,5 kg \(oppgitt/)).toHaveCount(0);
  });

  test("oppstartens steg 2 sier at varslene gjelder sertifikater", async ({ page }) => {
    // Confirmed the regulations, no e-mail address.
    await loggInnEgen(page, "Oppstart");
    await bekreftRegelverk(page);
    await page.goto("/");
    const epost = jsPaa()
      ? page.getByRole("dialog", { name: "Legg til e-postadresse" })
      : page.getByRole("region", { name: "Legg til e-postadresse" });
    await expect(epost).toContainText("Vi sender varsler om nye sertifikater");
    await expect(epost).not.toContainText("forhåndsmeldingene");
  });
});
