// One process entry (issue 37 §7, docs/decisions/050-prosessinngang-og-importsirkler.md): the top-level
// server.ts, compiled to build/drift/server.js (production: the image and every role of compose.yaml) and to
// build/demo/server.js (with the development stand-ins, ADR 043: `npm start` and the demo image), is the one
// process entry; the parts it starts stay in server/. Runs over the build (`npm run test:bygg`).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const INNGANG = ["node", "build/drift/server.js"];
const DEMO = ["node", "build/demo/server.js"];
const bygg = path.resolve(process.env.BUILD_DIR ?? "build");

describe("prosessinngangen", () => {
  it("the image's production target and compose.yaml's roles run the production entry, npm start and the demo target the demo build of it", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(DEMO.join(" "));

    // CMD lines only (HEALTHCHECK's CMD is indented under it).
    const cmd = [...readFileSync("Dockerfile", "utf8").matchAll(/^CMD (\[.*\])$/gm)].map(
      (m) => JSON.parse(m[1] as string) as string[],
    );
    expect(cmd).toEqual([INNGANG, DEMO]);

    const { services } = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
      services: Record<string, { command?: string[]; environment?: Record<string, unknown> }>;
    };
    const roller = Object.entries(services).filter(([, s]) => s.environment?.ROLES !== undefined);
    expect(roller.map(([navn]) => navn).sort()).toEqual(["api", "sender", "web-1", "web-2"]);
    for (const [, tjeneste] of roller) expect(tjeneste.command).toEqual(INNGANG);
  });

  it("the compiled entry is built from the top-level server.ts, and npm run dev runs that file", () => {
    for (const del of ["drift", "demo"]) {
      const kart = JSON.parse(readFileSync(path.join(bygg, del, "server.js.map"), "utf8")) as {
        sources: string[];
      };
      const kilder = kart.sources.map((k) => path.relative(process.cwd(), path.resolve(bygg, del, k)));
      expect(kilder, del).toContain("server.ts");
      expect(kilder, del).toContain(path.join("server", "index.ts"));
    }
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.dev).toMatch(/ tsx server\.ts$/);
  });
});
