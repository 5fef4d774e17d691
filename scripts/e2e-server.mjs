// The server the e2e suite runs against: the compiled service (no tsx) of the development build, with the
// stand-ins and the demo data (build/demo, scripts/bygg-drift.mjs), on a fresh embedded database.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

rmSync(process.env.DATA_DIR ?? ".cache/e2e/pglite", { recursive: true, force: true });
const server = `${process.env.BUILD_DIR ?? "build"}/demo/server.js`;
const child = spawn(process.execPath, [server], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
