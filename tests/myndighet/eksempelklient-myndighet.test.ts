// The authority's example client (scripts/eksempelklient-myndighet.ts) against the API on a real port with a real
// token issuer (the development Maskinporten over HTTP), as Mattilsynet's case system would run it (ADR 045):
// the round reads the feed from its cursor, fetches the notification that waits by number, assesses it, and the
// importer sees the outcome (its notification, its history, the outcome e-mail in the outbox); a second round
// from the kept cursor finds nothing waiting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MYNDIGHET_SCOPES } from "../../api/auth";
import { ORG } from "../../dev/demo-data";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { Klient } from "../../scripts/eksempelklient";
import { myndighetApi, runde, sammendrag } from "../../scripts/eksempelklient-myndighet";
import {
  aktoer,
  importoerId,
  KARI,
  klarTilInnsending,
  LINJER,
  lagSertifikat,
  VEDTAKSBREV,
} from "../support/test-hjelp";
import {
  startTestApiMedMaskin,
  startTestMaskinporten,
  type TestMaskinporten,
} from "../support/test-maskinporten";
import { TEST_MYNDIGHET_ORGNR, type TestApi } from "../support/test-server";

let mp: TestMaskinporten;
let api: TestApi;
let klient: Klient;

beforeAll(async () => {
  mp = await startTestMaskinporten();
  api = await startTestApiMedMaskin(mp);
  klient = await mp.nyKlient("mattilsynet-sak", TEST_MYNDIGHET_ORGNR, Object.values(MYNDIGHET_SCOPES));
}, 120_000);
afterAll(async () => {
  await api?.close();
  await mp?.close();
});

describe("eksempelklienten for Mattilsynets saksbehandling", () => {
  it("leser strømmen, henter forhåndsmeldingen etter nummer og vurderer den; importøren ser utfallet", async () => {
    const db = api.handle.db;
    const start = (await myndighetApi(api.url, klient).feed("0")).neste;
    const hageland = await importoerId(db, ORG.hagelandDrammen);
    const gront = await importoerId(db, ORG.grontMottakOslo);
    const kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
    const m = await klarTilInnsending(kari, await lagSertifikat(db, { linjer: [LINJER.rhododendron] }), {
      ansvarlig: hageland,
      kontrolloer: gront,
    });
    expect((await (await kari.put(`/${m.id}/status`, { status: "REGISTRERT" })).json()).status).toBe(
      "REGISTRERT",
    );

    const vurdering = {
      status: "AVVIST" as const,
      begrunnelse: "Sertifikatet mangler tilleggserklæring",
      vedtaksbrevReferanse: VEDTAKSBREV,
    };
    const r = await runde({ apiUrl: api.url, klient, etter: start, vurdering });
    expect(r.hendelser).toBeGreaterThanOrEqual(1);
    expect(r.foer).toMatchObject({ nummer: m.nummer, status: "REGISTRERT" });
    expect(r.etter).toMatchObject({ nummer: m.nummer, status: "AVVIST", vurdering });
    expect(sammendrag(r.foer!)[0]).toContain(`${m.nummer}: Registrert (REGISTRERT)`);

    // The importer's side: the notification, its history and the outcome e-mail waiting in the outbox.
    const sett = (await (await kari.get(`/${m.id}`)).json()) as ImportmeldingVisning;
    expect(sett).toMatchObject({
      status: "AVVIST",
      vurderingBegrunnelse: vurdering.begrunnelse,
      vedtaksbrevReferanse: VEDTAKSBREV,
    });
    const utfall = await db
      .selectFrom("epost_varsel")
      .select(["status"])
      .where("importmelding_id", "=", m.id)
      .where("type", "=", "UTFALL")
      .execute();
    expect(utfall).toEqual([{ status: "VENTER" }]);

    // The next round from the cursor it kept: nothing waits.
    const neste = await runde({ apiUrl: api.url, klient, etter: r.neste, vurdering: { status: "FRIGITT" } });
    expect(neste.foer).toBeUndefined();
  });
});
