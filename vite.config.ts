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

/**
 * Vite wraps each dynamic import in its preload helper (`__vitePreload(() => import("./x.js"), deps)`), a chunk of
 * its own of 0.7 KB gzip on every page with a lazy part (the client validation, the lazy dialogs: the wizard's
 * heaviest pages). With `modulePreload: false` its only work is loading the CSS a lazy chunk imports (`deps`
 * holds nothing else) and telling `vite:preloadError`, which nothing here listens to: a failed import rejects
 * the same either way. So the helper is the import itself, and the build stops if a lazy chunk ever imports CSS
 * (ADR 080).
 */
function preloadUtenHjelper(): Plugin {
  const HJELPER = "\0vite/preload-helper.js";
  return {
    name: "preload-uten-hjelper",
    apply: "build",
    enforce: "pre",
    load(id) {
      return id === HJELPER ? "export const __vitePreload = (importer) => importer();" : null;
    },
    generateBundle(_options, bundle) {
      const css = (fil: string, sett: Set<string>): boolean => {
        const chunk = bundle[fil];
        if (chunk?.type !== "chunk" || sett.has(fil)) return false;
        sett.add(fil);
        return chunk.viteMetadata?.importedCss.size ? true : chunk.imports.some((i) => css(i, sett));
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.isDynamicEntry && css(chunk.fileName, new Set())) {
          this.error(
            `${chunk.fileName} lastes dynamisk og importerer CSS: preloadUtenHjelper laster ikke CSS`,
          );
        }
      }
    },
  };
}

type ModulInfo = (id: string) => { importers: readonly string[] } | null;

/**
 * The layout routes whose static imports go in one chunk each: what a layout loads is on every page under it
 * anyway, and one chunk compresses better than the many small ones rollup makes (about 1 KB gzip per page;
 * ADR 047). The root's is the shell (the translator, the header, the shared panels). Only a layout whose
 * imports no page outside it shares: another page would load the whole chunk for one module of it (tried with
 * importmelding.$id: the certificate page grew 14 KB).
 */
const OPPSETT = [{ chunk: "skall", rute: /[\\/]app[\\/]root\.tsx$/ }];
const grafer = new Map<string, boolean>();
/** Whether the layout route `rute` imports the module statically, directly or through others. */
function iGrafen(rute: RegExp, id: string, info: ModulInfo, paaVei = new Set<string>()): boolean {
  const noekkel = `${rute.source}|${id}`;
  const kjent = grafer.get(noekkel);
  if (kjent !== undefined) return kjent;
  if (rute.test(id)) return true;
  if (paaVei.has(id)) return false;
  paaVei.add(id);
  const svar = (info(id)?.importers ?? []).some((i) => iGrafen(rute, i, info, paaVei));
  paaVei.delete(id);
  // a "no" found while a cycle was cut short is only sure for the call that started the walk
  if (svar || paaVei.size === 0) grafer.set(noekkel, svar);
  return svar;
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
    preloadUtenHjelper(),
  ],
  build: {
    target: "es2020",
    // No preloading of a lazy chunk's own imports: it costs 0.9 KB gzip on every page with a dynamic import
    // (the client validation, the lazy dialogs), for chunks that load after the first paint or when a dialog
    // opens; they load one after the other instead (ADR 047).
    modulePreload: false,
    // The browser's code through terser: about 4 KB gzip less on every route than esbuild's minifier, most
    // of it in the framework chunk (ADR 025). The server's build is not minified (stack traces, build time).
    minify: isSsrBuild ? false : "terser",
    rollupOptions: {
      output: {
        // React, React DOM and Remix's router (with turbo-stream, single fetch's format) are needed by every
        // page: one chunk compresses better than the several rollup would otherwise make (ADR 015, ADR 025).
        manualChunks(id, { getModuleInfo }) {
          if (
            /[\\/]node_modules[\\/](react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)[\\/]/.test(
              id,
            )
          )
            return "rammeverk";
          // conform in one piece (only form pages load it, app/components/tekstfelt.tsx): rollup would split it by
          // which pages and lazy parts use which of its modules (two chunks, 0.8 KB gzip more on every form page).
          if (/[\\/]node_modules[\\/]@conform-to[\\/](react|dom)[\\/]/.test(id)) return "conform";
          // Route modules stay their own chunks (Remix loads them by name); rollup's own helpers (\0…) and other
          // packages stay where rollup puts them (a helper the framework chunk shares would make the two
          // chunks import each other).
          if (/[\\/]app[\\/](root\.tsx|routes[\\/])/.test(id)) return undefined;
          // the dynamic imports' helper (preloadUtenHjelper, one line) with the shell, not a file of its own
          if (id === "\0vite/preload-helper.js") return "skall";
          if (
            id.startsWith("\0") ||
            !/[\\/](app|domain|sprak)[\\/]|[\\/]node_modules[\\/]@lingui[\\/]/.test(id)
          )
            return undefined;
          // The small building blocks nearly every page uses go with the shell: a page without them pays a
          // little, the heavy pages (the wizard's) save a file's worth of gzip each.
          if (/[\\/](app[\\/]components[\\/](ui|dialog|hydrert)\.tsx?|domain[\\/]format\.ts)$/.test(id))
            return "skall";
          return OPPSETT.find((o) => iGrafen(o.rute, id, getModuleInfo))?.chunk;
        },
      },
    },
  },
  server: { hmr: { port: 24679 } },
}));
