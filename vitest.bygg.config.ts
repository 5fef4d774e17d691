import { defineConfig } from "vitest/config";

// Tests over the production build (tests/ytelse, tests/drift): run by `npm run test:bygg` after `npm run build`.
export default defineConfig({
  test: {
    include: ["tests/ytelse/**/*.test.ts", "tests/drift/**/*.test.ts"],
    // A missing build fails the run instead of leaving these tests nothing to test.
    globalSetup: ["tests/support/bygg-finnes.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
