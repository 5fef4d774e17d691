import { describe, expect, it } from "vitest";
import {
  REGELDATO_SEN_MELDING,
  SKADEGJOERER_TELEFON,
  senMeldingTekst,
  skalViseSenMeldingDialog,
} from "./sen-melding";

describe("skalViseSenMeldingDialog", () => {
  it.each([
    ["2026-05-01", "06:00", true],
    [" 2026-05-01 ", "18:00", true],
    ["2026-05-01", undefined, false],
    [undefined, "06:00", false],
    ["", "06:00", false],
    ["2026-05-01", "", false],
    ["2026-02-30", "06:00", false],
    ["01.05.2026", "06:00", false],
    ["2026-05-01", "25:00", false],
    [null, null, false],
  ])("%j %j → %s", (dato, klokkeslett, ut) => {
    expect(skalViseSenMeldingDialog(dato, klokkeslett)).toBe(ut);
  });
});

describe("senMeldingTekst", () => {
  it("has the rule date 1 April 2026", () => {
    expect(REGELDATO_SEN_MELDING).toBe("2026-04-01");
  });

  it("says the notice must reach Mattilsynet before the border, in both periods", () => {
    for (const now of [new Date("2026-01-10T12:00:00Z"), new Date("2026-06-10T12:00:00Z")]) {
      const { tittel, tekst } = senMeldingTekst(now);
      expect(tittel).toBe("Forhåndsmeldingen må være mottatt før varene passerer grensen");
      expect(tekst).toContain(
        "Forhåndsmeldingen må være mottatt av Mattilsynet før varene passerer grensen.",
      );
      expect(tekst).toContain("bli stoppet på grensen");
    }
  });

  it.each([
    ["long before the rule date", "2026-01-10T12:00:00Z"],
    ["the last minute before it in Oslo (31 March 23:59)", "2026-03-31T21:59:00Z"],
    ["the rule date in Oslo (1 April 00:00), still 31 March in UTC", "2026-03-31T22:00:00Z"],
    ["after the rule date", "2026-06-10T12:00:00Z"],
    ["years after it", "2030-01-01T12:00:00Z"],
  ])("always names 1 April 2026 (%s)", (_n, iso) => {
    const { tekst } = senMeldingTekst(new Date(iso));
    expect(tekst).toContain(
      "Fra og med 1. april 2026 kan varer som ikke er forhåndsmeldt i tide, bli stoppet på grensen.",
    );
  });
});

describe("senMeldingTekst: plant pests (issue 23 item 9)", () => {
  it("gives the phone number for reporting plant pests", () => {
    const { skadegjoerere } = senMeldingTekst();
    expect(SKADEGJOERER_TELEFON).toBe("22 40 00 00");
    expect(skadegjoerere).toBe(
      "Mistenker du planteskadegjørere i sendingen, meld fra til Mattilsynet på telefon 22 40 00 00.",
    );
  });
});
