// One translator per list of message objects (app/components/sprak.tsx oversetterFra, issue 35 item 2): the
// server's requests share the catalogue's objects, so they share the translator too; other lists get their own.
import { afterEach, expect, it, vi } from "vitest";
import { iNettleseren, oversetterFra } from "../components/sprak";
import { teksterForSprak } from "./tekster.server";

it("samme tekstobjekter gir samme oversetter, andre gir en annen som sier det deres tekster sier", () => {
  const felles = teksterForSprak("nb", ["felles"]);
  const hjelp = teksterForSprak("nb", ["hjelp"]);
  const t = oversetterFra([felles, hjelp], iNettleseren);
  expect(oversetterFra([felles, hjelp], iNettleseren)).toBe(t);
  expect(t.har("hjelp.nyttigInfo.land.tittel")).toBe(true);

  const bareFelles = oversetterFra([felles], iNettleseren);
  expect(bareFelles).not.toBe(t);
  expect(bareFelles.har("hjelp.nyttigInfo.land.tittel")).toBe(false);

  const nn = oversetterFra(
    [teksterForSprak("nn", ["felles"]), teksterForSprak("nn", ["hjelp"])],
    iNettleseren,
  );
  expect(nn).not.toBe(t);
  expect(nn.sprak).toBe("nn");
  expect(nn("hjelp.nyttigInfo.land.tittel")).not.toBe(t("hjelp.nyttigInfo.land.tittel"));
  // a list with the same messages in new objects (the browser's loader data after a navigation): a new one
  const kopi = { ...felles, meldinger: { ...felles.meldinger } };
  expect(oversetterFra([kopi, hjelp], iNettleseren)).not.toBe(t);
  expect(oversetterFra([kopi, hjelp], iNettleseren)("hjelp.nyttigInfo.land.tittel")).toBe(
    t("hjelp.nyttigInfo.land.tittel"),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

it("hver som lager oversetteren, sier hvem som hører om en tekst som mangler; tekstene deles", () => {
  const felles = teksterForSprak("nb", ["felles"]);
  const t = oversetterFra([felles], iNettleseren);
  const hoert: string[] = [];
  const vedMangler = (id: string, sprak: string) => hoert.push(`${sprak}:${id}`);
  const forespoersel = oversetterFra([felles], vedMangler);
  expect(forespoersel).not.toBe(t);
  expect(oversetterFra([felles], iNettleseren)).toBe(t);
  expect(forespoersel.i18n).toBe(t.i18n);
  expect(forespoersel("felles.loggUt")).toBe(t("felles.loggUt"));
  expect(forespoersel("hjelp.nyttigInfo.land.tittel")).toBe("hjelp.nyttigInfo.land.tittel");
  expect(hoert).toEqual(["nb:hjelp.nyttigInfo.land.tittel"]);
});

it("i nettleseren blir en tekst som mangler en ufanget feil (den e2e-testenes konsollvakt feiler på)", () => {
  const rapportert: unknown[] = [];
  vi.stubGlobal("reportError", (e: unknown) => rapportert.push(e));
  const t = oversetterFra([teksterForSprak("nn", ["felles"])], iNettleseren);
  expect(t("hjelp.nyttigInfo.land.tittel")).toBe("hjelp.nyttigInfo.land.tittel");
  expect(rapportert).toHaveLength(1);
  expect(rapportert[0]).toBeInstanceOf(Error);
  expect((rapportert[0] as Error).message).toBe("Mangler teksten hjelp.nyttigInfo.land.tittel (nn)");
});
