// `npm run build`, second half: the service and its command-line tools compiled to plain JavaScript in
// build/drift/, so production runs `node build/drift/server.js` without tsx (docs/decisions/023-produksjon-kjoerer-kompilert-kode.md).
// Vite's SSR build (rollup) bundles our own TypeScript and leaves every npm package external; the
// development stand-ins (dev/) are dynamic imports in server/, so their chunks (and oidc-provider) load
// only in embedded mode. Chunks sit beside the entries: api/arbeid/basseng.ts finds its worker as ./traad.js, db/pglite-klient.ts
// its as ./pglite-traad.js, dev/vedlegg.ts
// its files in ./fixtures/.
import { cpSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const ut = path.join(process.env.BUILD_DIR ?? "build", "drift");

await build({
  configFile: false,
  logLevel: "warn",
  publicDir: false,
  build: {
    ssr: true,
    target: "node20",
    outDir: ut,
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: {
        server: "server/index.ts",
        traad: "api/arbeid/traad.ts",
        "pglite-traad": "db/pglite-traad.ts",
        seed: "scripts/seed.ts",
        "db-migrer": "scripts/db-migrer.ts",
        "ephyto-import": "scripts/ephyto-import.ts",
        "myndighet-vurder": "scripts/myndighet-vurder.ts",
        "epost-send": "scripts/epost-send.ts",
        // development stand-ins as processes of their own (the demo image; the production-shape test)
        idporten: "dev/idporten/prosess.ts",
        epostfanger: "dev/epost/prosess.ts",
        maskinporten: "dev/maskinporten/prosess.ts",
      },
      output: {
        format: "esm",
        entryFileNames: "[name].js",
        chunkFileNames: "[name]-[hash].js",
      },
    },
  },
  ssr: { external: true },
});
// The demo attachments (dev/vedlegg.ts reads ./fixtures/ beside its chunk).
cpSync("dev/fixtures", path.join(ut, "fixtures"), { recursive: true });
console.log(`Tjenesten og kommandoene er bygget til ${ut}/.`);
