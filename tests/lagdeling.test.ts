// The layering rules of `npm run lint` (.dependency-cruiser.cjs, docs/architecture.md "Dependency
// direction") catch a wrong import: depcruise runs with the project's own configuration over a small tree in
// a temporary folder, with one wrong import per rule and the imports the rules allow.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DEPCRUISE = path.resolve("node_modules/.bin/depcruise");
const KONFIG = path.resolve(".dependency-cruiser.cjs");

/** The fixture: file -> its contents. Every folder of ours, with a real module to import in each. */
const TRE: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { module: "ESNext", moduleResolution: "Bundler", resolveJsonModule: true, strict: true },
  }),
  "db/index.ts": "export const db = {};\nexport type Db = typeof db;\n",
  "api/index.ts": "export const api = 1;\n",
  "app/root.ts": "export const root = 1;\n",
  "dev/seed.ts": "export const seed = 1;\nexport type Seed = number;\n",
  "server/config.ts":
    "export interface Config { port: number }\nexport const loadConfig = () => ({ port: 1 });\n",
  "tests/support/test-db.ts": "export const testDb = 1;\n",
  "domain/data/liste.json": "[]\n",
  "sprak/sprak.ts": 'export const SPRAK = ["nb"];\n',
  "sprak/katalog.server.ts": 'import nb from "./katalog/nb/felles.json";\nexport const k = nb;\n',
  "sprak/katalog/nb/felles.json": "{}\n",

  // Wrong: one per rule.
  "domain/feil.ts": 'import { db } from "../db/index";\nexport const x = db;\n',
  "app/feil-api.ts": 'import { api } from "../api/index";\nexport const x = api;\n',
  "api/feil-app.ts": 'import { root } from "../app/root";\nexport const x = root;\n',
  "app/routes/feil-db.ts": 'import type { Db } from "../../db/index";\nexport type X = Db;\n',
  "api/feil-dev.ts": 'import { seed } from "../dev/seed";\nexport const x = seed;\n',
  "scripts/ephyto-import.ts": 'import { seed } from "../dev/seed";\nexport const x = seed;\n',
  "server/feil-dev.ts": 'import { seed } from "../dev/seed";\nexport const x = seed;\n',
  "app/feil-server.ts": 'import { loadConfig } from "../server/config";\nexport const x = loadConfig;\n',
  "api/feil-server.ts": 'import { loadConfig } from "../server/config";\nexport const x = loadConfig;\n',
  "db/feil-stoette.ts": 'import { testDb } from "../tests/support/test-db";\nexport const x = testDb;\n',
  "sprak/feil.ts": 'import liste from "../domain/data/liste.json";\nexport const x = liste;\n',
  "app/components/feil-katalog.tsx": 'import { k } from "../../sprak/katalog.server";\nexport const x = k;\n',
  "domain/feil-katalog.ts": 'import nb from "../sprak/katalog/nb/felles.json";\nexport const x = nb;\n',
  // A cycle in api/ (the type-only half counts too).
  "api/sirkel-a.ts": 'import { b } from "./sirkel-b";\nexport const a = b + 1;\nexport type A = number;\n',
  "api/sirkel-b.ts": 'import type { A } from "./sirkel-a";\nexport const b: A = 1;\n',

  // Allowed.
  "domain/riktig.ts":
    'import liste from "./data/liste.json";\nimport { SPRAK } from "../sprak/sprak";\nexport const x = [liste, SPRAK];\n',
  "app/lib/tekster.server.ts": 'import { k } from "../../sprak/katalog.server";\nexport const x = k;\n',
  "app/lib/sprakvalg.server.ts": 'import type { Db } from "../../db/index";\nexport type X = Db;\n',
  "api/tekst.ts": 'import { k } from "../sprak/katalog.server";\nexport const x = k;\n',
  "app/lib/session.server.ts": 'import { db, type Db } from "../../db/index";\nexport const x: Db = db;\n',
  "app/context.ts": 'import type { Db } from "../db/index";\nexport type X = Db;\n',
  "app/lib/auth.server.ts": 'import type { Config } from "../../server/config";\nexport type X = Config;\n',
  "server/index.ts":
    'import type { Seed } from "../dev/seed";\nimport { root } from "../app/root";\nimport { api } from "../api/index";\n' +
    'export const x = [root, api];\nexport const y = async (): Promise<Seed> => (await import("../dev/seed")).seed;\n',
  "server.ts":
    'import { x } from "./server/index";\nexport const y = async () => [x, (await import("./dev/seed")).seed];\n',
  "scripts/seed.ts": 'import { seed } from "../dev/seed";\nexport const x = seed;\n',
  "scripts/bench.ts":
    'import { seed } from "../dev/seed";\nimport { testDb } from "../tests/support/test-db";\nexport const x = [seed, testDb];\n',
  "api/index.test.ts":
    'import { seed } from "../dev/seed";\nimport { testDb } from "../tests/support/test-db";\nimport { loadConfig } from "../server/config";\n' +
    "export const x = [seed, testDb, loadConfig];\n",
  // A route and its component: the component takes `typeof loader` from the route that renders it.
  "app/routes/rute.ts":
    'import { Del } from "../components/del";\nexport const loader = () => 1;\nexport const x = Del;\n',
  "app/components/del.ts":
    'import type { loader } from "../routes/rute";\nexport type L = typeof loader;\nexport const Del = 1;\n',
  "app/routes/side.test.ts":
    'import { db } from "../../db/index";\nimport { seed } from "../../dev/seed";\nexport const x = [db, seed];\n',
};

