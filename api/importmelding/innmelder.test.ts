// Issue 15, item 6: the innmelder step is one atomic write. Name, contact and own reference are saved by
// one PUT in one transaction; a bad own reference saves nothing (not the name either).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import { aktoer, importoerId, KARI, lagSertifikat } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";

let api: TestApi;
let kari: ReturnType<typeof aktoer>;
let hageland: number;

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(api.handle.db, ORG.hagelandDrammen);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
});
afterAll(async () => {
  await api?.close();
});

async function nyttUtkast(): Promise<number> {
  const s = await lagSertifikat(api.handle.db);
  const res = await kari.post("", {
    ansvarligImportoerId: hageland,
    eksportLand: s.eksportLand,
    nummer: s.nummer,
    utstedtDato: s.utstedtDato,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function hent(id: number): Promise<ImportmeldingVisning> {
  const res = await kari.get(`/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ImportmeldingVisning;
}

describe("innmelder i én skriving", () => {
  it("lagrer navn, kontakt og egen referanse med ett kall, og tømmer referansen med null", async () => {
    const id = await nyttUtkast();
    const innmelder = { navn: "Kari Nordmann", epost: "kari@hageland.example.no", telefonnummer: "91234567" };
    expect((await kari.put(`/${id}/innmelder`, { ...innmelder, egenReferanse: "PO-4711" })).status).toBe(204);
    let m = await hent(id);
    expect(m.innmelder?.navn).toBe("Kari Nordmann");
    expect(m.egenReferanse).toBe("PO-4711");
    // Without the field the reference is left as it is (older clients) …
    expect((await kari.put(`/${id}/innmelder`, innmelder)).status).toBe(204);
    expect((await hent(id)).egenReferanse).toBe("PO-4711");
    // … and null clears it.
    expect((await kari.put(`/${id}/innmelder`, { ...innmelder, egenReferanse: null })).status).toBe(204);
    m = await hent(id);
    expect(m.egenReferanse).toBeNull();
  });

  it("en for lang egen referanse gir 400 og lagrer ingenting, heller ikke navnet", async () => {
    const id = await nyttUtkast();
    const foer = await hent(id);
    const res = await kari.put(`/${id}/innmelder`, {
      navn: "Nytt Navn",
      epost: "ny@hageland.example.no",
      egenReferanse: "x".repeat(101),
      versjon: foer.versjon,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "Egen referanse kan ikke være lengre enn 100 tegn",
    );
    const etter = await hent(id);
    expect(etter.innmelder).toEqual(foer.innmelder);
    expect(etter.egenReferanse).toEqual(foer.egenReferanse);
    expect(etter.versjon).toBe(foer.versjon);
  });
});
