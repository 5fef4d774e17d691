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
 * Brotli and gzip copies of the client build's files, served as they are by server/web.ts (ADR 015). Run after
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

export default defineConfig(({ isSsrBuild }) => ({
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
  ],
  build: {
    target: "es2020",
    // The browser's code through terser: about 4 KB gzip less on every route than esbuild's minifier, most
    // of it in the framework chunk (ADR 025). The server's build is not minified (stack traces, build time).
    minify: isSsrBuild ? false : "terser",
    rollupOptions: {
      output: {
        // React, React DOM and Remix's router (with turbo-stream, single fetch's format) are needed by every
        // page: one chunk compresses better than the several rollup would otherwise make (ADR 015, ADR 025).
        manualChunks(id) {
          if (
            /[\\/]node_modules[\\/](react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)[\\/]/.test(
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
}));
