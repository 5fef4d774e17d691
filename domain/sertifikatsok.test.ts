import { describe, expect, it } from "vitest";
import { SOK_DATO_I_FREMTIDEN, SOK_MANGLER_FELT, SOKELAND, validerSok } from "./sertifikatsok";

describe("sertifikatsøk", () => {
  it("har de 23 landene i spesifikasjonen med egen plassholder og hjelpetekst", () => {
    expect(SOKELAND.map((l) => l.kode).sort()).toEqual(
      "BE CI CY DE DK FI FR GT IL IN IT JO NL PA PK PT SE SN TN UG US UZ ZA".split(" "),
    );
    expect(new Set(SOKELAND.map((l) => l.plassholder)).size).toBe(23);
    expect(SOKELAND.find((l) => l.kode === "NL")).toMatchObject({
      navn: "Nederland",
      plassholder: "PHYTO.NL.2026.0012345",
    });
    expect(SOKELAND.find((l) => l.kode === "NL")?.hjelpetekst).toMatch(/to dager/);
  });

  it("krever alle tre feltene", () => {
    expect(
      validerSok({ avsenderland: "NL", sertifikatnummer: "", dato: "2026-11-20" }, "2026-11-21"),
    ).toEqual({
      ok: false,
      melding: "Du må fylle ut sertifikatnummer",
      felt: ["sertifikatnummer"],
    });
    expect(validerSok({ sertifikatnummer: "X", dato: "2026-11-20" }, "2026-11-21")).toEqual({
      ok: false,
      melding: "Du må fylle ut land",
      felt: ["avsenderland"],
    });
    expect(validerSok({ avsenderland: "NL" }, "2026-11-21")).toEqual({
      ok: false,
      melding: "Du må fylle ut sertifikatnummer og dato",
      felt: ["sertifikatnummer", "dato"],
    });
    expect(validerSok({}, "2026-11-21")).toEqual({
      ok: false,
      melding: SOK_MANGLER_FELT,
      felt: ["avsenderland", "sertifikatnummer", "dato"],
    });
  });

  it("normaliserer og godtar et gyldig søk, men ikke en dato etter i dag", () => {
    expect(
      validerSok(
        { avsenderland: "nl", sertifikatnummer: " PHYTO.NL. 2026.1 ", dato: "2026-11-21" },
        "2026-11-21",
      ),
    ).toEqual({
      ok: true,
      sok: { avsenderland: "NL", sertifikatnummer: "PHYTO.NL.2026.1", dato: "2026-11-21" },
    });
    expect(
      validerSok({ avsenderland: "NL", sertifikatnummer: "X", dato: "2026-11-22" }, "2026-11-21"),
    ).toEqual({
      ok: false,
      melding: SOK_DATO_I_FREMTIDEN,
      felt: ["dato"],
    });
    expect(
      validerSok({ avsenderland: "NL", sertifikatnummer: "X", dato: "2026-02-30" }, "2026-11-21").ok,
    ).toBe(false);
  });
});
