import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";

export { expect };

export const PERSONER = {
  kari: { pid: "26849612378", navn: "Kari Nordmann" },
  ola: { pid: "04867199549", navn: "Ola Hansen" },
  ingrid: { pid: "12825098397", navn: "Ingrid Berg" },
  per: { pid: "17912099997", navn: "Per Utentilgang" },
} as const;

/**
 * A console message with JavaScript on that the test does not fail on. Chromium logs every answer of 400 or
 * more as "Failed to load resource". The app answers some requests with a 4xx status and a page that says
 * why, by design and the same with JavaScript off: a form with errors (400), a save another tab got in first
 * (409), a login that was refused (401, 'Ingen tilgang'), a post to a page that takes none (405). So a 4xx
 * answer to the page's own address or to its single-fetch data (`/path.data`) is expected, and so is the 503
 * of /dokument-opptatt (a document that cannot be made now), and a 503 to the page's own address in a test
 * annotated `forventer-503` (the page when Altinn does not answer, ADR 042); any other 5xx, and any error status
 * of a script, stylesheet, image or other resource, fails the test.
 */
function forventetKonsollmelding(m: ConsoleMessage, tillat503 = false): boolean {
  // Remix 2.17's single fetch logs the AbortError of a data request the router aborted itself, when a newer
  // navigation replaced it (a filter applied while the previous one was loading): the user sees the newer
  // page and nothing failed. Only the router's own abort, which has no reason, is that message.
  if (/^AbortError: signal is aborted without reason\b/.test(m.text())) return true;
  // The same abort seen from the other side: the replaced request's response body was being read (single
  // fetch's turbo-stream) when the router aborted it, and Chromium names that «BodyStreamBuffer was aborted».
  // Seen under load on a submit while the previous action's revalidation was loading (three specs, never the
  // same); the newer navigation's result is what the test then checks.
  if (/^AbortError: BodyStreamBuffer was aborted\b/.test(m.text())) return true;
  const url = m.location().url;
  // The page that says a document cannot be made now is a 503 with Retry-After by design (ADR 018).
  if (
    /^Failed to load resource: the server responded with a status of 503 /.test(m.text()) &&
    new URL(url).pathname === "/dokument-opptatt" &&
    url === m.page()?.url()
  )
    return true;
  if (
    tillat503 &&
    /^Failed to load resource: the server responded with a status of 503 /.test(m.text()) &&
    url.replace(/#.*$/, "") === m.page()?.url().replace(/#.*$/, "")
  )
    return true;
  if (!/^Failed to load resource: the server responded with a status of 4\d\d /.test(m.text())) return false;
  return /\.data(\?|$)/.test(url) || url.replace(/#.*$/, "") === m.page()?.url().replace(/#.*$/, "");
}

/**
 * What the console guard hears in a browser context: a console error, a hydration warning or an uncaught error
 * (among them a missing text, which the browser's translator hands on with reportError: ADR 071), each a line in
 * `funn`; the expected ones (forventetKonsollmelding) are left out.
 */
export function lyttEtterKonsollfeil(ctx: BrowserContext, funn: string[], tillat503: () => boolean): void {
  ctx.on("console", (m) => {
    const hydrering = m.type() === "warning" && /hydrat/i.test(m.text());
    if ((m.type() === "error" || hydrering) && !forventetKonsollmelding(m, tillat503()))
      funn.push(`${m.type()} på ${m.page()?.url() ?? "?"}: ${m.text()}`);
  });
  ctx.on("weberror", (e) => {
    // The same router abort (see forventetKonsollmelding) also surfaces uncaught, from the turbo-stream
    // decode of the aborted response body (seen once in CI, submitting a dialog while the previous
    // action's revalidation was loading). Only an AbortError without a reason is the router's own.
    const feil = e.error();
    if (feil.name === "AbortError" && feil.message === "signal is aborted without reason") return;
    // … and as the aborted response body's stream (Chromium's «BodyStreamBuffer was aborted», the same
    // message forventetKonsollmelding accepts; seen once in CI after a dialog's submit on ankomst-info).
    if (feil.message === "BodyStreamBuffer was aborted") return;
    funn.push(`ufanget feil på ${e.page()?.url() ?? "?"}: ${feil.message}`);
  });
}

/**
 * Calls `lytt` for the test's own context and for every context the test opens in `browser` (a second person's
 * page, axe's copy page); returns what undoes it.
 */
function iHverKontekst(
  context: BrowserContext,
  browser: Browser,
  lytt: (ctx: BrowserContext) => unknown,
): () => void {
  lytt(context);
  const nyKontekst = browser.newContext;
  browser.newContext = async (...args) => {
    const ctx = await nyKontekst.apply(browser, args);
    lytt(ctx);
    return ctx;
  };
  return () => {
    browser.newContext = nyKontekst;
  };
}

/**
 * Every test in every spec: with JavaScript on, a console error, a hydration warning or an uncaught error in
 * any page the test opens (its own browser contexts included) fails it, after the test has run.
 */
export const test = base.extend<{ konsollvakt: undefined; maaling: undefined }>({
  // E2E_MAALING=1 (ADR 068): what the test did, as an annotation the JSON reporter keeps: page loads (document
  // navigations of a main frame), single-fetch data requests, logins through the development ID-porten
  // (requests to its /authorize), and the time sjekkUu took. scripts/e2e-maaling.mjs sums them per spec.
  maaling: [
    async ({ context, browser }, use, testInfo) => {
      if (!process.env.E2E_MAALING) return use(undefined);
      const tall = { sidelastinger: 0, data: 0, innlogginger: 0, uuMs: 0 };
      const lytt = (ctx: BrowserContext) =>
        ctx.on("request", (r) => {
          const url = r.url();
          if (r.isNavigationRequest() && r.frame().parentFrame() === null) tall.sidelastinger++;
          if (/\.data(\?|$)/.test(url)) tall.data++;
          if (/\/idporten\/authorize\b/.test(url)) tall.innlogginger++;
        });
      const angre = iHverKontekst(context, browser, lytt);
      uuTid.ms = 0;
      try {
        await use(undefined);
      } finally {
        angre();
        tall.uuMs = uuTid.ms;
        testInfo.annotations.push({ type: "maaling", description: JSON.stringify(tall) });
      }
    },
    { auto: true },
  ],
  konsollvakt: [
    async ({ context, browser }, use, testInfo) => {
      if (testInfo.project.use.javaScriptEnabled === false) return use(undefined);
      const funn: string[] = [];
      const tillat503 = () => testInfo.annotations.some((a) => a.type === "forventer-503");
      const lytt = (ctx: BrowserContext) => lyttEtterKonsollfeil(ctx, funn, tillat503);
      const angre = iHverKontekst(context, browser, lytt);
      try {
        await use(undefined);
      } finally {
        angre();
      }
      expect(funn, "konsollfeil eller hydreringsadvarsler i nettleseren").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The time limit of the long journeys (the whole wizard, the keyboard-only walks, the phone walk). They took
 * 40–70 s with JavaScript off on a 2-core machine shared by six engineers (issue 27 §5); three times that
 * leaves room for a loaded machine without hiding a test that hangs. Other tests have the config's 90 s.
 */
export const TIDSGRENSE_LANG = 180_000;

export const jsPaa = () => test.info().project.name === "js-pa";

/** Scripts run in this project's pages (js-pa, mobil-320, zoom-200). */
const skriptPaa = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * The page state axe is asked about, without what varies between visits of the same state: text is only
 * "text or not", digits are 0, and addresses, form values, scripts and nonces are left out. Two visits with
 * the same fingerprint have the same elements, roles, names' presence, classes and ARIA attributes.
 */
function fingeravtrykk(html: string): string {
  const skjelett = html
    .replace(/<(script|style|title)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<(link|meta)\b[^>]*>/gi, "")
    .replace(/\s(value|href|src|action|nonce|content|integrity|srcset)="[^"]*"/gi, "")
    .replace(/>([^<]+)</g, (_, tekst: string) => (tekst.trim() ? ">T<" : "><"))
    .replace(/\d+/g, "0");
  return createHash("sha256").update(skjelett).digest("hex").slice(0, 16);
}

/** Page states this worker has audited or seen claimed by another worker. */
const revidert = new Set<string>();

/**
 * Claims a page state for this worker in this run (playwright.config.ts names the run, E2E_KJOERING): the
 * first worker to see a state audits it, the others, of either project, do not. The same HTML at the same
 * width is the same audit whether scripts ran or not: axe reads the DOM and its styles, which is what the
 * fingerprint covers.
 */
function gjorKravPaa(tilstand: string): boolean {
  const mappe = path.join(path.dirname(test.info().outputDir), `uu-${process.env.E2E_KJOERING ?? "lokal"}`);
  mkdirSync(mappe, { recursive: true });
  try {
    writeFileSync(path.join(mappe, tilstand), "", { flag: "wx" });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}

/**
 * The worker's JavaScript-enabled page for auditing the HTML of JavaScript-off pages (a worker runs one test
 * at a time). It gets the HTML it is to show at the page's URL without asking the server again (a second GET
 * could redirect away, e.g. ID-porten's logout page), its styles and images from the server once per worker
 * (kept here: routing turns the browser's cache off), and no scripts.
 */
interface Kopi {
  side: Page;
  html: string;
}
const kopier = new WeakMap<Browser, Promise<Kopi>>();

async function nyKopi(b: Browser): Promise<Kopi> {
  const kopi: Kopi = { side: await (await b.newContext({ javaScriptEnabled: true })).newPage(), html: "" };
  const hentet = new Map<string, Promise<{ status: number; body: Buffer; contentType?: string }>>();
  await kopi.side.route("**/*", async (route) => {
    const r = route.request();
    if (r.isNavigationRequest())
      return route.fulfill({ contentType: "text/html; charset=utf-8", body: kopi.html });
    if (r.resourceType() === "script") return route.abort();
    if (!hentet.has(r.url()))
      hentet.set(
        r.url(),
        // the body as decoded: its type is kept, not its encoding
        route.fetch().then(async (svar) => ({
          status: svar.status(),
          body: await svar.body(),
          contentType: svar.headers()["content-type"],
        })),
      );
    return route.fulfill(await hentet.get(r.url())!);
  });
  return kopi;
}

/** Where the audit log goes (E2E_UU_LOGG=1): one line per sjekkUu call, audited or already seen. */
function loggRevisjon(url: string, noekkel: string, revidertNaa: boolean, ms: number) {
  if (!process.env.E2E_UU_LOGG) return;
  const info = test.info();
  const fil = path.join(path.dirname(info.outputDir), `uu-${info.project.name}-${info.parallelIndex}.jsonl`);
  const linje = {
    prosjekt: info.project.name,
    test: `${path.basename(info.file)}:${info.line}`,
    url,
    noekkel,
    revidert: revidertNaa,
    ms,
  };
  appendFileSync(fil, `${JSON.stringify(linje)}\n`);
}

/**
 * axe on the page as it is now: 0 violations (WCAG 2.1 A/AA and best practice). Each distinct page state is
 * audited once per run (fingeravtrykk and the page's width): a later visit of the same state, in this worker
 * or another, is not audited again.
 * With JavaScript off the page cannot run axe, so its HTML is checked in a JavaScript-enabled page of its own
 * (same URL, no scripts of the app run there since the HTML is static).
 */
export async function sjekkUu(page: Page, browser?: Browser) {
  const start = Date.now();
  try {
    await sjekkUuNaa(page, browser);
  } finally {
    uuTid.ms += Date.now() - start;
  }
}

/** The time this worker's current test has spent in sjekkUu (E2E_MAALING). */
const uuTid = { ms: 0 };

async function sjekkUuNaa(page: Page, browser?: Browser) {
  const start = Date.now();
  const html = await page.content();
  const noekkel = `${page.viewportSize()?.width ?? 0}-${fingeravtrykk(html)}`;
  if (revidert.has(noekkel) || !gjorKravPaa(noekkel)) {
    revidert.add(noekkel);
    return loggRevisjon(page.url(), noekkel, false, Date.now() - start);
  }
  let target = page;
  if (!skriptPaa()) {
    const b = browser ?? page.context().browser();
    if (!b) throw new Error("mangler nettleser for axe");
    if (!kopier.has(b)) kopier.set(b, nyKopi(b));
    const kopi = await kopier.get(b)!;
    kopi.html = html;
    await kopi.side.goto(page.url().replace(/#.*$/, ""), { waitUntil: "load" });
    target = kopi.side;
  }
  try {
    const resultat = await new AxeBuilder({ page: target })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      // the same rules; only the details of what passed are not collected (the test reads violations)
      .options({ resultTypes: ["violations"] })
      .analyze();
    const funn = resultat.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    expect(funn, `axe på ${page.url()}`).toEqual([]);
    revidert.add(noekkel);
  } finally {
    loggRevisjon(page.url(), noekkel, true, Date.now() - start);
  }
}

/**
 * Keyboard only: Tab until the element has focus (at most `maks` presses). The element is found once (a role
 * query costs a walk of the page) and again only if the page replaced it.
 */
export async function tabTil(page: Page, locator: Locator, maks = 60) {
  let element = await locator.elementHandle();
  for (let i = 0; i < maks; i++) {
    const tilstand = await element
      .evaluate((el) => (!el.isConnected ? "borte" : el === document.activeElement ? "fokus" : "ikke"))
      .catch(() => "borte" as const);
    if (tilstand === "fokus") return;
    if (tilstand === "borte") {
      element = await locator.elementHandle();
      i--;
      continue;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`Nådde ikke elementet med Tab: ${locator}`);
}

/**
 * Logs in through the development ID-porten as one of the test persons, by mouse or keyboard only, with an
 * axe check of the picker page (audited once: it is the same page every time).
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
  await sjekkUu(page);
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
