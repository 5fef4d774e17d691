// Released before arrival (issue 34 item 7, docs/decisions/041-vurdert-foer-ankomst.md) over real HTTP and a
// real database: the authority may release or reject a submitted notification that expects a physical
// reception control before the shipment arrives (SPEC's «forhåndsfrigitte»). It then says so everywhere — the
// detail, the lists, home, the history, the events — never «arrived», and no reception control is expected:
// the API refuses one with a message that says why. The rule sits in the state machine, so it holds for the
// authority's endpoint and for any other path that assesses (the command line calls the same function).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { type HistorikkSide, VURDERT_FOER_ANKOMST_LINJE } from "../../domain/historikk";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { ImportmeldingListe } from "../../domain/importmelding-liste";
import type { Oversikt } from "../../domain/oversikt";
import { oversetter } from "../../sprak/katalog.server";
import {
  type Aktoer,
  aktoer,
  importoerId,
  KARI,
  klarTilInnsending,
  LINJER,
  lagSertifikat,
  RIKTIG,
  svar,
  vurderSomMyndighet,
} from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { problem } from "../http/feil";
import { vurderImportmelding } from "./handlinger";
import { VURDERT_FOER_ANKOMST } from "./tilstand";

/** The history's texts as the API gives them without Accept-Language. */
const bokmaal = oversetter("nb");

let api: TestApi;
let hageland: number;
let gront: number;
let kari: Aktoer;

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(api.handle.db, ORG.hagelandDrammen);
  gront = await importoerId(api.handle.db, ORG.grontMottakOslo);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

/** Hageland's notification submitted: with physical control unless the goods need document control only. */
async function innsendt(linjer = [LINJER.rhododendron]) {
  const s = await lagSertifikat(api.handle.db, { linjer });
  const m = await klarTilInnsending(kari, s, { ansvarlig: hageland, kontrolloer: gront });
  const res = await kari.put(`/${m.id}/status`, { status: "REGISTRERT" });
  expect(res.status, await res.clone().text()).toBe(200);
  return m;
}

async function vurder(id: number, status: string, begrunnelse?: string) {
  // a rejection names its decision letter (ADR 045)
  const vedtaksbrevReferanse = status === "FRIGITT" ? undefined : "2026/4711";
  const res = await vurderSomMyndighet(api, id, { status, begrunnelse, vedtaksbrevReferanse });
  expect(res.status, await res.clone().text()).toBe(200);
}

const hent = async (id: number) => svar<ImportmeldingVisning>(await kari.get(`/${id}`));
const sisteHendelse = async (id: number) =>
  (await svar<HistorikkSide>(await kari.get(`/${id}/historikk`))).hendelser[0]!;

async function listeElement(id: number, soek = "") {
  const liste = await svar<ImportmeldingListe>(await kari.get(`/arkiv${soek}`));
  return liste.importmeldingListevisningElementer.find((e) => e.id === id);
}

/** The importer's events about a notification, as [type, data.vurdertFoerAnkomst]. */
async function hendelserOm(id: number) {
  const rader = await api.handle.db
    .selectFrom("hendelse")
    .select(["type", "data"])
    .where("importoer_id", "=", hageland)
    .orderBy("nummer")
    .execute();
  return rader
    .map((r) => ({
      type: r.type,
      data: r.data as unknown as { importmelding: { id: number }; status: string; vurdertFoerAnkomst?: true },
    }))
    .filter((r) => r.data.importmelding?.id === id)
    .map((r) => [r.type, r.data.status, r.data.vurdertFoerAnkomst ?? false]);
}

