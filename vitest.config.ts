import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: [
      "node_modules/**",
      "build/**",
      "tests/e2e/**",
      "tests/ytelse/**",
      "tests/drift/**",
      "data/**",
      ".cache/**",
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
