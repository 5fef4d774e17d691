import { describe, expect, it } from "vitest";
import { oversetter } from "../sprak/katalog.server";
import type { ReeksportSertifiseringsErklaering, Varelinje } from "./sertifikat";
import {
  behandlingBeskrivelse,
  EKSPORTERKLAERING,
  finansiellErklaering,
  friForPestTekst,
  landTekst,
  mengdeLinjer,
  mengderTekst,
  mengdeTekst,
  reeksportErklaering,
  reeksportTekst,
  referertDokumentTekst,
  refererteDokumenterTekster,
  synligMengde,
  totalMengde,
  totalTekst,
  transportutstyrTekster,
  UKJENT_AARSAK,
  UKJENT_NUMMER,
} from "./sertifikat-tekst";

const NB = oversetter("nb");

const NBSP = "\u00a0";

function linje(nr: number, endringer: Partial<Varelinje> = {}): Varelinje {
  return {
    sorteringsnummer: nr,
    klassifisering: { tilstander: [], eppoKoder: [], andre: [] },
    mengde: {},
    pakker: [],
    kjennetegn: [],
    opprinnelsesland: [],
    behandlinger: [],
    harTilleggserklaeringer: false,
    varelinjeTilleggserklaering: { tilleggserklaeringer: [], offisiellTilleggsInformasjon: [] },
    ukjenteMerknader: [],
    ...endringer,
  };
}

describe("the replacement placeholders", () => {
  it("are the spec's words 'unknown number' and 'unknown reason'", () => {
    expect(UKJENT_NUMMER).toBe("unknown number");
    expect(UKJENT_AARSAK).toBe("unknown reason");
  });
});

describe("quantities (SPEC §5: only with a unit and not negative)", () => {
  it("shows a quantity with a unit, unknown units as they are", () => {
    expect(mengdeTekst(NB, { verdi: 1234.5, enhet: "KGM" })).toBe(`1${NBSP}234,5 kg`);
    expect(mengdeTekst(NB, { verdi: 3, enhet: "XYZ" })).toBe("3 XYZ");
    expect(mengdeTekst(NB, { verdi: 0, enhet: "H87" })).toBe("0 stk");
    expect(synligMengde(NB, { verdi: 0, enhet: "MTQ" })).toEqual({ verdi: 0, enhet: "m³" });
  });

  it("does not show a quantity without a unit (not as pieces either), a negative one or a non-number", () => {
    expect(mengdeTekst(NB, { verdi: 200 })).toBeUndefined();
    expect(mengdeTekst(NB, { verdi: 200, enhet: null })).toBeUndefined();
    expect(mengdeTekst(NB, { verdi: 3, enhet: " " })).toBeUndefined();
    expect(mengdeTekst(NB, { verdi: 3, enhet: "\u202e" })).toBeUndefined();
    expect(mengdeTekst(NB, { verdi: -1, enhet: "KGM" })).toBeUndefined();
    expect(mengdeTekst(NB, { verdi: Number.NaN, enhet: "KGM" })).toBeUndefined();
    expect(synligMengde(NB, { verdi: 200 })).toBeUndefined();
    expect(synligMengde(NB, { verdi: -0.5, enhet: "KGM" })).toBeUndefined();
  });

  it("labels the shown quantities of a line and leaves out the others", () => {
    const l = linje(1, {
      mengde: {
        antall: { verdi: 40, enhet: "H87" },
        nettoVekt: { verdi: 200 },
        bruttoVekt: { verdi: -3, enhet: "KGM" },
        bruttoVolum: { verdi: 1.25, enhet: "MTQ" },
      },
    });
    expect(mengdeLinjer(NB, l)).toEqual(["Antall 40 stk", "Bruttovolum 1,25 m³"]);
    expect(mengdeLinjer(NB, linje(2, { mengde: { nettoVekt: { verdi: 200 } } }))).toEqual([]);
  });

  it("sums only the quantities that may be shown, per display unit", () => {
    const linjer = [
      linje(1, { mengde: { nettoVekt: { verdi: 200 }, antall: { verdi: 10, enhet: "H87" } } }),
      linje(2, { mengde: { nettoVekt: { verdi: 0.1, enhet: "KGM" }, antall: { verdi: 5, enhet: "NAR" } } }),
      linje(3, { mengde: { nettoVekt: { verdi: 0.2, enhet: "KGM" } } }),
      linje(4, { mengde: { nettoVekt: { verdi: -50, enhet: "KGM" }, bruttoVekt: { verdi: 7 } } }),
      linje(5, { mengde: { nettoVekt: { verdi: 500, enhet: "GRM" } } }),
    ];
    expect(totalMengde(NB, linjer)).toEqual([
      { felt: "antall", tekst: "15 stk" },
      { felt: "nettoVekt", tekst: "0,3 kg + 500 g" },
    ]);
    expect(totalMengde(NB, [linje(1, { mengde: { nettoVekt: { verdi: 200 } } })])).toEqual([]);
  });

  it("writes the API's totals (one per unit code) without the unit-less or negative ones", () => {
    expect(mengderTekst(NB, [{ verdi: 300, enhet: "KGM" }, { verdi: 200 }, { verdi: 2, enhet: "TNE" }])).toBe(
      "300 kg + 2 tonn",
    );
    expect(mengderTekst(NB, [{ verdi: 200 }])).toBeUndefined();
    expect(mengderTekst(NB, [])).toBeUndefined();
  });
});

