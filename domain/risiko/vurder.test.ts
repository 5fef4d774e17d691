import { describe, expect, it } from "vitest";
import { alvorlighetsgradRekkefoelge } from "../status";
import { EPPO_TAKSA } from "./eppo";
import { medRegler } from "./regelsett";
import { LAND_I_GRUPPE, lesRegler, lovdataLenke, REGLER, type Regel } from "./regler";
import reglerFil from "./tabeller/regler.json";
import {
  meldepliktigVurdering,
  normaliserLandkode,
  normaliserPlantedel,
  normaliserTilsiktetBruk,
  PLANTEDELER,
  type RisikoKode,
  TILSIKTEDE_BRUK,
  type VarelinjeForVurdering,
  verstAlvorlighetsgrad,
  vurderSertifikat,
  vurderVarelinje,
} from "./vurder";

const linje = (
  botaniskNavn: string | undefined,
  land: string[],
  plantedel?: string,
  tilsiktetBruk: string | null = "Planting",
): VarelinjeForVurdering => ({ botaniskNavn, opprinnelsesland: land, plantedel, tilsiktetBruk });

const koder = (l: VarelinjeForVurdering, regler?: readonly Regel[]) =>
  vurderVarelinje(l, regler && medRegler(regler)).funn.map((f) => f.kode);
const regelIder = (l: VarelinjeForVurdering) =>
  vurderVarelinje(l)
    .funn.map((f) => f.regelId)
    .filter(Boolean);

/** The Hub sample certificate (api/ephyto/fixtures/hub-envelope-sample.xml): no intended use is stated. */
const ELYMUS_FRA_BOLIVIA: VarelinjeForVurdering = {
  id: 0,
  botaniskNavn: "Elymus elongatus",
  opprinnelsesland: ["BO"],
  plantedel: "Seeds",
};

