// The authority's case-system API over real HTTP on a real database (issue 32 item 2, ADR 045): who gets in
// (only a Maskinporten token of Mattilsynet's organisation with the right scope), the round of feed → read by
// number → assessment, the assessment's rules (a rejection needs its reason and decision letter; the same post
// twice or at once is one transition; another assessment afterwards is 409), the event feed's kinds and its
// gap-free cursor under concurrent writers, and the list by status and time with its keyset cursor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import { VEDTAKSBREV_MELDING } from "../../domain/schemas/importmelding";
import { oversetter } from "../../sprak/katalog.server";
import {
  aktoer,
  ankomstFor,
  importoerId,
  KARI,
  klarTilInnsending,
  LINJER,
  lagSertifikat,
  RIKTIG,
  svar,
  VEDTAKSBREV,
} from "../../tests/support/test-hjelp";
import { startTestApi, TEST_MYNDIGHET_ORGNR, type TestApi } from "../../tests/support/test-server";
import { MASKIN_SCOPES, MYNDIGHET_SCOPES } from "../auth";
import { problem } from "../http/feil";
import type { MyndighetListe } from "./liste";
import type { MyndighetImportmelding } from "./visning";

let api: TestApi;
let hageland: number;
let gront: number;
let kari: ReturnType<typeof aktoer>;

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(api.handle.db, ORG.hagelandDrammen);
  gront = await importoerId(api.handle.db, ORG.grontMottakOslo);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
});
afterAll(async () => {
  await api?.close();
});

interface Side {
  hendelser: {
    id: string;
    nummer: number;
    type: string;
    data: { importmelding: { nummer: string; status: string } };
  }[];
  neste: string;
  flere: boolean;
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const tekst = await res.text();
  expect(res.status, tekst.slice(0, 300)).toBe(status);
  return JSON.parse(tekst) as T;
}

/** Every event of the authority's stream after `etter`. */
async function feed(etter: string): Promise<{ hendelser: Side["hendelser"]; neste: string }> {
  const hendelser: Side["hendelser"] = [];
  let markoer = etter;
  for (;;) {
    const side = await json<Side>(await api.myndighet(`/myndighet/v2/hendelser?etter=${markoer}&antall=7`));
    hendelser.push(...side.hendelser);
    markoer = side.neste;
    if (!side.flere) return { hendelser, neste: markoer };
  }
}

const hent = (nummer: string) => api.myndighet(`/myndighet/v2/importmeldinger/${encodeURIComponent(nummer)}`);
const vurder = (nummer: string, body: unknown, scopes?: string[]) =>
  api.myndighet(`/myndighet/v2/importmeldinger/${encodeURIComponent(nummer)}/vurdering`, {
    method: "POST",
    json: body,
    scopes,
  });

/** A submitted notification of Hageland's from a certificate with `linjer` (Grønt Mottak as controller). */
async function innsendt(linjer = [LINJER.rhododendron]): Promise<ImportmeldingVisning> {
  const m = await klarTilInnsending(kari, await lagSertifikat(api.handle.db, { linjer }), {
    ansvarlig: hageland,
    kontrolloer: gront,
  });
  expect((await kari.put(`/${m.id}/status`, { status: "REGISTRERT" })).status).toBe(200);
  return (await (await kari.get(`/${m.id}`)).json()) as ImportmeldingVisning;
}