describe("frigitt før ankomst", () => {
  it("sier hva som skjedde i visningen, listene, forsiden, historikken og hendelsene, aldri «ankommet»", async () => {
    const m = await innsendt();
    expect(m.kunDokumentkontroll).toBe(false);
    await vurder(m.id, "FRIGITT");

    const v = await hent(m.id);
    expect(v).toMatchObject({
      status: "FRIGITT",
      statusTekst: "Frigitt før ankomst",
      kategori: "VURDERT",
      erRegistrert: true,
      erAnkommet: false,
      erVurdert: true,
      vurdertFoerAnkomst: true,
      faktiskAnkommet: null,
    });
    expect(v.ankomstInfo[0]?.sendingAnkommet).toBe(false);

    const h = await sisteHendelse(m.id);
    expect(h).toMatchObject({
      tittel: "Vurdert av Mattilsynet før ankomst: Frigitt",
      utfoertAv: "Mattilsynet",
      fraStatus: "REGISTRERT",
      tilStatus: "FRIGITT",
      detaljer: { vurdertFoerAnkomst: true },
    });
    expect(h.linjer).toEqual([bokmaal(VURDERT_FOER_ANKOMST_LINJE)]);

    // The list, filtered to 'Vurdert' too, and home's assessed list (not the upcoming arrivals).
    for (const soek of ["", "?status=VURDERT"]) {
      expect(await listeElement(m.id, soek)).toMatchObject({
        statusTekst: "Frigitt før ankomst",
        kategori: "VURDERT",
        vurdertFoerAnkomst: true,
        url: `/importmelding/${m.id}/ankommet`,
      });
    }
    const oversikt = await svar<Oversikt>(await kari.get("/oversikt"));
    expect(oversikt.vurderteImportMeldinger.find((e) => e.id === m.id)).toMatchObject({
      statusTekst: "Frigitt før ankomst",
      vurdertFoerAnkomst: true,
    });
    expect(oversikt.forventetAnkomstImportMeldinger.some((e) => e.id === m.id)).toBe(false);
    expect(oversikt.tilVurderingImportMeldinger.some((e) => e.id === m.id)).toBe(false);

    // The importer's system is told the same (feed and webhooks).
    expect(await hendelserOm(m.id)).toEqual([
      ["importmelding.status_endret", "REGISTRERT", false],
      ["importmelding.status_endret", "FRIGITT", true],
      ["importmelding.vurdert", "FRIGITT", true],
    ]);
  });

  it("ingen mottakskontroll etterpå: ankomst og svar nektes med en melding som sier hvorfor", async () => {
    const m = await innsendt();
    await vurder(m.id, "FRIGITT");
    const q = m.mottakskontrollSpoersmaal[0]!;
    const svarRes = await kari.put(`/${m.id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] });
    expect(await svar(svarRes)).toEqual(problem(400, bokmaal.melding(VURDERT_FOER_ANKOMST)));
    const ankommet = await kari.put(`/${m.id}/status`, { status: "ANKOMMET" });
    expect(await svar(ankommet)).toEqual(problem(400, bokmaal.melding(VURDERT_FOER_ANKOMST)));
    expect(await hent(m.id)).toMatchObject({ status: "FRIGITT", faktiskAnkommet: null, erAnkommet: false });
    expect((await sisteHendelse(m.id)).tilStatus).toBe("FRIGITT");
  });

  it("avvist og delvis avvist før ankomst sier det samme", async () => {
    for (const [status, tekst] of [
      ["AVVIST", "Avvist før ankomst"],
      ["DELVIS_AVVIST", "Delvis avvist før ankomst"],
    ] as const) {
      const m = await innsendt();
      await vurder(m.id, status, "Mangler tilleggserklæring");
      expect(await hent(m.id)).toMatchObject({
        statusTekst: tekst,
        erAnkommet: false,
        vurdertFoerAnkomst: true,
      });
      const h = await sisteHendelse(m.id);
      expect(h.tittel).toBe(`Vurdert av Mattilsynet før ankomst: ${tekst.replace(" før ankomst", "")}`);
      expect(h.linjer).toEqual([
        bokmaal(VURDERT_FOER_ANKOMST_LINJE),
        "Begrunnelse: Mangler tilleggserklæring",
        "Referanse til vedtaksbrevet: 2026/4711",
      ]);
    }
  });

  it("etter ankomst, og når bare dokumentkontroll gjelder, er det en vanlig vurdering", async () => {
    // Arrived (rhododendron: a warning, so not released automatically), then released.
    const etter = await innsendt();
    for (const q of etter.mottakskontrollSpoersmaal) {
      const r = await kari.put(`/${etter.id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] });
      expect(r.status, await r.clone().text()).toBe(204);
    }
    expect(await svar(await kari.put(`/${etter.id}/status`, { status: "ANKOMMET" }))).toMatchObject({
      status: "ANKOMMET",
    });
    await vurder(etter.id, "FRIGITT");
    expect(await hent(etter.id)).toMatchObject({
      statusTekst: "Frigitt",
      erAnkommet: true,
      vurdertFoerAnkomst: false,
    });
    expect((await sisteHendelse(etter.id)).tittel).toBe("Vurdert av Mattilsynet: Frigitt");

    // Document control only, with a deviation (so it waits): no arrival is expected, nothing came "before" it.
    const s = await lagSertifikat(api.handle.db, { linjer: [LINJER.snittroser] });
    const dok = await klarTilInnsending(kari, s, { ansvarlig: hageland, kontrolloer: gront });
    const q = dok.dokumentkontrollSpoersmaal[0]!;
    const avvik = await kari.put(`/${dok.id}/kontrollspoersmaal/${q.id}`, {
      kontrollSvar: `${q.kode}_AVVIK`,
      kommentar: "Feil formål",
    });
    expect(avvik.status, await avvik.clone().text()).toBe(204);
    expect(await svar(await kari.put(`/${dok.id}/status`, { status: "REGISTRERT" }))).toMatchObject({
      status: "REGISTRERT",
    });
    await vurder(dok.id, "FRIGITT");
    expect(await hent(dok.id)).toMatchObject({ statusTekst: "Frigitt", vurdertFoerAnkomst: false });
    expect((await sisteHendelse(dok.id)).tittel).toBe("Vurdert av Mattilsynet: Frigitt");
  });

  it("regelen ligger i tilstandsmaskinen: en vurdering utenom endepunktet registreres likt", async () => {
    const m = await innsendt();
    // As the command line (npm run myndighet:vurder) and any other endpoint of the authority assess.
    await vurderImportmelding(api.handle.db, {
      id: m.id,
      status: "FRIGITT",
      aktoer: { type: "MYNDIGHET", kilde: "kommandolinje" },
    });
    expect(await hent(m.id)).toMatchObject({ statusTekst: "Frigitt før ankomst", vurdertFoerAnkomst: true });
    expect(await sisteHendelse(m.id)).toMatchObject({
      tittel: "Vurdert av Mattilsynet før ankomst: Frigitt",
      detaljer: { vurdertFoerAnkomst: true },
    });
  });
});
