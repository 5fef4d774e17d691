import { describe, expect, it } from "vitest";
import { iAlleSprak, oversetter } from "./katalog.server";
import { lesMelding, melding } from "./melding";
import { lagOversetter } from "./oversetter";
import { sprakFraAcceptLanguage } from "./sprak";

describe("språket fra Accept-Language (første besøk)", () => {
  it.each([
    [null, "nb"],
    ["", "nb"],
    ["nn", "nn"],
    ["nn-NO,nb;q=0.8", "nn"],
    ["nb-NO,nb;q=0.9,nn;q=0.8,en;q=0.7", "nb"],
    ["no", "nb"],
    ["en-US,en;q=0.9", "en"],
    ["en-GB", "en"],
    ["de-DE,de;q=0.9,en;q=0.8", "en"],
    ["de,fr", "nb"],
    ["en;q=0.5,nn;q=0.9", "nn"],
    ["*", "nb"],
    ["nn;q=0", "nb"],
    ["tull;;;q=x,,", "nb"],
  ] as const)("%j → %s", (header, sprak) => {
    expect(sprakFraAcceptLanguage(header)).toBe(sprak);
  });
});

describe("meldingsreferanser", () => {
  it("bærer id og verdier gjennom en streng, og tar ikke vanlig tekst for en referanse", () => {
    const m = melding("validering.ankomst.datoForLangtTilbake", { dager: 14 });
    expect(m).toBe("validering.ankomst.datoForLangtTilbake?dager=14");
    expect(lesMelding(m)).toEqual({ id: "validering.ankomst.datoForLangtTilbake", verdier: { dager: 14 } });
    expect(lesMelding(melding("api.ugyldigParameter", { parameter: "0123" }))?.verdier).toEqual({
      parameter: "0123",
    });
    expect(lesMelding("Du må angi ditt navn")).toBeUndefined();
    expect(lesMelding("ukjent.navnerom")).toBeUndefined();
    expect(lesMelding("e.g. example")).toBeUndefined();
  });

  it("løses i hvert språk, med verdiene fylt inn og flertall etter tallet", () => {
    const m = melding("validering.ankomst.datoForLangtTilbake", { dager: 14 });
    expect(iAlleSprak(m)).toEqual({
      nb: "Dato kan ikke være mer enn 14 dager tilbake i tid",
      nn: "Dato kan ikkje vere meir enn 14 dagar tilbake i tid",
      en: "The date cannot be more than 14 days in the past",
    });
    expect(oversetter("en").melding("Ikke en referanse")).toBe("Ikke en referanse");
  });

  it("sier fra om en melding som mangler, og viser id-en", () => {
    const mangler: string[] = [];
    const t = lagOversetter("nn", {}, (id) => mangler.push(id));
    expect(t("felles.loggUt")).toBe("felles.loggUt");
    expect(mangler).toEqual(["felles.loggUt"]);
  });
});
