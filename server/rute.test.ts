import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { remixRutefinner } from "./rute";

// The route tree's shape as the build gives it: root, a layout without path, pages with parameters.
const rute = (id: string, parentId: string | undefined, path?: string, index = false) => ({
  id,
  parentId,
  path,
  index,
  caseSensitive: false,
  module: {},
});
const build = {
  routes: {
    root: rute("root", undefined, ""),
    hjem: rute("hjem", "root", undefined, true),
    melding: rute("melding", "root", "importmelding/:id"),
    registrert: rute("registrert", "melding", "registrert"),
    alt: rute("alt", "root", "*"),
  },
} as unknown as ServerBuild;

describe("remixRutefinner", () => {
  it("gir rutemønsteret, ikke adressen, også når svaret er husket", () => {
    const finn = remixRutefinner(build);
    for (let gang = 0; gang < 2; gang++) {
      expect(finn("/")).toBe("/");
      expect(finn("/importmelding/1017/registrert")).toBe("/importmelding/:id/registrert");
      expect(finn("/importmelding/1017/registrert.data")).toBe("/importmelding/:id/registrert");
      expect(finn("/finnes/ikke")).toBe("/*");
    }
  });

  it("husker et begrenset antall stier og svarer riktig for dem som er glemt", () => {
    const finn = remixRutefinner(build);
    for (let i = 0; i < 2500; i++) expect(finn(`/importmelding/${i}`)).toBe("/importmelding/:id");
    expect(finn("/importmelding/0/registrert")).toBe("/importmelding/:id/registrert");
    expect(finn("/importmelding/0")).toBe("/importmelding/:id");
  });
});
