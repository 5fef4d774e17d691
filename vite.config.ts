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
  build: {
    target: "es2020",
    rollupOptions: {
      output: {
        // React, React DOM and Remix's router are needed by every page: one chunk compresses better than
        // the four rollup would otherwise make (ADR 015).
        manualChunks(id) {
          if (
            /[\\/]node_modules[\\/](react|react-dom|scheduler|@remix-run|react-router|react-router-dom)[\\/]/.test(
              id,
            )
          )
            return "rammeverk";
          return undefined;
        },
      },
    },
  },
  server: { hmr: { port: 24679 } },
});