describe("units and treatments in nynorsk and English (issue 33)", () => {
  const NN = oversetter("nn");
  const EN = oversetter("en");

  it("names the units that are words, and formats the number, in the reader's language", () => {
    expect(mengdeTekst(EN, { verdi: 1234.5, enhet: "H87" })).toBe("1,234.5 pcs");
    expect(mengdeTekst(NN, { verdi: 3, enhet: "WEE" })).toBe("3 veker");
    expect(mengdeTekst(EN, { verdi: 2, enhet: "KGM" })).toBe("2 kg");
    expect(synligMengde(EN, { verdi: 5, enhet: "H87" })).toEqual({ verdi: 5, enhet: "pcs" });
    expect(totalMengde(EN, [{ mengde: { antall: { verdi: 10, enhet: "H87" } } }])).toEqual([
      { felt: "antall", tekst: "10 pcs" },
    ]);
    expect(mengderTekst(NN, [{ verdi: 2, enhet: "TNE" }])).toBe("2 tonn");
  });

  it("makes a treatment's line from its parts: type names, details and units in the reader's language", () => {
    const b = {
      kjemikalier: [],
      andreEgenskaper: [],
      merknader: [],
      typeKode: "CHEMICAL",
      behandlingstypeNivaa2: "Dipping",
      temperatur: { verdi: 32.5, enhet: "CEL" },
      varighet: { verdi: 3, enhet: "WEE" },
      konsentrasjonTekst: "2 %",
      beskrivelse: "Kjemisk behandling (Dypping), temperatur 32,5 °C, varighet 3 uker, konsentrasjon 2 %",
    };
    expect(behandlingBeskrivelse(NB, b)).toBe(b.beskrivelse);
    expect(behandlingBeskrivelse(NN, b)).toBe(
      "Kjemisk behandling (Dypping), temperatur 32,5 °C, varigheit 3 veker, konsentrasjon 2 %",
    );
    expect(behandlingBeskrivelse(EN, b)).toBe(
      "Chemical treatment (Dipping), temperature 32.5 °C, duration 3 weeks, concentration 2 %",
    );
    expect(behandlingBeskrivelse(EN, { ...b, typeKode: "ZZZ", behandlingstypeNivaa2: undefined })).toBe(
      "Temperature 32.5 °C, duration 3 weeks, concentration 2 %",
    );
    expect(
      behandlingBeskrivelse(EN, { kjemikalier: [], andreEgenskaper: [], merknader: [], fritekst: "Fri" }),
    ).toBe("Fri");
  });
});

describe("countries, containers and referenced documents", () => {
  it("names countries in Norwegian, falling back to the certificate's name or the code", () => {
    expect(landTekst({ kode: "NL", navn: "Netherlands" })).toBe("Nederland");
    expect(landTekst({ kode: "KE", landsdel: "Naivasha" })).toBe("Kenya (Naivasha)");
    expect(landTekst({ kode: "QQ", navn: "Atlantis" })).toBe("Atlantis");
    expect(landTekst({ kode: "QQ" })).toBe("QQ");
    expect(landTekst({})).toBeUndefined();
  });

  it("writes containers with their seals, and seals without a container", () => {
    expect(
      transportutstyrTekster(NB, {
        transportutstyr: [
          { id: "MSKU1234567", forseglinger: ["NL998877", " ", "NL998878"] },
          { id: "TGHU7654321", forseglinger: [] },
          { forseglinger: ["S-1"] },
          { id: "\u202e", forseglinger: [] },
        ],
      }),
    ).toEqual(["MSKU1234567 (plomber: NL998877, NL998878)", "TGHU7654321", "Plomber: S-1"]);
    expect(transportutstyrTekster(NB, { transportutstyr: [] })).toEqual([]);
  });

  it("writes a referenced document with its information and date, and skips an empty one", () => {
    expect(
      referertDokumentTekst(NB, {
        identifikator: "KE-1",
        informasjon: "Original certificate",
        dato: "2025-03-01",
      }),
    ).toBe("KE-1 (Original certificate, datert 01.03.2025)");
    expect(referertDokumentTekst(NB, { identifikator: "KE-2" })).toBe("KE-2");
    expect(referertDokumentTekst(NB, { dato: "2025-03-01" })).toBe(
      "Dokument uten nummer (datert 01.03.2025)",
    );
    expect(referertDokumentTekst(NB, { identifikator: " ", typeKode: "851" })).toBeUndefined();
    expect(
      refererteDokumenterTekster(NB, {
        refererteDokumenter: [{ identifikator: "A" }, {}, { identifikator: "B" }],
      }),
    ).toEqual(["A", "B"]);
  });
});

