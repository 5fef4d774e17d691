import { describe, expect, it } from "vitest";
import {
  ForsideAdresse,
  fraSoekeparametre,
  ImportmeldingerAdresse,
  ImportmeldingListeSoek,
  MAKS_SIDESTOERRELSE,
  OversiktSoek,
  SertifikaterAdresse,
  SertifikatListeSoek,
  STANDARD_SIDESTOERRELSE,
} from "./listefilter";

const adresse = (sok: string) => fraSoekeparametre(new URLSearchParams(sok));

describe("fraSoekeparametre", () => {
  it("gives a key once as a string and several times as an array, as Express's query does", () => {
    expect(adresse("a=1&b=2&b=3&c=")).toEqual({ a: "1", b: ["2", "3"], c: "" });
  });
});

describe("the API's list queries (strict)", () => {
  it("reads the certificate list's query: defaults, trimmed text, codes as alpha-2, no duplicates", () => {
    expect(SertifikatListeSoek.parse({})).toEqual({
      avsender: undefined,
      sertifikatnummer: undefined,
      avsenderland: [],
      meldepliktigVurdering: [],
      sidenummer: 0,
      antall: STANDARD_SIDESTOERRELSE,
      fasetter: false,
    });
    expect(SertifikatListeSoek.parse({ fasetter: "true" }).fasetter).toBe(true);
    expect(SertifikatListeSoek.parse({ fasetter: " false " }).fasetter).toBe(false);
    for (const feil of ["ja", "1", ["true", "true"]])
      expect(SertifikatListeSoek.safeParse({ fasetter: feil }).success).toBe(false);
    expect(
      SertifikatListeSoek.parse({
        avsender: "  Flora BV ",
        sertifikatnummer: "   ",
        avsenderland: ["NLD", "nl", " 528 ", ""],
        meldepliktigVurdering: "MELDEPLIKTIG",
        sidenummer: " 3 ",
        antall: String(MAKS_SIDESTOERRELSE),
      }),
    ).toEqual({
      avsender: "Flora BV",
      sertifikatnummer: undefined,
      avsenderland: ["NL"],
      meldepliktigVurdering: ["MELDEPLIKTIG"],
      sidenummer: 3,
      antall: MAKS_SIDESTOERRELSE,
      fasetter: false,
    });
  });

  it.each([
    [{ meldepliktigVurdering: "KANSKJE" }, "meldepliktigVurdering"],
    [{ antall: "0" }, "antall"],
    [{ antall: String(MAKS_SIDESTOERRELSE + 1) }, "antall"],
    [{ sidenummer: "-1" }, "sidenummer"],
    [{ sidenummer: "1.5" }, "sidenummer"],
    [{ sidenummer: "1e3" }, "sidenummer"],
    [{ avsender: ["a", "b"] }, "avsender"],
    [{ avsender: { x: "1" } }, "avsender"],
    [{ avsenderland: [{ x: "1" }] }, "avsenderland"],
  ])("refuses %j, naming %s", (query, felt) => {
    const r = SertifikatListeSoek.safeParse(query);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path[0]).toBe(felt);
  });

  it("reads the notification list's query: status groups, two-letter countries, page size at most 100", () => {
    expect(
      ImportmeldingListeSoek.parse({
        status: ["VURDERT", "REGISTRERT", "VURDERT"],
        avsenderland: "se",
        nummer: " 2026 ",
        importoer: "12",
        antall: "100",
      }),
    ).toMatchObject({
      status: ["VURDERT", "REGISTRERT"],
      avsenderland: ["SE"],
      nummer: "2026",
      importoer: "12",
      sidenummer: 0,
      antall: 100,
    });
    for (const feil of [{ status: "SLETTET" }, { avsenderland: "SWE" }, { antall: "101" }]) {
      expect(ImportmeldingListeSoek.safeParse(feil).success).toBe(false);
    }
  });

  it("reads the dashboard's query", () => {
    expect(OversiktSoek.parse({ avsender: " ", avsenderland: ["se", "SE"] })).toEqual({
      avsender: undefined,
      avsenderland: ["SE"],
    });
    expect(OversiktSoek.safeParse({ avsenderland: "S" }).success).toBe(false);
  });

  it("cleans control and direction-override characters from free text (SPEC §5)", () => {
    expect(SertifikatListeSoek.parse({ avsender: "Fl\u202eora\u0007" }).avsender).toBe("Flora");
  });
});

describe("the pages' addresses (mild: what the form cannot have sent is left out)", () => {
  it.each([
    ["1", 1],
    ["3", 3],
    [" 12 ", 12],
    ["007", 7],
    ["0", 1],
    ["-2", 1],
    ["1.5", 1],
    ["2,0", 1],
    ["abc", 1],
    ["3abc", 1],
    ["1e3", 1],
    ["", 1],
    ["99999999999999999999", 1],
  ])("sidenummer=%j is page %d", (inn, ut) => {
    expect(SertifikaterAdresse.parse(adresse(`sidenummer=${encodeURIComponent(inn)}`)).sidenummer).toBe(ut);
  });

  it("keeps the valid choices of a hand-edited address and drops the rest", () => {
    expect(
      SertifikaterAdresse.parse(
        adresse(
          "avsenderland=SE&avsenderland=Sverige&avsenderland=nl&meldepliktigVurdering=UFULLSTENDIG&meldepliktigVurdering=IKKE_VURDERT",
        ),
      ),
    ).toEqual({
      avsender: undefined,
      sertifikatnummer: undefined,
      avsenderland: ["SE", "NL"],
      meldepliktigVurdering: ["UFULLSTENDIG"],
      sidenummer: 1,
    });
    expect(
      ImportmeldingerAdresse.parse(
        adresse("status=FERDIG&status=ANKOMMET&avsender=a&avsender=b&nummer=%20x%20"),
      ),
    ).toMatchObject({ status: ["ANKOMMET"], avsender: undefined, nummer: "x", sidenummer: 1 });
  });

  it("reads the dashboard's filter panel: one country, upper-cased", () => {
    expect(ForsideAdresse.parse(adresse("avsender=%20Flora&land=se"))).toEqual({
      avsender: "Flora",
      land: "SE",
    });
    expect(ForsideAdresse.parse(adresse("land=Sverige"))).toEqual({ avsender: undefined, land: undefined });
  });
});
