import { defineConfig } from "@playwright/test";
import { chromiumStart } from "./tests/support/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);
// Names this run for the workers (they inherit it): sjekkUu audits each page state once per run.
process.env.E2E_KJOERING ??= String(Date.now());
const baseURL = `http://localhost:${port}`;
/** The route walk at phone width and 200 % zoom runs only in its own projects. */
const MOBIL = /mobil\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, so two runs (E2E_PORT, BUILD_DIR) can go side by side without clearing each other's output.
  outputDir: `test-results/e2e-${port}`,
  // From measured durations (issue 27 §5): the slowest ordinary test took 45 s with JavaScript off on a
  // 2-core machine shared by six engineers; 90 s is twice that. Long journeys set TIDSGRENSE_LANG
  // (tests/e2e/helpers.ts). No retries: a test that needs one is a defect.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "nb-NO",
    timezoneId: "Europe/Oslo",
    trace: "retain-on-failure",
    launchOptions: chromiumStart,
  },
  projects: [
    { name: "js-pa", testIgnore: MOBIL, use: { javaScriptEnabled: true } },
    { name: "js-av", testIgnore: MOBIL, use: { javaScriptEnabled: false } },
    // Reflow (WCAG 1.4.10) and the menu on a phone: 320 × 640 CSS pixels.
    {
      name: "mobil-320",
      testMatch: MOBIL,
      use: { javaScriptEnabled: true, viewport: { width: 320, height: 640 } },
    },
    // A 1440 px wide window at 200 % zoom lays out 720 CSS pixels (deviceScaleFactor does not zoom CSS, so
    // the zoom is the viewport: 1440 / 2 by 900 / 2).
    {
      name: "zoom-200",
      testMatch: MOBIL,
      use: { javaScriptEnabled: true, viewport: { width: 720, height: 450 } },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/logg-inn`,
    timeout: 120_000,
    // Never reuse a server that is already running (ADR 052): some tests change what cannot be changed back (a
    // confirmation of the regulations, a submitted notification), so a second run against the first run's server
    // would meet the state they left. Every run starts its own server on a fresh database (scripts/e2e-server.mjs
    // empties DATA_DIR, and the development Altinn and Enhetsregisteret keep their additions in memory); if
    // E2E_PORT is taken, Playwright stops with «already used»: stop what runs there or choose another E2E_PORT.
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: `.cache/e2e-${port}/pglite`,
      NODE_ENV: "test",
      // E-mail alerts (tests/e2e/epost.spec.ts): short batching window, retries and outage threshold, so
      // the banner shows and goes within seconds when the spec stops and starts the development mail catcher.
      EPOST_SAMLEVINDU_SEKUNDER: "1",
      EPOST_VENTETID_SEKUNDER: "1",
      EPOST_MAKS_FORSOEK: "3",
      EPOST_NEDE_VARSEL_SEKUNDER: "2",
      EPOST_POLL_SEKUNDER: "0.5",
      // Webhooks (tests/e2e/webhooker.spec.ts) to http://127.0.0.1 (loopback; never allowed in production).
      WEBHOOK_TILLAT_LOKAL: "true",
      // The development Maskinporten's clients, with the authority's case system's key beside them
      // (tests/e2e/data.ts MYNDIGHET_NOEKKEL, ADR 045): not in the developer's data/.
      MASKINPORTEN_DEV_KLIENTER: `.cache/e2e-${port}/maskinporten-klienter.json`,
      // tests/e2e/misbruk.spec.ts plays client addresses in X-Forwarded-For, as a proxy on this machine would
      // send them: believed only because loopback is named here (issue 34 item 3).
      TRUST_PROXY: "loopback",
      // Altinn (ADR 042): the specs make the development Altinn fail for one test person at a time while the
      // others go on, so the breaker that would pause Altinn for everyone is off here (api tests cover it).
      REGISTRE_PAUSE_ETTER_FEIL: "0",
    },
  },
});
