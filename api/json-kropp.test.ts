// Issue 15, item 5: NUL bytes and lone surrogates in any text field, and bodies that are not JSON, are
// refused with a Norwegian message and change nothing — checked once for every route, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { oversetter } from "../sprak/katalog.server";
import { aktoer, importoerId, KARI, lagSertifikat } from "../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../tests/support/test-server";
import { problem } from "./http/feil";
import { BARE_JSON, harUgyldigeTegn, UGYLDIGE_TEGN } from "./http/json-kropp";

let api: TestApi;
let kari: ReturnType<typeof aktoer>;
let hageland: number;
let id: number;

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(api.handle.db, ORG.hagelandDrammen);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
  const s = await lagSertifikat(api.handle.db);
  const res = await kari.post("", {
    ansvarligImportoerId: hageland,
    eksportLand: s.eksportLand,
    nummer: s.nummer,
    utstedtDato: s.utstedtDato,
  });
  expect(res.status).toBe(201);
  id = ((await res.json()) as { id: number }).id;
  expect((await kari.put(`/${id}/egenreferanse`, { egenReferanse: "PO-1" })).status).toBe(204);
});
afterAll(async () => {
  await api?.close();
});

const egenReferanse = async () =>
  (
    await api.handle.db
      .selectFrom("importmelding")
      .select("egen_referanse")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).egen_referanse;

describe("tekst og kropp i API-et", () => {
  it("kjenner igjen nulltegn og enslige surrogater, ikke gyldige par", () => {
    expect(harUgyldigeTegn({ a: ["x\u0000"] })).toBe(true);
    expect(harUgyldigeTegn({ a: "\ud800" })).toBe(true);
    expect(harUgyldigeTegn({ a: "x\udc00y" })).toBe(true);
    expect(harUgyldigeTegn({ "\u0000": 1 })).toBe(true);
    expect(harUgyldigeTegn({ a: "blomst \u{1F337} æøå", b: [1, null, true] })).toBe(false);
  });

  it.each(["PO\u0000", "PO\ud800", "\udfffPO"])(
    "%j i et tekstfelt gir 400 og endrer ingenting",
    async (verdi) => {
      for (const [sti, body] of [
        [`/${id}/egenreferanse`, { egenReferanse: verdi }],
        [`/${id}/innmelder`, { navn: verdi, epost: "kari@hageland.example.no", egenReferanse: "ny" }],
      ] as const) {
        // JSON.stringify writes lone surrogates as \\ud800 escapes, which JSON.parse turns back into them.
        const res = await kari.put(sti, body);
        expect(res.status, sti).toBe(400);
        expect(((await res.json()) as { detail: string }).detail).toBe(
          oversetter("nb").melding(UGYLDIGE_TEGN),
        );
      }
      expect(await egenReferanse()).toBe("PO-1");
    },
  );

  it("en kropp som ikke er JSON gir 415 og lagrer ikke null", async () => {
    const token = await api.token(DEMO_PERSONER[0]!.pid);
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
      const res = await fetch(
        `${api.url}/import/importmelding/v2/${ORG.hagelandDrammen}/${hageland}/${id}/egenreferanse`,
        {
          method: "PUT",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": type },
          body: "egenReferanse=x",
        },
      );
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as { detail: string }).detail).toBe(oversetter("nb").melding(BARE_JSON));
    }
    expect(await egenReferanse()).toBe("PO-1");
  });
});

describe("størrelsen på JSON-kropper (sak 22)", () => {
  it("et lite skjema tar høyst 64 kB: mer er 413 med melding, før det leses, og ingenting endres", async () => {
    const foer = await egenReferanse();
    const stor = await kari.put(`/${id}/egenreferanse`, { egenReferanse: "x".repeat(100 * 1024) });
    expect(stor.status).toBe(413);
    expect(await stor.json()).toEqual(
      problem(413, "Forespørselen er for stor (største tillatte størrelse er 64 kB)"),
    );
    expect(await egenReferanse()).toBe(foer);
  });

  it("mottakskontrollens faktiske mengder (én per varelinje) får plass til mer enn et lite skjema", async () => {
    const linjer = Array.from({ length: 3000 }, (_, n) => ({
      varelinjeId: n + 1,
      faktiskeVerdier: [{ id: "antall", faktiskVerdi: n }],
    }));
    expect(JSON.stringify(linjer).length).toBeGreaterThan(64 * 1024);
    const res = await kari.put(`/${id}/mottakskontroll`, linjer);
    // read and answered by the route (the draft is not in reception control), not refused for its size
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
    const forStor = await kari.put(`/${id}/mottakskontroll`, [{ x: "y".repeat(1100 * 1024) }]);
    expect(forStor.status).toBe(413);
  });
});
