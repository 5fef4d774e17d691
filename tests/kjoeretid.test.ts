// Node 24 LTS everywhere (docs/decisions/049-node-24.md): `npm install` brings the official Node 24 binary as the
// `node` package, npm scripts and npx put it first on PATH, and the image, the compiled build and `engines`
// name the same major. A machine's own Node (20 on ours) only starts npm.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const MAJOR = 24;
const pakke = JSON.parse(readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};
const major = (versjon: string) => Number(/(\d+)/.exec(versjon)?.[1]);

describe("kjøretiden", () => {
  it("the tests run on the Node that npm install brought (the node package), not the machine's", () => {
    const installert = JSON.parse(readFileSync("node_modules/node/package.json", "utf8")) as {
      version: string;
    };
    expect(process.versions.node).toBe(installert.version);
    expect(major(process.versions.node)).toBe(MAJOR);
  });

  it("package.json asks for Node 24 and lets the node package install its binary", () => {
    expect(major(pakke.devDependencies.node ?? "")).toBe(MAJOR);
    expect(pakke.engines.node).toMatch(new RegExp(`^>=${MAJOR}\\.`));
    expect(major(pakke.devDependencies["@types/node"] ?? "")).toBe(MAJOR);
    // npm 11 skips install scripts not in allowScripts; the node package's preinstall fetches the binary.
    expect(pakke.allowScripts?.node).toBe(true);
  });

  it("the image and the compiled service are built for the same major", () => {
    const fra = [...readFileSync("Dockerfile", "utf8").matchAll(/^FROM (node:\S+)/gm)].map((m) => m[1]);
    expect(fra.length).toBeGreaterThanOrEqual(4);
    expect(fra.filter((bilde) => !bilde?.startsWith(`node:${MAJOR}-`))).toEqual([]);
    expect(readFileSync("scripts/bygg-drift.mjs", "utf8")).toContain(`target: "node${MAJOR}"`);
  });
});
