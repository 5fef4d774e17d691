// The consignee is never locked out (issue 22 item 1, issue 34 item 1, ADR 027), both sides, over real HTTP and
// a real database, by persons and by machine tokens: another organisation that found a certificate by its keys
// and made a notification of it does not block the importer named on the certificate (nor the reception
// controller it appointed). Such a notification is never released automatically: it waits for the authority,
// marked so. A draft is deleted and a submitted one withdrawn when the named importer creates its own, until
// the authority has assessed it. The named importer sees who made it; the other organisation learns nothing
// of the consignee's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { type HistorikkSide, VENTEGRUNN_TEKST } from "../../domain/historikk";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import { apiKlient, forhaandsmeldingsreise, hentToken, SCOPES } from "../../scripts/eksempelklient";
import { lesHendelser } from "../../scripts/eksempelklient-hendelser";
import { oversetter } from "../../sprak/katalog.server";
import {
  type Aktoer,
  aktoer,
  INGRID,
  importoerId,
  KARI,
  klarTilInnsending,
  LINJER,
  lagSertifikat,
  OLA,
  RIKTIG,
  svar,
  type TestSertifikat,
} from "../../tests/support/test-hjelp";
import {
  startTestApiMedMaskin,
  startTestMaskinporten,
  type TestMaskinporten,
} from "../../tests/support/test-maskinporten";
import { TEST_MYNDIGHET_ORGNR, type TestApi } from "../../tests/support/test-server";
import { problem } from "../http/feil";
import { MYNDIGHET_SCOPES } from "../scopes";

/** The history's texts as the API gives them without Accept-Language. */
const bokmaal = oversetter("nb");

let mp: TestMaskinporten;
let api: TestApi;
let hageland: number;
let stord: number;
let gront: number;

beforeAll(async () => {
  mp = await startTestMaskinporten();
  api = await startTestApiMedMaskin(mp);
  const db = api.handle.db;
  hageland = await importoerId(db, ORG.hagelandDrammen);
  stord = await importoerId(db, ORG.blomsterbudStord);
  gront = await importoerId(db, ORG.grontMottakOslo);
  // Blomsterbud Stord may be its own reception controller (so it can submit without Hageland's controllers).
  const res = await api.fetch(`/import/register/v1/${ORG.blomsterbudStord}/${stord}/mottakskontrolloer`, {
    pid: INGRID,
    method: "PUT",
    json: { erMottakskontrolloer: true },
  });
  expect(res.status).toBeLessThan(300);
  // An address, so an outcome e-mail would be written if there were an outcome (ADR 034).
  await db
    .insertInto("importoer_epost")
    .values({ importoer_id: stord, epostadresse: "post@stord.example.no" })
    .execute();
}, 120_000);
afterAll(async () => {
  await api?.close();
  await mp?.close();
});

const kari = () => aktoer(api, KARI, ORG.hagelandDrammen, hageland);
const ingrid = () => aktoer(api, INGRID, ORG.blomsterbudStord, stord);
const ola = () => aktoer(api, OLA, ORG.grontMottakOslo, gront);

/** The certificate page for an importer (a search on its keys, as the app makes it). */
async function sertifikat(pid: string, orgnr: string, iid: number, s: TestSertifikat) {
  const res = await api.fetch(
    `/import/v2/${orgnr}/${iid}/sertifikat?${new URLSearchParams({ sertifikatnummer: s.nummer, dato: s.utstedtDato, avsenderland: s.eksportLand })}`,
    { pid },
  );
  expect(res.status).toBe(200);
  return svar<SertifikatVisning>(res);
}

const opprettBody = (s: TestSertifikat, ansvarlig: number) => ({
  ansvarligImportoerId: ansvarlig,
  eksportLand: s.eksportLand,
  nummer: s.nummer,
  utstedtDato: s.utstedtDato,
});

async function status(id: number) {
  return (
    await api.handle.db
      .selectFrom("importmelding")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).status;
}

/** A certificate addressed to Hageland Drammen, and a draft Blomsterbud Stord made after finding it. */
async function annensUtkast(linjer = [LINJER.roseplanter]) {
  const s = await lagSertifikat(api.handle.db, { mottakerOrgnr: ORG.hagelandDrammen, linjer });
  await sertifikat(INGRID, ORG.blomsterbudStord, stord, s);
  const res = await ingrid().post("", opprettBody(s, stord));
  expect(res.status).toBe(201);
  const { id } = await svar<{ id: number }>(res);
  return { s, id };
}

