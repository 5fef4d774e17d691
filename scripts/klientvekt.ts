// First-load JavaScript per route of the production build, from Remix's build manifest: the entry, the
// route, its ancestors and every module they import statically, each gzip-sized, as
// /work/shared/tools/js-budget.mjs counts it. Read by the budget test (tests/ytelse/klientvekt.test.ts) and
// printed by `npm run bench`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestPost {
  module: string;
  imports?: string[];
  parentId?: string;
  hasDefaultExport?: boolean;
}

export const klientmappe = (byggmappe = process.env.BUILD_DIR ?? "build") =>
  path.resolve(byggmappe, "client");

function lesManifest(klient: string): { entry: ManifestPost; routes: Record<string, ManifestPost> } {
  const assets = path.join(klient, "assets");
  const fil = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!fil) throw new Error(`Fant ikke Remix-manifestet i ${assets}`);
  const kilde = readFileSync(path.join(assets, fil), "utf8");
  return JSON.parse(kilde.slice(kilde.indexOf("{"), kilde.lastIndexOf("}") + 1));
}

/** The files (URLs under the client folder) each page route loads first: route id → files. */
export function foersteLasting(klient = klientmappe()): Map<string, string[]> {
  const m = lesManifest(klient);
  const filer = (e: ManifestPost) => [e.module, ...(e.imports ?? [])];
  const ruter = new Map<string, string[]>();
  for (const [id, rute] of Object.entries(m.routes)) {
    if (rute.hasDefaultExport === false) continue;
    const sett = new Set(filer(m.entry));
    for (let r: ManifestPost | undefined = rute; r; r = r.parentId ? m.routes[r.parentId] : undefined)
      for (const f of filer(r)) sett.add(f);
    ruter.set(id, [...sett]);
  }
  return ruter;
}

/** KB gzip of a file of the client build, by its URL. */
export function gzipKb(klient: string, url: string): number {
  return gzipSync(readFileSync(path.join(klient, url))).length / 1024;
}

/** Every page route with its first-load JavaScript in KB gzip, heaviest first. */
export function klientvekt(klient = klientmappe()): Array<{ rute: string; kb: number }> {
  const kb = new Map<string, number>();
  const storrelse = (f: string) => {
    if (!kb.has(f)) kb.set(f, gzipKb(klient, f));
    return kb.get(f)!;
  };
  return [...foersteLasting(klient)]
    .map(([rute, filer]) => ({ rute, kb: filer.reduce((sum, f) => sum + storrelse(f), 0) }))
    .sort((a, b) => b.kb - a.kb);
}