describe("vurderVarelinje", () => {
  it.each<[string, VarelinjeForVurdering, string, RisikoKode[], string[]]>([
    [
      "Pinus from China (annex 3 prohibition)",
      linje("Pinus sylvestris L.", ["CN"], "Plants for planting"),
      "FORBUD",
      ["VEDLEGG_3_FORBUD"],
      ["V3-1.1-BARTRAER"],
    ],
    ["Pinus seeds from China (seeds excepted)", linje("Pinus sylvestris", ["CN"], "Seeds"), "ALT_OK", [], []],
    [
      "Pinus from Portugal (named in the point)",
      linje("Pinus pinaster", ["PT"], "Plants for planting"),
      "FORBUD",
      ["VEDLEGG_3_FORBUD"],
      ["V3-1.1-BARTRAER"],
    ],
    ["Pinus from Sweden", linje("Pinus sylvestris", ["SE"], "Plants for planting"), "ALT_OK", [], []],
    [
      "Pinus wood from China (prohibition and special requirements)",
      linje("Pinus", ["CN"], "Wood"),
      "FORBUD",
      ["VEDLEGG_3_FORBUD", "VEDLEGG_4A_VARSEL", "VEDLEGG_4A_VARSEL"],
      ["V3-1.1-BARTRAER", "V4A-1.1-BARTRE-TRE", "V4A-1.2-PINUS-TRE"],
    ],
    [
      "Rosa plants for planting from Kenya (annex 4A)",
      linje("Rosa 'Red Naomi'", ["KE"], "Plants for planting"),
      "VARSEL",
      ["VEDLEGG_4A_VARSEL"],
      ["V4A-6-ROSA-PLANTER"],
    ],
    [
      "Rosa cut flowers from Kenya (false codling moth)",
      linje("Rosa", ["KE"], "Cut flowers", "Decoration"),
      "VARSEL",
      ["VEDLEGG_4A_VARSEL"],
      ["V4A-12-FALSK-EPLEVIKLER"],
    ],
    ["Rosa plants from Denmark", linje("Rosa canina", ["DK"], "Plants for planting"), "ALT_OK", [], []],
    [
      "Rhododendron from the UK (Ramorum prohibition)",
      linje("Rhododendron", ["GB"], "Plants for planting"),
      "FORBUD",
      ["RAMORUM_FORBUD"],
      ["RAMORUM-3-HOVEDVERTER"],
    ],
    [
      "Rhododendron from the US (Ramorum prohibition and host requirements)",
      linje("Rhododendron catawbiense", ["US"], "Plants for planting"),
      "FORBUD",
      ["RAMORUM_FORBUD", "RAMORUM_VARSEL"],
      ["RAMORUM-3-HOVEDVERTER", "RAMORUM-2-VERTPLANTER"],
    ],
    [
      "Rhododendron from the Netherlands (approved nurseries only)",
      linje("Rhododendron", ["NL"], "Plants for planting"),
      "VARSEL",
      ["RAMORUM_VARSEL"],
      ["RAMORUM-3-NEDERLAND-TYSKLAND"],
    ],
    [
      "Rhododendron simsii from the UK (excepted)",
      linje("Rhododendron simsii", ["GB"], "Plants for planting"),
      "ALT_OK",
      [],
      [],
    ],
    [
      "Rhododendron simsii from the US (host requirements only)",
      linje("Rhododendron simsii", ["US"], "Plants for planting"),
      "VARSEL",
      ["RAMORUM_VARSEL"],
      ["RAMORUM-2-VERTPLANTER"],
    ],
    [
      "Elymus elongatus seeds from Bolivia, the shared sample without intended use",
      ELYMUS_FRA_BOLIVIA,
      "UFULLSTENDIG",
      ["MANGLER_TILSIKTET_BRUK"],
      [],
    ],
    [
      "Elymus elongatus seeds from Bolivia with intended use",
      { ...ELYMUS_FRA_BOLIVIA, tilsiktetBruk: "Planting" },
      "ALT_OK",
      [],
      [],
    ],
    [
      "Seed potatoes from Germany (prohibited from every origin)",
      linje("Solanum tuberosum", ["DE"], "Bulbs and tubers", "Planting"),
      "FORBUD",
      ["VEDLEGG_3_FORBUD"],
      ["V3-10-SETTEPOTETER"],
    ],
    [
      "Ware potatoes from Germany",
      linje("Solanum tuberosum", ["DE"], "Bulbs and tubers", "Consumption"),
      "ALT_OK",
      [],
      [],
    ],
    [
      "Ware potatoes from Egypt (Mediterranean exception)",
      linje("Solanum tuberosum", ["EG"], "Bulbs and tubers", "Consumption"),
      "ALT_OK",
      [],
      [],
    ],
    [
      "Ware potatoes from the US",
      linje("Solanum tuberosum", ["US"], "Bulbs and tubers", "Consumption"),
      "FORBUD",
      ["VEDLEGG_3_FORBUD"],
      ["V3-11-POTETKNOLLER"],
    ],
    [
      "Oranges from South Africa",
      linje("Citrus sinensis", ["ZA"], "Fruits", "Consumption"),
      "VARSEL",
      ["VEDLEGG_4A_VARSEL", "VEDLEGG_4A_VARSEL"],
      ["V4A-10-CITRUS-FRUKT", "V4A-12-FALSK-EPLEVIKLER"],
    ],
    [
      "Soil from China, with no botanical name",
      linje(undefined, ["CN"], "Soil", "Planting"),
      "FORBUD",
      ["VEDLEGG_3_FORBUD", "MANGLER_BOTANISK_NAVN"],
      ["V3-13-JORD-DYRKINGSMEDIUM"],
    ],
    ["Apples from Italy", linje("Malus domestica", ["IT"], "Fruits", "Consumption"), "ALT_OK", [], []],
  ])("%s", (_navn, l, grad, forventedeKoder, forventedeRegler) => {
    const resultat = vurderVarelinje(l);
    expect(resultat.alvorlighetsgrad).toBe(grad);
    expect(resultat.funn.map((f) => f.kode)).toEqual(forventedeKoder);
    expect(regelIder(l)).toEqual(forventedeRegler);
  });

  it("gives the EPPO code of the line, also at genus level", () => {
    expect(vurderVarelinje(ELYMUS_FRA_BOLIVIA).eppoKode).toBe("AGREL");
    expect(vurderVarelinje(linje("Pinus massoniana", ["CN"])).eppoKode).toBe("1PIUG");
    expect(vurderVarelinje(linje("Foobarus barus", ["CN"])).eppoKode).toBeUndefined();
  });

  describe("lines that cannot be assessed", () => {
    it.each<[string, VarelinjeForVurdering, RisikoKode, string]>([
      ["no botanical name", linje(undefined, ["DE"], "Seeds"), "MANGLER_BOTANISK_NAVN", "botanisk navn"],
      ["an empty botanical name", linje("   ", ["DE"], "Seeds"), "MANGLER_BOTANISK_NAVN", "botanisk navn"],
      [
        "a name not in the pest database",
        linje("Foobarus barus", ["DE"]),
        "MANGLER_EPPO",
        "«Foobarus barus»",
      ],
      ["no origin country", linje("Rosa canina", []), "MANGLER_OPPRINNELSESLAND", "opprinnelsesland"],
      [
        "only empty origin codes",
        linje("Rosa canina", [" ", ""]),
        "MANGLER_OPPRINNELSESLAND",
        "opprinnelsesland",
      ],
      [
        "no intended use",
        linje("Rosa canina", ["DE"], undefined, null),
        "MANGLER_TILSIKTET_BRUK",
        "tilsiktet bruk",
      ],
      [
        "an empty intended use",
        linje("Rosa canina", ["DE"], undefined, " "),
        "MANGLER_TILSIKTET_BRUK",
        "tilsiktet bruk",
      ],
    ])("%s gives its message", (_navn, l, kode, ord) => {
      const resultat = vurderVarelinje(l);
      expect(resultat.alvorlighetsgrad).toBe("UFULLSTENDIG");
      expect(resultat.funn).toHaveLength(1);
      const [funn] = resultat.funn;
      expect(funn).toMatchObject({ kode, alvorlighetsgrad: "UFULLSTENDIG", lovdataList: [] });
      expect(funn?.tekst).toContain(ord);
      expect(funn?.tekst).toContain("kan ikke vurderes");
    });

    it("does not report a missing EPPO code when the name itself is missing", () => {
      expect(koder(linje(undefined, ["DE"]))).toEqual(["MANGLER_BOTANISK_NAVN"]);
    });

    it("reports every missing item of a line", () => {
      expect(koder({ opprinnelsesland: [] })).toEqual([
        "MANGLER_BOTANISK_NAVN",
        "MANGLER_OPPRINNELSESLAND",
        "MANGLER_TILSIKTET_BRUK",
      ]);
    });

    it("does not match an origin rule without origin, but still a rule for every origin", () => {
      expect(koder(linje("Pinus sylvestris", [], "Plants for planting"))).toEqual([
        "MANGLER_OPPRINNELSESLAND",
      ]);
      expect(koder(linje("Solanum tuberosum", [], "Bulbs and tubers", "Planting"))).toEqual([
        "VEDLEGG_3_FORBUD",
        "MANGLER_OPPRINNELSESLAND",
      ]);
    });

    it("does not match an intended-use rule without intended use", () => {
      expect(regelIder(linje("Solanum tuberosum", ["DE"], "Bulbs and tubers", null))).toEqual([]);
    });
  });

  it("matches a line without plant part as a precaution", () => {
    expect(vurderVarelinje(linje("Pinus sylvestris", ["CN"])).alvorlighetsgrad).toBe("FORBUD");
    expect(regelIder(linje("Pinus sylvestris", ["CN"]))).toEqual([
      "V3-1.1-BARTRAER",
      "V3-1.2-BARTRAER-FLIS",
      "V4A-1.1-BARTRE-TRE",
      "V4A-1.2-PINUS-TRE",
    ]);
  });

  it("does not match a rule without taxon (soil) when the line has no plant part", () => {
    expect(regelIder(linje("Mangifera indica", ["IN"], undefined, "Consumption"))).toEqual([
      "V4A-13-MANGIFERA-FRUKT",
    ]);
    expect(koder(linje(undefined, ["CN"]))).toEqual(["MANGLER_BOTANISK_NAVN"]);
  });

  it("keeps a prohibition when the line also lacks information (worst severity wins)", () => {
    const resultat = vurderVarelinje(linje("Pinus sylvestris", ["CN"], "Plants for planting", null));
    expect(resultat.alvorlighetsgrad).toBe("FORBUD");
    expect(resultat.funn.map((f) => f.kode)).toEqual(["VEDLEGG_3_FORBUD", "MANGLER_TILSIKTET_BRUK"]);
  });

  it("sorts the findings worst first", () => {
    const { funn } = vurderVarelinje(linje("Rhododendron", ["US"], "Plants for planting", null));
    const orden = funn.map((f) => alvorlighetsgradRekkefoelge(f.alvorlighetsgrad));
    expect(orden).toEqual([...orden].sort((a, b) => a - b));
    expect(funn.map((f) => f.alvorlighetsgrad)).toEqual(["FORBUD", "VARSEL", "UFULLSTENDIG"]);
  });

  it("matches any of several origin countries", () => {
    expect(koder(linje("Pinus sylvestris", ["SE", "CN"], "Plants for planting"))).toEqual([
      "VEDLEGG_3_FORBUD",
    ]);
  });

  it("accepts Norwegian and lower-case spellings of plant part, use and country", () => {
    expect(koder(linje("Pinus sylvestris", ["cn"], "frø", "plantning"))).toEqual([]);
    expect(koder(linje("Pinus sylvestris", [" cn "], "planter til planting", "til planting"))).toEqual([
      "VEDLEGG_3_FORBUD",
    ]);
    expect(koder(linje("Rhododendron", ["uk"], "Plants"))).toEqual(["RAMORUM_FORBUD"]);
  });

  it("gives the point and a link to the regulation text with each rule finding", () => {
    const [funn] = vurderVarelinje(linje("Pinus sylvestris", ["CN"], "Plants for planting")).funn;
    expect(funn).toMatchObject({
      kode: "VEDLEGG_3_FORBUD",
      alvorlighetsgrad: "FORBUD",
      regelId: "V3-1.1-BARTRAER",
      lovdataList: [{ nummer: "vedlegg 3 punkt 1.1" }],
      lenke: "https://lovdata.no/forskrift/2018-12-21-2237/vedlegg/3",
    });
    expect(funn?.tekst).toMatch(
      /^Varelinjen omfattes av importforbud i forskrift om plantehelse vedlegg 3 punkt 1\.1:/,
    );

    const [ramorum] = vurderVarelinje(linje("Viburnum opulus", ["GB"], "Plants for planting")).funn;
    expect(ramorum?.lenke).toBe("https://lovdata.no/forskrift/2003-03-17-341/§3");
    expect(ramorum?.tekst).toContain("forskrift om tiltak mot Phytophthora ramorum § 3");
  });
});

