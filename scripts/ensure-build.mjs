// `npm start` on a fresh clone: build the app first when there is no build, or it is older than the code.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const output = `${process.env.BUILD_DIR ?? "build"}/server/index.js`;

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest("app"), newest("domain"), newest("public"), statSync("package.json").mtimeMs);
if (!existsSync(output) || statSync(output).mtimeMs < sources) {
  console.log("Bygger appen …");
  execSync("npx remix vite:build", { stdio: "inherit" });
}
