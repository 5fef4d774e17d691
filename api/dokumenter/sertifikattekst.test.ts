import { describe, expect, it } from "vitest";
import { datoTekst, reeksportTekst, totalMengde } from "../../domain/sertifikat-tekst";
import { oversetter } from "../../sprak/katalog.server";
import { reeksportNl, syntetiskVarelinje } from "../../tests/support/dokument-testdata";
import {
  behandlingerTekst,
  dokumenttittel,
  pakkerTekst,
  tilsiktetBrukTekst,
  transportTekster,
  utstedtDato,
} from "./sertifikattekst";
import { meldepliktTekst } from "./vurderingstekst";

const NB = oversetter("nb");

describe("felles", () => {
  it("sums the goods lines' quantities per type and display unit", () => {
    const linjer = [syntetiskVarelinje(1), syntetiskVarelinje(2), syntetiskVarelinje(3)];
    expect(totalMengde(NB, linjer)).toEqual([
      { felt: "antall", tekst: "60 stk" },
      { felt: "nettoVekt", tekst: "3\u00a0006 kg" },
      { felt: "bruttoVekt", tekst: "6\u00a0006 kg" },
    ]);
    const blandet = [
      { mengde: { nettoVekt: { verdi: 0.1, enhet: "KGM" } } },
      { mengde: { nettoVekt: { verdi: 0.2, enhet: "KGM" } } },
      { mengde: { nettoVekt: { verdi: 500, enhet: "GRM" } } },
    ];
    expect(totalMengde(NB, blandet)).toEqual([{ felt: "nettoVekt", tekst: "0,3 kg + 500 g" }]);
    expect(totalMengde(NB, [])).toEqual([]);
  });

  it("formats packages, intended use, dates and transport", () => {
    expect(
      pakkerTekst([
        { sorteringsnummer: 1, pakkeKode: "BX", antall: 120 },
        { sorteringsnummer: 2, pakkeKode: "ZZ9" },
      ]),
    ).toBe("120 Box, ZZ9");
    expect(pakkerTekst([])).toBeUndefined();
    const linje = syntetiskVarelinje(1);
    expect(tilsiktetBrukTekst(NB, linje)).toBe("Planting");
    linje.klassifisering = {
      ...linje.klassifisering,
      tilsiktetBrukKode: undefined,
      tilsiktetBruk: "Til pynt",
    };
    expect(tilsiktetBrukTekst(NB, linje)).toBe("Til pynt");
    expect(datoTekst("2025-03-09")).toBe("09.03.2025");
    expect(datoTekst("ved ankomst")).toBe("ved ankomst");
    expect(datoTekst("")).toBeUndefined();
    expect(utstedtDato({ utstedtDag: "2025-03-10" })).toEqual(new Date("2025-03-10T00:00:00Z"));
    expect(
      transportTekster(NB, { transportmidler: [{ transportMetode: "Lufttransport", id: "KL1234" }] }),
    ).toEqual(["Lufttransport – KL1234"]);
  });

  it("writes titles, treatments, the re-export text and the notification requirement", () => {
    expect(dokumenttittel(NB, { type: "Reeksport" })).toBe("Plantesunnhetssertifikat for reeksport");
    expect(dokumenttittel(NB, { type: undefined })).toBe("Plantesunnhetssertifikat");

    const nl = reeksportNl();
    const [rose, krysantemum] = nl.varelinjer;
    expect(behandlingerTekst(NB, rose?.behandlinger ?? [])).toBe(
      "Kjemisk behandling (Dypping), temperatur 20 °C, varighet 10 min, konsentrasjon 0,5 g/l " +
        "(kjemikalier: Spinosad, Abamectin; periode: 05.03.2025; tilleggsinformasjon: Post-harvest dip)",
    );
    expect(behandlingerTekst(NB, [])).toBeUndefined();

    const reeksport = rose?.reeksportSertifiseringsErklaering;
    expect(reeksport).toBeDefined();
    const t = reeksport ? reeksportTekst(NB, nl, reeksport) : "";
    expect(t).toContain(
      "importert til Nederland fra Kenya med plantesunnhetssertifikat nr. KE-KEPHIS-2025-0412.",
    );
    expect(t).toContain("Originalen av dette sertifikatet er vedlagt.");
    expect(t).toContain("Varene er ompakket i nye containere.");
    expect(t).toContain("På grunnlag av det opprinnelige plantesunnhetssertifikatet og tilleggsinspeksjon");
    const ukjent = krysantemum?.reeksportSertifiseringsErklaering;
    expect(ukjent ? reeksportTekst(NB, nl, ukjent) : "").toContain(
      "med et plantesunnhetssertifikat uten oppgitt nummer.",
    );

    expect(meldepliktTekst(NB, "MELDEPLIKTIG", undefined)).toBe("Meldepliktig");
    expect(meldepliktTekst(NB, "IKKE_VURDERT", undefined)).toBe("Mulig meldepliktig");
    expect(meldepliktTekst(NB, "Egen tekst", undefined)).toBe("Egen tekst");
    expect(meldepliktTekst(NB, "", undefined)).toBeUndefined();
  });
});
