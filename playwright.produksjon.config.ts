import { defineConfig } from "@playwright/test";
import { chromiumStart } from "./tests/support/chromium";

// The production-shape test (tests/produksjon, issue 26 point 6): its own processes from compose.yaml, so no
// webServer here. Needs the build (npm run build) and TEST_DATABASE_URL (a PostgreSQL server); .ci/run runs it.

export default defineConfig({
  testDir: "tests/produksjon",
  outputDir: "test-results/produksjon",
  timeout: 240_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    trace: "retain-on-failure",
    launchOptions: chromiumStart,
  },
  projects: [{ name: "produksjon" }],
});
