import { describe, expect, it } from "vitest";
import { oversetter } from "../sprak/katalog.server";
import behandlingstyper from "./data/behandlingstyper.json" with { type: "json" };
import enheter from "./data/enheter.json" with { type: "json" };
import land from "./data/land.json" with { type: "json" };
import pakker from "./data/pakker.json" with { type: "json" };
import {
  alleLand,
  allePapirloeseLand,
  alleTilsiktetBruk,
  alleTransportmaater,
  behandlingstype,
  behandlingstypeNavn,
  enhetVisning,
  erPapirloestLand,
  finnEnhet,
  finnLand,
  landNavn,
  pakkeNavn,
  papirloestLand,
  plantedelVisning,
  sertifikatstatusTekst,
  tilsiktetBruk,
  tilsiktetBrukVisning,
  transportmaate,
} from "./kodeverk";

const NB = oversetter("nb");

describe("land.json", () => {
  it("holds all 249 ISO 3166-1 countries with unique, well-formed codes", () => {
    expect(land).toHaveLength(249);
    for (const felt of ["alpha2", "alpha3", "numerisk"] as const) {
      expect(new Set(land.map((l) => l[felt])).size).toBe(249);
    }
    for (const l of land) {
      expect(l.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(l.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(l.numerisk).toMatch(/^\d{3}$/);
      expect(l.navn.trim()).toBe(l.navn);
      expect(l.navn.length).toBeGreaterThan(1);
    }
  });
});

describe("finnLand / landNavn", () => {
  it.each([
    ["NL", "Nederland"],
    ["DE", "Tyskland"],
    ["CI", "Elfenbenskysten"],
    ["US", "USA"],
    ["NO", "Norge"],
    ["SE", "Sverige"],
    ["GB", "Storbritannia"],
    ["ZA", "Sør-Afrika"],
    ["AT", "Østerrike"],
  ])("%s is %s", (kode, navn) => {
    expect(landNavn(kode)).toBe(navn);
  });

  it("accepts alpha-3, numeric (with or without leading zeros), lower case and spaces", () => {
    expect(landNavn("NLD")).toBe("Nederland");
    expect(landNavn("528")).toBe("Nederland");
    expect(landNavn(" nl ")).toBe("Nederland");
    expect(landNavn("deu")).toBe("Tyskland");
    expect(landNavn("4")).toBe("Afghanistan");
    expect(landNavn(4)).toBe("Afghanistan");
    expect(landNavn("004")).toBe("Afghanistan");
  });

  it("knows the EU's aliases and ISO 3166-2 subdivision codes", () => {
    expect(finnLand("EL")?.alpha2).toBe("GR");
    expect(finnLand("UK")?.alpha2).toBe("GB");
    expect(finnLand("ES-CN")?.navn).toBe("Spania");
    expect(finnLand("NL-NH")?.alpha3).toBe("NLD");
  });

  it("returns an unknown code as it is, and undefined for nothing", () => {
    expect(landNavn("XX")).toBe("XX");
    expect(landNavn("Atlantis")).toBe("Atlantis");
    expect(landNavn(undefined)).toBeUndefined();
    expect(finnLand("XX")).toBeUndefined();
    expect(finnLand("")).toBeUndefined();
    expect(finnLand("999")).toBeUndefined();
  });

  it("gives the full record", () => {
    expect(finnLand("CIV")).toEqual({
      alpha2: "CI",
      alpha3: "CIV",
      numerisk: "384",
      navn: "Elfenbenskysten",
    });
  });

  it("lists all countries in Norwegian order (Æ, Ø, Å last)", () => {
    const navn = alleLand().map((l) => l.navn);
    expect(navn).toHaveLength(249);
    expect(navn[0]).toBe("Afghanistan");
    expect(navn.indexOf("Zimbabwe")).toBeLessThan(navn.indexOf("Østerrike"));
    expect(navn.indexOf("Østerrike")).toBeLessThan(navn.indexOf("Åland"));
    expect(navn.at(-1)).toBe("Åland");
  });
});

describe("enheter", () => {
  it("maps the spec's units", () => {
    expect(enhetVisning("H87")).toBe("stk");
    expect(enhetVisning("KGM")).toBe("kg");
    expect(enhetVisning("GRM")).toBe("g");
    expect(enhetVisning("TNE")).toBe("tonn");
    expect(enhetVisning("LTR")).toBe("l");
    expect(enhetVisning("MLT")).toBe("ml");
    expect(enhetVisning("MTR")).toBe("m");
    expect(enhetVisning("MTK")).toBe("m²");
    expect(enhetVisning("MTQ")).toBe("m³");
    expect(enhetVisning("CMT")).toBe("cm");
    expect(enhetVisning("NAR")).toBe("stk");
    expect(enhetVisning("C62")).toBe("stk");
    expect(enhetVisning("BE")).toBe("bunt");
  });

  it("knows the names seen in certificates, case-insensitively", () => {
    expect(enhetVisning("Piece")).toBe("stk");
    expect(enhetVisning("PIECE")).toBe("stk");
    expect(enhetVisning("Units")).toBe("stk");
    expect(enhetVisning("kgm")).toBe("kg");
    expect(finnEnhet("HUR")?.navn).toBe("time");
  });

  it("shows an unknown unit code as it is", () => {
    expect(enhetVisning("XYZ")).toBe("XYZ");
    expect(enhetVisning(undefined)).toBeUndefined();
  });

  it("has about 45 or more unique codes, each with a display unit", () => {
    expect(enheter.length).toBeGreaterThanOrEqual(45);
    expect(new Set(enheter.map((e) => e.kode.toUpperCase())).size).toBe(enheter.length);
    for (const e of enheter) expect(e.visning).not.toBe("");
  });
});

describe("pakker", () => {
  it("maps package codes to English names", () => {
    expect(pakkeNavn("BX")).toBe("Box");
    expect(pakkeNavn("PX")).toBe("Pallet");
    expect(pakkeNavn("CS")).toBe("Case");
    expect(pakkeNavn("BG")).toBe("Bag");
    expect(pakkeNavn("CT")).toBe("Carton");
    expect(pakkeNavn("NE")).toBe("Unpacked or unpackaged");
    expect(pakkeNavn("bx")).toBe("Box");
  });

  it("shows an unknown code as it is", () => {
    expect(pakkeNavn("Q9")).toBe("Q9");
    expect(pakkeNavn(undefined)).toBeUndefined();
  });

  it("has unique codes", () => {
    expect(pakker.length).toBeGreaterThanOrEqual(40);
    expect(new Set(pakker.map((p) => p.kode)).size).toBe(pakker.length);
  });
});

describe("transportmaate", () => {
  it.each([
    ["1", "Sjøtransport", "Maritime transport", "sjoe"],
    ["2", "Jernbanetransport", "Rail transport", "jernbane"],
    ["3", "Veitransport", "Road transport", "vei"],
    ["4", "Lufttransport", "Air transport", "luft"],
    ["5", "Post", "Mail", "post"],
    ["8", "Transport på innlands vannvei", "Inland water transport", "innlandsvann"],
  ])("mode %s is %s", (kode, navn, engelsk, type) => {
    expect(transportmaate(kode)).toEqual({ kode, navn, engelsk, type, kjent: true });
  });

  it("accepts numbers and leading zeros", () => {
    expect(transportmaate(4).navn).toBe("Lufttransport");
    expect(transportmaate(" 03 ").navn).toBe("Veitransport");
  });

  it("calls anything else other transport, keeping the code", () => {
    expect(transportmaate("6")).toEqual({
      kode: "6",
      navn: "Annen transport",
      engelsk: "Other",
      type: "annen",
      kjent: false,
    });
    expect(transportmaate("9").navn).toBe("Annen transport");
    expect(transportmaate(undefined).kode).toBe("annen");
  });

  it("lists the spec's modes, other last", () => {
    const alle = alleTransportmaater();
    expect(alle.map((t) => t.kode)).toEqual(["1", "2", "3", "4", "5", "8", "annen"]);
    expect(alle.at(-1)?.kjent).toBe(false);
  });
});

describe("tilsiktetBruk", () => {
  it("has the six intended uses of the spec with Norwegian labels", () => {
    expect(alleTilsiktetBruk().map((b) => b.navn)).toEqual([
      "Planting",
      "Dekorasjon",
      "Konsum",
      "Spiring for konsum",
      "Bearbeiding",
      "Forskning",
    ]);
  });

  it.each([
    ["Planting", "PLANTING"],
    ["For planting", "PLANTING"],
    ["Plants for planting", "PLANTING"],
    ["Seeds for sowing", "PLANTING"],
    ["Consumption", "CONSUMPTION"],
    ["HUMAN CONSUMPTION", "CONSUMPTION"],
    ["Processing", "PROCESSING"],
    ["Industrial processing", "PROCESSING"],
    ["Decoration", "DECORATION"],
    ["Ornamental", "DECORATION"],
    ["Research", "RESEARCH"],
    ["Sprouting for consumption", "SPROUTING_FOR_CONSUMPTION"],
    ["CONSUMPTION", "CONSUMPTION"],
    ["Konsum", "CONSUMPTION"],
    ["Spiring for konsum", "SPROUTING_FOR_CONSUMPTION"],
    ["Dekorasjon", "DECORATION"],
  ])("maps %j to %s", (tekst, kode) => {
    expect(tilsiktetBruk(tekst)?.kode).toBe(kode);
  });

  it("finds a known phrase inside longer text, preferring the longest", () => {
    expect(tilsiktetBruk("Seeds intended for sprouting for consumption.")?.kode).toBe(
      "SPROUTING_FOR_CONSUMPTION",
    );
    expect(tilsiktetBruk("Fresh fruit for human consumption only")?.kode).toBe("CONSUMPTION");
  });

  it("returns undefined for unknown or empty text", () => {
    expect(tilsiktetBruk("Unknown purpose")).toBeUndefined();
    expect(tilsiktetBruk("")).toBeUndefined();
    expect(tilsiktetBruk(undefined)).toBeUndefined();
    expect(tilsiktetBruk("feedback")).toBeUndefined();
  });
});

describe("behandlingstype", () => {
  it("maps codes and English names to Norwegian labels", () => {
    expect(behandlingstype("Fumigation")?.navn).toBe("Gassing");
    expect(behandlingstype("FUM")?.kode).toBe("FUMIGATION");
    expect(behandlingstype("heat treatment")?.navn).toBe("Varmebehandling");
    expect(behandlingstype("HT")?.navn).toBe("Varmebehandling");
    expect(behandlingstype("CHT")?.navn).toBe("Kjemisk behandling");
    expect(behandlingstype("Irradiation")?.navn).toBe("Bestråling");
    expect(behandlingstype("Cold treatment")?.navn).toBe("Kuldebehandling");
    expect(behandlingstype("Dipping")?.navn).toBe("Dypping");
    expect(behandlingstype("Spraying")?.navn).toBe("Sprøyting");
    expect(behandlingstype("MB")?.navn).toBe("Gassing med metylbromid");
  });

  it("returns an unknown code as it is", () => {
    expect(behandlingstype("Moonlight")).toBeUndefined();
    expect(behandlingstypeNavn(NB, "Moonlight")).toBe("Moonlight");
    expect(behandlingstypeNavn(NB, "Fumigation")).toBe("Gassing");
  });

  it("names every treatment type in the catalogues, bokmål as the table's name (issue 33)", () => {
    for (const b of behandlingstyper) {
      expect(behandlingstypeNavn(NB, b.kode)).toBe(b.navn);
      expect(behandlingstypeNavn(oversetter("en"), b.kode)).toBe(b.engelsk);
    }
    expect(behandlingstypeNavn(oversetter("nn"), "Hot water treatment")).toBe("Varmtvassbehandling");
    expect(behandlingstypeNavn(oversetter("en"), "Gassing")).toBe("Fumigation");
  });

  it("has no alias that points at two types", () => {
    const sett = new Map<string, string>();
    for (const b of behandlingstyper) {
      for (const a of [b.kode, b.engelsk, ...b.alias]) {
        const n = a.toLowerCase();
        const tidligere = sett.get(n);
        expect(tidligere === undefined || tidligere === b.kode, `${a} in ${tidligere} and ${b.kode}`).toBe(
          true,
        );
        sett.set(n, b.kode);
      }
    }
  });
});

describe("papirløse land", () => {
  it("has the seven countries of the spec", () => {
    expect(
      allePapirloeseLand()
        .map((l) => l.alpha2)
        .sort(),
    ).toEqual(["BE", "DE", "DK", "FR", "IT", "NL", "SE"]);
    for (const kode of ["BE", "DK", "FR", "IT", "NL", "SE", "DE"]) expect(erPapirloestLand(kode)).toBe(true);
  });

  it("notes the restrictions for Sweden and Germany", () => {
    expect(papirloestLand("SE")?.merknad).toBe("noen virksomheter");
    expect(papirloestLand("DE")?.merknad).toBe("noen delstater");
    expect(papirloestLand("NL")?.merknad).toBeUndefined();
  });

  it("is false for other countries and accepts other code forms", () => {
    expect(erPapirloestLand("NO")).toBe(false);
    expect(erPapirloestLand("US")).toBe(false);
    expect(erPapirloestLand(undefined)).toBe(false);
    expect(erPapirloestLand("nld")).toBe(true);
  });
});

describe("sertifikatstatusTekst", () => {
  it("maps known codes and shows unknown codes as they are", () => {
    expect(sertifikatstatusTekst("70")).toBe("Utstedt");
    expect(sertifikatstatusTekst(70)).toBe("Utstedt");
    expect(sertifikatstatusTekst("40")).toBe("Trukket tilbake");
    expect(sertifikatstatusTekst("39")).toBe("Godkjent");
    expect(sertifikatstatusTekst("12")).toBe("12");
    expect(sertifikatstatusTekst(" 99 ")).toBe("99");
    expect(sertifikatstatusTekst(undefined)).toBeUndefined();
  });
});

describe("tilsiktetBrukVisning and plantedelVisning (Norwegian screens)", () => {
  it("shows SPEC §9's intended uses in Norwegian, from the code or the certificate's text", () => {
    expect(tilsiktetBrukVisning({ tilsiktetBruk: "Decoration" })).toBe("Dekorasjon");
    expect(tilsiktetBrukVisning({ tilsiktetBruk: "For planting" })).toBe("Planting");
    expect(tilsiktetBrukVisning({ tilsiktetBruk: "Human consumption" })).toBe("Konsum");
    expect(tilsiktetBrukVisning({ tilsiktetBruk: "x", tilsiktetBrukKode: "SPROUTING_FOR_CONSUMPTION" })).toBe(
      "Spiring for konsum",
    );
    expect(tilsiktetBrukVisning({ tilsiktetBruk: "Processing" })).toBe("Bearbeiding");
    expect(tilsiktetBrukVisning({ tilsiktetBruk: "Research" })).toBe("Forskning");
    expect(tilsiktetBrukVisning({ tilsiktetBruk: " Exhibition " })).toBe("Exhibition");
    expect(tilsiktetBrukVisning({ tilsiktetBruk: "  " })).toBeUndefined();
    expect(tilsiktetBrukVisning({})).toBeUndefined();
  });

  it("shows the IPPC plant parts in nynorsk and English too (issue 33)", () => {
    const nn = oversetter("nn");
    const en = oversetter("en");
    expect(plantedelVisning(nn, "Cut flowers")).toBe("Snittblomar");
    expect(plantedelVisning(nn, "PLANTS FOR PLANTING")).toBe("Plantar til planting");
    expect(plantedelVisning(nn, "Stored products")).toBe("Lagra produkt");
    expect(plantedelVisning(en, "bulbs and tubers")).toBe("Bulbs and tubers");
    expect(plantedelVisning(en, "Rhizomes")).toBe("Rhizomes");
  });

  it("shows the IPPC plant parts in Norwegian and anything else as written", () => {
    expect(plantedelVisning(NB, "Cut flowers")).toBe("Snittblomster");
    expect(plantedelVisning(NB, "PLANTS")).toBe("Planter");
    expect(plantedelVisning(NB, "Seeds")).toBe("Frø");
    expect(plantedelVisning(NB, "Bulbs and tubers")).toBe("Løker og knoller");
    expect(plantedelVisning(NB, "Rhizomes")).toBe("Rhizomes");
    expect(plantedelVisning(NB, undefined)).toBeUndefined();
  });
});
