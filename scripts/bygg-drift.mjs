// `npm run build`, second half: the service and its command-line tools compiled to plain JavaScript, so they run
// with `node` without tsx (docs/decisions/023-produksjon-kjoerer-kompilert-kode.md), in two builds
// (docs/decisions/043-ingen-demodata-i-produksjonsbildet.md):
//   build/drift/  the production build, what the production image carries: the service and the tools that work
//                 on a real database. No development stand-in and no seed: every import of dev/ is replaced by a
//                 module that refuses, and a static import of it fails the build, so nothing in it can write demo
//                 persons, delegations, importers or certificates.
//   build/demo/   the development build (`npm start`, the e2e suite, the demo image): the same service with the
//                 stand-ins (ID-porten, Altinn, Enhetsregisteret, Maskinporten, the ePhyto Hub, the mail catcher) as dynamic
//                 chunks and as processes of their own, and the demo seed.
// Vite's SSR build (rollup) bundles our own TypeScript and leaves every npm package external. Chunks sit beside
// the entries: api/arbeid/basseng.ts finds its worker as ./traad.js, db/pglite-klient.ts its as ./pglite-traad.js,
// dev/vedlegg.ts its files in ./fixtures/.
import { cpSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const rot = path.resolve(".");
const bygg = process.env.BUILD_DIR ?? "build";
const DEV = `${path.join(rot, "dev")}${path.sep}`;

const tjenesten = {
  server: "server.ts",
  traad: "api/arbeid/traad.ts",
  "pglite-traad": "db/pglite-traad.ts",
  "db-migrer": "scripts/db-migrer.ts",
  "ephyto-import": "scripts/ephyto-import.ts",
  "myndighet-vurder": "scripts/myndighet-vurder.ts",
  "epost-send": "scripts/epost-send.ts",
  "hub-hent": "scripts/hub-hent.ts",
};

/** The production build: dev/ is not in it (the dynamic imports of server/ load a module that refuses). */
const UTEN = "\0uten-utviklingstjenester";

function utenUtviklingstjenester() {
  const ID = UTEN;
  return {
    name: "uten-utviklingstjenester",
    enforce: "pre",
    async resolveId(kilde, importer, valg) {
      if (!importer || importer === ID) return null;
      const r = await this.resolve(kilde, importer, { ...valg, skipSelf: true });
      if (!r?.id.startsWith(DEV)) return null;
      return `${ID}?${path.relative(rot, r.id)}`;
    },
    load(id) {
      if (!id.startsWith(ID)) return null;
      return `throw new Error("${id.slice(ID.length + 1)} er ikke med i produksjonsbygget: utviklingstjenestene og demodataene finnes bare i build/demo (npm start, demobildet).");`;
    },
    moduleParsed(info) {
      if (info.id.startsWith(ID)) return;
      const statisk = info.importedIds.find((i) => i.startsWith(ID));
      if (statisk)
        this.error(`${path.relative(rot, info.id)} importerer ${statisk.slice(ID.length + 1)} statisk`);
    },
  };
}

async function byggTil(ut, input, plugins = []) {
  await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    plugins,
    build: {
      ssr: true,
      target: "node24",
      outDir: ut,
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      rollupOptions: {
        input,
        output: {
          format: "esm",
          entryFileNames: "[name].js",
          // A refusing stand-in for dev/ is named for what it is, not for the module it replaces.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.every((id) => id.startsWith(UTEN))
              ? "uten-utviklingstjenester-[hash].js"
              : "[name]-[hash].js",
        },
      },
    },
    ssr: { external: true },
  });
}

await byggTil(path.join(bygg, "drift"), tjenesten, [utenUtviklingstjenester()]);
const demo = path.join(bygg, "demo");
await byggTil(demo, {
  ...tjenesten,
  seed: "scripts/seed.ts",
  // development stand-ins as processes of their own (the demo image; the production-shape test)
  idporten: "dev/idporten/prosess.ts",
  epostfanger: "dev/epost/prosess.ts",
  registre: "dev/registre/prosess.ts",
  maskinporten: "dev/maskinporten/prosess.ts",
  hub: "dev/hub/prosess.ts",
});
// The demo attachments (dev/vedlegg.ts reads ./fixtures/ beside its chunk).
cpSync("dev/fixtures", path.join(demo, "fixtures"), { recursive: true });
// The ePhyto Hub's WSDL (api/ephyto/hub-klient.ts reads it beside its chunk; the development Hub serves it).
for (const ut of ["drift", "demo"])
  cpSync("api/ephyto/hub-ephyto.wsdl", path.join(bygg, ut, "hub-ephyto.wsdl"));
console.log(`Tjenesten er bygget til ${bygg}/drift/ (produksjon) og ${bygg}/demo/ (utvikling og demo).`);
