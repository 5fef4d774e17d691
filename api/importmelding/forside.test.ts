// GET .../forside (issue 26): home's one call gives exactly what the four calls home made give — the
// overview (with the filter), the export countries of every importer the person acts for, the onboarding
// facts of the importer profile, and the e-mail banner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import type { Forside } from "../../domain/oversikt";
import { INGRID, importoerId, KARI, lagSertifikat } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await lagSertifikat(api.handle.db, { eksportland: "DE" });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

async function hent<T>(pid: string, sti: string): Promise<T> {
  const res = await api.fetch(sti, { pid });
  expect(res.status, sti).toBe(200);
  return (await res.json()) as T;
}

describe("forsiden i ett kall", () => {
  for (const [navn, pid, orgnr] of [
    ["Kari (har lest regelverket og har e-post)", KARI, ORG.hagelandDrammen],
    ["Ingrid (har ikke lest regelverket)", INGRID, ORG.blomsterbudBergen],
  ] as const) {
    it(`gir det samme som de fire kallene: ${navn}`, async () => {
      const id = await importoerId(api.handle.db, orgnr);
      const im = `/import/importmelding/v2/${orgnr}/${id}`;
      for (const filter of ["", "?avsenderland=DE", "?avsender=bloemen"]) {
        const forside = await hent<Forside>(pid, `${im}/forside${filter}`);
        expect(forside.oversikt).toEqual(await hent(pid, `${im}/oversikt${filter}`));
        expect(forside.eksportland).toEqual(await hent(pid, "/import/v2/eksportland"));
        const profil = await hent<{ harLestRegelverk: boolean; epostadresser: unknown[] }>(
          pid,
          `/import/register/v1/${orgnr}`,
        );
        expect(forside.oppstart).toEqual({
          harLestRegelverk: profil.harLestRegelverk,
          harEpostadresse: profil.epostadresser.length > 0,
        });
        const status = await hent<{ sendingFeiler: boolean }>(
          pid,
          `/import/register/v1/${orgnr}/${id}/epoststatus`,
        );
        expect(forside.epostSendingFeiler).toBe(status.sendingFeiler);
      }
    });
  }

  it("sier at e-posten feiler når et varsel til importøren er gitt opp", async () => {
    const db = api.handle.db;
    const id = await importoerId(db, ORG.hagelandDrammen);
    const s = await lagSertifikat(db);
    // the alert the delivery wrote, given up after the retry limit
    await db
      .updateTable("epost_varsel")
      .set({ status: "FEILET", sist_forsoek: new Date() })
      .where("importoer_id", "=", id)
      .where("sertifikat_id", "=", s.id)
      .execute();
    const forside = await hent<Forside>(
      KARI,
      `/import/importmelding/v2/${ORG.hagelandDrammen}/${id}/forside`,
    );
    expect(forside.epostSendingFeiler).toBe(true);
  });
});
