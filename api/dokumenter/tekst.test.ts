// The documents' code-list texts in the reader's language (api/dokumenter/tekst.ts). The event names come from
// domain/historikk.ts itself (the history page's and the documents' are one).
import { describe, expect, it } from "vitest";
import { oversetter } from "../../sprak/katalog.server";
import { landNavnFor, plantedelFor } from "./tekst";

describe("landNavnFor og plantedelFor", () => {
  it("bokmål beholder referansetabellens navn, nynorsk og engelsk tar Intl", () => {
    const nl = { kode: "NL", navn: "Nederland" };
    expect(landNavnFor(oversetter("nb"), nl)).toBe("Nederland");
    expect(landNavnFor(oversetter("en"), nl)).toBe("Netherlands");
    expect(landNavnFor(oversetter("en"), { kode: null, navn: "Ukjent land" })).toBe("Ukjent land");
    expect(plantedelFor(oversetter("en"), "Plants")).toBe("Plants");
    expect(plantedelFor(oversetter("nb"), "Plants")).toBe("Planter");
  });
});
