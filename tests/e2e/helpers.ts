import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";

export const PERSONER = {
  kari: { pid: "26849612378", navn: "Kari Nordmann" },
  ola: { pid: "04867199549", navn: "Ola Hansen" },
  ingrid: { pid: "12825098397", navn: "Ingrid Berg" },
  per: { pid: "17912099997", navn: "Per Utentilgang" },
} as const;

export const jsPaa = () => test.info().project.name === "js-pa";

/**
 * axe on the page as it is now: 0 violations (WCAG 2.1 A/AA and best practice). With JavaScript off the
 * page cannot run axe, so its HTML is checked in a JavaScript-enabled page of its own (same URL, no
 * scripts of the app run there since the HTML is static).
 */
export async function sjekkUu(page: Page, browser?: Browser) {
  let target = page;
  let close: (() => Promise<void>) | undefined;
  if (!jsPaa()) {
    const b = browser ?? page.context().browser();
    if (!b) throw new Error("mangler nettleser for axe");
    const ctx = await b.newContext({ javaScriptEnabled: true, baseURL: new URL(page.url()).origin });
    const kopi = await ctx.newPage();
    // The copy gets this page's HTML at this page's URL without asking the server again (a second GET
    // could redirect away, e.g. ID-porten's logout page), its styles from the server, and no scripts.
    const html = await page.content();
    await kopi.route("**/*", (route) => {
      const r = route.request();
      if (r.isNavigationRequest())
        return route.fulfill({ contentType: "text/html; charset=utf-8", body: html });
      return r.resourceType() === "script" ? route.abort() : route.continue();
    });
    await kopi.goto(page.url().replace(/#.*$/, ""), { waitUntil: "load" });
    target = kopi;
    close = () => ctx.close();
  }
  const resultat = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  await close?.();
  const funn = resultat.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(funn, `axe på ${page.url()}`).toEqual([]);
}

/** Keyboard only: Tab until the element has focus (at most `maks` presses). */
export async function tabTil(page: Page, locator: Locator, maks = 60) {
  for (let i = 0; i < maks; i++) {
    if (await locator.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Nådde ikke elementet med Tab: ${locator}`);
}

/** Test files (per project) whose run has checked the ID-porten test-person picker with axe. */
const velgerSjekket = new Set<string>();

/**
 * Logs in through the development ID-porten as one of the test persons, by mouse or keyboard only. The
 * picker page gets an axe check the first time per test file and project (it is the same page every time).
 */
export async function loggInn(page: Page, person: { pid: string; navn: string }, tastatur = false) {
  await page.goto("/");
  await expect(page).toHaveURL(/\/logg-inn/);
  const lenke = page.getByRole("link", { name: "Logg inn med ID-porten" });
  if (tastatur) {
    await tabTil(page, lenke);
    await page.keyboard.press("Enter");
  } else {
    await lenke.click();
  }
  await expect(page.getByRole("heading", { name: "Velg testperson" })).toBeVisible();
  const fil = `${test.info().file}|${test.info().project.name}`;
  if (!velgerSjekket.has(fil)) {
    await sjekkUu(page);
    velgerSjekket.add(fil);
  }
  const knapp = page.getByRole("button", { name: new RegExp(person.navn) });
  if (tastatur) {
    await tabTil(page, knapp);
    await page.keyboard.press("Enter");
  } else {
    await knapp.click();
  }
}

/**
 * Focus after a page change is where a server page load leaves it: at the top, so the first Tab reaches the
 * skip link. With JavaScript (a client navigation) focus is on the line announcing the new page's title.
 */
export async function forventSidestart(page: Page) {
  await page.waitForLoadState("load");
  if (jsPaa()) {
    const linje = page.locator("#sideannonsering");
    await expect(linje).toBeFocused();
    await expect(linje).toHaveText(await page.title());
  }
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Hopp til hovedinnhold" })).toBeFocused();
}
