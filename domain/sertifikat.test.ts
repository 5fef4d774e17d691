import { describe, expect, it } from "vitest";
import {
  datoSlingringDager,
  datoStemmer,
  erSertifikatForGammelt,
  mengdeDekning,
  mengdeOppsummering,
  normaliserMottakerNavn,
  type Varemengde,
} from "./sertifikat";

const linje = (mengde: Varemengde) => ({ mengde });

describe("mengdeOppsummering (SPEC §3 total quantity, §5 display rules)", () => {
  it("sums per unit code, in order of first appearance", () => {
    expect(
      mengdeOppsummering([
        linje({ nettoVekt: { verdi: 0.1, enhet: "KGM" }, antall: { verdi: 10, enhet: "H87" } }),
        linje({ nettoVekt: { verdi: 500, enhet: "GRM" } }),
        linje({ nettoVekt: { verdi: 0.2, enhet: "KGM" }, bruttoVolum: { verdi: 1.5, enhet: "MTQ" } }),
      ]),
    ).toEqual({
      totaltAntall: [{ verdi: 10, enhet: "H87" }],
      totalNettoVekt: [
        { verdi: 0.3, enhet: "KGM" },
        { verdi: 500, enhet: "GRM" },
      ],
      totalBruttoVekt: [],
      totalNettoVolum: [],
      totalBruttoVolum: [{ verdi: 1.5, enhet: "MTQ" }],
    });
  });

  it("leaves out quantities without a unit and negative ones instead of counting them as pieces", () => {
    // The Hub sample's net weight is 200 without a unit: no total at all, not "200 stk".
    const total = mengdeOppsummering([
      linje({ nettoVekt: { verdi: 200 } }),
      linje({ nettoVekt: { verdi: 5, enhet: " " }, bruttoVekt: { verdi: -4, enhet: "KGM" } }),
      linje({ bruttoVekt: { verdi: 10, enhet: "KGM" }, antall: { verdi: Number.NaN, enhet: "H87" } }),
    ]);
    expect(total.totalNettoVekt).toEqual([]);
    expect(total.totalBruttoVekt).toEqual([{ verdi: 10, enhet: "KGM" }]);
    expect(total.totaltAntall).toEqual([]);
    expect(JSON.stringify(total)).not.toContain("H87");
  });
});

describe("the date slack of the certificate keys (SPEC §2: ±2 days for NL only)", () => {
  it("allows ±2 days for NL and none for other countries", () => {
    expect(datoSlingringDager("NL")).toBe(2);
    expect(datoSlingringDager(" nl ")).toBe(2);
    expect(datoSlingringDager("DE")).toBe(0);
    expect(datoStemmer("NL", "2026-03-10", "2026-03-08")).toBe(true);
    expect(datoStemmer("NL", "2026-03-10", "2026-03-12")).toBe(true);
    expect(datoStemmer("NL", "2026-03-10", "2026-03-13")).toBe(false);
    expect(datoStemmer("NL", "2026-03-10", "2026-03-07")).toBe(false);
    expect(datoStemmer("DE", "2026-03-10", "2026-03-10")).toBe(true);
    expect(datoStemmer("DE", "2026-03-10", "2026-03-11")).toBe(false);
    expect(datoStemmer("BE", "2026-03-10", "2026-03-09")).toBe(false);
    expect(datoStemmer("NL", "2026-03-10", "10.03.2026")).toBe(false);
  });

  it("keeps the 14-day rule to dates in YYYY-MM-DD", () => {
    expect(erSertifikatForGammelt("2026-03-01", "2026-03-15")).toBe(false);
    expect(erSertifikatForGammelt("2026-03-01", "2026-03-16")).toBe(true);
    expect(erSertifikatForGammelt("01.03.2026", "2026-04-16")).toBe(false);
  });
});

describe("normaliserMottakerNavn (exact-name matching, SPEC §1; ADR 010)", () => {
  it("ignores only case, surrounding and repeated whitespace and Unicode composition", () => {
    const navn = normaliserMottakerNavn("Hageland Import AS avd. Stavanger");
    expect(normaliserMottakerNavn("  HAGELAND IMPORT AS   avd.\tstavanger ")).toBe(navn);
    expect(normaliserMottakerNavn("Blåbær AS")).toBe(normaliserMottakerNavn("Bla\u030Abær as"));
  });

  it("does not match a name with another word, a missing word or other punctuation", () => {
    const navn = normaliserMottakerNavn("Hageland Import AS avd. Stavanger");
    expect(normaliserMottakerNavn("Hageland Import AS avd. Stavanger Vest")).not.toBe(navn);
    expect(normaliserMottakerNavn("Hageland Import AS")).not.toBe(navn);
    expect(normaliserMottakerNavn("Hageland Import AS avd Stavanger")).not.toBe(navn);
    expect(normaliserMottakerNavn("Hageland-Import AS avd. Stavanger")).not.toBe(navn);
  });

  it("has no name for empty input", () => {
    expect(normaliserMottakerNavn("   ")).toBeUndefined();
    expect(normaliserMottakerNavn(undefined)).toBeUndefined();
    expect(normaliserMottakerNavn(null)).toBeUndefined();
  });
});

describe("mengdeDekning (issue 23 item 9: a total that counts only some lines is partial)", () => {
  it("counts the lines each total includes: a quantity with a unit, not negative", () => {
    const linjer = [
      { mengde: { nettoVekt: { verdi: 500, enhet: "KGM" }, bruttoVekt: { verdi: 530, enhet: "KGM" } } },
      { mengde: { nettoVekt: { verdi: 45.5, enhet: "KGM" } } },
      { mengde: { nettoVekt: { verdi: -1, enhet: "KGM" }, antall: { verdi: 3 } } },
    ];
    expect(mengdeDekning(linjer)).toEqual({
      totaltAntall: 0,
      totalNettoVekt: 2,
      totalBruttoVekt: 1,
      totalNettoVolum: 0,
      totalBruttoVolum: 0,
    });
  });
});
