// Creating a notification: the issue date must be the certificate's own, except for NL where it may be
// up to two days off (SPEC §2 "Certificate search"), over real HTTP on a real database. Kept apart from
// importmelding.test.ts (the certificate side's rule, its own database).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import {
  aktoer,
  dagerSiden,
  importoerId,
  KARI,
  lagSertifikat,
  svar,
  type TestSertifikat,
} from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { problem } from "../http/feil";

let api: TestApi;
let hageland: number;
let kari: ReturnType<typeof aktoer>;

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(api.handle.db, ORG.hagelandDrammen);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
});
afterAll(async () => {
  await api?.close();
});

/** POSTs a new notification for the certificate with the given date; returns the status and message. */
async function opprettMedDato(s: TestSertifikat, utstedtDato: string) {
  const res = await kari.post("", {
    ansvarligImportoerId: hageland,
    eksportLand: s.eksportLand,
    nummer: s.nummer,
    utstedtDato,
  });
  return { status: res.status, body: await svar<{ detail?: string; id?: number }>(res) };
}

describe("opprett forhåndsmelding: datoslingring bare for Nederland", () => {
  it("godtar ±2 dager for et nederlandsk sertifikat, ikke 3", async () => {
    for (const [dager, forventet] of [
      [3, 201],
      [7, 201],
      [2, 404],
      [8, 404],
    ] as const) {
      const s = await lagSertifikat(api.handle.db, { eksportland: "NL", dagerGammel: 5 });
      const { status, body } = await opprettMedDato(s, dagerSiden(dager));
      expect(status, `NL utstedt for 5 dager siden, oppgitt for ${dager} dager siden`).toBe(forventet);
      if (forventet === 404) expect(body.detail).toBe("Fant ikke sertifikatet");
    }
  });

  it("krever nøyaktig dato for sertifikater fra andre land", async () => {
    for (const land of ["DE", "BE", "SE"]) {
      for (const dager of [4, 6]) {
        const s = await lagSertifikat(api.handle.db, { eksportland: land, dagerGammel: 5 });
        const { status, body } = await opprettMedDato(s, dagerSiden(dager));
        expect(status, `${land} utstedt for 5 dager siden, oppgitt for ${dager} dager siden`).toBe(404);
        expect(body).toEqual(problem(404, "Fant ikke sertifikatet"));
        // Nothing was created: the right date still works afterwards.
        const riktig = await opprettMedDato(s, s.utstedtDato);
        expect(riktig.status, `${land} med riktig dato`).toBe(201);
      }
    }
  });
});
