// Global setup of `npm run test:bygg` (vitest.bygg.config.ts): the tests over the production build fail,
// rather than skip, when there is no build to test. Run `npm run build` first (`npm test` does).
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * What `npm run build` writes: Remix's client and server builds, and the compiled service (build/drift for
 * production, build/demo with the development stand-ins).
 */
const DELER = ["client/assets", "server/index.js", "drift/server.js", "demo/server.js"];

export default function byggFinnes(): void {
  const bygg = path.resolve(process.env.BUILD_DIR ?? "build");
  const mangler = DELER.filter((del) => !existsSync(path.join(bygg, del)));
  if (mangler.length > 0)
    throw new Error(
      `Produksjonsbygget mangler (${mangler.map((del) => path.join(bygg, del)).join(", ")}): kjør \`npm run build\` før \`npm run test:bygg\`.`,
    );
}
