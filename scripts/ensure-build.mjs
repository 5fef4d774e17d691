// `npm start` on a fresh clone: build the app and the compiled service first when there is no build, or it is
// older than the code.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const bygg = process.env.BUILD_DIR ?? "build";
const outputs = [`${bygg}/server/index.js`, `${bygg}/drift/server.js`, `${bygg}/demo/server.js`];

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(
  ...["app", "api", "db", "dev", "domain", "public", "scripts", "server"].map(newest),
  ...["package.json", "server.ts", "vite.config.ts"].map((f) => statSync(f).mtimeMs),
);
if (outputs.some((o) => !existsSync(o) || statSync(o).mtimeMs < sources)) {
  console.log("Bygger appen og tjenesten …");
  execSync("npm run build", { stdio: "inherit" });
}