/** The other organisation finds the certificate addressed to Hageland, fills in and submits its notification. */
async function annenSendInn(linjer: (typeof LINJER)[keyof typeof LINJER][]) {
  const s = await lagSertifikat(api.handle.db, { mottakerOrgnr: ORG.hagelandDrammen, linjer });
  await sertifikat(INGRID, ORG.blomsterbudStord, stord, s);
  const m = await klarTilInnsending(ingrid(), s, { ansvarlig: stord, kontrolloer: stord });
  const res = await ingrid().put(`/${m.id}/status`, { status: "REGISTRERT" });
  expect(res.status, await res.clone().text()).toBe(200);
  return { s, id: m.id, status: (await svar<{ status: string }>(res)).status };
}

/** The reception control answered without deviations, and the shipment reported arrived: the status it got. */
async function ankommet(akt: Aktoer, id: number): Promise<string> {
  const m = await svar<ImportmeldingVisning>(await akt.get(`/${id}`));
  for (const q of m.mottakskontrollSpoersmaal) {
    const r = await akt.put(`/${id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] });
    expect(r.status, await r.clone().text()).toBe(204);
  }
  const res = await akt.put(`/${id}/status`, { status: "ANKOMMET" });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await svar<{ status: string }>(res)).status;
}

const historikk = async (akt: Aktoer, id: number) => svar<HistorikkSide>(await akt.get(`/${id}/historikk`));

/** The importer's events (feed and webhooks) about a notification, as [type, status], oldest first. */
async function hendelserOm(iid: number, id: number) {
  const rader = await api.handle.db
    .selectFrom("hendelse")
    .select(["type", "data"])
    .where("importoer_id", "=", iid)
    .orderBy("nummer")
    .execute();
  return rader
    .map((r) => ({
      type: r.type,
      data: (typeof r.data === "string" ? JSON.parse(r.data) : r.data) as {
        importmelding?: { id: number };
        status?: string;
      },
    }))
    .filter((r) => r.data.importmelding?.id === id)
    .map((r) => [r.type, r.data.status]);
}

/** The outcome e-mails written for a notification (ADR 034). */
async function utfallEposter(id: number) {
  return api.handle.db
    .selectFrom("epost_varsel")
    .select(["importoer_id", "utfall"])
    .where("importmelding_id", "=", id)
    .execute();
}

describe("mottakeren på sertifikatet stenges aldri ute", () => {
  it("et påbegynt utkast fra en annen virksomhet slettes når mottakeren oppretter sin egen", async () => {
    const { s, id } = await annensUtkast();

    // Hageland sees who holds the certificate, and may create its own.
    const visning = await sertifikat(KARI, ORG.hagelandDrammen, hageland, s);
    expect(visning.annenForhaandsmelding).toEqual({
      opprettetAv: { navn: "Blomsterbud Vest AS avd. Stord", organisasjonsnummer: ORG.blomsterbudStord },
      status: "UNDER_REGISTRERING",
      vedNyMelding: "SLETTET",
    });
    expect(visning.kanOppretteImportmelding).toBe(true);
    expect(visning.importMeldingId).toBeNull();

    const res = await kari().post("", opprettBody(s, hageland));
    expect(res.status).toBe(201);
    const egen = (await svar<{ id: number }>(res)).id;
    expect(await status(id)).toBe("SLETTET");
    expect(await status(egen)).toBe("UNDER_REGISTRERING");
    const hendelse = await api.handle.db
      .selectFrom("importmelding_hendelse")
      .select(["til_status", "merknad"])
      .where("importmelding_id", "=", id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(hendelse.til_status).toBe("SLETTET");
    expect(hendelse.merknad).toMatch(/Hageland Import AS avd\. Drammen \(912345742\) står på sertifikatet/);

    // Now Hageland's: the page shows its own notification, and no one else's.
    const etter = await sertifikat(KARI, ORG.hagelandDrammen, hageland, s);
    expect(etter.importMeldingId).toBe(egen);
    expect(etter.annenForhaandsmelding).toBeNull();
  });

  it("den andre virksomheten får ikke vite noe om mottakerens melding, og kan ikke fortrenge den", async () => {
    const { s } = await annensUtkast();
    const egen = (await svar<{ id: number }>(await kari().post("", opprettBody(s, hageland)))).id;
    const sett = await sertifikat(INGRID, ORG.blomsterbudStord, stord, s);
    expect(sett.annenForhaandsmelding).toBeNull();
    expect(sett.importMeldingId).toBeNull();
    expect(sett.kanOppretteImportmelding).toBe(false);
    const igjen = await ingrid().post("", opprettBody(s, stord));
    expect(igjen.status).toBe(409);
    // 409 without the other organisation's notification id
    expect(await svar(igjen)).toEqual(
      problem(409, "Det finnes allerede en forhåndsmelding for dette sertifikatet"),
    );
    expect(await status(egen)).toBe("UNDER_REGISTRERING");
    // the owner's own second try names its notification (the app goes there)
    expect(await svar(await kari().post("", opprettBody(s, hageland)))).toMatchObject({
      importMeldingId: egen,
    });
  });

  it("en annen virksomhets melding frigis aldri automatisk: den venter på Mattilsynet, merket, og viker", async () => {
    // Cut roses, document control only, no risk: released at once on submission when it is the consignee's.
    const a = await annenSendInn([LINJER.snittroser]);
    expect(a.status).toBe("REGISTRERT");
    expect(await status(a.id)).toBe("REGISTRERT");
    // Marked: the importer that made it sees why it waits, on the notification and in its history.
    const visning = await svar<ImportmeldingVisning>(await ingrid().get(`/${a.id}`));
    expect(visning.ansvarligPaaSertifikatet).toBe(false);
    const sendt = (await historikk(ingrid(), a.id)).hendelser[0]!;
    expect(sendt).toMatchObject({
      tilStatus: "REGISTRERT",
      detaljer: { venterPaaMyndighet: "ANSVARLIG_IKKE_PAA_SERTIFIKATET" },
    });
    expect(sendt.linjer).toContain(bokmaal(VENTEGRUNN_TEKST.ANSVARLIG_IKKE_PAA_SERTIFIKATET));
    // No outcome: no 'vurdert' event or webhook, no outcome e-mail.
    expect(await hendelserOm(stord, a.id)).toEqual([["importmelding.status_endret", "REGISTRERT"]]);
    expect(await utfallEposter(a.id)).toEqual([]);

    // The consignee sees it and what becomes of it, creates its own, and the other is withdrawn.
    expect((await sertifikat(KARI, ORG.hagelandDrammen, hageland, a.s)).annenForhaandsmelding).toMatchObject({
      status: "REGISTRERT",
      vedNyMelding: "TILBAKETRUKKET",
    });
    const egen = await klarTilInnsending(kari(), a.s, { ansvarlig: hageland, kontrolloer: gront });
    expect(await status(a.id)).toBe("TILBAKETRUKKET");
    expect(await hendelserOm(stord, a.id)).toEqual([
      ["importmelding.status_endret", "REGISTRERT"],
      ["importmelding.status_endret", "TILBAKETRUKKET"],
    ]);
    // The consignee's own history says whose notification gave way; its own is on the certificate: released.
    const opprettet = (await historikk(kari(), egen.id)).hendelser.find((h) => h.type === "OPPRETTET")!;
    expect(opprettet.linjer).toContain(
      "Forhåndsmeldingen fra Blomsterbud Vest AS avd. Stord (org.nr. 912 346 447) ble trukket tilbake",
    );
    expect(egen.ansvarligPaaSertifikatet).toBe(true);
    const frigitt = await kari().put(`/${egen.id}/status`, { status: "REGISTRERT" });
    expect(await svar(frigitt)).toMatchObject({ status: "AUTOMATISK_FRIGITT" });
  });

  it("en annen virksomhets melding med fysisk kontroll venter også etter ankomst, og viker fortsatt", async () => {
    // Rose plants: physical control; no deviation and no risk, so released on arrival when it is the consignee's.
    const a = await annenSendInn([LINJER.roseplanter]);
    expect(a.status).toBe("REGISTRERT");
    expect(await ankommet(ingrid(), a.id)).toBe("ANKOMMET");
    const ankomst = (await historikk(ingrid(), a.id)).hendelser[0]!;
    expect(ankomst).toMatchObject({ tilStatus: "ANKOMMET", detaljer: { avvik: [] } });
    expect(ankomst.linjer).toEqual([
      "Ingen avvik",
      bokmaal(VENTEGRUNN_TEKST.ANSVARLIG_IKKE_PAA_SERTIFIKATET),
    ]);
    expect(await utfallEposter(a.id)).toEqual([]);
    // Arrived under another organisation's notification, not the consignee's: it still gives way.
    expect((await sertifikat(KARI, ORG.hagelandDrammen, hageland, a.s)).annenForhaandsmelding).toMatchObject({
      status: "ANKOMMET",
      vedNyMelding: "TILBAKETRUKKET",
    });
    expect((await kari().post("", opprettBody(a.s, hageland))).status).toBe(201);
    expect(await status(a.id)).toBe("TILBAKETRUKKET");
    const trukket = (await historikk(ingrid(), a.id)).hendelser[0]!;
    expect(trukket).toMatchObject({
      fraStatus: "ANKOMMET",
      tilStatus: "TILBAKETRUKKET",
      utfoertAv: "Mattilsynet",
    });
  });

  it("en melding som ble frigitt automatisk før regelen, viker også: Mattilsynet så den aldri", async () => {
    const a = await annenSendInn([LINJER.snittroser]);
    // As the service did before issue 34: released automatically at once.
    await api.handle.db
      .updateTable("importmelding")
      .set({ status: "AUTOMATISK_FRIGITT" })
      .where("id", "=", a.id)
      .execute();
    expect((await sertifikat(KARI, ORG.hagelandDrammen, hageland, a.s)).annenForhaandsmelding).toMatchObject({
      status: "AUTOMATISK_FRIGITT",
      vedNyMelding: "TILBAKETRUKKET",
    });
    expect((await kari().post("", opprettBody(a.s, hageland))).status).toBe(201);
    expect(await status(a.id)).toBe("TILBAKETRUKKET");
  });

  it("vurdert av Mattilsynet står, og mottakeren får vite hvem som har den og hvem den skal kontakte", async () => {
    const b = await annenSendInn([LINJER.roseplanter]);
    // Mattilsynet's case system, with a token from the same Maskinporten (ADR 045).
    const mattilsynet = await mp.nyKlient("mattilsynet-mottaker", TEST_MYNDIGHET_ORGNR, [
      MYNDIGHET_SCOPES.vurdering,
    ]);
    const { nummer } = await api.handle.db
      .selectFrom("importmelding")
      .select("nummer")
      .where("id", "=", b.id)
      .executeTakeFirstOrThrow();
    const vurdert = await api.fetch(`/myndighet/v2/importmeldinger/${nummer}/vurdering`, {
      method: "POST",
      json: { status: "FRIGITT" },
      headers: { authorization: `Bearer ${await hentToken(mattilsynet, [MYNDIGHET_SCOPES.vurdering])}` },
    });
    expect(vurdert.status).toBe(200);
    const visning = await sertifikat(KARI, ORG.hagelandDrammen, hageland, b.s);
    expect(visning.annenForhaandsmelding).toMatchObject({ status: "FRIGITT", vedNyMelding: null });
    expect(visning.kanOppretteImportmelding).toBe(false);
    const nei = await kari().post("", opprettBody(b.s, hageland));
    expect(await svar(nei)).toEqual(
      problem(
        409,
        "Det finnes allerede en forhåndsmelding for dette sertifikatet: Blomsterbud Vest AS avd. Stord (org.nr. 912 346 447) har en forhåndsmelding for det med status «Frigitt». Kontakt Mattilsynet hvis dere mener den ikke skulle vært sendt.",
      ),
    );
    // the same 409 in the caller's language (issue 33 item 5): the status name too
    const engelsk = await api.fetch(`${kari().basis}`, {
      pid: KARI,
      method: "POST",
      headers: { "Accept-Language": "en-GB" },
      json: opprettBody(b.s, hageland),
    });
    expect(await svar(engelsk)).toEqual(
      problem(
        409,
        "A prior notification already exists for this certificate: Blomsterbud Vest AS avd. Stord (org. no. 912 346 447) has a prior notification for it with the status «Released». Contact Mattilsynet (the Norwegian Food Safety Authority) if you believe it should not have been submitted.",
      ),
    );
    expect(await status(b.id)).toBe("FRIGITT");
  });

  it("med maskintoken: eksempelklientens reise gir en melding som venter, og mottakerens system får melde", async () => {
    // Blomsterbud Stord's system finds a certificate addressed to Hageland by its keys and does the journey.
    const stordKlient = await mp.nyKlient("lager-stord", ORG.blomsterbudStord);
    const hdKlient = await mp.nyKlient("lager-hd-mottaker", ORG.hagelandDrammen);
    for (const [klientId, orgnr, pid] of [
      ["lager-stord", ORG.blomsterbudStord, INGRID],
      ["lager-hd-mottaker", ORG.hagelandDrammen, KARI],
    ] as const) {
      const res = await api.fetch(`/import/register/v1/${orgnr}/systemtilgang`, {
        pid,
        method: "POST",
        json: { klientId, klientNavn: "Lagersystemet", scopes: ["read", "write"] },
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const s = await lagSertifikat(api.handle.db, {
      mottakerOrgnr: ORG.hagelandDrammen,
      linjer: [LINJER.snittroser],
    });
    const stordToken = await hentToken(stordKlient);
    await apiKlient(api.url, stordToken)(
      "GET",
      `/import/v2/${ORG.blomsterbudStord}/${stord}/sertifikat?${new URLSearchParams({ sertifikatnummer: s.nummer, dato: s.utstedtDato, avsenderland: s.eksportLand })}`,
    );
    const reise = await forhaandsmeldingsreise({
      apiUrl: api.url,
      token: stordToken,
      orgnr: ORG.blomsterbudStord,
      sertifikatnummer: s.nummer,
    });
    expect(reise.status).toBe("REGISTRERT");
    expect(reise.historikk.hendelser[0]!.linjer).toContain(
      bokmaal(VENTEGRUNN_TEKST.ANSVARLIG_IKKE_PAA_SERTIFIKATET),
    );
    const stordFeed = () =>
      lesHendelser({
        apiUrl: api.url,
        orgnr: ORG.blomsterbudStord,
        importoerId: stord,
        hentToken: () => hentToken(stordKlient, [SCOPES[0]!]),
      }).then(({ hendelser }) =>
        hendelser
          .filter((h) => (h.data.importmelding as { id?: number } | undefined)?.id === reise.importmeldingId)
          .map((h) => [h.type, h.data.status]),
      );
    expect(await stordFeed()).toEqual([["importmelding.status_endret", "REGISTRERT"]]);

    // Hageland's own system does the same journey on the certificate: created, submitted, released.
    const egen = await forhaandsmeldingsreise({
      apiUrl: api.url,
      token: await hentToken(hdKlient),
      orgnr: ORG.hagelandDrammen,
      sertifikatnummer: s.nummer,
    });
    expect(egen.status).toBe("AUTOMATISK_FRIGITT");
    expect(await status(reise.importmeldingId)).toBe("TILBAKETRUKKET");
    expect(await stordFeed()).toEqual([
      ["importmelding.status_endret", "REGISTRERT"],
      ["importmelding.status_endret", "TILBAKETRUKKET"],
    ]);
  });

  it("mottakskontrolløren mottakeren har utnevnt, kan melde for mottakeren, men ikke for seg selv", async () => {
    const { s, id } = await annensUtkast();
    const visning = await sertifikat(OLA, ORG.grontMottakOslo, gront, s);
    expect(visning.annenForhaandsmelding).toMatchObject({ vedNyMelding: "SLETTET" });
    // only Hageland (on the certificate) may be made responsible when the other draft gives way
    expect(visning.kandidatImportoerer.map((k) => k.id)).toEqual([hageland]);
    expect((await ola().post("", opprettBody(s, gront))).status).toBe(409);
    expect(await status(id)).toBe("UNDER_REGISTRERING");
    const res = await ola().post("", opprettBody(s, hageland));
    expect(res.status).toBe(201);
    expect(await status(id)).toBe("SLETTET");
  });

  it("to samtidige forsøk fra mottakeren gir én melding, og den andres utkast slettes én gang", async () => {
    const { s, id } = await annensUtkast();
    const svarene = await Promise.all([
      kari().post("", opprettBody(s, hageland)),
      kari().post("", opprettBody(s, hageland)),
    ]);
    expect(svarene.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await status(id)).toBe("SLETTET");
    const levende = await api.handle.db
      .selectFrom("importmelding as m")
      .innerJoin("sertifikat as s", "s.id", "m.sertifikat_id")
      .select("m.id")
      .where("s.nummer", "=", s.nummer)
      .where("m.status", "not in", ["SLETTET", "TILBAKETRUKKET"])
      .execute();
    expect(levende).toHaveLength(1);
    const hendelser = await api.handle.db
      .selectFrom("importmelding_hendelse")
      .select("til_status")
      .where("importmelding_id", "=", id)
      .where("til_status", "=", "SLETTET")
      .execute();
    expect(hendelser).toHaveLength(1);
  });
});
