// The configuration schema's bookkeeping (ADR 066): README's table names every variable it reads, the settings
// reach the code from server/config.ts only (no way round Biome's noProcessEnv), and the readers' edge cases.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KonfigurasjonsFeil, loadConfig } from "../config";
import { VARIABELNAVN } from "./miljo";

function filer(mappe: string): string[] {
  return readdirSync(mappe).flatMap((navn) => {
    const sti = path.join(mappe, navn);
    if (statSync(sti).isDirectory()) return navn === "node_modules" ? [] : filer(sti);
    return /\.tsx?$/.test(navn) ? [sti] : [];
  });
}

/** The variables README names: `NAVN`, and `…_DEL` after a full name in the same line (OPPRYDDING_DAGER_HUB). */
function navnIReadme(): Set<string> {
  const navn = new Set<string>();
  for (const linje of readFileSync("README.md", "utf8").split("\n")) {
    const hele = [...linje.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!);
    for (const n of hele) navn.add(n);
    for (const [, del] of linje.matchAll(/`…(_[A-Z0-9_]+)`/g)) {
      for (const n of hele) {
        const ledd = n.split("_");
        for (let i = 1; i < ledd.length; i++) navn.add(ledd.slice(0, i).join("_") + del);
      }
    }
  }
  return navn;
}

describe("konfigurasjonsskjemaet (ADR 066)", () => {
  it("README-tabellen nevner hver variabel skjemaet leser", () => {
    const nevnt = navnIReadme();
    expect(VARIABELNAVN.length).toBeGreaterThan(90);
    expect(VARIABELNAVN.filter((n) => !nevnt.has(n))).toEqual([]);
  });

  it("ingen kode slipper unna noProcessEnv eller noConsole med en biome-ignore", () => {
    const unntak = ["app", "api", "domain", "db", "server", "sprak"]
      .flatMap(filer)
      .filter((f) =>
        /biome-ignore[^\n]*lint\/(style\/noProcessEnv|suspicious\/noConsole)/.test(readFileSync(f, "utf8")),
      );
    expect(unntak).toEqual([]);
  });

  it("biome.json unntar ingen produktkode fra noConsole, bare testfilene (ADR 071)", () => {
    const biome = JSON.parse(readFileSync("biome.json", "utf8")) as {
      overrides: { includes: string[]; linter?: { rules?: { suspicious?: { noConsole?: string } } } }[];
    };
    const unntatt = biome.overrides
      .filter((o) => o.linter?.rules?.suspicious?.noConsole === "off")
      .flatMap((o) => o.includes);
    expect(unntatt.filter((f) => !/^\*\*\/\*\.test\.tsx?$/.test(f))).toEqual([]);
    // and the rule is on for every folder of product code
    const paa = biome.overrides
      .filter((o) => o.linter?.rules?.suspicious?.noConsole === "error")
      .flatMap((o) => o.includes);
    expect(paa).toEqual(
      expect.arrayContaining(["app/**", "api/**", "domain/**", "db/**", "server/**", "sprak/**"]),
    );
  });

  it("en verdi som ikke kan leses, gir standarden; en port som ikke er en port, er et problem", () => {
    const c = loadConfig({
      REGISTRE_PAUSE_ETTER_FEIL: "mange",
      EPOST_MAKS_FORSOEK: "0",
      ARBEID_SIDE_SAMTIDIGE: "1.5",
    });
    expect(c.registre.pauseEtter).toBe(5);
    expect(loadConfig({ REGISTRE_PAUSE_ETTER_FEIL: "0" }).registre.pauseEtter).toBe(0);
    expect(c.epost.maksForsoek).toBe(8);
    expect(c.arbeid.side.samtidige).toBe(1);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(KonfigurasjonsFeil);
    // the development Hub's port is not checked: a bad one is any free port
    expect(loadConfig({ HUB_UTVIKLING_PORT: "x" }).hub.utviklingPort).toBe(0);
  });

  it("utviklingssettet av risikoregler gjelder i utvikling og demo, aldri i produksjon (ADR 046)", () => {
    expect(loadConfig({}).utviklingssettTillatt).toBe(true);
    expect(
      loadConfig({ NODE_ENV: "production", DEMO_MODE: "ja", SESSION_SECRET: "s" }).utviklingssettTillatt,
    ).toBe(true);
    // A production api process: never (server/config.test.ts, with its complete API configuration).
  });

  it("problemene for flere roller står én gang hver", () => {
    let feil: KonfigurasjonsFeil | undefined;
    try {
      loadConfig({ NODE_ENV: "production", ROLES: "web,api,sender", APP_URL: "http://x" });
    } catch (e) {
      feil = e as KonfigurasjonsFeil;
    }
    const problemer = feil?.problemer ?? [];
    expect(new Set(problemer).size).toBe(problemer.length);
    expect(problemer.filter((p) => p.startsWith("APP_URL"))).toEqual([
      "APP_URL må begynne med https:// (informasjonskapslene er Secure med prefikset __Host-).",
    ]);
    expect(problemer.filter((p) => p.startsWith("OIDC_ISSUER"))).toHaveLength(1);
    expect(problemer.filter((p) => p.startsWith("WEBHOOK_NOEKKEL"))).toHaveLength(1);
  });
});
