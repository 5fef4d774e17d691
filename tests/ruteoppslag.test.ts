// The patched route matching (patches/@remix-run+router+1.23.3.patch, ADR 083 and 087): ranked branches and the
// matches of a pathname are kept per route tree. What a caller sees must be what an unpatched matchRoutes
// gives: its own match objects each time, new routes found after a push into a children array (lazy route
// discovery), partial and full matches apart, the basename stripped.
import { createRequire } from "node:module";
import type { AgnosticRouteObject, matchRoutes as MatchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The CommonJS build, the one Node loads for the server (and the one the patch changes).
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: typeof MatchRoutes;
};

const tre = (): AgnosticRouteObject[] => [
  {
    id: "root",
    path: "/",
    children: [
      { id: "forside", index: true },
      { id: "sertifikater", path: "sertifikater" },
      { id: "sertifikat", path: "sertifikat/:id" },
      { id: "alt", path: "*" },
    ],
  },
];

const ider = (m: ReturnType<typeof MatchRoutes>) => m?.map((x) => x.route.id) ?? null;

describe("rutematching med minne (patch-package)", () => {
  it("gir samme treff som før, og hver kaller sine egne objekter", () => {
    const ruter = tre();
    const a = matchRoutes(ruter, "/sertifikat/NO-1");
    const b = matchRoutes(ruter, "/sertifikat/NO-1");
    expect(ider(a)).toEqual(["root", "sertifikat"]);
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    expect(b![1]).not.toBe(a![1]);
    // One params object shared by the matches of a call, as matchRouteBranch makes them
    expect(a![0]!.params).toBe(a![1]!.params);
    (a![1]!.params as Record<string, string>).id = "endret";
    (a![1] as { pathname: string }).pathname = "/endret";
    const c = matchRoutes(ruter, "/sertifikat/NO-1");
    expect(c![1]!.params).toEqual({ id: "NO-1" });
    expect(c![1]!.pathname).toBe("/sertifikat/NO-1");
    expect(c![1]!.route).toBe(ruter[0]!.children![2]);
  });

  it("et søk etter en sti uten treff huskes også som uten treff, og søkestrengen teller ikke", () => {
    const ruter: AgnosticRouteObject[] = [{ id: "a", path: "/a" }];
    expect(matchRoutes(ruter, "/b")).toBeNull();
    expect(matchRoutes(ruter, "/b")).toBeNull();
    expect(ider(matchRoutes(ruter, "/a?x=1"))).toEqual(["a"]);
    expect(ider(matchRoutes(ruter, { pathname: "/a", search: "?y=2" }))).toEqual(["a"]);
  });

  it("en rute lagt til i et barnefelt (lat oppdagelse) finnes ved neste oppslag", () => {
    const ruter = tre();
    const barn = ruter[0]!.children!;
    barn.pop(); // without the splat
    expect(matchRoutes(ruter, "/importmeldinger")).toBeNull();
    barn.push({ id: "importmeldinger", path: "importmeldinger" });
    expect(ider(matchRoutes(ruter, "/importmeldinger"))).toEqual(["root", "importmeldinger"]);
    // a replaced children array too
    ruter[0]!.children = [{ id: "ny", path: "importmeldinger" }];
    expect(ider(matchRoutes(ruter, "/importmeldinger"))).toEqual(["root", "ny"]);
  });

  it("basename og koding: samme svar som uten minne", () => {
    const ruter = tre();
    expect(ider(matchRoutes(ruter, "/app/sertifikater", "/app"))).toEqual(["root", "sertifikater"]);
    expect(matchRoutes(ruter, "/sertifikater", "/app")).toBeNull();
    expect(matchRoutes(ruter, "/sertifikat/NO%201")![1]!.params).toEqual({ id: "NO 1" });
  });

  it("mange ulike stier: svarene er riktige også når minnet tømmes", () => {
    const ruter = tre();
    for (let i = 0; i < 2_500; i++) {
      expect(matchRoutes(ruter, `/sertifikat/NO-${i}`)![1]!.params.id).toBe(`NO-${i}`);
    }
    expect(matchRoutes(ruter, "/sertifikat/NO-7")![1]!.params.id).toBe("NO-7");
  });
});
