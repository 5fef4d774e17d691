// The allowed dependency directions of docs/architecture.md, checked by `npm run lint` (depcruise).
// app -> domain, api -> domain, server/ and the process entry server.ts -> app, api, db, dev (dev only by
// dynamic import); domain imports nothing of ours but the catalogues' language module (sprak/), which app, api
// and domain all read. Test files (*.test.ts, *.spec.ts and everything under tests/) may reach any layer.

/** A test file, or test support: free to import any layer. */
const TEST = "(\\.test\\.tsx?$|\\.spec\\.tsx?$|^tests/)";
/** The development commands that run on the demo data: the seed and the bench. */
const DEV_COMMANDS = "^scripts/(seed|bench[^/]*)\\.ts$";
/** The composition root (server/) and the process entry beside it (server.ts). */
const SERVER = "^server(/|\\.ts$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-imports-nothing-of-ours",
      comment:
        "domain/ holds pure rules: it imports only domain/ itself (and its JSON data under domain/data) and the " +
        "languages' module sprak/ (message ids, languages, locales); its tests may use the shared test data under " +
        "tests/support.",
      severity: "error",
      from: { path: "^domain/", pathNot: TEST },
      to: { dependencyTypes: ["local"], pathNot: "^(domain|sprak)/" },
    },
    {
      name: "sprak-imports-nothing-of-ours",
      comment:
        "sprak/ (the catalogues, the translator, the languages; docs/sprak.md) is read by app/, api/ and domain/ " +
        "alike, so it imports nothing of theirs.",
      severity: "error",
      from: { path: "^sprak/", pathNot: TEST },
      to: { dependencyTypes: ["local"], pathNot: "^sprak/" },
    },
    {
      name: "catalogues-only-on-the-server",
      comment:
        "The compiled catalogues (sprak/katalog.server.ts and the JSON files) are server-only: the browser gets a " +
        "page's messages with its loader data (app/lib/tekster.server.ts), never in its bundle. Only server-side " +
        "modules (*.server.ts, api/, server/, scripts/) and tests import them; domain/ carries message ids.",
      severity: "error",
      from: { path: "^(app|domain)/", pathNot: `\\.server\\.tsx?$|${TEST}` },
      to: { path: "^sprak/(katalog\\.server\\.ts|katalog/)" },
    },
    {
      name: "app-not-to-api",
      comment: "The app talks to the import API over HTTP only (app/lib/api.server.ts), never by import.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^api/" },
    },
    {
      name: "api-not-to-app",
      comment: "The import API knows nothing of the web app.",
      severity: "error",
      from: { path: "^api/" },
      to: { path: "^app/" },
    },
    {
      name: "app-to-db-only-for-sessions",
      comment:
        "The app reaches the database only for its sessions: app/lib/session.server.ts, the person's language " +
        "preference beside them (app/lib/sprakvalg.server.ts, ADR 048) and the context type (app/context.ts) that " +
        "carries the database handle to it. Everything else goes through the import API.",
      severity: "error",
      from: { path: "^app/", pathNot: `^app/(lib/(session|sprakvalg)\\.server|context)\\.ts$|${TEST}` },
      to: { path: "^db/" },
    },
    {
      name: "no-dev-outside-tests",
      comment:
        "dev/ holds development stand-ins. Only tests, dev/ itself and the development commands (seed, bench) " +
        "import it; the composition root (server/, server.ts) loads it by dynamic import in embedded mode (next rule).",
      severity: "error",
      from: { pathNot: `^dev/|${SERVER}|${DEV_COMMANDS}|${TEST}` },
      to: { path: "^dev/" },
    },
    {
      name: "server-loads-dev-dynamically",
      comment:
        "server/ and server.ts load the development stand-ins only when they run (embedded mode): by dynamic import, or a " +
        "type-only import that leaves nothing in the compiled code. A static import would put dev/ in production.",
      severity: "error",
      from: { path: SERVER, pathNot: TEST },
      to: { path: "^dev/", dependencyTypesNot: ["dynamic-import", "type-only"] },
    },
    {
      name: "app-api-server-types-only",
      comment:
        "app/ and api/ take only types from the composition root (the Config type); server/ hands them the " +
        "values (Remix load context, createApi's arguments).",
      severity: "error",
      from: { path: "^(app|api)/", pathNot: TEST },
      to: { path: SERVER, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-circular",
      comment:
        "api/, domain/, db/ and server/ import in one direction: a cycle, even through a type-only import, means " +
        "a responsibility points the wrong way (issue 37 §1). Break it by moving what both sides need into a " +
        "module of its own. app/ is not checked: its components take `typeof loader` from the routes that render them.",
      severity: "error",
      from: { path: "^(api|domain|db|server)/" },
      to: { circular: true },
    },
    {
      name: "test-support-only-in-tests",
      comment: "tests/support (test database, test API, fixtures) is for tests and the bench only.",
      severity: "error",
      from: { pathNot: `${TEST}|^scripts/bench[^/]*\\.ts$` },
      to: { path: "^tests/support/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|data|\\.cache|public)/" },
    // Type-only imports are dependencies too (the rules above tell them apart).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
