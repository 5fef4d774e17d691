import { describe, expect, it } from "vitest";
import { tryggReturnTo } from "./auth.server";

/** How a browser reads the Location header the app sends, relative to the app's page. */
function nettleserensMaal(location: string): URL {
  return new URL(location, "https://app.example/logg-inn");
}

describe("tryggReturnTo (én felles sjekk for returnTo)", () => {
  const fiendtlige = [
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/ /evil.example",
    "\t//evil.example",
    "https://evil.example/",
    "/\\/evil.example",
    "/%09/evil.example",
    "javascript:alert(1)",
    "",
    null,
    undefined,
  ];
  it.each(fiendtlige)("%j blir en sti på appens egen opprinnelse", (verdi) => {
    const location = tryggReturnTo(verdi);
    expect(nettleserensMaal(location).origin).toBe("https://app.example");
    expect(location.startsWith("/")).toBe(true);
    expect(location.startsWith("//")).toBe(false);
  });

  // The outside probe's variants (issue 22 item 5), as written in the address: `/logg-inn?returnTo=<variant>`
  // (the app reads the parameter decoded once), and each also as the decoded value itself.
  const PROBEN = [
    "//evil.example",
    "/\\evil.example",
    "/%09/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/./\\evil.example",
    "/a/..//evil.example",
    "%2F%2Fevil.example",
    "https:evil.example",
    "/%2F%2Fevil.example",
    "/%5C%5Cevil.example",
    "/.%2F%2Fevil.example",
    "/%252e%252e//evil.example",
  ];
  it.each(PROBEN)("probens %s går ikke til et annet nettsted", (variant) => {
    const lest = new URL(`https://app.example/logg-inn?returnTo=${variant}`).searchParams.get("returnTo");
    for (const verdi of [lest, variant]) {
      const location = tryggReturnTo(verdi);
      const maal = nettleserensMaal(location);
      expect(maal.origin, `${JSON.stringify(verdi)} → ${location}`).toBe("https://app.example");
      expect(location.startsWith("//"), location).toBe(false);
      expect(location).not.toMatch(/\\|%2f|%5c/i);
      // the path the browser asks for is the one the check allowed (normalised, no dot segments left)
      expect(maal.pathname + maal.search + maal.hash).toBe(location);
    }
  });

  it("normaliserer punktsegmenter i lokale stier", () => {
    expect(tryggReturnTo("/a/../innstillinger")).toBe("/innstillinger");
    expect(tryggReturnTo("/./sertifikater?side=2")).toBe("/sertifikater?side=2");
    expect(tryggReturnTo("/a/..//")).toBe("/");
  });

  it("beholder vanlige lokale stier med søk og fragment", () => {
    expect(tryggReturnTo("/innstillinger?side=Profil")).toBe("/innstillinger?side=Profil");
    expect(tryggReturnTo("/importmelding/abc/innmelder#toppen")).toBe("/importmelding/abc/innmelder#toppen");
    expect(tryggReturnTo("/")).toBe("/");
  });

  it("kontrolltegn og tegn utenfor Latin-1 gir en gyldig Location-verdi (ingen 500)", () => {
    for (const verdi of ["/\x07", "/a\x00b", "/æøå", "/\u202e", "/?q=\u{1F600}", "/#\u0000", "/\ud800"]) {
      const location = tryggReturnTo(verdi);
      // Headers refuses anything a Location header cannot carry; the value must be ASCII without controls.
      expect(() => new Headers({ Location: location })).not.toThrow();
      expect(location).toMatch(/^\/[\x21-\x7e]*$/);
      expect(nettleserensMaal(location).origin).toBe("https://app.example");
    }
  });

  it("går aldri tilbake til innlogging, utlogging eller oauth2", () => {
    for (const verdi of [
      "/logg-inn",
      "/oauth2/authorization/idporten",
      "/logout",
      "/utlogget",
      "/LOGG-INN",
    ]) {
      expect(tryggReturnTo(verdi)).toBe("/");
    }
  });

  it("informasjonskapselbanneret kan gå tilbake til innloggings- og utloggingssiden", () => {
    expect(tryggReturnTo("/logg-inn?returnTo=%2Finnstillinger", { innloggingssider: true })).toBe(
      "/logg-inn?returnTo=%2Finnstillinger",
    );
    expect(tryggReturnTo("/utlogget", { innloggingssider: true })).toBe("/utlogget");
    expect(tryggReturnTo("/logout", { innloggingssider: true })).toBe("/");
    expect(tryggReturnTo("/logg-inn?a\x07b", { innloggingssider: true })).toBe("/logg-inn?a%07b");
  });
});
