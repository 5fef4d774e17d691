import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import { forhaandskomprimer } from "./server/komprimering";

// Single fetch's type inference for loaders and actions (useLoaderData, useActionData, useFetcher).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Brotli and gzip copies of the client build's files, served as they are by server.ts (ADR 015). Run after
 * both of Remix's builds: the server build writes the route manifest into the client's assets.
 */
function forhaandskomprimering(): Plugin {
  return {
    name: "forhaandskomprimering",
    apply: "build",
    writeBundle(options) {
      if (options.dir) forhaandskomprimer(path.join(path.dirname(options.dir), "client"));
    },
  };
}

/**
 * The browser gets Preact's React-compatible layer instead of React DOM (ADR 024): about 10 KB gzip instead
 * of 47 KB. The server still renders with React, and the development server keeps React too.
 */
function preactIKlienten(): Plugin {
  return {
    name: "preact-i-klienten",
    apply: "build",
    config(_, env) {
      if (env.isSsrBuild) return;
      return {
        resolve: {
          alias: [
            { find: /^react-dom\/client$/, replacement: path.resolve("app/preact/client.ts") },
            { find: /^react-dom$/, replacement: "preact/compat" },
            { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
            { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
            { find: /^react$/, replacement: "preact/compat" },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [
    remix({
      // BUILD_DIR lets two checkouts of the same tree (parallel test runs) build side by side.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      // Every Remix v2 future flag is on: the app is one codemod away from React Router 7 (ADR 025). The
      // routes are in app/routes.ts (v3_routeConfig), ignored route files included.
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    forhaandskomprimering(),
    preactIKlienten(),
  ],
  build: {
    target: "es2020",
    rollupOptions: {
      output: {
        // Preact (React's API in the browser, ADR 024) and Remix's router are needed by every page: one chunk
        // compresses better than the several rollup would otherwise make (ADR 015).
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](preact|@remix-run|react-router|react-router-dom)[\\/]/.test(id))
            return "rammeverk";
          return undefined;
        },
      },
    },
  },
  server: { hmr: { port: 24679 } },
});
