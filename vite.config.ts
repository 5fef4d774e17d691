import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    remix({
      // BUILD_DIR lets two checkouts of the same tree (parallel test runs) build side by side.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      ignoredRouteFiles: ["**/*.test.ts", "**/*.css"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
      },
    }),
  ],
  build: { target: "es2020" },
  server: { hmr: { port: 24679 } },
});
