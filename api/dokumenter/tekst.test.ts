// The documents' code-list texts in the reader's language (api/dokumenter/tekst.ts). The event names come from
// domain/historikk.ts itself (the history page's and the documents' are one).
import { describe, expect, it } from "vitest";
import { plantedelVisning } from "../../domain/kodeverk";
import { oversetter } from "../../sprak/katalog.server";
import { landNavnFor } from "./tekst";

describe("landNavnFor og plantedelVisning", () => {
  it("bokmål beholder referansetabellens navn, nynorsk og engelsk tar Intl", () => {
    const nl = { kode: "NL", navn: "Nederland" };
    expect(landNavnFor(oversetter("nb"), nl)).toBe("Nederland");
    expect(landNavnFor(oversetter("en"), nl)).toBe("Netherlands");
    expect(landNavnFor(oversetter("en"), { kode: null, navn: "Ukjent land" })).toBe("Ukjent land");
    expect(plantedelVisning(oversetter("en"), "PLANTS")).toBe("Plants");
    expect(plantedelVisning(oversetter("nb"), "Plants")).toBe("Planter");
    expect(plantedelVisning(oversetter("nn"), "Bulbs and tubers")).toBe("Laukar og knollar");
    expect(plantedelVisning(oversetter("nn"), "Rhizomes")).toBe("Rhizomes");
  });
});