describe("vurderSertifikat", () => {
  it("cannot process a certificate without goods lines", () => {
    const resultat = vurderSertifikat({ varelinjer: [] });
    expect(resultat.alvorlighetsgrad).toBe("UFULLSTENDIG");
    expect(resultat.meldepliktigVurdering).toBe("IKKE_VURDERT");
    expect(resultat.varelinjer).toEqual([]);
    expect(resultat.risikoVurdering).toHaveLength(1);
    expect(resultat.risikoVurdering[0]).toMatchObject({
      type: "INGEN_VARELINJER",
      alvorlighetsgrad: "UFULLSTENDIG",
      varelinjer: [],
    });
    expect(resultat.risikoVurdering[0]?.beskrivelse[0]?.tekst).toContain("kan derfor ikke behandles");
  });

  it.each<[string, string, string, VarelinjeForVurdering[]]>([
    ["no goods lines", "IKKE_VURDERT", "UFULLSTENDIG", []],
    ["annex 3", "MELDEPLIKTIG", "FORBUD", [linje("Pinus sylvestris", ["CN"], "Plants for planting")]],
    ["annex 4A", "MELDEPLIKTIG", "VARSEL", [linje("Rosa", ["KE"], "Plants for planting")]],
    ["Ramorum prohibition", "MELDEPLIKTIG", "FORBUD", [linje("Rhododendron", ["GB"], "Plants for planting")]],
    ["Ramorum warning", "MELDEPLIKTIG", "VARSEL", [linje("Rhododendron", ["DE"], "Plants for planting")]],
    ["the Elymus sample", "UFULLSTENDIG", "UFULLSTENDIG", [ELYMUS_FRA_BOLIVIA]],
    [
      "the Elymus sample with use",
      "IKKE_MELDEPLIKTIG",
      "ALT_OK",
      [{ ...ELYMUS_FRA_BOLIVIA, tilsiktetBruk: "Planting" }],
    ],
    [
      "an incomplete line beside a regulated one",
      "MELDEPLIKTIG",
      "VARSEL",
      [ELYMUS_FRA_BOLIVIA, linje("Rosa", ["KE"], "Plants for planting")],
    ],
    [
      "only unregulated lines",
      "IKKE_MELDEPLIKTIG",
      "ALT_OK",
      [linje("Malus domestica", ["IT"], "Fruits"), linje("Rosa canina", ["DK"], "Plants for planting")],
    ],
  ])("%s: %s, %s", (_navn, meldeplikt, grad, varelinjer) => {
    const resultat = vurderSertifikat({ varelinjer });
    expect(resultat.meldepliktigVurdering).toBe(meldeplikt);
    expect(resultat.alvorlighetsgrad).toBe(grad);
  });

  it("shows no banner when every line is fine", () => {
    const resultat = vurderSertifikat({ varelinjer: [linje("Malus domestica", ["IT"], "Fruits")] });
    expect(resultat.risikoVurdering).toEqual([]);
  });

  const blandet = vurderSertifikat({
    varelinjer: [
      { ...ELYMUS_FRA_BOLIVIA, id: "elymus" },
      { ...linje("Rosa", ["KE"], "Plants for planting"), id: "rose" },
      { ...linje("Rhododendron", ["US"], "Plants for planting"), id: "rhodo-us" },
      { ...linje("Rhododendron", ["NL"], "Plants for planting"), id: "rhodo-nl" },
      { ...linje("Pinus sylvestris", ["CN"], "Plants for planting"), id: "furu" },
      { ...linje("Foobarus", [], undefined, null), id: "ukjent" },
    ],
  });

  it("sorts the banners danger, warning, neutral", () => {
    expect(blandet.risikoVurdering.map((r) => [r.type, r.alvorlighetsgrad])).toEqual([
      ["RAMORUM", "FORBUD"],
      ["PLANTEHELSE", "FORBUD"],
      ["RAMORUM", "VARSEL"],
      ["PLANTEHELSE", "VARSEL"],
      ["UIDENTIFISERT", "UFULLSTENDIG"],
    ]);
    expect(blandet.alvorlighetsgrad).toBe("FORBUD");
    expect(blandet.meldepliktigVurdering).toBe("MELDEPLIKTIG");
  });

  it("lists the lines of each banner, not repeating a prohibited line under the warning", () => {
    const banner = (type: string, grad: string) =>
      blandet.risikoVurdering.find((r) => r.type === type && r.alvorlighetsgrad === grad);
    expect(banner("RAMORUM", "FORBUD")?.varelinjer).toEqual(["rhodo-us"]);
    expect(banner("RAMORUM", "VARSEL")?.varelinjer).toEqual(["rhodo-nl"]);
    expect(banner("PLANTEHELSE", "FORBUD")?.varelinjer).toEqual(["furu"]);
    expect(banner("PLANTEHELSE", "VARSEL")?.varelinjer).toEqual(["rose"]);
    expect(banner("UIDENTIFISERT", "UFULLSTENDIG")?.varelinjer).toEqual(["elymus", "ukjent"]);
  });

  it("describes each banner in Norwegian, with links to the regulation text", () => {
    const [ramorumForbud, plantehelseForbud] = blandet.risikoVurdering;
    expect(ramorumForbud?.tittel).toBe(
      "1 varelinje omfattes av importforbud i forskrift om tiltak mot Phytophthora ramorum",
    );
    expect(ramorumForbud?.beskrivelse).toEqual([
      expect.objectContaining({
        tekst: expect.stringMatching(/^§ 3: .*Gjelder 1 varelinje\.$/),
        lenke: "https://lovdata.no/forskrift/2003-03-17-341/§3",
      }),
    ]);
    expect(plantehelseForbud?.tittel).toBe(
      "1 varelinje omfattes av importforbud i forskrift om plantehelse vedlegg 3",
    );
    expect(plantehelseForbud?.beskrivelse[0]?.tekst).toMatch(/^Vedlegg 3 punkt 1\.1: Bartrær/);
    expect(plantehelseForbud?.beskrivelse[0]?.lenke).toBe(lovdataLenke("PLANTEHELSE_VEDLEGG_3"));

    const uidentifisert = blandet.risikoVurdering.at(-1);
    expect(uidentifisert?.tittel).toBe("2 varelinjer kan ikke identifiseres eller vurderes");
    expect(uidentifisert?.beskrivelse.map((b) => b.tekst)).toEqual([
      "1 varelinje har botanisk navn som ikke finnes i planteskadegjørerdatabasen (EPPO).",
      "Opprinnelsesland mangler på 1 varelinje.",
      "Tilsiktet bruk mangler på 2 varelinjer.",
      "Risikoen for disse varelinjene må vurderes ut fra opplysningene i sertifikatet.",
    ]);
  });

  it("gives one result per line in input order, with the 1-based position when a line has no id", () => {
    const resultat = vurderSertifikat({
      varelinjer: [linje("Rosa", ["KE"], "Plants for planting"), { ...linje("Rosa", ["DK"]), id: 42 }],
    });
    expect(resultat.varelinjer.map((l) => [l.id, l.alvorlighetsgrad])).toEqual([
      [1, "VARSEL"],
      [42, "ALT_OK"],
    ]);
    expect(resultat.risikoVurdering[0]?.varelinjer).toEqual([1]);
  });

  it("counts the lines of a rule in its description item", () => {
    const resultat = vurderSertifikat({
      varelinjer: [
        linje("Rosa", ["KE"], "Plants for planting"),
        linje("Rosa canina", ["UG"], "Plants for planting"),
      ],
    });
    expect(resultat.risikoVurdering[0]?.tittel).toMatch(/^2 varelinjer omfattes/);
    expect(resultat.risikoVurdering[0]?.beskrivelse[0]?.tekst).toMatch(/Gjelder 2 varelinjer\.$/);
  });
});

