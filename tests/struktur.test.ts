// Files that do one job (issue 14 item 2): no source file in app/, api/ or domain/ over 500 lines. A file that
// grows past it is split by what its parts do (see docs/decisions/022-struktur.md), not given an exception.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const GRENSE = 500;
const FUNKSJONSGRENSE = 150;

function kildefiler(mappe: string): string[] {
  return readdirSync(mappe).flatMap((navn) => {
    const sti = path.join(mappe, navn);
    if (statSync(sti).isDirectory()) return kildefiler(sti);
    return /\.tsx?$/.test(navn) && !/\.test\.tsx?$/.test(navn) ? [sti] : [];
  });
}

const linjer = (fil: string) => readFileSync(fil, "utf8").split("\n").length - 1;

// knip (npm run lint) keeps exports without a reader out, but it takes every export of a Remix route module as
// read. A route module exports only what Remix reads; a constant or type other files need lives in
// app/components or app/lib, and one only the route needs is not exported.
const REMIX_EKSPORTER = new Set([
  "default",
  "loader",
  "action",
  "meta",
  "links",
  "headers",
  "handle",
  "ErrorBoundary",
  "HydrateFallback",
  "shouldRevalidate",
  "clientLoader",
  "clientAction",
  "Layout",
]);

function eksporterteNavn(fil: string): string[] {
  const kilde = ts.createSourceFile(
    fil,
    readFileSync(fil, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  );
  return kilde.statements.flatMap((s): string[] => {
    if (ts.isExportDeclaration(s)) {
      if (!s.exportClause) return ["*"];
      if (ts.isNamespaceExport(s.exportClause)) return [s.exportClause.name.text];
      return s.exportClause.elements.map((e) => e.name.text);
    }
    if (ts.isExportAssignment(s)) return ["default"];
    const mods = ts.canHaveModifiers(s) ? (ts.getModifiers(s) ?? []) : [];
    if (!mods.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
    if (mods.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) return ["default"];
    if (ts.isVariableStatement(s))
      return s.declarationList.declarations.map((d) => (ts.isIdentifier(d.name) ? d.name.text : "?"));
    const navn = (s as ts.DeclarationStatement).name;
    return [navn && ts.isIdentifier(navn) ? navn.text : "?"];
  });
}

// An ADR has a status and a date (Epic Stack's template), so a newcomer reads the decisions in force and
// not their history: "Status: Vedtatt" or "Status: Erstattet av ADR NNN" (a later one), and "Dato:".
describe("ADR-ene", () => {
  it("every ADR in docs/decisions has a Status and a Dato line under its title", () => {
    const adrer = readdirSync("docs/decisions").filter((f) => f.endsWith(".md"));
    expect(adrer.length).toBeGreaterThan(20);
    const mangler = adrer.flatMap((fil) => {
      const nummer = Number(fil.slice(0, 3));
      const topp = readFileSync(path.join("docs/decisions", fil), "utf8").split("\n").slice(0, 6);
      const status = topp.map((l) => /^Status: (?:Vedtatt|Erstattet av ADR (\d{3}))$/.exec(l)).find(Boolean);
      const dato = topp.map((l) => /^Dato: (\d{4}-\d{2}-\d{2})$/.exec(l)).find(Boolean);
      const feil: string[] = [];
      if (!/^\d{3}-/.test(fil)) feil.push("navnet begynner ikke med et nummer");
      if (!status) feil.push("mangler «Status: Vedtatt» eller «Status: Erstattet av ADR NNN»");
      else if (status[1] !== undefined && Number(status[1]) <= nummer)
        feil.push(`erstattes av ADR ${status[1]}, som ikke er senere`);
      if (!dato || Number.isNaN(Date.parse(dato[1]!))) feil.push("mangler «Dato: ÅÅÅÅ-MM-DD»");
      return feil.map((f) => `${fil}: ${f}`);
    });
    expect(mangler).toEqual([]);
  });
});

describe("npm run lint", () => {
  it("runs Biome, the layering rules (dependency-cruiser) and knip, and npm test runs it", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.lint?.split(" && ")).toEqual([
      "biome check .",
      "depcruise --config .dependency-cruiser.cjs app api db dev domain scripts server server.ts sprak tests",
      "knip",
    ]);
    expect(scripts.test).toMatch(/^npm run lint && /);
  });
});

describe("rutemoduler", () => {
  it("a route module exports only what Remix reads", () => {
    const filer = [...kildefiler("app/routes"), "app/root.tsx"];
    expect(filer.length).toBeGreaterThan(30);
    const andre = filer.flatMap((fil) =>
      eksporterteNavn(fil)
        .filter((n) => !REMIX_EKSPORTER.has(n))
        .map((n) => `${fil}: ${n}`),
    );
    expect(andre).toEqual([]);
  });
});

describe("filer som gjør én jobb", () => {
  it(`no source file in app/, api/ or domain/ is over ${GRENSE} lines`, () => {
    const filer = ["app", "api", "domain"].flatMap(kildefiler);
    expect(filer.length).toBeGreaterThan(100);
    const forLange = filer
      .map((fil) => ({ fil, n: linjer(fil) }))
      .filter(({ n }) => n > GRENSE)
      .map(({ fil, n }) => `${fil}: ${n} linjer`);
    expect(forLange).toEqual([]);
  });
});

// Functions that do one job (issue 27 §3): no function over FUNKSJONSGRENSE lines, counted from its first line
// to its last (comments and blank lines inside included). Every function counts: declarations, methods,
// function expressions and arrow functions (components, route handlers, callbacks), each on its own, so a
// router or component is split into named parts (handlers or route groups, sub-components) rather than
// holding them all. The product's code and its commands are covered; dev/ (the stand-ins for ID-porten, the
// mail catcher and the demo data table) and tests/ are not.
const FUNKSJONSMAPPER = ["app", "api", "domain", "db", "server", "scripts"];