describe("tilgang", () => {
  it("bare Mattilsynets Maskinporten-token med scopet kallet krever; ingen persons eller importørs", async () => {
    const sti = "/myndighet/v2/importmeldinger";
    expect((await fetch(`${api.url}${sti}`)).status).toBe(401);
    const person = await api.fetch(sti, { pid: KARI });
    expect(await json(person, 403)).toEqual(
      problem(403, "Bare Mattilsynets systemer har tilgang (Maskinporten-token for Mattilsynet)"),
    );
    const importoer = await api.maskinToken(
      "hageland-lager",
      ORG.hagelandDrammen,
      Object.values(MASKIN_SCOPES),
    );
    const medImportoer = await fetch(`${api.url}${sti}`, {
      headers: { authorization: `Bearer ${importoer}` },
    });
    expect(medImportoer.status).toBe(403);
    // The authority's scopes in another organisation's token count for nothing.
    const falsk = await api.maskinToken(
      "hageland-lager",
      ORG.hagelandDrammen,
      Object.values(MYNDIGHET_SCOPES),
    );
    expect((await fetch(`${api.url}${sti}`, { headers: { authorization: `Bearer ${falsk}` } })).status).toBe(
      403,
    );
    // The authority's token with another scope than the call's.
    const bareVurdering = await api.myndighet(sti, { scopes: [MYNDIGHET_SCOPES.vurdering] });
    expect(await json(bareVurdering, 403)).toEqual(
      problem(403, "Tokenet mangler scopet mattilsynet:forhaandsmelding/myndighet.read"),
    );
    const m = await innsendt();
    const bareLese = await vurder(m.nummer, { status: "FRIGITT" }, [MYNDIGHET_SCOPES.read]);
    expect(bareLese.status).toBe(403);
    expect((await (await kari.get(`/${m.id}`)).json()).status).toBe("REGISTRERT");
    // The authority's token reaches none of the importers' routes.
    const arkiv = await api.myndighet(`/import/importmelding/v2/${ORG.hagelandDrammen}/${hageland}/arkiv`);
    expect(arkiv.status).toBe(403);
  });

  it("det gamle endepunktet med delt nøkkel finnes ikke lenger", async () => {
    const gammel = await fetch(`${api.url}/myndighet/v1/importmelding/1/vurdering`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "test-myndighet-nokkel" },
      body: JSON.stringify({ status: "FRIGITT" }),
    });
    expect(gammel.status).toBe(401);
    const medToken = await api.myndighet("/myndighet/v1/importmelding/1/vurdering", {
      method: "POST",
      json: { status: "FRIGITT" },
    });
    expect(medToken.status).toBe(404);
  });
});

