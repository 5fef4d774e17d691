import { describe, expect, it } from "vitest";
import {
  esc,
  harVerdi,
  rensTekst,
  sammenlignNorsk,
  sorterNorsk,
  utenStyretegn,
  utenStyretegnIJson,
} from "./text";

describe("rensTekst", () => {
  it.each([
    ["  Hei  ", "Hei"],
    ["Linje 1\nLinje 2", "Linje 1\nLinje 2"],
    ["Linje 1\r\nLinje 2\rLinje 3", "Linje 1\nLinje 2\nLinje 3"],
    ["Kolonne\tto", "Kolonne\tto"],
    ["A\u0000B\u0007C\u001bD\u007fE\u0085F\u009fG", "ABCDEFG"],
    ["\u202eevil\u202c", "evil"],
    ["a\u202ab\u202bc\u202dd", "abcd"],
    ["\u2066x\u2067y\u2068z\u2069", "xyz"],
    ["\u200eLRM\u200fRLM\u061cALM", "LRMRLMALM"],
    ["Blåbær – æøå ÆØÅ", "Blåbær – æøå ÆØÅ"],
    ["\u00a0 NBSP trimmes \u00a0", "NBSP trimmes"],
  ])("%j → %j", (inn, ut) => {
    expect(rensTekst(inn)).toBe(ut);
  });

  it.each([[""], ["   "], ["\n\t "], ["\u202e\u200f"], ["\u0000"], [null], [undefined]])(
    "%j counts as missing",
    (inn) => {
      expect(rensTekst(inn)).toBeUndefined();
      expect(harVerdi(inn)).toBe(false);
    },
  );

  it("harVerdi is true for real content", () => {
    expect(harVerdi(" x ")).toBe(true);
  });
});

describe("sammenlignNorsk", () => {
  it("sorts æ, ø, å after z and in that order", () => {
    expect(["å", "ø", "z", "æ", "a", "Å"].sort(sammenlignNorsk)).toEqual(["a", "z", "æ", "ø", "å", "Å"]);
  });

  it("compares letters before case, but case still breaks ties", () => {
    expect(sammenlignNorsk("abc", "ABD")).toBeLessThan(0);
    expect(sammenlignNorsk("Øst", "øst")).not.toBe(0);
  });

  it("puts missing values last", () => {
    expect(sammenlignNorsk(undefined, "a")).toBeGreaterThan(0);
    expect(sammenlignNorsk("a", null)).toBeLessThan(0);
    expect(sammenlignNorsk("", "")).toBe(0);
  });
});

describe("sorterNorsk", () => {
  const linjer = [
    { id: 1, navn: "Ålesund" },
    { id: 2, navn: "Zea mays" },
    { id: 3, navn: undefined },
    { id: 4, navn: "Æble" },
    { id: 5, navn: "abies" },
    { id: 6, navn: "Øya" },
    { id: 7, navn: "Zea mays" },
  ];

  it("sorts ascending with Norwegian collation, missing last, stable", () => {
    expect(sorterNorsk(linjer, "navn", "ASC").map((l) => l.id)).toEqual([5, 2, 7, 4, 6, 1, 3]);
  });

  it("sorts descending, keeping equal items in original order and missing last", () => {
    expect(sorterNorsk(linjer, "navn", "DESC").map((l) => l.id)).toEqual([1, 6, 4, 2, 7, 5, 3]);
  });

  it("accepts a key function and defaults to ascending", () => {
    const sortert = sorterNorsk(linjer, (l) => (l.navn ? ` ${l.navn}` : l.navn));
    expect(sortert.map((l) => l.id)).toEqual([5, 2, 7, 4, 6, 1, 3]);
  });

  it("does not change the input array", () => {
    const kopi = [...linjer];
    sorterNorsk(linjer, "navn", "DESC");
    expect(linjer).toEqual(kopi);
  });

  it("compares numbers inside names numerically", () => {
    const items = [{ n: "Rosa 10" }, { n: "Rosa 2" }];
    expect(sorterNorsk(items, "n").map((i) => i.n)).toEqual(["Rosa 2", "Rosa 10"]);
  });
});

describe("utenStyretegn (visningssiden)", () => {
  it("fjerner styretegn og retningstegn, men lar linjeskift, tabulator og mellomrom stå", () => {
    expect(utenStyretegn("  a\u202Eb\u0007c\u200F\td\ne\u2066f\u2069 ")).toBe("  abc\td\nef ");
    const ren = "Hageland AS";
    expect(utenStyretegn(ren)).toBe(ren);
  });

  it("går gjennom hele JSON-verdien, nøkler også, og lar tall, sannhetsverdier og null være", () => {
    expect(
      utenStyretegnIJson({
        a: "x\u202Ey",
        liste: ["\u0007z", 1, true, null, { "n\u2066\u2069": "\u061Cv" }],
        tom: {},
      }),
    ).toEqual({ a: "xy", liste: ["z", 1, true, null, { n: "v" }], tom: {} });
  });
});

describe("esc (HTML skrevet for hånd: e-postene, API-ets referanseside)", () => {
  it("escapes the five special characters and leaves the rest", () => {
    expect(esc(`<a href="x" title='y'>Blomster & Co</a> æøå`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Blomster &amp; Co&lt;/a&gt; æøå",
    );
  });
});
