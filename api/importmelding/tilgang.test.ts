// Access to the notification API: every endpoint needs a token (401); an importer the notification does not
// belong to gets 404 as if it did not exist (issue 22), a person who may not act for the importer 403, and
// nothing changes; the reception controller reaches only the reception-control endpoints, and only of the
// notifications it was chosen for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import {
  aktoer,
  basis,
  INGRID,
  importoerId,
  KARI,
  LINJER,
  lagSertifikat,
  OLA,
  PER,
  svar,
} from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { problem } from "../http/feil";

let api: TestApi;
let hageland: number;
let gront: number;
let blomster: number;
let melding: ImportmeldingVisning;
let utkast: ImportmeldingVisning;

beforeAll(async () => {
  api = await startTestApi();
  const db = api.handle.db;
  hageland = await importoerId(db, ORG.hagelandDrammen);
  gront = await importoerId(db, ORG.grontMottakOslo);
  blomster = await importoerId(db, ORG.blomsterbudBergen);
  const kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);

  const lag = async () => {
    const s = await lagSertifikat(db, { linjer: [LINJER.rhododendron] });
    const res = await kari.post("", {
      ansvarligImportoerId: hageland,
      eksportLand: s.eksportLand,
      nummer: s.nummer,
      utstedtDato: s.utstedtDato,
    });
    const { id } = (await res.json()) as { id: number };
    return (await (await kari.get(`/${id}`)).json()) as ImportmeldingVisning;
  };
  // A registered notification with Grønt Mottak as reception controller, and a draft.
  melding = await lag();
  await kari.put(`/${melding.id}/innmelder`, { navn: "Kari", epost: "kari@hageland.example.no" });
  for (const q of melding.dokumentkontrollSpoersmaal) {
    await kari.put(`/${melding.id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: `${q.kode}_RIKTIG` });
  }
  await kari.put(`/${melding.id}/ankomstinfo/${melding.ankomstInfo[0]!.id}`, {
    ankomsttid: "2026-04-02T04:00:00.000Z",
    kontrollAdresse: { linje1: "Tollbugata 40", postnummer: "3044", poststed: "Drammen" },
    mottakskontrolloer: { importoerId: gront },
  });
  const reg = await kari.put(`/${melding.id}/status`, { status: "REGISTRERT" });
  expect(reg.status).toBe(200);
  melding = (await (await kari.get(`/${melding.id}`)).json()) as ImportmeldingVisning;
  utkast = await lag();
  // The draft has chosen Grønt Mottak as reception controller but is not sent.
  const valgt = await kari.put(`/${utkast.id}/ankomstinfo/${utkast.ankomstInfo[0]!.id}`, {
    ankomsttid: "2026-04-02T04:00:00.000Z",
    kontrollAdresse: { linje1: "Tollbugata 40", postnummer: "3044", poststed: "Drammen" },
    mottakskontrolloer: { importoerId: gront },
  });
  expect(valgt.status).toBe(204);
  utkast = (await (await kari.get(`/${utkast.id}`)).json()) as ImportmeldingVisning;
});
afterAll(async () => {
  await api?.close();
});

type Kall = {
  navn: string;
  method: string;
  sti: (m: ImportmeldingVisning) => string;
  json?: (m: ImportmeldingVisning) => unknown;
};

const KALL: Kall[] = [
  { navn: "GET detalj", method: "GET", sti: (m) => `/${m.id}` },
  { navn: "DELETE", method: "DELETE", sti: (m) => `/${m.id}` },
  {
    navn: "PUT innmelder",
    method: "PUT",
    sti: (m) => `/${m.id}/innmelder`,
    json: () => ({ navn: "X", epost: "x@y.no" }),
  },
  {
    navn: "PUT egenreferanse",
    method: "PUT",
    sti: (m) => `/${m.id}/egenreferanse`,
    json: () => ({ egenReferanse: "X" }),
  },
  {
    navn: "PUT dokumentspørsmål",
    method: "PUT",
    sti: (m) => `/${m.id}/kontrollspoersmaal/${m.dokumentkontrollSpoersmaal[0]!.id}`,
    json: () => ({ kontrollSvar: "DOKUMENT_TILSIKTET_BRUK_RIKTIG" }),
  },
  {
    navn: "PUT mottaksspørsmål",
    method: "PUT",
    sti: (m) => `/${m.id}/kontrollspoersmaal/${m.mottakskontrollSpoersmaal[0]!.id}`,
    json: () => ({ kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_RIKTIG" }),
  },
  {
    navn: "PUT ankomstinfo",
    method: "PUT",
    sti: (m) => `/${m.id}/ankomstinfo/${m.ankomstInfo[0]!.id}`,
    json: () => ({
      ankomsttid: "2026-04-03T04:00:00.000Z",
      kontrollAdresse: { linje1: "Annen vei 1", postnummer: "0150", poststed: "Oslo" },
      mottakskontrolloer: { importoerId: gront, navn: "X", telefonnummer: "1" },
    }),
  },
  { navn: "GET mottakskontrollører", method: "GET", sti: (m) => `/${m.id}/mottakskontrolloerer` },
  {
    navn: "PUT mottakskontroll",
    method: "PUT",
    sti: (m) => `/${m.id}/mottakskontroll`,
    json: () => [{ varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 1 }] }],
  },
  {
    navn: "PUT status REGISTRERT",
    method: "PUT",
    sti: (m) => `/${m.id}/status`,
    json: () => ({ status: "REGISTRERT" }),
  },
  {
    navn: "PUT status ANKOMMET",
    method: "PUT",
    sti: (m) => `/${m.id}/status`,
    json: () => ({ status: "ANKOMMET" }),
  },
  {
    navn: "PUT status TILBAKETRUKKET",
    method: "PUT",
    sti: (m) => `/${m.id}/status`,
    json: () => ({ status: "TILBAKETRUKKET" }),
  },
  { navn: "GET kvittering", method: "GET", sti: (m) => `/${m.id}/kvittering` },
];

async function tilstand(id: number) {
  const db = api.handle.db;
  const [m, svarene, ankomst, mengder] = await Promise.all([
    db.selectFrom("importmelding").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    db
      .selectFrom("kontrollspoersmaal")
      .selectAll()
      .where("importmelding_id", "=", id)
      .orderBy("id")
      .execute(),
    db.selectFrom("ankomstinfo").selectAll().where("importmelding_id", "=", id).execute(),
    db.selectFrom("faktisk_mengde").selectAll().where("importmelding_id", "=", id).execute(),
  ]);
  return { m, svarene, ankomst, mengder };
}

describe("uten token", () => {
  it.each(KALL.map((k) => [k.navn, k] as const))("%s gives 401", async (_navn, k) => {
    const res = await api.fetch(`${basis(ORG.hagelandDrammen, hageland)}${k.sti(melding)}`, {
      method: k.method,
      ...(k.json ? { json: k.json(melding) } : {}),
    });
    expect(res.status).toBe(401);
    expect(await svar(res)).toEqual(problem(401, "Mangler gyldig tilgangstoken"));
  });

  it("gives 401 on creation too", async () => {
    expect((await api.fetch(basis(ORG.hagelandDrammen, hageland), { method: "POST", json: {} })).status).toBe(
      401,
    );
  });
});

describe("fremmed importør", () => {
  const fremmede = () => [
    // Another importer's notification: 404 with the body of a missing one.
    {
      hvem: "Blomsterbud (Ingrid)",
      a: aktoer(api, INGRID, ORG.blomsterbudBergen, blomster),
      melding: "Fant ikke forhåndsmeldingen",
      status: 404,
    },
    // Kari may act for Nordisk Plantesalg, which is not a registered importer: 403 from the importer check.
    {
      hvem: "Kari med Blomsterbuds importør-id",
      a: aktoer(api, KARI, ORG.hagelandDrammen, blomster),
      melding: undefined,
      status: 403,
    },
    {
      hvem: "Per uten delegering",
      a: aktoer(api, PER, ORG.hagelandDrammen, hageland),
      melding: undefined,
      status: 403,
    },
  ];

  it.each(KALL.map((k) => [k.navn, k] as const))(
    "%s gives 404 or 403 and changes nothing",
    async (_navn, k) => {
      for (const m of [melding, utkast]) {
        const foer = await tilstand(m.id);
        for (const f of fremmede()) {
          const res = await (k.method === "GET"
            ? f.a.get(k.sti(m))
            : k.method === "DELETE"
              ? f.a.del(k.sti(m))
              : f.a.put(k.sti(m), k.json?.(m)));
          expect(res.status, `${f.hvem} ${m.status}`).toBe(f.status);
          const body = await svar<{ status: number; detail: string }>(res);
          expect(body.status).toBe(f.status);
          if (f.melding) expect(body.detail).toBe(f.melding);
        }
        expect(await tilstand(m.id)).toEqual(foer);
      }
    },
  );

  it("refuses creation through an organisation the person may not act for", async () => {
    const s = await lagSertifikat(api.handle.db, { mottakerOrgnr: ORG.blomsterbudBergen });
    const body = {
      ansvarligImportoerId: blomster,
      eksportLand: s.eksportLand,
      nummer: s.nummer,
      utstedtDato: s.utstedtDato,
    };
    expect((await aktoer(api, KARI, ORG.blomsterbudBergen, blomster).post("", body)).status).toBe(403);
    expect((await aktoer(api, PER, ORG.blomsterbudBergen, blomster).post("", body)).status).toBe(403);
  });

  it("answers 404 for an id that does not exist, to the owner", async () => {
    const kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
    const res = await kari.get("/99999999");
    expect(res.status).toBe(404);
    expect(await svar(res)).toEqual(problem(404, "Fant ikke forhåndsmeldingen"));
  });

  it("leaves other paths under the base to other routes (no 400 for a non-numeric id)", async () => {
    const kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
    const res = await kari.get("/ikke-et-tall");
    expect(res.status).toBe(404);
    expect((await svar(res)).detail).toBe("Fant ikke ressursen");
  });
});

describe("mottakskontrollør", () => {
  it("reaches only the reception-control endpoints of the notification it was chosen for", async () => {
    const ola = aktoer(api, OLA, ORG.grontMottakOslo, gront);
    const tillatt = new Set([
      "GET detalj",
      "PUT mottaksspørsmål",
      "PUT ankomstinfo",
      "PUT mottakskontroll",
      "GET kvittering",
    ]);
    const foer = await tilstand(melding.id);
    for (const k of KALL) {
      if (k.navn === "PUT status ANKOMMET") continue; // would complete the control; covered in importmelding.test.ts
      const res = await (k.method === "GET"
        ? ola.get(k.sti(melding))
        : k.method === "DELETE"
          ? ola.del(k.sti(melding))
          : ola.put(k.sti(melding), k.json?.(melding)));
      if (tillatt.has(k.navn)) expect(res.status, k.navn).not.toBe(403);
      else expect(res.status, k.navn).toBe(403);
    }
    const etter = await tilstand(melding.id);
    // The controller changed only its own name and phone, not the importer's address or time.
    expect(etter.ankomst[0]).toMatchObject({
      adresse_linje1: foer.ankomst[0]!.adresse_linje1,
      ankomsttid: foer.ankomst[0]!.ankomsttid,
      mottakskontrolloer_id: gront,
      mottakskontrolloer_navn: "X",
      mottakskontrolloer_telefon: "1",
    });
    expect(etter.m.ansvarlig_importoer_id).toBe(hageland);
    // A draft's chosen controller has no access before submission: to it the draft does not exist (404),
    // not even for the reception control.
    expect(utkast.status).toBe("UNDER_REGISTRERING");
    expect(utkast.ankomstInfo[0]!.mottakskontrolloer?.importoerId).toBe(gront);
    const foerUtkast = await tilstand(utkast.id);
    for (const k of KALL.filter((k) => tillatt.has(k.navn))) {
      const res = await (k.method === "GET"
        ? ola.get(k.sti(utkast))
        : ola.put(k.sti(utkast), k.json?.(utkast)));
      expect(res.status, `utkast: ${k.navn}`).toBe(404);
    }
    expect(await tilstand(utkast.id)).toEqual(foerUtkast);
  });

  it("may not name another company as controller", async () => {
    const ola = aktoer(api, OLA, ORG.grontMottakOslo, gront);
    const res = await ola.put(`/${melding.id}/ankomstinfo/${melding.ankomstInfo[0]!.id}`, {
      mottakskontrolloer: { importoerId: blomster, navn: "Ola", telefonnummer: "92345678" },
    });
    expect(res.status).toBe(403);
  });
});
