// Issue 15, item 7: bidi-override and control characters typed by users are stripped on input.
import { describe, expect, it } from "vitest";
import { innmelderBodySkjema, innmelderSkjema } from "./importmelding";

describe("tekst renses ved inntasting", () => {
  it("fjerner retningsoverstyring og kontrolltegn i navn og egen referanse (skjema og API)", () => {
    const skjema = innmelderSkjema.parse({
      navn: "\u202eKari\u0007 Nordmann\u2066",
      epost: "kari@hageland.example.no",
      egenReferanse: " PO\u200f-4711\u202c ",
    });
    expect(skjema.navn).toBe("Kari Nordmann");
    expect(skjema.egenReferanse).toBe("PO-4711");
    const body = innmelderBodySkjema.parse({
      navn: "Kari\u202e",
      epost: "kari@hageland.example.no",
      egenReferanse: "\u202e\u2067",
    });
    expect(body.navn).toBe("Kari");
    expect(body.egenReferanse).toBeUndefined();
  });

  it("et navn av bare slike tegn er tomt og gir påkrevd-meldingen", () => {
    const r = innmelderSkjema.safeParse({ navn: "\u202e\u0001", epost: "kari@hageland.example.no" });
    expect(r.success).toBe(false);
  });
});
