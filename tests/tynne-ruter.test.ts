// Thin route handlers (issue 37 item 4, docs/decisions/067-tynne-rutehandlere.md): a router module of the API
// parses the request, checks access, calls one operation of its area and answers. The queries live in the
// area's modules, named after what they do; a router imports neither kysely nor its `sql` and builds no query
// on the database handle. This test finds every module of the API that registers routes by what it does (ADR
// 071), whatever its name, reads each and shows the check catching each kind.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Registers routes: makes an express Router, or calls get/post/put/patch/delete/all on a router or app with a
 * path. Found by what a module does, not by its name, so a new module with routes cannot slip by.
 */
const RUTER: RegExp[] = [
  /\bRouter\s*\(/,
  /\b\w*(?:router|Router|ruter|app|api)\s*\.\s*(?:get|post|put|patch|delete|all|route)\s*\(\s*[`"'/\w]/,
];

function registrererRuter(kilde: string): boolean {
  return RUTER.some((m) => m.test(kilde));
}

/** The API's modules that register routes: every api/**\/*.ts (not a test) that does. */
function ruterModuler(rot = "api"): string[] {
  const filer = readdirSync(rot, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(rot, f).split(path.sep).join("/"))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .filter((f) => registrererRuter(readFileSync(f, "utf8")));
  return filer.sort();
}

const FORBUDT: [string, RegExp][] = [
  ["importerer kysely", /\bfrom\s+["']kysely(?:\/[^"']*)?["']/],
  ["bruker sql`…`", /\bsql\s*(?:<[^>]*>)?\s*`/],
  [
    "bygger en spørring",
    /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(/,
  ],
  ["åpner en transaksjon", /\.transaction\s*\(\s*\)/],
];

/** What a module's source does that a router must not (empty: nothing). */
function sqlIRuter(kilde: string): string[] {
  return FORBUDT.filter(([, moenster]) => moenster.test(kilde)).map(([hva]) => hva);
}

describe("tynne rutehandlere", () => {
  it("finner ruterne", () => {
    const moduler = ruterModuler();
    expect(moduler).toEqual(
      expect.arrayContaining([
        "api/epost/router.ts",
        "api/gateway/router.ts",
        "api/hendelser/router.ts",
        "api/importmelding/liste-router.ts",
        "api/importmelding/router.ts",
        "api/importoer/router.ts",
        "api/myndighet/router.ts",
        "api/sertifikat/router.ts",
        "api/systemtilgang/router.ts",
        "api/sertifikat/hub.ts",
        "api/index.ts",
      ]),
    );
  });

  it("kjenner en ruter på hva den gjør, ikke på navnet", () => {
    expect(registrererRuter('import { Router } from "express";\nconst router = Router();')).toBe(true);
    expect(registrererRuter("const r = express.Router();")).toBe(true);
    expect(registrererRuter('router.get("/import/x", h);')).toBe(true);
    expect(registrererRuter("router\n  .post(`/import/x/:id`, h);")).toBe(true);
    expect(registrererRuter("app.delete(STI, h);")).toBe(true);
    expect(registrererRuter('const type = req.get("content-type");')).toBe(false);
    expect(registrererRuter("res.json(await hentArkiv(db, id, q));")).toBe(false);
  });

  it("ingen ruter importerer kysely eller bygger en spørring selv", () => {
    const brudd = ruterModuler().flatMap((fil) =>
      sqlIRuter(readFileSync(fil, "utf8")).map((hva) => `${fil}: ${hva}`),
    );
    expect(brudd).toEqual([]);
  });

  it("sjekken fanger hver måte å skrive SQL i en ruter på, og ikke et kall til en operasjon", () => {
    expect(sqlIRuter('import { sql } from "kysely";')).toEqual(["importerer kysely"]);
    expect(sqlIRuter('import { jsonArrayFrom } from "kysely/helpers/postgres";')).toEqual([
      "importerer kysely",
    ]);
    expect(sqlIRuter("const n = sql<number>`count(*)`;")).toEqual(["bruker sql`…`"]);
    for (const kall of ["selectFrom", "insertInto", "updateTable", "deleteFrom"]) {
      expect(sqlIRuter(`await db\n  .${kall}("importoer")`)).toEqual(["bygger en spørring"]);
    }
    expect(sqlIRuter("await db.transaction().execute(async (trx) => {})")).toEqual(["åpner en transaksjon"]);
    expect(sqlIRuter("res.json(await hentImportoer(db, orgnr));")).toEqual([]);
  });
});
