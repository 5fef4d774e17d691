import { describe, expect, it } from "vitest";
import { oversetter } from "../sprak/katalog.server";
import {
  landHjelp,
  SOK_DATO_I_FREMTIDEN,
  SOK_MANGLER_FELT,
  SOK_UGYLDIGE_TEGN,
  SOKELAND,
  validerSok,
} from "./sertifikatsok";

describe("sertifikatsøk", () => {
  it("har de 23 landene i spesifikasjonen med egen plassholder og hjelpetekst på tre språk", () => {
    expect(SOKELAND.map((l) => l.kode).sort()).toEqual(
      "BE CI CY DE DK FI FR GT IL IN IT JO NL PA PK PT SE SN TN UG US UZ ZA".split(" "),
    );
    expect(new Set(SOKELAND.map((l) => l.plassholder)).size).toBe(23);
    expect(SOKELAND.find((l) => l.kode === "NL")).toMatchObject({ plassholder: "PHYTO.NL.2026.0012345" });
    const hjelp = (["nb", "nn", "en"] as const).map((sprak) => oversetter(sprak)(landHjelp("NL")));
    expect(hjelp[0]).toMatch(/^Sertifikater fra Nederland .*PHYTO\.NL\.ÅÅÅÅ\.nnnnnnn.* to dager/);
    expect(hjelp[1]).toMatch(/^Sertifikat frå Nederland .*PHYTO\.NL\.ÅÅÅÅ\.nnnnnnn.* to dagar/);
    expect(hjelp[2]).toMatch(/^Certificates from the Netherlands .*PHYTO\.NL\.YYYY\.nnnnnnn.* two days/);
    for (const sprak of ["nb", "nn", "en"] as const) {
      const t = oversetter(sprak);
      const tekster = SOKELAND.map((l) => t(landHjelp(l.kode)));
      expect(
        SOKELAND.filter((l) => !t.har(landHjelp(l.kode))),
        sprak,
      ).toEqual([]);
      expect(new Set(tekster).size, sprak).toBe(23);
    }
  });

  it("krever alle tre feltene, og meldingen nevner dem som mangler", () => {
    const tekst = (sok: Parameters<typeof validerSok>[0]) => {
      const v = validerSok(sok, "2026-11-21");
      return v.ok ? "" : oversetter("nb").melding(v.melding);
    };
    expect(tekst({ avsenderland: "NL", dato: "2026-11-20" })).toBe("Du må fylle ut sertifikatnummer");
    expect(tekst({ sertifikatnummer: "X", dato: "2026-11-20" })).toBe("Du må fylle ut land");
    expect(tekst({ avsenderland: "NL" })).toBe("Du må fylle ut sertifikatnummer og dato");
    expect(tekst({})).toBe("Du må fylle ut land, sertifikatnummer og dato");
    expect(oversetter("en").melding(SOK_MANGLER_FELT)).toBe(
      "Please fill in the country, the certificate number and the date",
    );
    expect(
      validerSok({ avsenderland: "NL", sertifikatnummer: "", dato: "2026-11-20" }, "2026-11-21"),
    ).toEqual({
      ok: false,
      melding: "forside.sok.mangler?felt=sertifikatnummer",
      felt: ["sertifikatnummer"],
    });
    expect(validerSok({ sertifikatnummer: "X", dato: "2026-11-20" }, "2026-11-21")).toEqual({
      ok: false,
      melding: "forside.sok.mangler?felt=avsenderland",
      felt: ["avsenderland"],
    });
    expect(validerSok({ avsenderland: "NL" }, "2026-11-21")).toEqual({
      ok: false,
      melding: "forside.sok.mangler?felt=sertifikatnummer_dato",
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

  it("avviser NUL og andre kontrolltegn med en melding som sier det (sak 22)", () => {
    for (const tegn of ["\u0000", "\u0001", "\u001b", "\u007f", "\u0085"]) {
      expect(
        validerSok({ avsenderland: "NL", sertifikatnummer: `NL${tegn}1`, dato: "2026-01-02" }, "2026-02-01"),
      ).toEqual({
        ok: false,
        melding: SOK_UGYLDIGE_TEGN,
        felt: ["sertifikatnummer"],
      });
    }
    expect(
      validerSok({ avsenderland: "N\u0000L", sertifikatnummer: "1", dato: "2026-01-0\u0002" }, "2026-02-01"),
    ).toMatchObject({ ok: false, felt: ["avsenderland", "dato"] });
    // whitespace a pasted number may carry is not an error
    expect(
      validerSok({ avsenderland: "NL", sertifikatnummer: "NL 1\t", dato: "2026-01-02" }, "2026-02-01"),
    ).toMatchObject({ ok: true });
  });
});
