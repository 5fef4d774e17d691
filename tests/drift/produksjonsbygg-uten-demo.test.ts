// No demo data reachable in production (issue 31 item 8, docs/decisions/043-ingen-demodata-i-produksjonsbildet.md):
// the production build (build/drift, all the production image carries of the service) has neither the demo seed
// nor the development stand-ins, holds none of the demo data, and refuses to start as a demo instead of writing
// it. Runs over the build (`npm run test:bygg`).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_ENHETER, DEMO_PERSONER } from "../../dev/demo-data";

const bygg = path.resolve(process.env.BUILD_DIR ?? "build");
const drift = path.join(bygg, "drift");

describe("produksjonsbygget uten demodata", () => {
  it("har verken seeden, utviklingstjenestene eller demodataene; demobygget har dem", () => {
    const filer = readdirSync(drift);
    for (const navn of ["seed.js", "idporten.js", "epostfanger.js", "registre.js"]) {
      expect(filer, navn).not.toContain(navn);
      expect(existsSync(path.join(bygg, "demo", navn)), `build/demo/${navn}`).toBe(true);
    }
    expect(filer.some((f) => f.startsWith("fixtures"))).toBe(false);
    const alt = filer
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(path.join(drift, f), "utf8"))
      .join("\n");
    for (const p of DEMO_PERSONER) expect(alt, p.navn).not.toContain(p.pid);
    for (const e of DEMO_ENHETER) expect(alt, e.navn).not.toContain(e.organisasjonsnummer);
    expect(alt).toContain("er ikke med i produksjonsbygget");
  });

  it("nekter å starte som demo (DEMO_MODE) i stedet for å legge inn demodata", async () => {
    const mappe = mkdtempSync(path.join(tmpdir(), "uten-demo-"));
    try {
      const barn = spawn(process.execPath, [path.join(drift, "server.js")], {
        cwd: path.dirname(bygg),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          DEMO_MODE: "true",
          SESSION_SECRET: "s".repeat(40),
          PORT: "0",
          HOST: "127.0.0.1",
          ROLES: "api",
          DATA_DIR: path.join(mappe, "pglite"),
        },
      });
      let ut = "";
      barn.stdout.on("data", (d) => {
        ut += d;
      });
      barn.stderr.on("data", (d) => {
        ut += d;
      });
      const kode = await new Promise<number | null>((resolve) => barn.once("exit", resolve));
      expect(kode, ut).not.toBe(0);
      expect(ut).toContain("er ikke med i produksjonsbygget");
      expect(ut).not.toContain("Digital forhåndsmelding kjører");
    } finally {
      rmSync(mappe, { recursive: true, force: true });
    }
  }, 120_000);
});
