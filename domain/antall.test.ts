import { describe, expect, it } from "vitest";
import { antallTekst, landEtikett, ORD, ordFor, treffTekst } from "./antall";

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

describe("treffTekst og landEtikett (begrensede lister, ADR 021)", () => {
  it("sier antallet, eller 'Over 1 000' og hvordan resten finnes", () => {
    expect(treffTekst(15, false, ORD.sertifikat)).toBe("15 sertifikater");
    expect(treffTekst(1000, true, ORD.forhaandsmelding)).toBe(
      "Over 1\u00a0000 forhåndsmeldinger. Listen viser de 1\u00a0000 nyeste; bruk filtrene for å finne eldre.",
    );
    expect(landEtikett({ navn: "Nederland", antall: 12 })).toBe("Nederland (12)");
    expect(landEtikett({ navn: "Chile", antall: 1000, flereEnnMaks: true })).toBe("Chile (over 1\u00a0000)");
  });
});
