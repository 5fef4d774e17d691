// The consignee is never locked out (issue 22 item 1, ADR 027), both sides, over real HTTP and a real
// database: another organisation that found a certificate by its keys and made a notification of it does
// not block the importer named on the certificate (nor the reception controller it appointed). A draft is
// deleted and a submitted one withdrawn when the named importer creates its own; from arrival on it stays.
// The named importer sees who made it; the other organisation learns nothing of the consignee's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import {
  aktoer,
  INGRID,
  importoerId,
  KARI,
  LINJER,
  lagSertifikat,
  OLA,
  svar,
  type TestSertifikat,
  vurderSomMyndighet,
} from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { problem } from "../http";

let api: TestApi;
let hageland: number;
let stord: number;
let gront: number;

beforeAll(async () => {
  api = await startTestApi();
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
}, 120_000);
afterAll(async () => {
  await api?.close();
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

  it("en innsendt melding fra en annen virksomhet trekkes tilbake; fra ankomst står den", async () => {
    const sendInn = async (id: number) => {
      const m = await svar<ImportmeldingVisning>(await ingrid().get(`/${id}`));
      await ingrid().put(`/${id}/innmelder`, { navn: "Ingrid", epost: "ingrid@blomsterbud.example.no" });
      for (const q of m.dokumentkontrollSpoersmaal) {
        await ingrid().put(`/${id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: `${q.kode}_RIKTIG` });
      }
      const ankomst = await ingrid().put(`/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, {
        ankomsttid: "2026-04-02T04:00:00.000Z",
        kontrollAdresse: { linje1: "Sjøgata 1", postnummer: "5411", poststed: "Stord" },
        mottakskontrolloer: { importoerId: stord },
      });
      expect(ankomst.status, await ankomst.clone().text()).toBeLessThan(300);
      const r = await ingrid().put(`/${id}/status`, { status: "REGISTRERT" });
      expect(r.status, await r.clone().text()).toBe(200);
    };

    const a = await annensUtkast();
    await sendInn(a.id);
    expect((await sertifikat(KARI, ORG.hagelandDrammen, hageland, a.s)).annenForhaandsmelding).toMatchObject({
      status: "REGISTRERT",
      vedNyMelding: "TILBAKETRUKKET",
    });
    expect((await kari().post("", opprettBody(a.s, hageland))).status).toBe(201);
    expect(await status(a.id)).toBe("TILBAKETRUKKET");

    // Assessed by the authority: the shipment has been handled under that notification, so it stays.
    const b = await annensUtkast();
    await sendInn(b.id);
    const vurdert = await vurderSomMyndighet(api, b.id, { status: "FRIGITT" });
    expect(vurdert.status).toBe(200);
    const visning = await sertifikat(KARI, ORG.hagelandDrammen, hageland, b.s);
    expect(visning.annenForhaandsmelding).toMatchObject({ status: "FRIGITT", vedNyMelding: null });
    expect(visning.kanOppretteImportmelding).toBe(false);
    expect((await kari().post("", opprettBody(b.s, hageland))).status).toBe(409);
    expect(await status(b.id)).toBe("FRIGITT");
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