/** The violations the wrong files above must give, as "rule: from -> to". */
const FORVENTET = [
  "api-not-to-app: api/feil-app.ts -> app/root.ts",
  "app-api-server-types-only: api/feil-server.ts -> server/config.ts",
  "app-api-server-types-only: app/feil-server.ts -> server/config.ts",
  "app-not-to-api: app/feil-api.ts -> api/index.ts",
  "app-to-db-only-for-sessions: app/routes/feil-db.ts -> db/index.ts",
  "catalogues-only-on-the-server: app/components/feil-katalog.tsx -> sprak/katalog.server.ts",
  "catalogues-only-on-the-server: domain/feil-katalog.ts -> sprak/katalog/nb/felles.json",
  "domain-imports-nothing-of-ours: domain/feil.ts -> db/index.ts",
  // depcruise names a cycle once, from the module it met first
  "no-circular: api/sirkel-a.ts -> api/sirkel-b.ts",
  "no-dev-outside-tests: api/feil-dev.ts -> dev/seed.ts",
  "no-dev-outside-tests: scripts/ephyto-import.ts -> dev/seed.ts",
  "server-loads-dev-dynamically: server/feil-dev.ts -> dev/seed.ts",
  "sprak-imports-nothing-of-ours: sprak/feil.ts -> domain/data/liste.json",
  "test-support-only-in-tests: db/feil-stoette.ts -> tests/support/test-db.ts",
];

interface Brudd {
  rule: { name: string };
  from: string;
  to: string;
}

describe("lagdelingen i npm run lint", () => {
  let mappe: string;
  beforeAll(() => {
    mappe = mkdtempSync(path.join(tmpdir(), "lagdeling-"));
    for (const [fil, innhold] of Object.entries(TRE)) {
      mkdirSync(path.dirname(path.join(mappe, fil)), { recursive: true });
      writeFileSync(path.join(mappe, fil), innhold);
    }
  });
  afterAll(() => {
    if (mappe) rmSync(mappe, { recursive: true, force: true });
  });

  it("every forbidden arrow of docs/architecture.md is reported, and no allowed one", async () => {
    const ut = await new Promise<string>((resolve, reject) =>
      execFile(
        DEPCRUISE,
        [
          "--config",
          KONFIG,
          "--output-type",
          "json",
          "api",
          "app",
          "db",
          "dev",
          "domain",
          "scripts",
          "server",
          "server.ts",
          "sprak",
          "tests",
        ],
        { cwd: mappe, maxBuffer: 10 * 1024 * 1024 },
        // depcruise exits with the number of errors: the report is on stdout either way.
        (feil, stdout, stderr) => (stdout ? resolve(stdout) : reject(feil ?? new Error(stderr))),
      ),
    );
    const rapport = JSON.parse(ut) as { summary: { violations: Brudd[]; totalCruised: number } };
    expect(rapport.summary.totalCruised).toBe(Object.keys(TRE).length - 1);
    const brudd = rapport.summary.violations.map((b) => `${b.rule.name}: ${b.from} -> ${b.to}`).sort();
    expect(brudd).toEqual(FORVENTET);
  });
});
