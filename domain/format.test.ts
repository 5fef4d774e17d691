import { describe, expect, it } from "vitest";
import {
  erIsoDato,
  erKlokkeslett,
  formaterDato,
  formaterDatoTid,
  formaterKlokkeslett,
  formaterLangDato,
  formaterOrganisasjonsnummer,
  formaterTall,
  leggTilDager,
  osloDato,
  osloDeler,
} from "./format";

describe("formaterOrganisasjonsnummer", () => {
  it.each([
    ["123456789", "123 456 789"],
    [" 987654321 ", "987 654 321"],
    ["12345678", "12345678"],
    ["1234567890", "1234567890"],
    ["123 456 789", "123 456 789"],
    ["  abc  ", "abc"],
    ["", ""],
  ])("%j → %j", (inn, ut) => {
    expect(formaterOrganisasjonsnummer(inn)).toBe(ut);
  });

  it("handles a missing value", () => {
    expect(formaterOrganisasjonsnummer(undefined)).toBe("");
  });
});

describe("erIsoDato / erKlokkeslett", () => {
  it.each([
    ["2026-02-28", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-04-31", false],
    ["2026-4-01", false],
    ["2026-04-01T00:00", false],
    ["", false],
  ])("erIsoDato(%j) = %s", (inn, ut) => {
    expect(erIsoDato(inn)).toBe(ut);
  });

  it.each([
    ["00:00", true],
    ["06:00", true],
    ["23:59", true],
    ["24:00", false],
    ["6:00", false],
    ["12:60", false],
    ["12:00:00", false],
  ])("erKlokkeslett(%j) = %s", (inn, ut) => {
    expect(erKlokkeslett(inn)).toBe(ut);
  });

  it("rejects non-strings", () => {
    expect(erIsoDato(undefined)).toBe(false);
    expect(erKlokkeslett(600)).toBe(false);
  });
});

describe("formaterDato", () => {
  it.each([
    // winter (UTC+1): 23:30Z is already the next day in Oslo
    ["2026-11-21T13:05:00Z", "21.11.2026"],
    ["2026-01-31T23:30:00Z", "01.02.2026"],
    ["2026-01-31T22:59:59Z", "31.01.2026"],
    // summer (UTC+2): 22:00Z is midnight in Oslo
    ["2026-07-14T22:00:00Z", "15.07.2026"],
    ["2026-07-14T21:59:00Z", "14.07.2026"],
    // DST change days
    ["2026-03-28T23:00:00Z", "29.03.2026"],
    ["2026-10-24T22:00:00Z", "25.10.2026"],
    ["2026-10-25T22:59:00Z", "25.10.2026"],
    ["2026-10-25T23:00:00Z", "26.10.2026"],
  ])("%s → %s", (iso, ut) => {
    expect(formaterDato(iso)).toBe(ut);
    expect(formaterDato(new Date(iso))).toBe(ut);
  });

  it("shows a plain calendar date as it is", () => {
    expect(formaterDato("2026-04-01")).toBe("01.04.2026");
  });

  it("gives an empty string for missing or invalid input", () => {
    expect(formaterDato(undefined)).toBe("");
    expect(formaterDato(null)).toBe("");
    expect(formaterDato("")).toBe("");
    expect(formaterDato("ikke en dato")).toBe("");
    expect(formaterDato(new Date(Number.NaN))).toBe("");
  });
});

describe("formaterDatoTid and formaterKlokkeslett", () => {
  it.each([
    ["2026-11-21T13:05:00Z", "21.11.2026, 14:05:00", "14:05"],
    ["2026-07-01T13:05:09Z", "01.07.2026, 15:05:09", "15:05"],
    ["2026-01-01T23:00:00Z", "02.01.2026, 00:00:00", "00:00"],
    // spring forward on 29 March 2026: 01:00Z is 03:00 CEST (02:xx does not exist)
    ["2026-03-29T00:59:00Z", "29.03.2026, 01:59:00", "01:59"],
    ["2026-03-29T01:00:00Z", "29.03.2026, 03:00:00", "03:00"],
    ["2026-03-29T04:00:00Z", "29.03.2026, 06:00:00", "06:00"],
    // fall back on 25 October 2026: 02:30 occurs twice
    ["2026-10-25T00:30:00Z", "25.10.2026, 02:30:00", "02:30"],
    ["2026-10-25T01:30:00Z", "25.10.2026, 02:30:00", "02:30"],
    ["2026-10-25T05:00:00Z", "25.10.2026, 06:00:00", "06:00"],
  ])("%s → %s / %s", (iso, datoTid, klokke) => {
    expect(formaterDatoTid(iso)).toBe(datoTid);
    expect(formaterKlokkeslett(new Date(iso))).toBe(klokke);
  });

  it("gives an empty string for invalid input", () => {
    expect(formaterDatoTid("tull")).toBe("");
    expect(formaterKlokkeslett(undefined)).toBe("");
  });
});

describe("leggTilDager", () => {
  it.each([
    ["2026-11-23", -14, "2026-11-09"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-29", 1, "2026-03-30"], // the spring DST change does not shift calendar days
    ["2026-10-25", 0, "2026-10-25"],
  ])("%s %+d days = %s", (dato, dager, ventet) => {
    expect(leggTilDager(dato, dager)).toBe(ventet);
  });
});

describe("osloDato / osloDeler", () => {
  it.each([
    ["2026-03-31T22:30:00Z", "2026-04-01"],
    ["2026-03-31T21:59:00Z", "2026-03-31"],
    ["2026-12-31T23:00:00Z", "2027-01-01"],
    ["2026-03-28T22:59:00Z", "2026-03-28"],
    ["2026-03-28T23:00:00Z", "2026-03-29"],
    ["2026-10-24T21:59:00Z", "2026-10-24"],
    ["2026-10-24T22:00:00Z", "2026-10-25"],
  ])("%s → %s", (iso, ut) => {
    expect(osloDato(new Date(iso))).toBe(ut);
  });

  it("gives the Oslo wall-clock time as numbers too", () => {
    expect(osloDeler(new Date("2026-10-25T05:00:00Z"))).toEqual({
      dato: "2026-10-25",
      klokkeslett: "06:00",
      time: 6,
      minutt: 0,
    });
    expect(osloDeler(new Date("2026-06-30T22:15:00Z")).klokkeslett).toBe("00:15");
  });
});

describe("datoer, klokkeslett og tall på bokmål, nynorsk og engelsk (Oslo-tid)", () => {
  const d = new Date("2026-11-21T13:05:00Z");
  it("bokmål er som før (SPEC), nynorsk likt, engelsk en-GB", () => {
    expect(formaterDato(d)).toBe("21.11.2026");
    expect(formaterDato(d, "nn")).toBe("21.11.2026");
    expect(formaterDato(d, "en")).toBe("21/11/2026");
    expect(formaterDato("2026-03-29", "en")).toBe("29/03/2026");
    expect(formaterDatoTid(d, "en")).toBe("21/11/2026, 14:05:00");
    expect(formaterKlokkeslett(d, "en")).toBe("14:05");
    expect(formaterLangDato("2026-11-23")).toBe("23. november 2026");
    expect(formaterLangDato("2026-11-23", "en")).toBe("23 November 2026");
    expect(formaterTall(12345.5)).toBe("12\u00a0345,5");
    expect(formaterTall(12345.5, "nn")).toBe("12\u00a0345,5");
    expect(formaterTall(12345.5, "en")).toBe("12,345.5");
  });
});
