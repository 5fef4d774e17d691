// Abuse and overload (issue 22), as a browser meets it: the outside probe's redirect targets never leave the
// site, in Chromium, with JavaScript on and off.
import { expect, type Page, test } from "@playwright/test";
import { loggInnKari } from "./veiviser";

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
