// Abuse and overload (issue 22), as a browser meets it, with JavaScript on and off: the outside probe's
// redirect targets never leave the site (in Chromium), and an address that starts too many logins gets the
// 'For mange forsøk' page (429, Retry-After, axe-clean) while others log in as before. The e2e server trusts
// X-Forwarded-For from loopback (TRUST_PROXY in playwright.config.ts, as for a proxy in front of it), so each
// test plays a client address of its own.
import type { Page } from "@playwright/test";
import { expect, sjekkUu, test } from "./helpers";
import { loggInnKari } from "./veiviser";

/** A client address of its own per test run (198.18.0.0/15 is for benchmarks, never routed). */
const adresse = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** The probe's returnTo values, as written in the address (issue 22 item 5). */
const PROBEN = [
  "//evil.example",
  "/\\evil.example",
  "/%09/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/./\\evil.example",
  "/a/..//evil.example",
  "%2F%2Fevil.example",
  "https:evil.example",
];

/** Records (and stops) every request to another host than the app's. */
function vokter(page: Page): string[] {
  const andre: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.hostname !== "localhost") andre.push(r.url());
  });
  return andre;
}

test("returnTo fra proben fører aldri ut av nettstedet (logg-inn og velg-virksomhet)", async ({ page }) => {
  const andre = vokter(page);
  await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => route.abort());
  await loggInnKari(page);
  const egen = new URL(page.url()).origin;
  for (const variant of PROBEN) {
    // logged in: /logg-inn sends the user straight on to returnTo
    await page.goto(`/logg-inn?returnTo=${variant}`).catch(() => undefined);
    expect(new URL(page.url()).origin, `/logg-inn?returnTo=${variant} → ${page.url()}`).toBe(egen);
    // choosing an organisation goes on to the returnTo the page was opened with
    await page.goto(`/velg-virksomhet?returnTo=${variant}`);
    await page.getByRole("button", { name: /Hageland Import AS avd\. Drammen/ }).click();
    await expect(page).not.toHaveURL(/\/velg-virksomhet/);
    expect(new URL(page.url()).origin, `/velg-virksomhet?returnTo=${variant} → ${page.url()}`).toBe(egen);
  }
  expect(andre).toEqual([]);
});

test("for mange innloggingsstarter fra én adresse gir siden 'For mange forsøk' (429)", async ({
  page,
  baseURL,
}) => {
  const ip = adresse();
  let startet = 0;
  // A client without a cookie jar, as a bot is (each start sets a state cookie of its own).
  for (; startet < 700; startet++) {
    const res = await fetch(`${baseURL}/oauth2/authorization/idporten`, {
      headers: { "X-Forwarded-For": ip },
      redirect: "manual",
    });
    await res.arrayBuffer();
    if (res.status === 429) break;
    expect(res.status).toBe(302);
  }
  // the limit (ADR 026: 600 starts in ten minutes, room for a large importer behind one NAT) holds, long
  // before the probe's 2,000
  expect(startet).toBe(600);

  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  for (const sti of ["/logg-inn", "/oauth2/authorization/idporten"]) {
    const svar = await page.goto(sti);
    expect(svar?.status()).toBe(429);
    expect(Number(svar?.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "For mange forsøk", level: 1 })).toBeVisible();
    await expect(
      page.getByText(/^For mange innlogginger på kort tid\. Prøv igjen om \d+ minutt/),
    ).toBeVisible();
    await expect(page).toHaveTitle("For mange forsøk – Digital forhåndsmelding");
  }
  await sjekkUu(page);

  // another address logs in as before
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": adresse() });
  await page.goto("/logg-inn");
  await page.getByRole("link", { name: "Logg inn med ID-porten" }).click();
  await expect(page.getByRole("heading", { name: "Velg testperson" })).toBeVisible();
});
