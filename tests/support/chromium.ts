// Debian's Chromium where it is installed (this project's machines and CI), with the flags a closed network
// needs (STACK.md gotcha 14); Playwright's own browser on a developer machine that has run
// `npx playwright install`. Shared by the e2e and the production-shape configs.
import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export const chromiumStart: LaunchOptions = existsSync(SYSTEM_CHROMIUM)
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    }
  : {};