describe("declarations", () => {
  it("names the issuing authority in the financial declaration, or a general wording", () => {
    expect(finansiellErklaering(NB, { utsteder: "NVWA" })).toBe(
      "Intet økonomisk ansvar i forbindelse med dette sertifikatet skal påhvile NVWA eller noen av dens " +
        "tjenestemenn eller representanter.",
    );
    expect(finansiellErklaering(NB, { utsteder: "  " })).toContain(
      "påhvile den utstedende plantehelsemyndigheten eller",
    );
  });

  it("writes the free-from-pest statement: a code as a code, a text as it is, missing as 'Ikke oppgitt'", () => {
    expect(friForPestTekst(NB, { friForPestErklaering: "1" })).toBe("Oppgitt (kode 1)");
    expect(friForPestTekst(NB, { friForPestErklaering: "Free from Thrips palmi" })).toBe(
      "Free from Thrips palmi",
    );
    expect(friForPestTekst(NB, { friForPestErklaering: "" })).toBe("Ikke oppgitt");
    expect(friForPestTekst(NB, {})).toBe("Ikke oppgitt");
  });

  it("writes the export declaration of the IPPC model certificate", () => {
    expect(EKSPORTERKLAERING).toMatch(/^Det bekreftes at plantene/);
    expect(EKSPORTERKLAERING).toContain("regulerte ikke-karanteneskadegjørere");
  });

  const nl = { eksportLand: { kode: "NL" } };
  const full: ReeksportSertifiseringsErklaering = {
    kontraktsinngaaendePart: { kode: "KE" },
    ephytoSertifikatReferanse: "KE-KEPHIS-2025-0412",
    originalSertifikat: true,
    ompakket: true,
    nyeContainere: true,
    tilleggsinspeksjon: true,
    reeksportErklaeringKode: "2",
    koder: [],
  };

  it("words the re-export flags", () => {
    const t = reeksportTekst(NB, nl, full);
    expect(t).toContain(
      "importert til Nederland fra Kenya med plantesunnhetssertifikat nr. KE-KEPHIS-2025-0412.",
    );
    expect(t).toContain("Originalen av dette sertifikatet er vedlagt.");
    expect(t).toContain("Varene er ompakket i nye containere.");
    expect(t).toContain("På grunnlag av det opprinnelige plantesunnhetssertifikatet og tilleggsinspeksjon");
    expect(t).toContain("lagring i Nederland ikke vært utsatt");
    expect(t).toContain("Erklæringskode: 2.");

    const kopi = reeksportTekst(NB, nl, {
      bekreftetKopi: true,
      pakket: true,
      originaleContainere: true,
      koder: [],
    });
    expect(kopi).toContain("med et plantesunnhetssertifikat uten oppgitt nummer.");
    expect(kopi).toContain("En bekreftet kopi av dette sertifikatet er vedlagt.");
    expect(kopi).toContain("Varene er pakket i originale containere.");
    expect(kopi).toContain("De anses å oppfylle");
    expect(kopi).not.toContain("Erklæringskode");
    expect(reeksportTekst(NB, {}, { koder: [] })).toContain("importert til reeksportlandet med");
  });

  it("gives one re-export text when all lines agree, one per line otherwise, and says when there is none", () => {
    const r = (e?: ReeksportSertifiseringsErklaering) => ({ reeksportSertifiseringsErklaering: e });
    const lik = reeksportErklaering(NB, { ...nl, varelinjer: [linje(1, r(full)), linje(2, r(full))] });
    expect(lik).toEqual({ felles: reeksportTekst(NB, nl, full) });

    const annen = { ...full, ephytoSertifikatReferanse: "KE-2" };
    const ulik = reeksportErklaering(NB, { ...nl, varelinjer: [linje(1, r(full)), linje(3, r(annen))] });
    expect(ulik).toEqual({
      perLinje: [
        { sorteringsnummer: 1, tekst: reeksportTekst(NB, nl, full) },
        { sorteringsnummer: 3, tekst: reeksportTekst(NB, nl, annen) },
      ],
    });

    // A line without re-export notes: the others are listed per line.
    const delvis = reeksportErklaering(NB, { ...nl, varelinjer: [linje(1, r(full)), linje(2)] });
    expect(delvis).toEqual({ perLinje: [{ sorteringsnummer: 1, tekst: reeksportTekst(NB, nl, full) }] });

    expect(reeksportErklaering(NB, { ...nl, varelinjer: [linje(1)] })).toEqual({
      felles: "Det er ikke oppgitt reeksportopplysninger på varelinjene.",
    });
  });
});

describe("totalTekst (issue 23 item 9)", () => {
  it("says when a total counts only some of the goods lines", () => {
    expect(totalTekst(NB, [{ verdi: 530, enhet: "KGM" }], 1, 2)).toBe(
      "530 kg (oppgitt for 1 av 2 varelinjer)",
    );
    expect(totalTekst(NB, [{ verdi: 545.5, enhet: "KGM" }], 2, 2)).toBe("545,5 kg");
    expect(totalTekst(NB, [], 0, 2)).toBeUndefined();
  });
});