describe("meldepliktigVurdering and verstAlvorlighetsgrad", () => {
  it("derives the requirement from line results", () => {
    expect(meldepliktigVurdering([])).toBe("IKKE_VURDERT");
    expect(meldepliktigVurdering([{ alvorlighetsgrad: "ALT_OK", funn: [] }])).toBe("IKKE_MELDEPLIKTIG");
    expect(
      meldepliktigVurdering([
        {
          alvorlighetsgrad: "UFULLSTENDIG",
          funn: [{ kode: "MANGLER_EPPO", alvorlighetsgrad: "UFULLSTENDIG", lovdataList: [], tekst: "" }],
        },
      ]),
    ).toBe("UFULLSTENDIG");
  });

  it("picks the worst severity in display order", () => {
    expect(verstAlvorlighetsgrad([])).toBe("ALT_OK");
    expect(verstAlvorlighetsgrad(["ALT_OK", "UFULLSTENDIG"])).toBe("UFULLSTENDIG");
    expect(verstAlvorlighetsgrad(["UFULLSTENDIG", "VARSEL"])).toBe("VARSEL");
    expect(verstAlvorlighetsgrad(["VARSEL", "FORBUD", "ALT_OK"])).toBe("FORBUD");
  });
});

describe("the rule table", () => {
  const nyRegel = {
    id: "TEST-BEGONIA-VIETNAM",
    regelverk: "PLANTEHELSE_VEDLEGG_4A",
    alvorlighetsgrad: "VARSEL",
    beskrivelse: "Begonia: planter til planting fra Vietnam",
    match: { slekter: ["begonia"], plantedeler: ["Plants for planting"] },
    opprinnelse: { land: ["VN"] },
    punkt: "vedlegg 4A punkt 99",
    kilde: "Forskrift om plantehelse (FOR-2018-12-21-2237) vedlegg 4A punkt 99",
  };
  const begonia = linje("Begonia x tuberhybrida", ["VN"], "Plants for planting");

  it("takes a rule added to the data into account without code changes", () => {
    expect(vurderVarelinje(begonia).alvorlighetsgrad).toBe("UFULLSTENDIG"); // not in the EPPO table
    expect(vurderSertifikat({ varelinjer: [begonia] }).meldepliktigVurdering).toBe("UFULLSTENDIG");

    const utvidet = lesRegler({ ...reglerFil, regler: [...reglerFil.regler, nyRegel] });
    const resultat = vurderVarelinje(begonia, medRegler(utvidet));
    expect(resultat.alvorlighetsgrad).toBe("VARSEL");
    expect(resultat.funn.map((f) => [f.kode, f.regelId])).toEqual([
      ["VEDLEGG_4A_VARSEL", "TEST-BEGONIA-VIETNAM"],
      ["MANGLER_EPPO", undefined],
    ]);
    const sertifikat = vurderSertifikat({ varelinjer: [begonia] }, medRegler(utvidet));
    expect(sertifikat.meldepliktigVurdering).toBe("MELDEPLIKTIG");
    expect(sertifikat.risikoVurdering[0]?.beskrivelse[0]?.tekst).toMatch(/^Vedlegg 4A punkt 99: Begonia/);
  });

  it("lets a rule replace the table, and uses a link given in the data", () => {
    const regler = lesRegler([{ ...nyRegel, lenke: "https://example.org/punkt-99" }]);
    expect(vurderVarelinje(begonia, medRegler(regler)).funn[0]?.lenke).toBe("https://example.org/punkt-99");
    expect(koder(linje("Pinus sylvestris", ["CN"], "Plants for planting"), regler)).toEqual([]);
  });

  it.each<[string, unknown]>([
    ["an unknown field", { ...nyRegel, match: { slekt: ["Begonia"] } }],
    ["a country that is not an alpha-2 code", { ...nyRegel, opprinnelse: { land: ["Vietnam"] } }],
    ["an unknown country group", { ...nyRegel, opprinnelse: { alleUtenfor: "ASIA" } }],
    ["annex 3 with a warning", { ...nyRegel, regelverk: "PLANTEHELSE_VEDLEGG_3" }],
    ["annex 4A with a prohibition", { ...nyRegel, alvorlighetsgrad: "FORBUD" }],
    ["no match criterion", { ...nyRegel, match: { tilsiktetBruk: ["Planting"] } }],
    ["no point", { ...nyRegel, punkt: "" }],
  ])("rejects a rule with %s", (_navn, regel) => {
    expect(() => lesRegler([regel])).toThrow();
  });

  it("rejects two rules with the same id", () => {
    // the message is a reference to «Regel-id … er brukt mer enn én gang» (validering.regelsett.dobbelId)
    expect(() => lesRegler([nyRegel, nyRegel])).toThrow(/validering\.regelsett\.dobbelId/);
  });

  it("has 40 to 60 rules, from all three regulations", () => {
    expect(REGLER.length).toBeGreaterThanOrEqual(40);
    expect(REGLER.length).toBeLessThanOrEqual(60);
    expect(new Set(REGLER.map((r) => r.regelverk))).toEqual(
      new Set(["PLANTEHELSE_VEDLEGG_3", "PLANTEHELSE_VEDLEGG_4A", "RAMORUM"]),
    );
    for (const r of REGLER) expect(r.kilde).toContain(r.punkt);
  });

  it("uses only known plant parts and intended uses, so that no rule is silently dead", () => {
    const plantedeler = new Set(Object.keys(PLANTEDELER));
    const bruk = new Set(Object.keys(TILSIKTEDE_BRUK));
    for (const r of REGLER) {
      for (const p of [...(r.match.plantedeler ?? []), ...(r.match.unntattPlantedeler ?? [])]) {
        expect(plantedeler, `${r.id}: ${p}`).toContain(normaliserPlantedel(p));
      }
      for (const b of r.match.tilsiktetBruk ?? [])
        expect(bruk, `${r.id}: ${b}`).toContain(normaliserTilsiktetBruk(b));
    }
  });

  it("uses only EPPO codes that are in the EPPO table", () => {
    const kjente = new Set(EPPO_TAKSA.map((t) => t.eppoKode));
    for (const r of REGLER) {
      for (const k of [...(r.match.eppoKoder ?? []), ...(r.match.unntattEppoKoder ?? [])]) {
        expect(kjente, `${r.id}: ${k}`).toContain(k);
      }
    }
  });

  it("has the EU/EEA countries inside Europe", () => {
    for (const kode of LAND_I_GRUPPE.EU_EOS) expect(LAND_I_GRUPPE.EUROPA).toContain(kode);
    expect(LAND_I_GRUPPE.EU_EOS.size).toBe(30);
    expect(LAND_I_GRUPPE.EU_EOS.has("NO")).toBe(true);
    expect(LAND_I_GRUPPE.EU_EOS.has("CH")).toBe(false);
    expect(LAND_I_GRUPPE.EUROPA.has("CH")).toBe(true);
    expect(LAND_I_GRUPPE.EUROPA.has("CN")).toBe(false);
  });
});

