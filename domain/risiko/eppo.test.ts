import { describe, expect, it } from "vitest";
import {
  EPPO_TAKSA,
  eppoLenke,
  finnEppoKode,
  lagEppoTabell,
  navneord,
  slektAv,
  slektensEppoKode,
} from "./eppo";

describe("finnEppoKode", () => {
  it.each([
    ["Rosa", "1ROSG", "Rosa"],
    ["Rosa canina", "ROSCN", "Rosa canina"],
    ["Rosa canina L.", "ROSCN", "Rosa canina"],
    ["  rosa   CANINA  ", "ROSCN", "Rosa canina"],
    ["Rosa 'Red Naomi'", "1ROSG", "Rosa"],
    ["Rosa ‘Red Naomi’", "1ROSG", "Rosa"],
    ['Rosa canina "Kiese"', "ROSCN", "Rosa canina"],
    ["Rosa canina cv. Kiese", "ROSCN", "Rosa canina"],
    ["Rosa spp.", "1ROSG", "Rosa"],
    ["Rosa sp", "1ROSG", "Rosa"],
    ["Rosa L.", "1ROSG", "Rosa"],
    ["Malus domestica Borkh.", "MABSD", "Malus domestica"],
    ["Solanum tuberosum", "SOLTU", "Solanum tuberosum"],
    ["Solanum tuberosum L. subsp. andigena", "SOLTU", "Solanum tuberosum"],
    ["Citrus sinensis (L.) Osbeck", "CIDSI", "Citrus sinensis"],
    ["Pinus sylvestris", "PIUSY", "Pinus sylvestris"],
    ["Pinus massoniana", "1PIUG", "Pinus"],
    ["Fragaria × ananassa", "FRAAN", "Fragaria x ananassa"],
    ["Fragaria x ananassa Duchesne", "FRAAN", "Fragaria x ananassa"],
    ["Fragaria ×ananassa", "FRAAN", "Fragaria x ananassa"],
    ["×Triticosecale", "TTLSS", "x Triticosecale"],
    ["x Triticosecale Wittm.", "TTLSS", "x Triticosecale"],
    ["Triticosecale", "TTLSS", "x Triticosecale"],
    ["Elymus elongatus", "AGREL", "Elymus elongatus"],
    ["Elymus elongatus (Host) Runemark", "AGREL", "Elymus elongatus"],
    ["Thinopyrum elongatum", "AGREL", "Thinopyrum elongatum"],
    ["Lycopersicon esculentum Mill.", "LYPES", "Lycopersicon esculentum"],
    ["Rhododendron simsii", "RHOSI", "Rhododendron simsii"],
  ])("%s -> %s", (navn, kode, tabellnavn) => {
    expect(finnEppoKode(navn)).toEqual({ eppoKode: kode, navn: tabellnavn });
  });

  it.each([["Foobarus barus"], [""], ["   "], ["'Peace'"], ["spp."], [null], [undefined]])(
    "%s is not found",
    (navn) => {
      expect(finnEppoKode(navn)).toBeUndefined();
    },
  );

  it("looks up in a given table", () => {
    const tabell = lagEppoTabell([{ navn: "Foobarus", eppoKode: "1FOOG", slekt: "Foobarus" }]);
    expect(finnEppoKode("Foobarus barus L.", tabell)).toEqual({ eppoKode: "1FOOG", navn: "Foobarus" });
    expect(finnEppoKode("Rosa", tabell)).toBeUndefined();
  });
});

describe("slektAv", () => {
  it.each([
    ["Pinus sylvestris L.", "Pinus"],
    ["pinus", "Pinus"],
    ["  RHODODENDRON  simsii", "Rhododendron"],
    ["Rosa 'Peace'", "Rosa"],
    ["× Triticosecale", "x Triticosecale"],
    ["'Peace'", undefined],
    ["", undefined],
    [null, undefined],
  ])("%s -> %s", (navn, slekt) => {
    expect(slektAv(navn)).toBe(slekt);
  });
});

describe("navneord", () => {
  it("drops cultivar names, author citations in parentheses and sp./spp.", () => {
    expect(navneord("Citrus sinensis (L.) Osbeck 'Navel'")).toEqual(["citrus", "sinensis", "osbeck"]);
    expect(navneord("Prunus spp.")).toEqual(["prunus"]);
  });
});

describe("slektensEppoKode", () => {
  it("gives the genus code when the genus is in the table", () => {
    expect(slektensEppoKode("Pinus")).toBe("1PIUG");
    expect(slektensEppoKode("pinus")).toBe("1PIUG");
    expect(slektensEppoKode("Foobarus")).toBeUndefined();
    expect(slektensEppoKode(undefined)).toBeUndefined();
  });
});

describe("eppoLenke", () => {
  it("links to the taxon in the EPPO Global Database", () => {
    expect(eppoLenke("PIUSY")).toBe("https://gd.eppo.int/taxon/PIUSY");
    expect(eppoLenke(" piusy ")).toBe("https://gd.eppo.int/taxon/PIUSY");
    expect(eppoLenke("1ROSG")).toBe("https://gd.eppo.int/taxon/1ROSG");
  });
});

describe("the bundled table", () => {
  it("has about 200 or more trade taxa with well-formed codes", () => {
    expect(EPPO_TAKSA.length).toBeGreaterThanOrEqual(200);
    for (const t of EPPO_TAKSA) expect(t.eppoKode).toMatch(/^(1[A-Z]{3}G|[A-Z]{5})$/);
  });

  it("has no name twice, and each row's genus is the genus of its name", () => {
    const navn = EPPO_TAKSA.map((t) => t.navn.toLowerCase());
    expect(new Set(navn).size).toBe(navn.length);
    for (const t of EPPO_TAKSA) expect(slektAv(t.navn)).toBe(t.slekt);
  });

  it("finds every row by its own name", () => {
    for (const t of EPPO_TAKSA) expect(finnEppoKode(t.navn)?.eppoKode).toBe(t.eppoKode);
  });

  it("uses genus codes only for genus rows", () => {
    for (const t of EPPO_TAKSA.filter((t) => t.eppoKode.startsWith("1"))) {
      expect(t.navn).toBe(t.slekt);
    }
  });
});
