// The country names and lists of the pages' loaders in the reader's language, and that what is worked out once
// per process (the names, the sorted places, the search's countries) gives what the collator gives per request.
import { describe, expect, it } from "vitest";
import { alleLand, landNavn } from "../../domain/kodeverk";
import { SOKELAND } from "../../domain/sertifikatsok";
import { LOKALE, SPRAK } from "../../sprak/sprak";
import { fastLandvalg, landvalgPaa, navngiLand } from "./landnavn.server";

/** The order without any memo: Intl's names, the collator per comparison, then the code. */
function referanse(sprak: (typeof SPRAK)[number], koder: string[]): string[] {
  const kollator = new Intl.Collator(LOKALE[sprak]);
  const navn = (k: string) =>
    sprak === "nb" ? landNavn(k) : new Intl.DisplayNames([LOKALE[sprak]], { type: "region" }).of(k)!;
  return koder
    .map((kode) => ({ kode, navn: navn(kode) }))
    .sort((a, b) => kollator.compare(a.navn, b.navn) || (a.kode < b.kode ? -1 : 1))
    .map((l) => `${l.kode} ${l.navn}`);
}

describe("landnavn i loaderne", () => {
  it("navngir landene på nynorsk og engelsk og lar bokmål stå", () => {
    const rader = () => [
      { kode: "NL", navn: "Nederland" },
      { kode: "CI", navn: "Elfenbenskysten" },
    ];
    const nb = rader();
    navngiLand("nb", nb);
    expect(nb).toEqual(rader());
    const en = rader();
    navngiLand("en", en);
    expect(en.map((l) => l.navn)).toEqual(["Netherlands", "Côte d’Ivoire"]);
    // the second time from the memo: the same
    const igjen = rader();
    navngiLand("en", igjen);
    expect(igjen).toEqual(en);
  });

  it("sorterer et landvalg som kollatoren, også alle land og et ukjent navn", () => {
    const alle = alleLand().map((l) => l.alpha2);
    for (const sprak of ["nn", "en"] as const) {
      const valg = landvalgPaa(
        sprak,
        alle.map((kode) => ({ kode, navn: landNavn(kode), antall: 1 })),
      );
      expect(valg.map((l) => `${l.kode} ${l.navn}`)).toEqual(referanse(sprak, alle));
      expect(valg[0]).toHaveProperty("antall", 1);
    }
    // a code Intl does not know keeps the API's name, and is sorted among the others by the collator
    const blandet = landvalgPaa("en", [
      { kode: "SE", navn: "Sverige" },
      { kode: "XXX", navn: "Atlantis" },
      { kode: "DE", navn: "Tyskland" },
    ]);
    expect(blandet.map((l) => l.navn)).toEqual(["Atlantis", "Germany", "Sweden"]);
  });

  it("søkelandene: navngitt og sortert én gang per språk, som kollatoren gjør det", () => {
    const koder = SOKELAND.map((l) => l.kode);
    for (const sprak of SPRAK) {
      const liste = fastLandvalg(sprak, SOKELAND);
      expect(liste.map((l) => `${l.kode} ${l.navn}`)).toEqual(referanse(sprak, koder));
      expect(liste[0]).toHaveProperty("plassholder");
      expect(fastLandvalg(sprak, SOKELAND)).toBe(liste);
      expect(Object.isFrozen(liste)).toBe(true);
    }
    expect(fastLandvalg("nb", SOKELAND).find((l) => l.kode === "NL")?.navn).toBe("Nederland");
    expect(fastLandvalg("nn", SOKELAND).find((l) => l.kode === "CI")?.navn).toBe("Elfenbeinskysten");
  });
});
