import { describe, expect, it } from "vitest";
import { antallTekst, ORD, ordFor } from "./antall";

describe("antallTekst", () => {
  it("uses the singular for exactly one and the plural otherwise (Intl.PluralRules nb)", () => {
    expect(antallTekst(1, ORD.sertifikat)).toBe("1 sertifikat");
    expect(antallTekst(0, ORD.sertifikat)).toBe("0 sertifikater");
    expect(antallTekst(2, ORD.sertifikat)).toBe("2 sertifikater");
    expect(antallTekst(1, ORD.forhaandsmelding)).toBe("1 forhåndsmelding");
    expect(antallTekst(21, ORD.forhaandsmelding)).toBe("21 forhåndsmeldinger");
    expect(antallTekst(1, ORD.varelinje)).toBe("1 varelinje");
    expect(antallTekst(3, ORD.varelinje)).toBe("3 varelinjer");
    expect(ordFor(1, ORD.varelinje)).toBe("varelinje");
    expect(ordFor(5, ORD.varelinje)).toBe("varelinjer");
  });

  it("formats large counts the Norwegian way", () => {
    expect(antallTekst(1234, ORD.sertifikat).replace(/\s/g, " ")).toBe("1 234 sertifikater");
  });
});
