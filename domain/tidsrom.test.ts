import { describe, expect, it } from "vitest";
import { osloDeler } from "./format";
import {
  ankomsttidUtc,
  erTidsromKlokkeslett,
  erTidsromTidspunkt,
  fraAnkomsttid,
  STANDARD_KLOKKESLETT,
  TIDSROM,
  tidsromForKlokkeslett,
  tidsromForTime,
} from "./tidsrom";

describe("TIDSROM", () => {
  it("holds the four slots of SPEC §9 in order, Morgen being the default", () => {
    expect(TIDSROM).toEqual([
      { klokkeslett: "06:00", navn: "Morgen", spenn: "Før 08" },
      { klokkeslett: "10:00", navn: "Formiddag", spenn: "08-12" },
      { klokkeslett: "14:00", navn: "Ettermiddag", spenn: "12-16" },
      { klokkeslett: "18:00", navn: "Kveld", spenn: "Etter 16" },
    ]);
    expect(STANDARD_KLOKKESLETT).toBe("06:00");
  });

  it("recognises slot times only", () => {
    expect(erTidsromKlokkeslett("10:00")).toBe(true);
    expect(erTidsromKlokkeslett("10:30")).toBe(false);
    expect(erTidsromKlokkeslett(undefined)).toBe(false);
  });
});

describe("tidsromForTime", () => {
  it.each([
    [0, "Morgen"],
    [6, "Morgen"],
    [7, "Morgen"],
    [8, "Formiddag"],
    [11, "Formiddag"],
    [12, "Ettermiddag"],
    [15, "Ettermiddag"],
    [16, "Kveld"],
    [23, "Kveld"],
  ])("%d → %s", (time, navn) => {
    expect(tidsromForTime(time).navn).toBe(navn);
  });

  it("maps each slot's own time to itself", () => {
    for (const t of TIDSROM) expect(tidsromForKlokkeslett(t.klokkeslett)).toBe(t);
  });

  it("gives undefined for an invalid time", () => {
    expect(tidsromForKlokkeslett("25:00")).toBeUndefined();
    expect(tidsromForKlokkeslett(undefined)).toBeUndefined();
    expect(tidsromForKlokkeslett("07:59")?.navn).toBe("Morgen");
  });
});

describe("ankomsttidUtc", () => {
  it.each([
    // ordinary winter day (CET, UTC+1)
    ["2026-01-15", "06:00", "2026-01-15T05:00:00.000Z"],
    ["2026-01-15", "18:00", "2026-01-15T17:00:00.000Z"],
    // ordinary summer day (CEST, UTC+2)
    ["2026-07-15", "06:00", "2026-07-15T04:00:00.000Z"],
    ["2026-07-15", "14:00", "2026-07-15T12:00:00.000Z"],
    // spring forward, 29 March 2026
    ["2026-03-28", "06:00", "2026-03-28T05:00:00.000Z"],
    ["2026-03-29", "00:00", "2026-03-28T23:00:00.000Z"],
    ["2026-03-29", "06:00", "2026-03-29T04:00:00.000Z"],
    ["2026-03-29", "10:00", "2026-03-29T08:00:00.000Z"],
    // fall back, 25 October 2026
    ["2026-10-24", "06:00", "2026-10-24T04:00:00.000Z"],
    ["2026-10-25", "00:00", "2026-10-24T22:00:00.000Z"],
    ["2026-10-25", "06:00", "2026-10-25T05:00:00.000Z"],
    ["2026-10-25", "18:00", "2026-10-25T17:00:00.000Z"],
    // midnight crossing into the previous UTC day
    ["2026-01-01", "00:30", "2025-12-31T23:30:00.000Z"],
  ])("%s %s Oslo → %s", (dato, klokkeslett, utc) => {
    expect(ankomsttidUtc(dato, klokkeslett)).toBe(utc);
  });

  it("gives the later instant for an ambiguous autumn time", () => {
    expect(ankomsttidUtc("2026-10-25", "02:30")).toBe("2026-10-25T01:30:00.000Z");
  });

  it("moves a skipped spring time forward an hour", () => {
    // 02:30 does not exist on 29 March 2026: it is read as 03:30 summer time
    expect(ankomsttidUtc("2026-03-29", "02:30")).toBe("2026-03-29T01:30:00.000Z");
    expect(ankomsttidUtc("2026-03-29", "03:00")).toBe("2026-03-29T01:00:00.000Z");
    expect(ankomsttidUtc("2026-03-29", "01:59")).toBe("2026-03-29T00:59:00.000Z");
  });

  it("agrees with Oslo's clock every half hour through two years", () => {
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 30 * 60 * 1000) {
      const { dato, klokkeslett } = osloDeler(new Date(t));
      const utc = ankomsttidUtc(dato, klokkeslett);
      // Every instant's wall time maps back to it, except the first pass of the repeated autumn hour
      if (utc !== new Date(t).toISOString()) {
        expect(new Date(utc).getTime() - t, `${dato} ${klokkeslett}`).toBe(60 * 60 * 1000);
      }
    }
  });

  it.each([
    ["2026-02-30", "06:00"],
    ["26-01-01", "06:00"],
    ["2026-01-01", "6:00"],
    ["2026-01-01", "24:00"],
    ["", ""],
  ])("throws for %j %j", (dato, klokkeslett) => {
    expect(() => ankomsttidUtc(dato, klokkeslett)).toThrow(RangeError);
  });
});

