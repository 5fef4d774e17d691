import { expect, type Page, test } from "@playwright/test";
import { nySertifikat, sertifikatUrl } from "./data";
import { PERSONER, sjekkUu, tabTil } from "./helpers";
import { fyllAnkomst, fyllUt, loggInnKari, loggInnOgVelg, opprett, prosjekt } from "./veiviser";

const feilOppsummering = (page: Page) => page.locator(".feiloppsummering");

test("fra sertifikat til innsendt forhåndsmelding, med alle valideringsmeldinger", async ({ page }) => {
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
  for (const melding of [
    "Adresselinje 1 er påkrevd",
    "Postnummer er påkrevd",
    "Poststed er påkrevd",
    "Dato er påkrevd",
    "Du er nødt til å velge en mottakskontrollør.",
  ]) {
    await expect(feilOppsummering(page)).toContainText(melding);
  }
  await sjekkUu(page);
  await fyllAnkomst(page, {
    adresse: "Tollbugata 40",
    postnummer: "30a4",
    poststed: "Drammen",
    dato: "2026-12-01",
  });
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(feilOppsummering(page)).toContainText("Postnummer må bestå av siffer");
  await expect(page.getByLabel("Adresselinje 1")).toHaveValue("Tollbugata 40");
  await page.getByLabel("Postnummer").fill("3044");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  const dialog = page.getByRole("heading", { name: /før varene passerer grensen/ });
  await expect(dialog).toBeVisible();
  await expect(page.getByText(/stoppet på grensen/)).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("button", { name: "Jeg forstår – lagre" }).click();

  // Summary: answers with 'Rediger svar' to the deviation, arrival, shipment
  await expect(page).toHaveURL(/oppsummering$/);
  await expect(page.getByText("Ordre 4711")).toBeVisible();
  await expect(page.getByText("Melding til Mattilsynet:")).toBeVisible();
  await expect(page.getByRole("link", { name: /Rediger svar/ })).toHaveAttribute(
    "href",
    `/importmelding/${id}/dokumentkontroll/tilleggserklaering`,
  );
  await expect(page.getByText(/01\.12\.2026, ettermiddag/)).toBeVisible();
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
  await expect(b.getByText(/endret i en annen fane eller av en annen bruker/)).toBeVisible();
  await b.goto(`/importmelding/${id}/innmelder`);
  await expect(b.getByLabel("E-post")).toHaveValue("forste@example.no");
  await ctx.close();
});

test("bekreftelse av regelverket ved innsending, og sletting av et utkast", async ({ browser, page }) => {
  // The reception controller prepares a notification for an importer that has not confirmed the regulations.
  const blomsterbud =
    prosjekt() === "js-pa" ? /Blomsterbud Vest AS avd\. Bergen/ : /Blomsterbud Vest AS avd\. Ålesund/;
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Blomsterbud Vest AS" },
  });
  await loggInnOgVelg(page, PERSONER.ola, /Grønt Mottak AS avd\. Alnabru/);
  await page.goto(sertifikatUrl(s));
  await expect(page.getByRole("group", { name: "Ansvarlig importør" })).toBeVisible();
  await sjekkUu(page);
  const id = await opprett(page, s, blomsterbud);
  await fyllUt(page, id, "ola@grontmottak.example.no");

  // The importer opens the prepared notification and submits it: the confirmation dialog opens instead.
  const ctx = await browser.newContext();
  const ingrid = await ctx.newPage();
  await loggInnOgVelg(ingrid, PERSONER.ingrid, blomsterbud);
  await ingrid.goto(`/importmelding/${id}/oppsummering`);
  await ingrid.getByRole("button", { name: "Send inn" }).click();
  await expect(ingrid.getByRole("heading", { name: "Bekreft kjennskap til regelverket" })).toBeVisible();
  await expect(ingrid).toHaveURL(/oppsummering/);
  await ingrid.getByRole("button", { name: "Bekreft og send inn" }).click();
  await expect(feilOppsummering(ingrid)).toContainText("Du må velge et alternativ");
  await ingrid.getByLabel("Ja, vi bekrefter at virksomheten kjenner regelverket").check();
  await ingrid.getByRole("button", { name: "Bekreft og send inn" }).click();
  await expect(feilOppsummering(ingrid)).toContainText(
    "Denne boksen må hukes av for at din bedrift skal kunne melde import.",
  );
  await sjekkUu(ingrid);
  await ingrid.getByLabel("Ja, vi bekrefter at virksomheten kjenner regelverket").check();
  await ingrid.getByLabel("Virksomheten kjenner regelverket for import av planter").check();
  await ingrid.getByRole("button", { name: "Bekreft og send inn" }).click();
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
  await expect(page.getByRole("heading", { name: "Slett forhåndsmelding" })).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("button", { name: "Ja, slett forhåndsmeldingen" }).click();
  await expect(page).toHaveURL(/\/(\?slettet=1)?$/);
  await page.goto(`/importmelding/${id2}/avsender`);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(sertifikatUrl(s2));
  await expect(page.getByRole("button", { name: "Opprett digital forhåndsmelding" })).toBeVisible();
});

test("hele veiviseren med bare tastaturet", async ({ page }) => {
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
    medDeklarasjon: false,
  });
  await loggInnKari(page);
  await page.goto(sertifikatUrl(s));
  const trykk = async (name: string | RegExp, rolle: "button" | "link" = "button") => {
    await tabTil(page, page.getByRole(rolle, { name }), 200);
    await page.keyboard.press("Enter");
  };
  await trykk("Opprett digital forhåndsmelding");
  await expect(page).toHaveURL(/avsender$/);
  await trykk("Bekreft og gå videre", "link");
  await expect(page).toHaveURL(/innmelder$/);
  await tabTil(page, page.getByLabel("E-post"));
  await page.keyboard.type("tastatur@example.no");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/dokumentkontroll\/tilsiktetbruk$/);
  // radios: Tab to the group, Space selects the focused option
  await tabTil(page, page.locator("input[name=svar]").first());
  await page.keyboard.press("Space");
  await trykk("Lagre og gå videre");
  await expect(page).toHaveURL(/ankomst-info$/);
  for (const [felt, verdi] of [
    ["Adresselinje 1", "Storgata 1"],
    ["Postnummer", "3044"],
    ["Poststed", "Drammen"],
  ] as const) {
    await tabTil(page, page.getByLabel(felt, { exact: true }));
    await page.keyboard.type(verdi);
  }
  await tabTil(page, page.getByLabel("Dato"));
  await page.getByLabel("Dato").pressSequentially("01122026");
  await tabTil(page, page.getByLabel(/Grønt Mottak/));
  await page.keyboard.press("Space");
  await trykk("Lagre og gå videre");
  await trykk("Jeg forstår – lagre");
  await expect(page).toHaveURL(/oppsummering$/);
  await trykk("Send inn");
  await expect(page).toHaveURL(/registrert/);
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toBeVisible();
});
