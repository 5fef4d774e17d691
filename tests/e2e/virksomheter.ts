// Organisations of a test's own (issue 37 item 5, ADR 052): a test that changes an organisation's settings,
// reception controllers, systems or webhooks registers its own units in the development Enhetsregisteret and a
// person with access to them in the development Altinn (their development endpoints under /registre), logs in
// as that person and chooses the unit. No other test, worker or project ever sees those units, so nothing
// another test does can change what this one reads, and nothing this one does (some of it cannot be undone)
// is left on the shared demo organisations.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, tabTil, test } from "./helpers";

/** A unit the test owns: a department (BEDR) under a main unit (AS), as the service only lets departments act. */
export interface EgenVirksomhet {
  orgnr: string;
  navn: string;
  /** The organisation number as the pages show it: «912 345 742». */
  formatert: string;
}

export interface EgenPerson {
  pid: string;
  navn: string;
}

let loepenummer = 0;

/**
 * A number of `lengde` digits no other test, worker, project or run uses: the run (E2E_KJOERING,
 * playwright.config.ts), the project, the worker process (workerIndex: a worker started again after a failed test
 * gets a new one, so its counter starting over meets nothing of the failed test's) and a counter within it.
 * `prefiks` keeps organisation numbers and national identity numbers apart from each other and from the demo data
 * and altinn.spec.ts's (8… and 9…).
 */
function unikt(prefiks: string, lengde: number): string {
  loepenummer += 1;
  const info = test.info();
  const prosjekt = info.project.name === "js-pa" ? 1 : info.project.name === "js-av" ? 2 : 3;
  const arbeider = String(info.workerIndex % 100).padStart(2, "0");
  const hale = `${prosjekt}${arbeider}${String(loepenummer).padStart(3, "0")}`;
  const plass = lengde - prefiks.length - hale.length;
  const kjoering = Number(process.env.E2E_KJOERING ?? Date.now()) % 10 ** plass;
  return `${prefiks}${String(kjoering).padStart(plass, "0")}${hale}`;
}

/** Matches the unit's name and nothing longer (avd. 1 is not avd. 10). */
export const navnet = (v: EgenVirksomhet) =>
  new RegExp(`${v.navn.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\d)`);

const formater = (orgnr: string) => `${orgnr.slice(0, 3)} ${orgnr.slice(3, 6)} ${orgnr.slice(6)}`;

async function registrerEnhet(request: APIRequestContext, enhet: Record<string, string>) {
  const svar = await request.post("/registre/enhetsregisteret/dev/enheter", { data: enhet });
  expect(svar.status(), await svar.text()).toBe(201);
}

/**
 * Registers a person with access, in Altinn, to `antall` departments of a main unit of their own, all named
 * after `navn` and the unit's number (unique in every list and search of the service). The departments are
 * `avd. 1`, `avd. 2`, … in that order.
 */
export async function egneVirksomheter(
  request: APIRequestContext,
  navn: string,
  antall = 1,
): Promise<{ person: EgenPerson; virksomheter: EgenVirksomhet[] }> {
  const hovedenhet = unikt("7", 9);
  const hovednavn = `${navn} ${hovedenhet} AS`;
  await registrerEnhet(request, {
    organisasjonsnummer: hovedenhet,
    navn: hovednavn,
    organisasjonsform: "AS",
  });
  const virksomheter: EgenVirksomhet[] = [];
  for (let i = 1; i <= antall; i++) {
    const orgnr = unikt("6", 9);
    const v = { orgnr, navn: `${hovednavn} avd. ${i}`, formatert: formater(orgnr) };
    await registrerEnhet(request, {
      organisasjonsnummer: orgnr,
      navn: v.navn,
      organisasjonsform: "BEDR",
      hovedenhet,
    });
    virksomheter.push(v);
  }
  const person = { pid: unikt("5", 11), navn: `Testperson ${hovedenhet}` };
  // Access to the main unit reaches its departments, as in Altinn.
  const delegering = await request.post("/registre/altinn/dev/delegeringer", {
    data: { pid: person.pid, fra: hovedenhet, navn: person.navn },
  });
  expect(delegering.status(), await delegering.text()).toBe(204);
  return { person, virksomheter };
}

/** One department of the test's own, and the person who acts for it. */
export async function egenVirksomhet(request: APIRequestContext, navn: string) {
  const { person, virksomheter } = await egneVirksomheter(request, navn, 1);
  return { person, virksomhet: virksomheter[0]! };
}

/**
 * Logs in through the development ID-porten as a person typed in (not one of the listed test persons), by mouse
 * or keyboard only.
 */