describe("runden: strømmen, forhåndsmeldingen etter nummer, vurderingen", () => {
  it("følger en forhåndsmelding fra innsending til vurdering, og en dobbel vurdering er én overgang", async () => {
    const start = (await feed("0")).neste;
    const m = await innsendt();
    // A changed arrival while it waits for the reception control.
    const ankomst = { ...ankomstFor(m, gront), ankomsttid: "2026-04-03T04:00:00.000Z" };
    expect((await kari.put(`/${m.id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, ankomst)).status).toBe(204);
    for (const q of m.mottakskontrollSpoersmaal) {
      await kari.put(`/${m.id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] });
    }
    expect((await (await kari.put(`/${m.id}/status`, { status: "ANKOMMET" })).json()).status).toBe(
      "ANKOMMET",
    );

    const { hendelser, neste } = await feed(start);
    const mine = hendelser.filter((h) => h.data.importmelding.nummer === m.nummer);
    expect(mine.map((h) => h.type)).toEqual([
      "importmelding.sendt_inn",
      "importmelding.ankomst_endret",
      "importmelding.ankommet",
    ]);
    expect(hendelser.map((h) => h.nummer)).toEqual(hendelser.map((_, i) => Number(start) + i + 1));

    const lest = await json<MyndighetImportmelding>(await hent(m.nummer.toLowerCase()));
    expect(lest).toMatchObject({
      nummer: m.nummer,
      status: "ANKOMMET",
      kunDokumentkontroll: false,
      ansvarligImportoer: { organisasjonsnummer: ORG.hagelandDrammen },
      automatiskVurdering: { resultat: "VENTER", regelsettVersjon: expect.any(Number) },
      vurdering: null,
      ankomst: {
        forventetAnkomst: "2026-04-03T04:00:00.000Z",
        kontrollsted: { linje1: "Tollbugata 40", postnummer: "3044", poststed: "Drammen" },
        mottakskontrolloer: { organisasjonsnummer: ORG.grontMottakOslo },
      },
    });
    expect(lest.innsendt).not.toBeNull();
    expect(lest.dokumentkontroll.length).toBeGreaterThan(0);
    expect(lest.dokumentkontroll.every((s) => s.svar !== null && !s.avvik)).toBe(true);
    expect(lest.mottakskontroll.ankommet).not.toBeNull();
    expect(lest.mottakskontroll.svar.map((s) => s.svar)).toEqual(
      m.mottakskontrollSpoersmaal.map((q) => RIKTIG[q.kode]),
    );
    expect(lest.sertifikat.risiko.alvorlighetsgrad).toBe("VARSEL");
    expect(lest.sertifikat.varelinjer[0]?.risiko?.funn.map((f) => f.kode)).toContain("RAMORUM_VARSEL");
    // The whole history, oldest first: made, answered, submitted, the arrival changed, the reception control.
    const titler = lest.historikk.map((h) => h.tittel);
    expect(titler[0]).toBe("Opprettet");
    expect(titler.slice(titler.indexOf("Sendt inn til Mattilsynet"))).toEqual([
      "Sendt inn til Mattilsynet",
      "Ankomst endret",
      "Mottakskontroll besvart",
      "Mottakskontroll besvart",
      "Ankommet, mottakskontroll rapportert",
    ]);
    const xml = await api.myndighet(`/myndighet/v2/importmeldinger/${m.nummer}/sertifikat.xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(await xml.text()).toContain(lest.sertifikat.nummer);

    // A rejection names its reason and its decision letter; without, nothing changes.
    const uten = await vurder(m.nummer, { status: "DELVIS_AVVIST", begrunnelse: "Trips i to kasser" });
    expect(await json(uten, 400)).toEqual(problem(400, oversetter("nb").melding(VEDTAKSBREV_MELDING)));
    const body = {
      status: "DELVIS_AVVIST",
      begrunnelse: "Trips i to kasser",
      vedtaksbrevReferanse: VEDTAKSBREV,
    };
    // The case system posts twice at once (a retry racing the first): one transition, the same answer.
    const svarene = await Promise.all([1, 2, 3, 4, 5].map(() => vurder(m.nummer, body)));
    expect(svarene.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const etter = await json<MyndighetImportmelding>(svarene[0]!);
    expect(etter.vurdering).toMatchObject({
      status: "DELVIS_AVVIST",
      begrunnelse: "Trips i to kasser",
      vedtaksbrevReferanse: VEDTAKSBREV,
    });
    const db = api.handle.db;
    const overganger = await db
      .selectFrom("importmelding_hendelse")
      .select(["utfoert_av", "aktoer_type"])
      .where("importmelding_id", "=", m.id)
      .where("til_status", "=", "DELVIS_AVVIST")
      .execute();
    expect(overganger).toEqual([
      { utfoert_av: "myndighet:klient:mattilsynet-saksbehandling-test", aktoer_type: "MYNDIGHET" },
    ]);
    const eposter = await db
      .selectFrom("epost_varsel")
      .select("id")
      .where("importmelding_id", "=", m.id)
      .where("type", "=", "UTFALL")
      .execute();
    expect(eposter).toHaveLength(1);
    // Once more later: the same answer, nothing new.
    expect((await vurder(m.nummer, body)).status).toBe(200);
    const annen = await vurder(m.nummer, { status: "FRIGITT" });
    expect(await json(annen, 409)).toEqual(
      problem(409, "Forhåndsmeldingen er allerede vurdert: Delvis avvist"),
    );

    const vurdert = (await feed(neste)).hendelser.filter((h) => h.data.importmelding.nummer === m.nummer);
    expect(vurdert.map((h) => [h.type, h.data.importmelding.status])).toEqual([
      ["importmelding.vurdert", "DELVIS_AVVIST"],
    ]);
    // The importer sees the outcome with the decision letter's reference, and in the history.
    const importoeren = (await (await kari.get(`/${m.id}`)).json()) as ImportmeldingVisning;
    expect(importoeren).toMatchObject({ status: "DELVIS_AVVIST", vedtaksbrevReferanse: VEDTAKSBREV });
    const historikk = await json<{ hendelser: { tittel: string; utfoertAv: string; linjer: string[] }[] }>(
      await kari.get(`/${m.id}/historikk`),
    );
    expect(historikk.hendelser[0]).toMatchObject({
      tittel: "Vurdert av Mattilsynet: Delvis avvist",
      utfoertAv: "Mattilsynet",
      linjer: ["Begrunnelse: Trips i to kasser", `Referanse til vedtaksbrevet: ${VEDTAKSBREV}`],
    });
  });

  it("to ulike vurderinger samtidig: den ene vinner, den andre får 409", async () => {
    const m = await innsendt();
    const [a, b] = await Promise.all([
      vurder(m.nummer, { status: "FRIGITT" }),
      vurder(m.nummer, { status: "AVVIST", begrunnelse: "Skadegjørere", vedtaksbrevReferanse: VEDTAKSBREV }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const vinner = a.status === 200 ? "FRIGITT" : "AVVIST";
    expect((await json<MyndighetImportmelding>(await hent(m.nummer))).status).toBe(vinner);
    const overganger = await api.handle.db
      .selectFrom("importmelding_hendelse")
      .select("til_status")
      .where("importmelding_id", "=", m.id)
      .where("til_status", "in", ["FRIGITT", "AVVIST"])
      .execute();
    expect(overganger).toHaveLength(1);
  });

  it("et utkast finnes ikke for Mattilsynet, en trukket tilbake kan ikke vurderes, og strømmen sier fra", async () => {
    const start = (await feed("0")).neste;
    const utkast = await klarTilInnsending(
      kari,
      await lagSertifikat(api.handle.db, { linjer: [LINJER.rhododendron] }),
      {
        ansvarlig: hageland,
        kontrolloer: gront,
      },
    );
    expect(await json(await hent(utkast.nummer), 404)).toEqual(problem(404, "Fant ikke forhåndsmeldingen"));
    expect((await vurder(utkast.nummer, { status: "FRIGITT" })).status).toBe(404);
    expect((await hent("IM-1999-0")).status).toBe(404);
    expect((await hent("ikke et nummer!")).status).toBe(400);

    const m = await innsendt();
    expect((await kari.put(`/${m.id}/status`, { status: "TILBAKETRUKKET" })).status).toBe(200);
    const trukket = await vurder(m.nummer, { status: "FRIGITT" });
    expect(await json(trukket, 409)).toEqual(
      problem(409, "Forhåndsmeldingen kan ikke endres i status Tilbaketrukket (TILBAKETRUKKET)"),
    );
    const typer = (await feed(start)).hendelser
      .filter((h) => h.data.importmelding.nummer === m.nummer)
      .map((h) => h.type);
    expect(typer).toEqual(["importmelding.sendt_inn", "importmelding.trukket_tilbake"]);
  });

  it("en automatisk frigivelse står i strømmen som vurdert, og er ikke til å vurdere igjen", async () => {
    const start = (await feed("0")).neste;
    const m = await klarTilInnsending(
      kari,
      await lagSertifikat(api.handle.db, { linjer: [LINJER.snittroser] }),
      {
        ansvarlig: hageland,
        kontrolloer: gront,
      },
    );
    expect((await (await kari.put(`/${m.id}/status`, { status: "REGISTRERT" })).json()).status).toBe(
      "AUTOMATISK_FRIGITT",
    );
    const mine = (await feed(start)).hendelser.filter((h) => h.data.importmelding.nummer === m.nummer);
    expect(mine.map((h) => [h.type, h.data.importmelding.status])).toEqual([
      ["importmelding.sendt_inn", "REGISTRERT"],
      ["importmelding.vurdert", "AUTOMATISK_FRIGITT"],
    ]);
    const lest = await json<MyndighetImportmelding>(await hent(m.nummer));
    expect(lest.automatiskVurdering).toEqual({ resultat: "FRIGITT", regelsettVersjon: expect.any(Number) });
    expect(lest.vurdering).toBeNull();
    expect((await vurder(m.nummer, { status: "FRIGITT" })).status).toBe(409);
  });
});

describe("hendelsesstrømmen under samtidige innsendinger", () => {
  it("gir hver hendelse én gang, i nummerrekkefølge uten hull, mens den leses underveis", async () => {
    const start = (await feed("0")).neste;
    const utkast = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async () =>
        klarTilInnsending(kari, await lagSertifikat(api.handle.db, { linjer: [LINJER.rhododendron] }), {
          ansvarlig: hageland,
          kontrolloer: gront,
        }),
      ),
    );
    const lest: Side["hendelser"] = [];
    let markoer = start;
    let ferdig = false;
    const leser = (async () => {
      while (!ferdig) {
        const r = await feed(markoer);
        lest.push(...r.hendelser);
        markoer = r.neste;
      }
      const r = await feed(markoer);
      lest.push(...r.hendelser);
    })();
    await Promise.all(utkast.map((m) => kari.put(`/${m.id}/status`, { status: "REGISTRERT" })));
    ferdig = true;
    await leser;
    expect(lest.map((h) => h.nummer)).toEqual(lest.map((_, i) => Number(start) + i + 1));
    expect(new Set(lest.map((h) => h.id)).size).toBe(lest.length);
    const innsendte = lest
      .filter((h) => h.type === "importmelding.sendt_inn")
      .map((h) => h.data.importmelding.nummer);
    expect(innsendte.sort()).toEqual(utkast.map((m) => m.nummer).sort());
  });
});

describe("listen etter status og tid", () => {
  const liste = (soek: string) => api.myndighet(`/myndighet/v2/importmeldinger?${soek}`);

  /** Every page after the first, by the cursor, with `antall` per page. */
  async function alleSider(soek: string, antall: number): Promise<MyndighetListe["importmeldinger"]> {
    const ut: MyndighetListe["importmeldinger"] = [];
    let etter: string | null = "";
    while (etter !== null) {
      const side: MyndighetListe = await json<MyndighetListe>(
        await liste(`${soek}&antall=${antall}${etter ? `&etter=${encodeURIComponent(etter)}` : ""}`),
      );
      expect(side.importmeldinger.length).toBeLessThanOrEqual(antall);
      ut.push(...side.importmeldinger);
      etter = side.neste;
    }
    return ut;
  }

  /** The submitted notifications in `statuser`, by the last status change (and id), from the table. */
  async function fasit(statuser: string[], nyeste = false): Promise<string[]> {
    const retning = nyeste ? "desc" : "asc";
    const rader = await api.handle.db
      .selectFrom("importmelding")
      .select("nummer")
      .where("status", "in", statuser)
      .orderBy("status_endret", retning)
      .orderBy("id", retning)
      .execute();
    return rader.map((r) => r.nummer);
  }

  it("sider gjennom én eller flere statuser med markøren: alle én gang, i rekkefølge, begge veier", async () => {
    await innsendt();
    await innsendt();
    const registrert = await alleSider("status=REGISTRERT", 2);
    expect(registrert.map((m) => m.nummer)).toEqual(await fasit(["REGISTRERT"]));
    expect(registrert.every((m) => m.status === "REGISTRERT" && m.statusTekst)).toBe(true);
    const flere = await alleSider("status=REGISTRERT,ANKOMMET,FRIGITT", 3);
    expect(flere.map((m) => m.nummer)).toEqual(await fasit(["REGISTRERT", "ANKOMMET", "FRIGITT"]));
    const nyeste = await alleSider("status=REGISTRERT,ANKOMMET&rekkefoelge=nyeste", 4);
    expect(nyeste.map((m) => m.nummer)).toEqual(await fasit(["REGISTRERT", "ANKOMMET"], true));
    // Without a status: every submitted one, never a draft or a deleted draft.
    const alle = await alleSider("rekkefoelge=eldste", 50);
    const innsendte = ["REGISTRERT", "ANKOMMET", "FRIGITT", "AVVIST", "DELVIS_AVVIST", "AUTOMATISK_FRIGITT"];
    expect(alle.map((m) => m.nummer)).toEqual(await fasit([...innsendte, "TILBAKETRUKKET"]));
  });

  it("avgrenser etter tidspunktet for siste statusendring", async () => {
    const foer = new Date(Date.now() - 1000).toISOString();
    const m = await innsendt();
    const side = await json<MyndighetListe>(
      await liste(`status=REGISTRERT&endretFra=${encodeURIComponent(foer)}`),
    );
    expect(side.importmeldinger.map((x) => x.nummer)).toContain(m.nummer);
    expect(side.importmeldinger.every((x) => x.statusEndret >= foer)).toBe(true);
    const tidligere = await json<MyndighetListe>(
      await liste(`status=REGISTRERT&endretTil=${encodeURIComponent(foer)}`),
    );
    expect(tidligere.importmeldinger.map((x) => x.nummer)).not.toContain(m.nummer);
  });

  it("avviser ukjente statuser, tall og markører med en norsk melding", async () => {
    const feil = async (soek: string, melding: string | RegExp) => {
      const res = await liste(soek);
      expect(res.status, soek).toBe(400);
      expect((await svar<{ detail: string }>(res)).detail).toMatch(melding);
    };
    await feil("status=UNDER_REGISTRERING", /^Ugyldig status\. Tillatt: REGISTRERT/);
    await feil("status=REGISTRERT&status=ANKOMMET", /^Ugyldig status/);
    await feil("antall=0", "Ugyldig antall: 1–500");
    await feil("antall=501", "Ugyldig antall: 1–500");
    await feil("etter=tull", "Ugyldig etter: bruk `neste` fra forrige side");
    await feil("endretFra=i%20g%C3%A5r", /^Ugyldig endretFra/);
    await feil("rekkefoelge=tilfeldig", "Ugyldig rekkefoelge. Tillatt: eldste eller nyeste");
    expect(TEST_MYNDIGHET_ORGNR).toBe("985399077");
  });
});
