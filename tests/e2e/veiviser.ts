import type { Cookie, Page } from "@playwright/test";
import { leggTilDager, osloDato } from "../../domain/format";
import { sertifikatUrl, type TestSertifikat } from "./data";
import { expect, loggInn, PERSONER, test } from "./helpers";

export const prosjekt = () => test.info().project.name;

/** The app's session cookie (app/lib/session.server.ts; `__Host-` prefixed over HTTPS). */
const OEKT_COOKIE = /^(__Host-)?forhaandsmelding$/;

/** YYYY-MM-DD `dager` days after today in Oslo (the service's "today"): never a fixed calendar date. */
export const osloDatoOm = (dager: number) => leggTilDager(osloDato(new Date()), dager);

/**
 * The session cookie of each test person's login, per worker and project (issue 14 item 6: each person logs
 * in once). A worker runs one test at a time, so no two tests share a session at once; sessions are server
 * side, so what is kept is the cookie alone, the browser state right after a login (no remembered
 * organisation, preferences or cookie consent).
 */
const innlogginger = new Map<string, Cookie>();

/**
 * Logged in as `person` with the organisation chosen. The first time in a worker it logs in through the
 * development ID-porten; later it reuses that session in the test's fresh browser and chooses the
 * organisation on 'Velg virksomhet', logging in again if the session is gone (a test logged out). Tests of
 * the login itself use `loggInn`.
 */
export async function loggInnOgVelg(page: Page, person: { pid: string; navn: string }, virksomhet: RegExp) {
  const noekkel = `${prosjekt()}|${person.pid}`;
  const velger = page.getByRole("heading", { name: "Velg virksomhet" });
  const lagret = innlogginger.get(noekkel);
  let gjenbrukt = false;
  if (lagret) {
    await page.context().addCookies([lagret]);
    await page.goto("/velg-virksomhet");
    gjenbrukt = new URL(page.url()).pathname === "/velg-virksomhet" && (await velger.isVisible());
    if (!gjenbrukt) await page.context().clearCookies({ name: lagret.name });
  }
  if (!gjenbrukt) {
    await loggInn(page, person);
    await expect(velger).toBeVisible();
    const oekt = (await page.context().cookies()).find((c) => OEKT_COOKIE.test(c.name));
    if (oekt) innlogginger.set(noekkel, oekt);
  }
  await expect(velger).toBeVisible();
  await page.getByRole("button", { name: virksomhet }).click();
  // a reused session may already have an organisation in the header: wait until the choice has gone through
  await expect(page).not.toHaveURL(/\/velg-virksomhet/);
  await expect(page.locator(".app-header__virksomhet")).toHaveText(virksomhet);
}

export const loggInnKari = (page: Page) =>
  loggInnOgVelg(page, PERSONER.kari, /Hageland Import AS avd\. Drammen/);

/** Opens the certificate and creates a notification; returns its id. */
export async function opprett(page: Page, s: TestSertifikat, ansvarlig?: RegExp): Promise<string> {
  await page.goto(sertifikatUrl(s));
  await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();
  if (ansvarlig) await page.getByLabel(ansvarlig).check();
  await page.getByRole("button", { name: "Opprett digital forhåndsmelding" }).click();
  await expect(page).toHaveURL(/\/importmelding\/\d+\/avsender$/);
  return /\/importmelding\/(\d+)\//.exec(page.url())![1]!;
}

/**
 * Goes through the wizard with valid answers (no checks) up to the summary. `kontrolloer`: the reception
 * controller to choose: Alnabru unless given, null for a notification with document control only (it asks for none).
 */
export async function fyllUt(page: Page, id: string, epost = "test@example.no", kontrolloer?: RegExp | null) {
  await page.goto(`/importmelding/${id}/innmelder`);
  await page.getByLabel("E-post").fill(epost);
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll|ankomst-info/);
  while (page.url().includes("/dokumentkontroll/")) {
    const url = page.url();
    await page.locator("input[name=svar]:not([data-avvik])").first().check();
    await page.getByRole("button", { name: "Lagre og gå videre" }).click();
    await expect(page).not.toHaveURL(url);
  }
  await fyllAnkomst(page, {
    adresse: "Tollbugata 40",
    postnummer: "3044",
    poststed: "Drammen",
    dato: osloDatoOm(30),
    kontrolloer,
  });
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await page.getByRole("button", { name: "Jeg forstår – lagre" }).click();
  await expect(page).toHaveURL(/oppsummering$/);
}

export async function fyllAnkomst(
  page: Page,
  a: {
    adresse: string;
    postnummer: string;
    poststed: string;
    dato: string;
    /** null: no controller to choose (document control only). */
    kontrolloer?: RegExp | null;
  },
) {
  await page.getByLabel("Adresselinje 1").fill(a.adresse);
  await page.getByLabel("Postnummer").fill(a.postnummer);
  await page.getByLabel("Poststed").fill(a.poststed);
  await page.getByLabel("Dato").fill(a.dato);
  await page.getByLabel(/Ettermiddag/).check();
  if (a.kontrolloer !== null) await page.getByLabel(a.kontrolloer ?? /Grønt Mottak AS avd\. Alnabru/).check();
}