function funksjonsnavn(f: ts.FunctionLikeDeclaration, kilde: ts.SourceFile): string {
  if (f.name) return f.name.getText(kilde);
  const p = f.parent;
  if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && p.name) return p.name.getText(kilde);
  if (ts.isCallExpression(p)) return `(argument til ${p.expression.getText(kilde).replace(/\s+/g, "")})`;
  return "(uten navn)";
}

function forLangeFunksjoner(fil: string, grense: number): string[] {
  const kilde = ts.createSourceFile(
    fil,
    readFileSync(fil, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    fil.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const funnet: string[] = [];
  const besoek = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const foerste = kilde.getLineAndCharacterOfPosition(node.getStart(kilde)).line;
      const siste = kilde.getLineAndCharacterOfPosition(node.getEnd()).line;
      const n = siste - foerste + 1;
      if (n > grense) funnet.push(`${fil}:${foerste + 1} ${funksjonsnavn(node, kilde)}: ${n} linjer`);
    }
    ts.forEachChild(node, besoek);
  };
  besoek(kilde);
  return funnet;
}

describe("funksjoner som gjør én jobb", () => {
  const filer = FUNKSJONSMAPPER.flatMap(kildefiler);

  it(`no function in ${FUNKSJONSMAPPER.join("/, ")}/ is over ${FUNKSJONSGRENSE} lines`, () => {
    expect(filer.length).toBeGreaterThan(200);
    const forLange = filer.flatMap((fil) => forLangeFunksjoner(fil, FUNKSJONSGRENSE));
    expect(
      forLange,
      `Funksjoner over ${FUNKSJONSGRENSE} linjer (fil:linje navn: lengde); del dem i navngitte deler`,
    ).toEqual([]);
  });

  it("finds the functions it counts: components, route handlers and callbacks", () => {
    // The counter itself: with a low limit it names known functions of each kind, so a counter that missed
    // arrow functions or components could not pass the test above.
    const korte = filer.flatMap((fil) => forLangeFunksjoner(fil, 20)).join("\n");
    expect(korte).toMatch(/^api\/importmelding\/router\.ts:\d+ importmeldingRouter: \d+ linjer$/m);
    expect(korte).toMatch(/^app\/routes\/importmelding\.\$id\.oppsummering\.tsx:\d+ Oppsummering: /m);
    expect(korte).toMatch(/ \(argument til ah(<ImportoerRequest>)?\): \d+ linjer$/m);
    expect(korte).toMatch(/^api\/sertifikat\/ingest\.ts:\d+ lagreITransaksjon: /m);
  });
});

// Every conform form names its id: its fields' ids (`<form>-<field>`) are what the error summary links to and
// what tests and the labels name, and a readable id says which form it is (conform's useForm would otherwise
// take one from useId, such as ":R1:").
describe("faste id-er", () => {
  it("every conform useForm in app/ names its id first", () => {
    const kall = kildefiler("app").flatMap((fil) =>
      [...readFileSync(fil, "utf8").matchAll(/useForm\(([\s\S]{0,200})/g)].map((m) => ({
        fil,
        etter: m[1]!,
      })),
    );
    expect(kall.length).toBeGreaterThanOrEqual(6);
    expect(kall.filter(({ etter }) => !/^\{\s*id:/.test(etter)).map(({ fil }) => fil)).toEqual([]);
  });
});

// Every browser test goes through the e2e fixture that fails a JavaScript-on test on a console error or a
// hydration warning (issue 27 §1): a spec that imported Playwright's own `test` would slip past it.
describe("ende-til-ende-testene", () => {
  it("every spec takes test and expect from tests/e2e/helpers.ts, not from @playwright/test", () => {
    const feil: string[] = [];
    for (const mappe of ["tests/e2e", "tests/produksjon"]) {
      for (const fil of readdirSync(mappe).filter((f) => f.endsWith(".spec.ts"))) {
        const kilde = readFileSync(path.join(mappe, fil), "utf8");
        const fraPlaywright = /import\s+\{([^}]*)\}\s+from\s+"@playwright\/test"/g;
        for (const m of kilde.matchAll(fraPlaywright)) {
          const navn = (m[1] ?? "").split(",").map((n) => n.trim());
          if (navn.some((n) => n === "test" || n === "expect")) feil.push(`${mappe}/${fil}`);
        }
      }
    }
    expect(feil).toEqual([]);
  });
});

// The race tests only PostgreSQL can fail (tests/support/test-db.ts, bareMedPostgres) are skipped on PGlite;
// CI's PostgreSQL pass must run them, or nothing does.
describe("testene som bare PostgreSQL kan feile", () => {
  it("lie in the folders CI's PostgreSQL pass (.ci/run) runs", () => {
    const pass = /^npx vitest run (.+)$/m.exec(readFileSync(".ci/run", "utf8"))?.[1]?.split(" ") ?? [];
    expect(pass).toContain("api");
    const filer = ["api", "app", "db", "dev", "domain", "scripts", "server", "tests"]
      .flatMap((mappe) =>
        (readdirSync(mappe, { recursive: true }) as string[]).map((f) => path.join(mappe, f)),
      )
      .filter((f) => f.endsWith(".test.ts") && /^\s*bareMedPostgres\(ctx\);$/m.test(readFileSync(f, "utf8")));
    expect(filer.length).toBeGreaterThanOrEqual(2);
    expect(filer.filter((f) => !pass.some((mappe) => f.startsWith(`${mappe}/`)))).toEqual([]);
  });
});