describe("fraAnkomsttid", () => {
  it.each([
    ["2026-01-15T05:00:00.000Z", "2026-01-15", "06:00", "Morgen"],
    ["2026-07-15T12:00:00.000Z", "2026-07-15", "14:00", "Ettermiddag"],
    ["2026-03-29T04:00:00.000Z", "2026-03-29", "06:00", "Morgen"],
    ["2026-10-25T05:00:00.000Z", "2026-10-25", "06:00", "Morgen"],
    ["2026-10-24T22:00:00.000Z", "2026-10-25", "00:00", "Morgen"],
    ["2026-10-25T17:00:00.000Z", "2026-10-25", "18:00", "Kveld"],
    ["2026-06-01T07:59:00Z", "2026-06-01", "09:59", "Formiddag"],
  ])("%s → %s %s %s", (iso, dato, klokkeslett, navn) => {
    const r = fraAnkomsttid(iso);
    expect(r.dato).toBe(dato);
    expect(r.klokkeslett).toBe(klokkeslett);
    expect(r.tidsrom.navn).toBe(navn);
  });

  it("round-trips every slot on both DST change days and ordinary days", () => {
    for (const dato of ["2026-01-15", "2026-03-29", "2026-07-15", "2026-10-25", "2026-12-31"]) {
      for (const t of TIDSROM) {
        const r = fraAnkomsttid(ankomsttidUtc(dato, t.klokkeslett));
        expect(r).toEqual({ dato, klokkeslett: t.klokkeslett, tidsrom: t });
      }
    }
  });

  it("accepts a Date and throws for an unparsable timestamp", () => {
    expect(fraAnkomsttid(new Date("2026-01-15T13:00:00Z")).tidsrom.navn).toBe("Ettermiddag");
    expect(() => fraAnkomsttid("ikke en tid")).toThrow(RangeError);
  });
});

describe("erTidsromTidspunkt", () => {
  it.each([
    // winter (CET): 06:00 Oslo is 05:00Z
    ["2026-01-15T05:00:00.000Z", true],
    ["2026-01-15T09:00:00Z", true],
    ["2026-01-15T13:00:00.000Z", true],
    ["2026-01-15T17:00:00.000Z", true],
    ["2026-01-15T06:00:00+01:00", true],
    // summer (CEST): 06:00 Oslo is 04:00Z; the winter instant is 07:00 Oslo
    ["2026-07-15T04:00:00.000Z", true],
    ["2026-07-15T16:00:00.000Z", true],
    ["2026-07-15T05:00:00.000Z", false],
    // spring forward, 29 March 2026: already summer time at 06:00
    ["2026-03-29T04:00:00.000Z", true],
    ["2026-03-29T05:00:00.000Z", false],
    ["2026-03-28T05:00:00.000Z", true],
    // fall back, 25 October 2026: already winter time at 06:00
    ["2026-10-25T05:00:00.000Z", true],
    ["2026-10-25T04:00:00.000Z", false],
    ["2026-10-24T04:00:00.000Z", true],
    // not a slot: other hours, minutes, seconds or milliseconds
    ["2026-01-15T07:00:00.000Z", false],
    ["2026-01-15T05:30:00.000Z", false],
    ["2026-01-15T05:00:01.000Z", false],
    ["2026-01-15T05:00:00.001Z", false],
    ["2026-01-14T23:00:00.000Z", false], // midnight in Oslo
    ["ikke en tid", false],
  ])("%s → %s", (iso, ut) => {
    expect(erTidsromTidspunkt(iso)).toBe(ut);
  });

  it("accepts every slot built by ankomsttidUtc, on ordinary and DST change days", () => {
    for (const dato of ["2026-01-15", "2026-03-29", "2026-07-15", "2026-10-25", "2027-03-28"]) {
      for (const t of TIDSROM) {
        expect(erTidsromTidspunkt(ankomsttidUtc(dato, t.klokkeslett))).toBe(true);
        expect(erTidsromTidspunkt(new Date(ankomsttidUtc(dato, t.klokkeslett)))).toBe(true);
      }
    }
  });
});
