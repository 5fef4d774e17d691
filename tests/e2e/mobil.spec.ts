// Phones and zoom (WCAG 1.4.10 reflow, 1.4.4 resize text, 2.4.11 focus not obscured, 2.1.1 keyboard). Runs
// only in the projects mobil-320 (320 × 640) and zoom-200 (720 px: what a 1440 px window lays out at 200 %
// zoom; deviceScaleFactor does not zoom CSS). One browser context walks every route once per viewport.
import type { Locator, Page } from "@playwright/test";
import { nySertifikat, sertifikatUrl } from "./data";
import { expect, loggInn, PERSONER, sjekkUu, TIDSGRENSE_LANG, tabTil, test } from "./helpers";
import { fyllAnkomst, osloDatoOm, prosjekt } from "./veiviser";

const mottaker = { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" };

/** No page wider than the viewport: the page never scrolls sideways (tables scroll in their own frame). */
async function ingenSiderulling(page: Page, navn: string) {
  await page.waitForLoadState("load");
  const { bredde, vindu, brede } = await page.evaluate(() => {
    const vindu = window.innerWidth;
    // For the message: the outermost elements that reach past the right edge.
    const brede = [...document.querySelectorAll("body *")]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > vindu + 0.5 ||
          (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible"),
      )
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= vindu + 0.5)
      .slice(0, 4)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { bredde: document.documentElement.scrollWidth, vindu, brede };
  });
  expect
    .soft(bredde, `${navn} er ${bredde} px bred i et vindu på ${vindu} px (${brede.join(", ")})`)
    .toBeLessThanOrEqual(vindu);
}

/** The element lies wholly inside the viewport (not off-screen to either side). */
async function innenforSkjermen(locator: Locator) {
  const boks = await locator.boundingBox();
  const vindu = locator.page().viewportSize()!;
  expect(boks, `${locator} vises ikke`).not.toBeNull();
  expect(boks!.x, `${locator} starter utenfor skjermen`).toBeGreaterThanOrEqual(0);
  expect(boks!.x + boks!.width, `${locator} slutter utenfor skjermen`).toBeLessThanOrEqual(vindu.width);
}

/** A goods table that is wider than its frame: reached by Tab, scrolled by the arrow keys. */
async function rullbarTabell(page: Page, etikett: string) {
  const ramme = page.getByRole("region", { name: etikett });
  await expect(ramme).toBeVisible();
  const { bred } = await ramme.evaluate((el) => ({ bred: el.scrollWidth > el.clientWidth }));
  if (!bred) return; // wide enough to need no scrolling at this viewport
  await ramme.evaluate((el) => {
    el.scrollLeft = 0;
  });
  await page.locator("main").focus();
  await tabTil(page, ramme, 80);
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => ramme.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
}