export async function loggInnSom(page: Page, person: EgenPerson, tastatur = false) {
  await page.goto("/");
  const lenke = page.getByRole("link", { name: "Logg inn med ID-porten" });
  const pid = page.getByLabel("Fødselsnummer (11 siffer)");
  const navn = page.getByLabel("Navn", { exact: true });
  const knapp = page.getByRole("button", { name: "Logg inn", exact: true });
  if (tastatur) {
    await tabTil(page, lenke);
    await page.keyboard.press("Enter");
    await tabTil(page, pid);
    await page.keyboard.type(person.pid);
    await tabTil(page, navn);
    await page.keyboard.type(person.navn);
    await tabTil(page, knapp);
    await page.keyboard.press("Enter");
  } else {
    await lenke.click();
    await pid.fill(person.pid);
    await navn.fill(person.navn);
    await knapp.click();
  }
  await expect(page).toHaveURL(/\/velg-virksomhet/);
}

/**
 * Chooses the unit on «Velg virksomhet» (the first time registers it as an importer, SPEC §6). The page the
 * choice leads to is not waited for beyond the header: home starts with the onboarding for a new importer.
 */
export async function velg(page: Page, virksomhet: EgenVirksomhet) {
  // right after loggInnSom the page is «Velg virksomhet» already: no second load of it
  if (new URL(page.url(), "http://x").pathname !== "/velg-virksomhet") await page.goto("/velg-virksomhet");
  await page.getByRole("button", { name: navnet(virksomhet) }).click();
  await expect(page).not.toHaveURL(/\/velg-virksomhet/);
  await expect(page.locator(".app-header__virksomhet")).toHaveText(navnet(virksomhet));
}

/**
 * Confirms, for the chosen unit, that it knows the regulations (Innstillinger → Profil), which a new importer
 * must before it can create a notification. It cannot be taken back: only ever on a unit of the test's own.
 */
export async function bekreftRegelverk(page: Page) {
  await page.goto("/innstillinger?side=Profil");
  await page.getByLabel("Ja, vi bekrefter at virksomheten kjenner regelverket").check();
  await page.getByLabel("Virksomheten kjenner regelverket for import av planter").check();
  await page.getByRole("button", { name: "Bekreft", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Bekreftelsen av regelverket er lagret." }),
  ).toBeVisible();
}

/**
 * Logs in as `person` through the development ID-porten without drawing its pages (ADR 068): the same requests
 * the browser makes — the app's start of the login, the provider's authorize and interaction, the form post of
 * the number and name, the callback — made by the page's request context, which shares the browser context's
 * cookies, so the page is logged in afterwards. For tests where the login is not what is tested; the login
 * pages themselves are walked by loggInn/loggInnSom (grunnmur.spec.ts, hjem.spec.ts, altinn.spec.ts).
 */
async function loggInnMedForespoersler(page: Page, person: EgenPerson) {
  const start = await page.request.get("/oauth2/authorization/idporten");
  expect(start.status(), await start.text()).toBe(200);
  const interaksjon = new URL(start.url());
  expect(interaksjon.pathname).toMatch(/\/interaction\/[^/]+$/);
  const svar = await page.request.post(`${interaksjon.pathname}/login`, {
    form: { pid: person.pid, navn: person.navn },
  });
  expect(svar.status(), await svar.text()).toBe(200);
  expect(new URL(svar.url()).pathname).toBe("/velg-virksomhet");
}

/** Registers a department of the test's own, logs in as its person and chooses it. */
export async function loggInnEgen(page: Page, navn: string) {
  const egen = await egenVirksomhet(page.request, navn);
  await loggInnMedForespoersler(page, egen.person);
  await velg(page, egen.virksomhet);
  return egen;
}

/**
 * Registers `kontrolloer` as a reception controller and has `importoer` appoint it (Innstillinger), as a person
 * who acts for both; `importoer` is chosen afterwards.
 */
export async function utnevnKontrolloer(page: Page, importoer: EgenVirksomhet, kontrolloer: EgenVirksomhet) {
  await velg(page, kontrolloer);
  await page.goto("/innstillinger?side=Registrere%20mottakskontroll%C3%B8r");
  const bryter = page.getByLabel("Registrer virksomheten som mottakskontrollør");
  const skjema = bryter.locator("xpath=ancestor::form");
  await bryter.check();
  // With JavaScript the toggle saves on change; without, by its own 'Lagre'.
  if (test.info().project.use.javaScriptEnabled === false)
    await skjema.getByRole("button", { name: "Lagre" }).click();
  await expect(skjema.getByRole("status")).toHaveText("Virksomheten er registrert som mottakskontrollør.");
  await velg(page, importoer);
  await page.goto(
    `/innstillinger?${new URLSearchParams({ side: "Legg til mottakskontrollør", sok: kontrolloer.navn })}`,
  );
  await page
    .getByLabel("Mottakskontrollør", { exact: true })
    .selectOption({ label: `${kontrolloer.navn} (${kontrolloer.formatert})` });
  await page.getByRole("button", { name: "Legg til mottakskontrollør" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Mottakskontrolløren er lagt til." }),
  ).toBeVisible();
}
