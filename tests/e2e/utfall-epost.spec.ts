// The authority's outcome pushed by e-mail (issue 24 §2, ADR 034): a notification submitted in the app and
// rejected through the authority's endpoint arrives as one e-mail in the development mail catcher
// (/dev/epost), naming the notification, the certificate, the outcome and that the decision letter follows,
// with a working link to the notification; the preference "Varsle meg om vurderinger" on the Varslinger
// page, on by default, switched off and on with JavaScript and without; and «Språk i e-postvarsel» (issue 33,
// ADR 055): the alert and the outcome e-mail in nynorsk and in English.
import type { Page } from "@playwright/test";
import { ORG } from "../../dev/demo-data";
import { nySertifikat, vurderSomMyndighet } from "./data";
import { expect, jsPaa, sjekkUu, TIDSGRENSE_LANG, tabTil, test } from "./helpers";
import { fyllUt, loggInnKari, opprett, prosjekt } from "./veiviser";
import { bekreftRegelverk, loggInnEgen } from "./virksomheter";

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

/** The texts of the e-mails in nynorsk and English the test looks for (the catalogue `epost`). */
const EPOST = {
  nn: {
    navn: "Nynorsk",
    varselEmne: (nummer: string) => `Nytt sertifikat ${nummer} frå Nederland`,
    varselTekst: "Mattilsynet har fått eit plantesunnheitssertifikat der verksemda står som mottakar.",
    varselTittel: (importoer: string) => `Nytt sertifikat til ${importoer}`,
    forhaandsmelding: "Førehandsmelding",
    utfallTekst: "Du får denne e-posten fordi verksemda har slått på varsel om vurderingar.",
    lagret: "Varsler på e-post skrives nå på nynorsk.",
  },
  en: {
    navn: "English",
    varselEmne: (nummer: string) => `New certificate ${nummer} from Netherlands`,
    varselTekst:
      "Mattilsynet (the Norwegian Food Safety Authority) has received a phytosanitary certificate naming your organisation as consignee.",
    varselTittel: (importoer: string) => `New certificate for ${importoer}`,
    forhaandsmelding: "Prior notification",
    utfallTekst: "You receive this e-mail because your organisation has turned on alerts about decisions.",
    lagret: "Varsler på e-post skrives nå på engelsk.",
  },
} as const;

/** Chooses the e-mail language under Varslinger and saves it, by keyboard (radio buttons and «Lagre språk»). */
async function velgEpostSprak(page: Page, sprak: "nn" | "en") {
  await page.goto("/innstillinger?side=Varslinger");
  const gruppe = page.getByRole("group", { name: "Språk i e-postvarsel" });
  const valg = gruppe.getByRole("radio", { name: EPOST[sprak].navn });
  await tabTil(page, gruppe.getByRole("radio", { checked: true }));
  // Arrow keys move the choice within the group, as in any radio group.
  for (let i = 0; i < 3 && !(await valg.isChecked()); i++) await page.keyboard.press("ArrowDown");
  await expect(valg).toBeChecked();
  await tabTil(page, page.getByRole("button", { name: "Lagre språk" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: EPOST[sprak].lagret })).toBeVisible();
  await page.goto("/innstillinger?side=Varslinger");
  await expect(valg).toBeChecked();
}

/** Reloads the catcher's list until an e-mail whose subject matches is there, and opens it. */
async function aapneEpost(page: Page, emne: string | RegExp) {
  const lenke = page.getByRole("link", { name: emne });
  await expect(async () => {
    await page.goto("/dev/epost");
    await expect(lenke).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 90_000 });
  await expect(lenke).toHaveCount(1);
  await lenke.click();
}

test("e-postene kommer på språket virksomheten har valgt i «Språk i e-postvarsel»: nynorsk og engelsk", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  // An organisation of the test's own: its language and addresses are changed (ADR 052). One project has the
  // alert in nynorsk and the outcome in English, the other the other way round.
  const { virksomhet } = await loggInnEgen(page, "Epostsprak");
  const [foerst, saa] = jsPaa() ? (["nn", "en"] as const) : (["en", "nn"] as const);
  await page.goto("/innstillinger?side=Varslinger");
  // The person turned the alerts on (by registering the organisation) in bokmål: the default.
  await expect(
    page.getByRole("group", { name: "Språk i e-postvarsel" }).getByRole("radio", { name: "Bokmål" }),
  ).toBeChecked();
  await page.getByLabel("Ny e-postadresse").fill(`varsel-${virksomhet.orgnr}@example.no`);
  await page.getByRole("button", { name: "Legg til e-postadresse" }).click();
  await expect(page.getByRole("status").filter({ hasText: "E-postadressen er lagt til." })).toBeVisible();
  await velgEpostSprak(page, foerst);
  await sjekkUu(page);

  // The alert about a new certificate, in the first language.
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: virksomhet.navn, organisasjonsnummer: virksomhet.orgnr },
    medDeklarasjon: false,
    kunDokumentkontroll: true,
  });
  await aapneEpost(page, EPOST[foerst].varselEmne(s.sertifikatnummer));
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", foerst);
  await expect(page.locator("pre")).toHaveAttribute("lang", foerst);
  await expect(page.locator("pre")).toContainText(EPOST[foerst].varselTekst);
  await sjekkUu(page);
  await page.getByRole("link", { name: "Vis HTML-utgaven av e-posten" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", foerst);
  await expect(
    page.getByRole("heading", { name: EPOST[foerst].varselTittel(virksomhet.navn), level: 1 }),
  ).toBeVisible();
  await sjekkUu(page);

  // A change of the setting counts for the e-mails after it: the outcome comes in the second language.
  await velgEpostSprak(page, saa);
  await bekreftRegelverk(page);
  const id = await opprett(page, s);
  await fyllUt(page, id, `innmelder-${virksomhet.orgnr}@example.no`, null);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/`));
  const nummer = /IM-\d{4}-\d+/.exec((await page.locator("main").textContent()) ?? "")?.[0];
  expect(nummer).toBeTruthy();
  await aapneEpost(page, new RegExp(`^${EPOST[saa].forhaandsmelding} ${nummer}: `));
  await expect(page.locator("pre")).toHaveAttribute("lang", saa);
  await expect(page.locator("pre")).toContainText(EPOST[saa].utfallTekst);
  await sjekkUu(page);
  await page.getByRole("link", { name: "Vis HTML-utgaven av e-posten" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", saa);
  await expect(
    page.getByRole("heading", { name: `${EPOST[saa].forhaandsmelding} ${nummer}`, level: 2 }),
  ).toBeVisible();
});