test("menyen og alle sider uten siderulling på mobil og ved 200 % forstørrelse", async ({ page }) => {
  test.setTimeout(TIDSGRENSE_LANG);
  // Without login: the pages anyone can reach
  for (const sti of ["/logg-inn", "/nyttig-info", "/tilgjengelighetserklaering", "/utlogget"]) {
    await page.goto(sti);
    await ingenSiderulling(page, sti);
  }
  await sjekkUu(page);

  await loggInn(page, PERSONER.kari);
  await expect(page.getByRole("heading", { name: "Velg virksomhet" })).toBeVisible();
  await ingenSiderulling(page, "/velg-virksomhet");
  await page.getByRole("button", { name: /Hageland Import AS avd\. Drammen/ }).click();
  await expect(page.locator(".app-header__virksomhet")).toBeVisible();
  await ingenSiderulling(page, "/");

  // The menu: opens on screen, every link reached by Tab and visible when focused
  const knapp = page.getByRole("button", { name: "Meny" });
  await knapp.click();
  const meny = page.getByRole("navigation", { name: "Hovedmeny" });
  await expect(meny).toBeVisible();
  await innenforSkjermen(meny);
  await ingenSiderulling(page, "/ med åpen meny");
  const lenker = [
    ...["Hjem", "Forhåndsmeldinger", "Sertifikater", "Velg virksomhet", "Innstillinger"].map((n) =>
      meny.getByRole("link", { name: n, exact: true }),
    ),
    meny.getByRole("button", { name: "Logg ut" }),
  ];
  await page.getByRole("button", { name: "Lukk meny" }).focus();
  for (const lenke of lenker) {
    await tabTil(page, lenke, 10);
    await expect(lenke).toBeFocused();
    await expect(lenke).toBeInViewport({ ratio: 1 });
    await innenforSkjermen(lenke);
  }
  await sjekkUu(page);
  // Following a link, the menu (remembered open) covers nothing on the next page: it lies above the breadcrumb
  await meny.getByRole("link", { name: "Sertifikater", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sertifikater", level: 1 })).toBeVisible();
  const brodsmuler = page.getByRole("navigation", { name: "Brødsmulesti" });
  if (await meny.isVisible()) {
    const m = (await meny.boundingBox())!;
    const b = (await brodsmuler.boundingBox())!;
    expect(m.y + m.height, "menyen dekker brødsmulestien").toBeLessThanOrEqual(b.y);
  }
  await ingenSiderulling(page, "/sertifikater");
  if (await meny.isVisible()) await page.getByRole("button", { name: "Lukk meny" }).click();
  await expect(meny).toBeHidden();
  // The certificate filters fold away: the results are on the first screen, 'Vis filter' opens them
  await expect(page.getByLabel(/^Nederland/)).toBeHidden();
  // folded, the filters do not push the results down: opened, they take most of a screen above them
  const resultatTopp = () =>
    page
      .locator(".sertifikatkort")
      .first()
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const lukket = await resultatTopp();
  await page.getByText("Vis filter").click();
  await expect(page.getByLabel(/^Nederland/)).toBeVisible();
  expect(await resultatTopp()).toBeGreaterThan(lukket + 300);
  await ingenSiderulling(page, "/sertifikater med åpent filter");

  for (const sti of [
    "/importmeldinger",
    "/innstillinger",
    "/innstillinger?side=Integrasjoner",
    "/import/dokumentasjon",
    "/nyttig-info",
    "/test/importmelding",
    "/informasjonskapsler",
  ]) {
    await page.goto(sti);
    await ingenSiderulling(page, sti);
  }

  // A certificate and its notification through every page of the wizard and after
  const s = await nySertifikat(page.request, { prosjekt: prosjekt(), mottaker });
  await page.goto(sertifikatUrl(s));
  await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();
  await ingenSiderulling(page, "/sertifikat");
  await rullbarTabell(page, "Varelinjer i sertifikatet");
  await page.getByRole("button", { name: "Opprett digital forhåndsmelding" }).click();
  await expect(page).toHaveURL(/\/importmelding\/\d+\/avsender$/);
  const id = /\/importmelding\/(\d+)\//.exec(page.url())![1]!;
  await ingenSiderulling(page, "avsender");
  await page.goto(`/importmelding/${id}/innmelder`);
  await ingenSiderulling(page, "innmelder");
  await page.getByLabel("E-post").fill("test@example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll|ankomst-info/);
  while (page.url().includes("/dokumentkontroll/")) {
    const url = page.url();
    await ingenSiderulling(page, new URL(url).pathname);
    await page.locator("input[name=svar]:not([data-avvik])").first().check();
    await page.getByRole("button", { name: "Lagre og gå videre" }).click();
    await expect(page).not.toHaveURL(url);
  }
  await ingenSiderulling(page, "ankomst-info");
  await fyllAnkomst(page, {
    adresse: "Tollbugata 40",
    postnummer: "3044",
    poststed: "Drammen",
    dato: osloDatoOm(30),
  });
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await page.getByRole("button", { name: "Jeg forstår – lagre" }).click();
  await expect(page).toHaveURL(/oppsummering$/);
  await ingenSiderulling(page, "oppsummering");
  await rullbarTabell(page, "Varelinjer i forhåndsmeldingen");
  await sjekkUu(page);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(/\/registrert/);
  await ingenSiderulling(page, "registrert med dialog");
  await page.getByRole("button", { name: "Lukk" }).click();
  await ingenSiderulling(page, "registrert");
  await rullbarTabell(page, "Varelinjer i forhåndsmeldingen");
  await sjekkUu(page);

  await page.goto(`/importmelding/${id}/mottakskontrolloer`);
  await ingenSiderulling(page, "mottakskontrolloer");
  await page.getByLabel("Navn").fill("Kari Nordmann");
  await page.getByLabel("Telefonnummer").fill("91234567");
  await page.getByRole("button", { name: "Start mottakskontrollen" }).click();
  await expect(page).toHaveURL(/mottakskontroll\/innhold-samsvarer$/);
  await page.getByLabel("Det er færre varer enn oppgitt i sertifikatet").check();
  await ingenSiderulling(page, "mottakskontroll/innhold-samsvarer");
  await page.getByLabel(/Faktisk antall \(oppgitt 100/).fill("80");
  await page.getByRole("button", { name: "Bekreft" }).click();
  await expect(page).toHaveURL(/mottakskontroll\/skadegjoerere$/);
  await ingenSiderulling(page, "mottakskontroll/skadegjoerere");
  await page.locator("input[name=svar]:not([data-avvik])").first().check();
  await page.getByRole("button", { name: "Fullfør fysisk kontroll" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet$`));
  await ingenSiderulling(page, "ankommet");
  await rullbarTabell(page, "Faktisk mengde");
  await sjekkUu(page);
});