describe("normalisation and links", () => {
  it.each([
    ["Seeds", "Seeds"],
    ["frø", "Seeds"],
    [" FRUITS AND VEGETABLES ", "Fruits"],
    ["Cut flowers and branches", "Cut flowers"],
    ["jord", "Growing medium"],
    ["Something else", "something else"],
    ["", undefined],
  ])("plant part %s -> %s", (inn, ut) => {
    expect(normaliserPlantedel(inn)).toBe(ut);
  });

  it.each([
    ["Planting", "Planting"],
    ["konsum", "Consumption"],
    ["Sprouting for consumption", "Sprouting for consumption"],
    ["forskning", "Research"],
    [null, undefined],
  ])("intended use %s -> %s", (inn, ut) => {
    expect(normaliserTilsiktetBruk(inn)).toBe(ut);
  });

  it.each([
    ["cn", "CN"],
    ["UK", "GB"],
    ["EL", "GR"],
    [" ", undefined],
  ])("country %s -> %s", (inn, ut) => {
    expect(normaliserLandkode(inn)).toBe(ut);
  });

  it("links to the regulation by annex or section", () => {
    expect(lovdataLenke("PLANTEHELSE_VEDLEGG_3")).toBe(
      "https://lovdata.no/forskrift/2018-12-21-2237/vedlegg/3",
    );
    expect(lovdataLenke("PLANTEHELSE_VEDLEGG_4A", "vedlegg 4A punkt 6")).toBe(
      "https://lovdata.no/forskrift/2018-12-21-2237/vedlegg/4A",
    );
    expect(lovdataLenke("RAMORUM", "§ 2")).toBe("https://lovdata.no/forskrift/2003-03-17-341/§2");
    expect(lovdataLenke("RAMORUM")).toBe("https://lovdata.no/forskrift/2003-03-17-341");
  });
});
