// Thin route handlers (issue 37 item 4, docs/decisions/067-tynne-rutehandlere.md): a router module of the API
// parses the request, checks access, calls one operation of its area and answers. The queries live in the
// area's modules, named after what they do; a router imports neither kysely nor its `sql` and builds no query
// on the database handle. This test reads every router module and shows the check catching each kind.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The API's router modules: every api/**\/router.ts. */
function ruterModuler(rot = "api"): string[] {
  const filer = readdirSync(rot, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(rot, f).split(path.sep).join("/"))
    .filter((f) => f.endsWith("/router.ts"));
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
        "api/hendelser/router.ts",
        "api/importmelding/router.ts",
        "api/importoer/router.ts",
        "api/myndighet/router.ts",
        "api/sertifikat/router.ts",
      ]),
    );
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
