// One translator per list of message objects (app/components/sprak.tsx oversetterFra, issue 35 item 2): the
// server's requests share the catalogue's objects, so they share the translator too; other lists get their own.
import { expect, it } from "vitest";
import { oversetterFra } from "../components/sprak";
import { teksterForSprak } from "./tekster.server";

it("samme tekstobjekter gir samme oversetter, andre gir en annen som sier det deres tekster sier", () => {
  const felles = teksterForSprak("nb", ["felles"]);
  const hjelp = teksterForSprak("nb", ["hjelp"]);
  const t = oversetterFra([felles, hjelp]);
  expect(oversetterFra([felles, hjelp])).toBe(t);
  expect(t.har("hjelp.nyttigInfo.land.tittel")).toBe(true);

  const bareFelles = oversetterFra([felles]);
  expect(bareFelles).not.toBe(t);
  expect(bareFelles.har("hjelp.nyttigInfo.land.tittel")).toBe(false);

  const nn = oversetterFra([teksterForSprak("nn", ["felles"]), teksterForSprak("nn", ["hjelp"])]);
  expect(nn).not.toBe(t);
  expect(nn.sprak).toBe("nn");
  expect(nn("hjelp.nyttigInfo.land.tittel")).not.toBe(t("hjelp.nyttigInfo.land.tittel"));
  // a list with the same messages in new objects (the browser's loader data after a navigation): a new one
  const kopi = { ...felles, meldinger: { ...felles.meldinger } };
  expect(oversetterFra([kopi, hjelp])).not.toBe(t);
  expect(oversetterFra([kopi, hjelp])("hjelp.nyttigInfo.land.tittel")).toBe(
    t("hjelp.nyttigInfo.land.tittel"),
  );
});
