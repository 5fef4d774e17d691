// The notification API over real HTTP on a real database: creation and its refusals, the wizard's saves,
// the state machine (illegal transitions, double submit, stale versions), the reception controller, the
// authority's assessment, automatic release, deletion and the receipt.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import { FOR_GAMMELT_SERTIFIKAT_MELDING } from "../../domain/sertifikat";
import {
  aktoer,
  ankomstFor,
  dagerSiden,
  INGRID,
  INNMELDER,
  importoerId,
  KARI,
  klarTilInnsending as klarMelding,
  LINJER,
  lagSertifikat,
  OLA,
  RIKTIG,
  svar,
  type TestSertifikat,
  VEDTAKSBREV,
  vurderSomMyndighet,
} from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { problem } from "../http/feil";

let api: TestApi;
let hageland: number;
let gront: number;
let blomster: number;
let kari: ReturnType<typeof aktoer>;
let ola: ReturnType<typeof aktoer>;

beforeAll(async () => {
  api = await startTestApi();
  const db = api.handle.db;
  hageland = await importoerId(db, ORG.hagelandDrammen);
  gront = await importoerId(db, ORG.grontMottakOslo);
  blomster = await importoerId(db, ORG.blomsterbudBergen);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
  ola = aktoer(api, OLA, ORG.grontMottakOslo, gront);
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.handle.db;

function opprettBody(s: TestSertifikat, ansvarlig = hageland) {
  return {
    ansvarligImportoerId: ansvarlig,
    eksportLand: s.eksportLand,
    nummer: s.nummer,
    utstedtDato: s.utstedtDato,
  };
}

async function opprett(s: TestSertifikat): Promise<number> {
  const res = await kari.post("", opprettBody(s));
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function hent(id: number, a = kari): Promise<ImportmeldingVisning> {
  const res = await a.get(`/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ImportmeldingVisning;
}

const innmelder = INNMELDER;

function ankomstBody(m: ImportmeldingVisning, kontrolloer: number | null = gront) {
  return ankomstFor(m, kontrolloer);
}

/** A draft with innmelder, every document question answered correctly and arrival info: ready to send. */
const klarTilInnsending = (s: TestSertifikat) =>
  klarMelding(kari, s, { ansvarlig: hageland, kontrolloer: gront });

async function registrer(id: number, a = kari) {
  return a.put(`/${id}/status`, { status: "REGISTRERT" });
}

async function hendelser(id: number) {
  return (
    db()
      .selectFrom("importmelding_hendelse")
      .select(["fra_status", "til_status", "utfoert_av", "merknad"])
      .where("importmelding_id", "=", id)
      // the status changes (the history's other events are checked in historikk.test.ts)
      .where("til_status", "is not", null)
      .orderBy("id")
      .execute()
  );
}

const vurder = (id: number, body: unknown) => vurderSomMyndighet(api, id, body);

describe("opprettelse", () => {
  it("creates a draft with its questions and an empty arrival entry, and audits it", async () => {
    const s = await lagSertifikat(db(), { linjer: [LINJER.rhododendron] });
    const id = await opprett(s);
    const m = await hent(id);
    expect(m).toMatchObject({
      id,
      status: "UNDER_REGISTRERING",
      statusTekst: "Påbegynt",
      kategori: "PAABEGYNT",
      kunDokumentkontroll: false,
      innmelder: null,
      harLestRegelverk: true,
      eksportLand: { kode: "NL", navn: "Nederland" },
      alleOpprinnelsesland: [{ kode: "NL", navn: "Nederland" }],
      ansvarligImportoer: { id: hageland, organisasjonsnummer: ORG.hagelandDrammen },
      sertifikat: { nummer: s.nummer, utstedtDato: s.utstedtDato, avsenderland: "NL", type: "Eksport" },
      erRegistrert: false,
      dokumentkontrollFerdig: false,
      ankomstRegistrert: false,
      kanSendesInn: false,
      tilgang: { eier: true, mottakskontrolloer: false },
    });
    expect(m.nummer).toMatch(/^IM-\d{4}-\d+$/);
    expect(m.dokumentkontrollSpoersmaal.map((q) => [q.path, q.rekkefoelge])).toEqual([
      ["tilsiktetbruk", 1],
      ["opprinnelsessted", 2],
    ]);
    expect(m.mottakskontrollSpoersmaal.map((q) => q.path)).toEqual(["innhold-samsvarer", "skadegjoerere"]);
    expect(m.dokumentkontrollSpoersmaal[0]!.svarAlternativer.map((a) => [a.kontrollSvar, a.erAvvik])).toEqual(
      [
        ["DOKUMENT_TILSIKTET_BRUK_RIKTIG", false],
        ["DOKUMENT_TILSIKTET_BRUK_AVVIK", true],
      ],
    );
    expect(m.ankomstInfo).toEqual([
      {
        id: expect.any(Number),
        ankomsttid: null,
        ankomstTid: null,
        kontrollAdresse: { linje1: null, linje2: null, postnummer: null, poststed: null },
        mottakskontrolloer: null,
        sendingAnkommet: false,
        erRegistrert: false,
      },
    ]);
    expect(m.varelinjer[0]).toMatchObject({
      sorteringsnummer: 1,
      botaniskNavn: "Rhododendron",
      mengde: { antall: { verdi: 50, enhet: "H87", faktiskVerdi: null } },
    });
    expect(await hendelser(id)).toEqual([
      expect.objectContaining({
        fra_status: null,
        til_status: "UNDER_REGISTRERING",
        utfoert_av: `importoer:${hageland} person:${KARI}`,
      }),
    ]);
  });

  it("gives re-export and declaration questions when the certificate calls for them", async () => {
    const s = await lagSertifikat(db(), {
      type: "Reeksport",
      linjer: [LINJER.snittroser],
      erklaeringer: ["The consignment is free from Thrips palmi."],
    });
    const m = await hent(await opprett(s));
    expect(m.kunDokumentkontroll).toBe(true);
    expect(m.mottakskontrollSpoersmaal).toEqual([]);
    expect(m.dokumentkontrollSpoersmaal.map((q) => q.kode)).toEqual([
      "DOKUMENT_REEKSPORT",
      "DOKUMENT_TILLEGGSERKLAERING",
      "DOKUMENT_TILSIKTET_BRUK",
    ]);
    expect(m.tilleggserklaering.tilleggserklaeringer).toEqual(["The consignment is free from Thrips palmi."]);
  });

  it("refuses a certificate the importer cannot see or that does not exist (404)", async () => {
    const annen = await lagSertifikat(db(), { mottakerOrgnr: ORG.blomsterbudBergen });
    const res = await kari.post("", opprettBody(annen));
    expect(res.status).toBe(404);
    expect(await svar(res)).toEqual(problem(404, "Fant ikke sertifikatet"));
    const feilDato = await kari.post("", { ...opprettBody(annen), utstedtDato: "2020-01-01" });
    expect(feilDato.status).toBe(404);
  });

  it("finds the certificate by country and number, with the issue date as a date or ISO time (±2 days)", async () => {
    const s = await lagSertifikat(db());
    const res = await kari.post("", {
      ...opprettBody(s),
      nummer: s.nummer.toLowerCase(),
      utstedtDato: `${s.utstedtDato}T22:30:00.000Z`,
    });
    expect(res.status).toBe(201);
    const s2 = await lagSertifikat(db(), { dagerGammel: 5 });
    expect((await kari.post("", { ...opprettBody(s2), utstedtDato: dagerSiden(3) })).status).toBe(201);
    const s3 = await lagSertifikat(db(), { dagerGammel: 5 });
    expect((await kari.post("", { ...opprettBody(s3), utstedtDato: dagerSiden(2) })).status).toBe(404);
  });

  it("refuses a responsible importer the caller may not act for (403)", async () => {
    const s = await lagSertifikat(db());
    const res = await kari.post("", opprettBody(s, blomster));
    expect(res.status).toBe(403);
    expect((await svar(res)).status).toBe(403);
  });

  it("refuses an importer that has not confirmed the regulations, with 'kjennskap'", async () => {
    const s = await lagSertifikat(db(), { mottakerOrgnr: ORG.blomsterbudBergen });
    const ingrid = aktoer(api, INGRID, ORG.blomsterbudBergen, blomster);
    const res = await ingrid.post("", opprettBody(s, blomster));
    expect(res.status).toBe(400);
    expect(await svar(res)).toEqual(problem(400, "Bedrift har ikke bekreftet kjennskap til regelverket"));
  });

  it("refuses a certificate older than 14 days, and accepts one of exactly 14", async () => {
    const gammel = await lagSertifikat(db(), { dagerGammel: 15 });
    const res = await kari.post("", opprettBody(gammel));
    expect(res.status).toBe(400);
    expect((await svar(res)).detail).toBe(FOR_GAMMELT_SERTIFIKAT_MELDING);
    const grense = await lagSertifikat(db(), { dagerGammel: 14 });
    expect((await kari.post("", opprettBody(grense))).status).toBe(201);
  });

  it("refuses a country without a paperless agreement, a withdrawn and a replaced certificate", async () => {
    const us = await lagSertifikat(db(), { eksportland: "US" });
    const r1 = await kari.post("", opprettBody(us));
    expect(r1.status).toBe(400);
    expect((await svar(r1)).detail).toMatch(/^Sertifikater fra USA kan ikke meldes digitalt/);

    const trukket = await lagSertifikat(db(), { status: "40" });
    const r2 = await kari.post("", opprettBody(trukket));
    expect(r2.status).toBe(400);
    expect((await svar(r2)).detail).toBe(
      "Sertifikatet er trukket tilbake av eksportlandet og kan ikke meldes",
    );

    const gammelt = await lagSertifikat(db());
    await lagSertifikat(db(), { erstatter: gammelt.nummer });
    const r3 = await kari.post("", opprettBody(gammelt));
    expect(r3.status).toBe(400);
    expect((await svar(r3)).detail).toMatch(/erstattet av et nyere sertifikat/);
    const antall = await db()
      .selectFrom("importmelding")
      .select("id")
      .where("sertifikat_id", "in", [us.id, trukket.id, gammelt.id])
      .execute();
    expect(antall).toEqual([]);
  });

  it("refuses a second live notification for the certificate with 409 and its id", async () => {
    const s = await lagSertifikat(db());
    const id = await opprett(s);
    const res = await kari.post("", opprettBody(s));
    expect(res.status).toBe(409);
    expect(await svar(res)).toEqual(
      problem(409, "Det finnes allerede en forhåndsmelding for dette sertifikatet", { importMeldingId: id }),
    );
    // Concurrent creation: exactly one wins.
    const s2 = await lagSertifikat(db());
    const [a, b] = await Promise.all([kari.post("", opprettBody(s2)), kari.post("", opprettBody(s2))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it("lets a reception controller create for the importer it controls for", async () => {
    const s = await lagSertifikat(db());
    await db()
      .insertInto("sertifikat_tilgang")
      .values({ sertifikat_id: s.id, importoer_id: gront })
      .execute();
    const res = await ola.post("", { ...opprettBody(s, hageland), ansvarligDokumentkontrollId: gront });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const m = await hent(id);
    expect(m.ansvarligImportoer.id).toBe(hageland);
    expect(m.ansvarligDokumentkontroll?.id).toBe(gront);
    expect((await hent(id, ola)).tilgang).toEqual({ eier: true, mottakskontrolloer: false });
  });

  it("validates the body with clear messages", async () => {
    const res = await kari.post("", { eksportLand: "NL" });
    expect(res.status).toBe(400);
    expect((await svar(res)).detail).toBe("Ansvarlig importør mangler");
  });
});

describe("utfylling og innsending", () => {
  it("runs the whole happy path: create → innmelder → answers → arrival → REGISTRERT", async () => {
    const s = await lagSertifikat(db(), { linjer: [LINJER.rhododendron] });
    const id = await opprett(s);
    expect((await kari.put(`/${id}/innmelder`, innmelder)).status).toBe(204);
    expect((await kari.put(`/${id}/egenreferanse`, { egenReferanse: "PO-4711" })).status).toBe(204);

    let m = await hent(id);
    expect(m.innmelder).toEqual(innmelder);
    expect(m.egenReferanse).toBe("PO-4711");
    const [bruk, sted] = m.dokumentkontrollSpoersmaal;
    expect(
      (
        await kari.put(`/${id}/kontrollspoersmaal/${bruk!.id}`, {
          id: bruk!.id,
          kontrollSvar: "DOKUMENT_TILSIKTET_BRUK_RIKTIG",
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await kari.put(`/${id}/kontrollspoersmaal/${sted!.id}`, {
          kontrollSvar: "DOKUMENT_OPPRINNELSESSTED_AVVIK",
          kommentar: "Produksjonssted mangler for linje 1",
        })
      ).status,
    ).toBe(204);

    const valg = await kari.get(`/${id}/mottakskontrolloerer`);
    expect(await valg.json()).toEqual([
      { importoerId: gront, navn: "Grønt Mottak AS avd. Alnabru", organisasjonsnummer: ORG.grontMottakOslo },
    ]);
    const utenKontrolloer = await kari.put(
      `/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`,
      ankomstBody(m, null),
    );
    expect(utenKontrolloer.status).toBe(400);
    expect((await svar(utenKontrolloer)).detail).toBe("Du er nødt til å velge en mottakskontrollør.");
    const ukjent = await kari.put(`/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, ankomstBody(m, blomster));
    expect(ukjent.status).toBe(400);
    expect((await svar(ukjent)).detail).toBe("Vi fant ikke mottakskontrolløren du har valgt.");
    expect((await kari.put(`/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, ankomstBody(m))).status).toBe(204);

    m = await hent(id);
    expect(m.ankomstInfo[0]).toMatchObject({
      ankomsttid: "2026-04-02T08:00:00.000Z",
      ankomstTid: { dato: "2026-04-02", klokkeslett: "10:00" },
      kontrollAdresse: { linje1: "Tollbugata 40", postnummer: "3044", poststed: "Drammen" },
      mottakskontrolloer: { importoerId: gront, virksomhetNavn: "Grønt Mottak AS avd. Alnabru" },
      erRegistrert: true,
    });
    expect(m.dokumentkontrollSpoersmaal[1]!.kontrollSvar).toEqual({
      kontrollSvar: "DOKUMENT_OPPRINNELSESSTED_AVVIK",
      tekst: expect.any(String),
      kommentar: "Produksjonssted mangler for linje 1",
      avvik: true,
    });
    expect(m).toMatchObject({ dokumentkontrollFerdig: true, ankomstRegistrert: true, kanSendesInn: true });

    const res = await registrer(id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; statusEndret: string };
    expect(body.status).toBe("REGISTRERT");
    expect(Number.isNaN(Date.parse(body.statusEndret))).toBe(false);
    m = await hent(id);
    expect(m).toMatchObject({
      status: "REGISTRERT",
      erRegistrert: true,
      kategori: "REGISTRERT",
      kanSendesInn: false,
    });
    expect((await hendelser(id)).map((h) => h.til_status)).toEqual(["UNDER_REGISTRERING", "REGISTRERT"]);

    // A second REGISTRERT is refused and changes nothing.
    const igjen = await registrer(id);
    expect(igjen.status).toBe(409);
    expect((await svar(igjen)).detail).toBe("Forhåndsmeldingen er allerede sendt inn");
    expect((await hent(id)).versjon).toBe(m.versjon);
    expect((await hendelser(id)).length).toBe(2);

    // Document answers and innmelder are locked after submission; the own reference is not.
    const laast = await kari.put(`/${id}/kontrollspoersmaal/${bruk!.id}`, {
      kontrollSvar: "DOKUMENT_TILSIKTET_BRUK_AVVIK",
      kommentar: "x",
    });
    expect(laast.status).toBe(400);
    expect((await svar(laast)).detail).toBe(
      "Forhåndsmeldingen kan ikke endres i status Registrert (REGISTRERT)",
    );
    expect((await kari.put(`/${id}/innmelder`, innmelder)).status).toBe(400);
    expect((await kari.put(`/${id}/egenreferanse`, { egenReferanse: null })).status).toBe(204);
    expect((await hent(id)).egenReferanse).toBeNull();
  });

  it("refuses to send an incomplete draft and says what is missing", async () => {
    const s = await lagSertifikat(db());
    const id = await opprett(s);
    const r1 = await registrer(id);
    expect(r1.status).toBe(400);
    expect((await svar(r1)).detail).toBe("Du må fylle ut innmelder før forhåndsmeldingen kan sendes inn");
    await kari.put(`/${id}/innmelder`, innmelder);
    const r2 = await registrer(id);
    expect((await svar(r2)).detail).toMatch(/alle spørsmålene i dokumentkontrollen/);
    const m = await hent(id);
    await kari.put(`/${id}/kontrollspoersmaal/${m.dokumentkontrollSpoersmaal[0]!.id}`, {
      kontrollSvar: "DOKUMENT_TILSIKTET_BRUK_RIKTIG",
    });
    const r3 = await registrer(id);
    expect((await svar(r3)).detail).toBe(
      "Du må fylle ut ankomststed, dato og tidspunkt før forhåndsmeldingen kan sendes inn",
    );
    expect((await hent(id)).status).toBe("UNDER_REGISTRERING");
  });

  it("refuses REGISTRERT when the regulations are not confirmed, with 'kjenskap'", async () => {
    const m = await klarTilInnsending(await lagSertifikat(db()));
    await db()
      .updateTable("importoer")
      .set({ har_lest_regelverk: false })
      .where("id", "=", hageland)
      .execute();
    try {
      const res = await registrer(m.id);
      expect(res.status).toBe(400);
      expect(await svar(res)).toEqual(problem(400, "Bedrift har ikke bekreftet kjenskap til regelverket"));
      expect((await hent(m.id)).status).toBe("UNDER_REGISTRERING");
    } finally {
      await db()
        .updateTable("importoer")
        .set({ har_lest_regelverk: true })
        .where("id", "=", hageland)
        .execute();
    }
    expect((await registrer(m.id)).status).toBe(200);
  });

  it("refuses REGISTRERT when the responsible importer, not the one sending, has not confirmed the regulations", async () => {
    // Grønt Mottak (confirmed) prepares and sends a notification for Blomsterbud Bergen, which it controls
    // for and which has not confirmed: the responsible importer confirms before it can be sent (ADR 007).
    const s = await lagSertifikat(db(), { mottakerOrgnr: ORG.blomsterbudBergen });
    await db()
      .insertInto("sertifikat_tilgang")
      .values({ sertifikat_id: s.id, importoer_id: gront })
      .execute();
    const bekreftet = await db()
      .selectFrom("importoer")
      .select(["id", "har_lest_regelverk"])
      .where("id", "in", [blomster, gront])
      .execute();
    expect(Object.fromEntries(bekreftet.map((r) => [r.id, r.har_lest_regelverk]))).toEqual({
      [blomster]: false,
      [gront]: true,
    });
    const opprettet = await ola.post("", opprettBody(s, blomster));
    expect(opprettet.status).toBe(201);
    const { id } = (await opprettet.json()) as { id: number };
    expect((await ola.put(`/${id}/innmelder`, innmelder)).status).toBe(204);
    const m = await hent(id, ola);
    expect(m.ansvarligImportoer.id).toBe(blomster);
    for (const q of m.dokumentkontrollSpoersmaal)
      expect(
        (await ola.put(`/${id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] })).status,
      ).toBe(204);
    const ankomst = ankomstBody(m, m.kunDokumentkontroll ? null : gront);
    expect((await ola.put(`/${id}/ankomstinfo/${ankomst.id}`, ankomst)).status).toBe(204);

    const res = await registrer(id, ola);
    expect(res.status).toBe(400);
    expect(await svar(res)).toEqual(problem(400, "Bedrift har ikke bekreftet kjenskap til regelverket"));
    expect((await hent(id, ola)).status).toBe("UNDER_REGISTRERING");

    await db()
      .updateTable("importoer")
      .set({ har_lest_regelverk: true })
      .where("id", "=", blomster)
      .execute();
    try {
      expect((await registrer(id, ola)).status).toBe(200);
    } finally {
      await db()
        .updateTable("importoer")
        .set({ har_lest_regelverk: false })
        .where("id", "=", blomster)
        .execute();
    }
  });

  it("registers once when two REGISTRERT requests race", async () => {
    const m = await klarTilInnsending(await lagSertifikat(db()));
    const [a, b] = await Promise.all([registrer(m.id), registrer(m.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const hendelse = (await hendelser(m.id)).filter((h) => h.til_status === "REGISTRERT");
    expect(hendelse).toHaveLength(1);
    expect((await hent(m.id)).versjon).toBe(m.versjon + 1);
  });

  it("refuses answers outside the allowed set and deviations without a comment, changing nothing", async () => {
    const s = await lagSertifikat(db(), { type: "Reeksport" });
    const id = await opprett(s);
    const m = await hent(id);
    const reeksport = m.dokumentkontrollSpoersmaal.find((q) => q.kode === "DOKUMENT_REEKSPORT")!;
    const bruk = m.dokumentkontrollSpoersmaal.find((q) => q.kode === "DOKUMENT_TILSIKTET_BRUK")!;
    const tilfeller: [number, unknown, string][] = [
      [
        reeksport.id,
        { kontrollSvar: "DOKUMENT_REEKSPORT_IKKE_KRAV" },
        "Svaret er ikke et gyldig alternativ for dette spørsmålet",
      ],
      [
        reeksport.id,
        { kontrollSvar: "DOKUMENT_TILSIKTET_BRUK_RIKTIG" },
        "Svaret er ikke et gyldig alternativ for dette spørsmålet",
      ],
      [reeksport.id, {}, "Du må velge et svar"],
      [
        reeksport.id,
        { kontrollSvar: "DOKUMENT_REEKSPORT_AVVIK" },
        "Kommentar til avvik i sertifikatet må spesifiseres",
      ],
      [
        reeksport.id,
        { kontrollSvar: "DOKUMENT_REEKSPORT_AVVIK", kommentar: "   " },
        "Kommentar til avvik i sertifikatet må spesifiseres",
      ],
      [
        bruk.id,
        { kontrollSvar: "DOKUMENT_TILSIKTET_BRUK_AVVIK" },
        "Varelinjer med feil eller manglende tilsiktet bruk må spesifiseres",
      ],
      [
        bruk.id,
        { id: reeksport.id, kontrollSvar: "DOKUMENT_TILSIKTET_BRUK_RIKTIG" },
        "Id-en i forespørselen stemmer ikke med adressen",
      ],
    ];
    for (const [qid, body, melding] of tilfeller) {
      const res = await kari.put(`/${id}/kontrollspoersmaal/${qid}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await svar(res)).toEqual(problem(400, melding));
    }
    const etter = await hent(id);
    expect(etter.versjon).toBe(m.versjon);
    expect(etter.dokumentkontrollSpoersmaal.every((q) => q.kontrollSvar === null)).toBe(true);
    // A reception question cannot be answered on a draft.
    const mottak = m.mottakskontrollSpoersmaal[0]!;
    const r = await kari.put(`/${id}/kontrollspoersmaal/${mottak.id}`, {
      kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
    });
    expect(r.status).toBe(400);
    expect((await svar(r)).detail).toBe(
      "Forhåndsmeldingen kan ikke endres i status Påbegynt (UNDER_REGISTRERING)",
    );
    expect((await kari.put(`/${id}/kontrollspoersmaal/999999`, { kontrollSvar: "X" })).status).toBe(404);
  });

  it("refuses a stale version with 409 and changes nothing", async () => {
    const id = await opprett(await lagSertifikat(db()));
    const m = await hent(id);
    expect((await kari.put(`/${id}/innmelder`, { ...innmelder, versjon: m.versjon })).status).toBe(204);
    const gammel = await kari.put(`/${id}/innmelder`, {
      ...innmelder,
      navn: "Annen Fane",
      versjon: m.versjon,
    });
    expect(gammel.status).toBe(409);
    expect((await svar(gammel)).detail).toBe(
      "Forhåndsmeldingen er endret i en annen fane eller av en annen bruker. Åpne den på nytt fra Forhåndsmeldinger i menyen for å se det som er lagret, og gjør endringen din igjen.",
    );
    const etter = await hent(id);
    expect(etter.innmelder?.navn).toBe("Kari Nordmann");
    expect(etter.versjon).toBe(m.versjon + 1);
    const status = await kari.put(`/${id}/status`, { status: "REGISTRERT", versjon: m.versjon });
    expect(status.status).toBe(409);
  });

  it("validates innmelder and arrival bodies with the forms' messages", async () => {
    const id = await opprett(await lagSertifikat(db()));
    const m = await hent(id);
    const r1 = await kari.put(`/${id}/innmelder`, { navn: "", epost: "kari@" });
    expect(r1.status).toBe(400);
    expect((await svar(r1)).detail).toBe("Du må angi ditt navn");
    const r2 = await kari.put(`/${id}/innmelder`, { navn: "Kari", epost: "kari@" });
    expect((await svar(r2)).detail).toBe("Du må angi en gyldig e-post");
    const base = ankomstBody(m);
    const r3 = await kari.put(`/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, {
      ...base,
      kontrollAdresse: { ...base.kontrollAdresse, linje1: "" },
    });
    expect((await svar(r3)).detail).toBe("Adresselinje 1 er påkrevd");
    const r4 = await kari.put(`/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, {
      ...base,
      kontrollAdresse: { ...base.kontrollAdresse, postnummer: "30441" },
    });
    expect((await svar(r4)).detail).toBe("Postnummer kan ikke være lengre enn 4 tegn");
    expect((await kari.put(`/${id}/ankomstinfo/999999`, base)).status).toBe(404);
    expect((await hent(id)).versjon).toBe(m.versjon);
  });

  it("accepts only the four arrival slots in Oslo time (DST-correct), changing nothing otherwise", async () => {
    const id = await opprett(await lagSertifikat(db()));
    const m = await hent(id);
    const sti = `/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`;
    const lagret = () =>
      db().selectFrom("ankomstinfo").selectAll().where("importmelding_id", "=", id).executeTakeFirstOrThrow();
    const foer = await lagret();
    for (const ankomsttid of [
      "2026-03-29T05:00:00.000Z", // 07:00 in Oslo on the spring-forward day
      "2026-10-25T04:00:00.000Z", // 05:00 in Oslo on the fall-back day
      "2026-04-02T08:30:00.000Z",
      "2026-04-02T09:00:00.000Z",
    ]) {
      const res = await kari.put(sti, { ...ankomstBody(m), ankomsttid });
      expect(res.status, ankomsttid).toBe(400);
      expect((await svar(res)).detail).toBe(
        "Ankomsttid må være kl. 06:00, 10:00, 14:00 eller 18:00 norsk tid",
      );
    }
    expect(await lagret()).toEqual(foer);
    expect((await hent(id)).versjon).toBe(m.versjon);
    // 06:00 on the spring-forward day is 04:00 UTC, 18:00 on the fall-back day 17:00 UTC
    for (const [ankomsttid, dato, klokkeslett] of [
      ["2026-03-29T04:00:00.000Z", "2026-03-29", "06:00"],
      ["2026-10-25T17:00:00.000Z", "2026-10-25", "18:00"],
    ] as const) {
      expect((await kari.put(sti, { ...ankomstBody(m), ankomsttid })).status).toBe(204);
      expect((await hent(id)).ankomstInfo[0]!.ankomstTid).toEqual({ dato, klokkeslett });
    }
  });
});

describe("statusoverganger", () => {
  it("refuses out-of-order changes and changes nothing", async () => {
    const id = await opprett(await lagSertifikat(db()));
    const foer = await hent(id);
    for (const status of ["ANKOMMET", "TILBAKETRUKKET"]) {
      const res = await kari.put(`/${id}/status`, { status });
      expect(res.status, status).toBe(400);
      expect((await svar(res)).detail).toBe(
        "Forhåndsmeldingen kan ikke endres i status Påbegynt (UNDER_REGISTRERING)",
      );
    }
    for (const status of ["FRIGITT", "AUTOMATISK_FRIGITT", "SLETTET", "UNDER_REGISTRERING"]) {
      expect((await kari.put(`/${id}/status`, { status })).status, status).toBe(400);
    }
    const etter = await hent(id);
    expect(etter.status).toBe("UNDER_REGISTRERING");
    expect(etter.versjon).toBe(foer.versjon);
  });

  it("withdraws a registered notification, after which nothing can change", async () => {
    const m = await klarTilInnsending(await lagSertifikat(db()));
    expect((await registrer(m.id)).status).toBe(200);
    const res = await kari.put(`/${m.id}/status`, { status: "TILBAKETRUKKET" });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("TILBAKETRUKKET");
    const foer = await hent(m.id);
    const tilbaketrukket = "Forhåndsmeldingen kan ikke endres i status Tilbaketrukket (TILBAKETRUKKET)";
    const forventFeil = async (res: Response, status: number, melding: string) => {
      expect(res.status, melding).toBe(status);
      expect(await svar(res)).toEqual(problem(status, melding));
    };
    await forventFeil(
      await kari.put(`/${m.id}/status`, { status: "TILBAKETRUKKET" }),
      409,
      "Forhåndsmeldingen er allerede trukket tilbake",
    );
    await forventFeil(await registrer(m.id), 409, "Forhåndsmeldingen er allerede sendt inn");
    await forventFeil(await kari.put(`/${m.id}/status`, { status: "ANKOMMET" }), 400, tilbaketrukket);
    await forventFeil(await kari.put(`/${m.id}/egenreferanse`, { egenReferanse: "x" }), 400, tilbaketrukket);
    await forventFeil(
      await kari.put(`/${m.id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, ankomstBody(m)),
      400,
      tilbaketrukket,
    );
    // The authority's API says the same, as a conflict with the notification's state (ADR 045).
    const ikkeVurdert = await vurder(m.id, { status: "FRIGITT" });
    expect(ikkeVurdert.status).toBe(409);
    expect((await svar(ikkeVurdert)).detail).toBe(tilbaketrukket);
    expect((await hent(m.id)).versjon).toBe(foer.versjon);
    // The certificate can be notified again.
    const ny = await kari.post(
      "",
      opprettBody({ id: 0, nummer: m.sertifikat.nummer, eksportLand: "NL", utstedtDato: m.utstedtDato }),
    );
    expect(ny.status).toBe(201);
  });

  it("deletes a draft, and refuses to delete a registered one", async () => {
    const s = await lagSertifikat(db());
    const id = await opprett(s);
    expect((await kari.del(`/${id}`)).status).toBe(204);
    expect(
      (await db().selectFrom("importmelding").select("status").where("id", "=", id).executeTakeFirstOrThrow())
        .status,
    ).toBe("SLETTET");
    // deleted is gone (issue 22): the API answers as for an id that never was
    for (const res of [
      await kari.get(`/${id}`),
      await kari.put(`/${id}/innmelder`, innmelder),
      await kari.del(`/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(await svar(res)).toEqual(problem(404, "Fant ikke forhåndsmeldingen"));
    }
    expect((await kari.post("", opprettBody(s))).status).toBe(201);

    const m = await klarTilInnsending(await lagSertifikat(db()));
    await registrer(m.id);
    const res = await kari.del(`/${m.id}`);
    expect(res.status).toBe(400);
    expect((await svar(res)).detail).toBe("Bare påbegynte forhåndsmeldinger kan slettes");
    expect((await hent(m.id)).status).toBe("REGISTRERT");
  });
});

describe("mottakskontroll", () => {
  it("lets the appointed reception controller do the physical control and set ANKOMMET", async () => {
    const m = await klarTilInnsending(
      await lagSertifikat(db(), { linjer: [LINJER.rhododendron, LINJER.roseplanter] }),
    );
    // Not before submission: to the controller the draft does not exist yet.
    expect((await ola.get(`/${m.id}`)).status).toBe(404);
    expect((await registrer(m.id)).status).toBe(200);

    const sett = await hent(m.id, ola);
    expect(sett.tilgang).toEqual({ eier: false, mottakskontrolloer: true });
    const info = sett.ankomstInfo[0]!;
    const navn = await ola.put(`/${m.id}/ankomstinfo/${info.id}`, {
      ...ankomstBody(m),
      mottakskontrolloer: { importoerId: gront, navn: "Ola Hansen", telefonnummer: "92345678" },
      kontrollAdresse: { linje1: "Ignoreres", postnummer: "0001", poststed: "X" },
    });
    expect(navn.status).toBe(204);
    const medNavn = await hent(m.id, ola);
    expect(medNavn.ankomstInfo[0]!.mottakskontrolloer).toMatchObject({
      navn: "Ola Hansen",
      telefonnummer: "92345678",
    });
    expect(medNavn.ankomstInfo[0]!.kontrollAdresse.linje1).toBe("Tollbugata 40");
    const utenTlf = await ola.put(`/${m.id}/ankomstinfo/${info.id}`, {
      mottakskontrolloer: { importoerId: gront, navn: "Ola", telefonnummer: "" },
    });
    expect((await svar(utenTlf)).detail).toBe("Du må angi ditt telefonnummer");

    // The controller may not touch the importer's parts.
    const dok = m.dokumentkontrollSpoersmaal[0]!;
    expect(
      (await ola.put(`/${m.id}/kontrollspoersmaal/${dok.id}`, { kontrollSvar: RIKTIG[dok.kode] })).status,
    ).toBe(403);
    expect((await ola.put(`/${m.id}/egenreferanse`, { egenReferanse: "x" })).status).toBe(403);
    expect((await ola.put(`/${m.id}/status`, { status: "TILBAKETRUKKET" })).status).toBe(403);
    expect((await ola.get(`/${m.id}/mottakskontrolloerer`)).status).toBe(403);
    expect((await ola.del(`/${m.id}`)).status).toBe(403);

    const [innhold, skadegjoerere] = sett.mottakskontrollSpoersmaal;
    // ANKOMMET needs every reception question answered.
    const tidlig = await ola.put(`/${m.id}/status`, { status: "ANKOMMET" });
    expect(tidlig.status).toBe(400);
    expect((await svar(tidlig)).detail).toMatch(/alle spørsmålene i mottakskontrollen/);

    const uten = await ola.put(`/${m.id}/kontrollspoersmaal/${innhold!.id}`, {
      kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_AVVIK",
    });
    expect((await svar(uten)).detail).toBe("Kommentar til avviket må spesifiseres");
    expect(
      (
        await ola.put(`/${m.id}/kontrollspoersmaal/${innhold!.id}`, {
          kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
        })
      ).status,
    ).toBe(204);

    const forMye = await ola.put(`/${m.id}/mottakskontroll`, [
      { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 51 }] },
    ]);
    expect(forMye.status).toBe(400);
    expect((await svar(forMye)).detail).toBe("Mengden kan ikke være større enn opprinnelig mengde");
    const negativ = await ola.put(`/${m.id}/mottakskontroll`, [
      { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: -1 }] },
    ]);
    expect((await svar(negativ)).detail).toBe("Verdien kan ikke være negativ");
    const ok = await ola.put(`/${m.id}/mottakskontroll`, [
      { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 40 }] },
      {
        varelinjeId: 2,
        faktiskeVerdier: [
          { id: "antall", faktiskVerdi: 200 },
          { id: "bruttoVekt", faktiskVerdi: 75.5 },
        ],
      },
    ]);
    expect(ok.status).toBe(204);
    let naa = await hent(m.id, ola);
    expect(
      naa.varelinjer.map((l) => [l.mengde.antall?.faktiskVerdi, l.mengde.bruttoVekt?.faktiskVerdi]),
    ).toEqual([
      [40, undefined],
      [200, 75.5],
    ]);

    // Another answer resets the actual quantities; PUT mottakskontroll then only clears.
    await ola.put(`/${m.id}/kontrollspoersmaal/${innhold!.id}`, {
      kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
    });
    naa = await hent(m.id, ola);
    expect(naa.varelinjer[0]!.mengde.antall?.faktiskVerdi).toBeNull();
    await ola.put(`/${m.id}/mottakskontroll`, [
      { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 1 }] },
    ]);
    expect((await hent(m.id, ola)).varelinjer[0]!.mengde.antall?.faktiskVerdi).toBeNull();

    await ola.put(`/${m.id}/kontrollspoersmaal/${innhold!.id}`, {
      kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
    });
    await ola.put(`/${m.id}/mottakskontroll`, [
      { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 45 }] },
    ]);
    expect(
      (
        await ola.put(`/${m.id}/kontrollspoersmaal/${skadegjoerere!.id}`, {
          kontrollSvar: "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_OEVRIGE_AVVIK",
          kommentar: "Bladlus på to planter",
        })
      ).status,
    ).toBe(204);

    const ankommet = await ola.put(`/${m.id}/status`, { status: "ANKOMMET" });
    expect(ankommet.status).toBe(200);
    expect((await ankommet.json()).status).toBe("ANKOMMET");
    const etter = await hent(m.id);
    expect(etter).toMatchObject({
      status: "ANKOMMET",
      erAnkommet: true,
      kategori: "TIL_VURDERING",
      mottakskontrollFerdig: true,
    });
    expect(etter.faktiskAnkommet).not.toBeNull();
    expect(etter.ankomstInfo[0]!.sendingAnkommet).toBe(true);
    expect(etter.varelinjer[0]!.mengde.antall?.faktiskVerdi).toBe(45);
    // Reception answers are locked after arrival.
    expect(
      (
        await ola.put(`/${m.id}/kontrollspoersmaal/${innhold!.id}`, {
          kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
        })
      ).status,
    ).toBe(400);
    expect((await ola.put(`/${m.id}/status`, { status: "ANKOMMET" })).status).toBe(409);

    // The authority decides; then nothing changes any more.
    const avvist = await vurder(m.id, {
      status: "DELVIS_AVVIST",
      begrunnelse: "To planter med bladlus destrueres",
      vedtaksbrevReferanse: VEDTAKSBREV,
    });
    expect(avvist.status).toBe(200);
    expect((await avvist.json()).status).toBe("DELVIS_AVVIST");
    const vurdert = await hent(m.id);
    expect(vurdert).toMatchObject({
      erVurdert: true,
      vurderingBegrunnelse: "To planter med bladlus destrueres",
      kategori: "VURDERT",
    });
    const delvisAvvist = problem(
      400,
      "Forhåndsmeldingen kan ikke endres i status Delvis avvist (DELVIS_AVVIST)",
    );
    const trekk = await kari.put(`/${m.id}/status`, { status: "TILBAKETRUKKET" });
    expect(trekk.status).toBe(400);
    expect(await svar(trekk)).toEqual(delvisAvvist);
    const nyVurdering = await vurder(m.id, { status: "FRIGITT" });
    expect(nyVurdering.status).toBe(409);
    expect(await svar(nyVurdering)).toEqual(
      problem(409, "Forhåndsmeldingen er allerede vurdert: Delvis avvist"),
    );
    const referanse = await kari.put(`/${m.id}/egenreferanse`, { egenReferanse: "sent" });
    expect(referanse.status).toBe(400);
    expect(await svar(referanse)).toEqual(delvisAvvist);
    expect((await hent(m.id)).versjon).toBe(vurdert.versjon);
    expect((await hendelser(m.id)).map((h) => [h.til_status, h.utfoert_av.split(" ")[0]])).toEqual([
      ["UNDER_REGISTRERING", `importoer:${hageland}`],
      ["REGISTRERT", `importoer:${hageland}`],
      ["ANKOMMET", `importoer:${gront}`],
      ["DELVIS_AVVIST", "myndighet:klient:mattilsynet-saksbehandling-test"],
    ]);
  });

  it("refuses ANKOMMET with the lower-quantity answer until the actual quantities are saved", async () => {
    const m = await klarTilInnsending(await lagSertifikat(db(), { linjer: [LINJER.roseplanter] }));
    expect((await registrer(m.id)).status).toBe(200);
    const [innhold, skadegjoerere] = m.mottakskontrollSpoersmaal;
    for (const [q, kontrollSvar] of [
      [innhold!, "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE"],
      [skadegjoerere!, "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_RIKTIG"],
    ] as const) {
      expect((await kari.put(`/${m.id}/kontrollspoersmaal/${q.id}`, { kontrollSvar })).status).toBe(204);
    }
    const foer = await hent(m.id);
    const uten = await kari.put(`/${m.id}/status`, { status: "ANKOMMET" });
    expect(uten.status).toBe(400);
    expect(await svar(uten)).toEqual(
      problem(
        400,
        "Du har svart at det er færre varer enn oppgitt i sertifikatet. Lagre faktisk mengde for varelinjene før sendingen kan registreres som ankommet",
      ),
    );
    const etter = await hent(m.id);
    expect(etter).toMatchObject({ status: "REGISTRERT", versjon: foer.versjon, faktiskAnkommet: null });
    expect(etter.ankomstInfo[0]!.sendingAnkommet).toBe(false);

    expect(
      (
        await kari.put(`/${m.id}/mottakskontroll`, [
          { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 150 }] },
        ])
      ).status,
    ).toBe(204);
    const ankommet = await kari.put(`/${m.id}/status`, { status: "ANKOMMET" });
    expect(ankommet.status).toBe(200);
    // Lower quantity is a deviation: no automatic release.
    expect((await ankommet.json()).status).toBe("ANKOMMET");
  });

  it("refuses ANKOMMET for a notification with document control only", async () => {
    const m = await klarTilInnsending(
      await lagSertifikat(db(), { linjer: [LINJER.snittroser], erklaeringer: ["Free from pests"] }),
    );
    await kari.put(`/${m.id}/kontrollspoersmaal/${m.dokumentkontrollSpoersmaal[0]!.id}`, {
      kontrollSvar: "DOKUMENT_TILLEGGSERKLAERING_AVVIK",
      kommentar: "Linje 1 mangler erklæring",
    });
    expect((await registrer(m.id)).status).toBe(200);
    const res = await kari.put(`/${m.id}/status`, { status: "ANKOMMET" });
    expect(res.status).toBe(400);
    expect((await svar(res)).detail).toMatch(/bare dokumentkontroll/);
  });
});

describe("automatisk frigivelse og myndighetens vurdering", () => {
  it("releases automatically after REGISTRERT: document control only, no deviation, ALT_OK", async () => {
    const m = await klarTilInnsending(await lagSertifikat(db(), { linjer: [LINJER.snittroser] }));
    expect(m.kunDokumentkontroll).toBe(true);
    const res = await registrer(m.id);
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("AUTOMATISK_FRIGITT");
    expect((await hendelser(m.id)).map((h) => [h.fra_status, h.til_status, h.utfoert_av])).toEqual([
      [null, "UNDER_REGISTRERING", expect.any(String)],
      ["UNDER_REGISTRERING", "REGISTRERT", expect.any(String)],
      ["REGISTRERT", "AUTOMATISK_FRIGITT", "system"],
    ]);
  });

  it("does not release a document-control-only notification with a document deviation", async () => {
    const s = await lagSertifikat(db(), { linjer: [LINJER.snittroser] });
    const m = await klarTilInnsending(s);
    const q = m.dokumentkontrollSpoersmaal[0]!;
    await kari.put(`/${m.id}/kontrollspoersmaal/${q.id}`, {
      kontrollSvar: "DOKUMENT_TILSIKTET_BRUK_AVVIK",
      kommentar: "Skal til konsum",
    });
    expect((await (await registrer(m.id)).json()).status).toBe("REGISTRERT");
  });

  it("releases after ANKOMMET when nothing deviates and the certificate is ALT_OK, not otherwise", async () => {
    const ren = await klarTilInnsending(await lagSertifikat(db(), { linjer: [LINJER.roseplanter] }));
    const risiko = await klarTilInnsending(await lagSertifikat(db(), { linjer: [LINJER.rhododendron] }));
    for (const m of [ren, risiko]) {
      expect((await (await registrer(m.id)).json()).status).toBe("REGISTRERT");
      for (const q of m.mottakskontrollSpoersmaal) {
        expect(
          (await kari.put(`/${m.id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] })).status,
        ).toBe(204);
      }
    }
    expect((await (await kari.put(`/${ren.id}/status`, { status: "ANKOMMET" })).json()).status).toBe(
      "AUTOMATISK_FRIGITT",
    );
    expect((await (await kari.put(`/${risiko.id}/status`, { status: "ANKOMMET" })).json()).status).toBe(
      "ANKOMMET",
    );
    expect((await hent(ren.id)).ankomstInfo[0]!.sendingAnkommet).toBe(true);
  });

  it("takes the authority's FRIGITT and AVVIST through its API, not for a draft (api/myndighet/myndighet.test.ts)", async () => {
    const m = await klarTilInnsending(await lagSertifikat(db(), { linjer: [LINJER.rhododendron] }));
    expect((await vurder(m.id, { status: "FRIGITT" })).status).toBe(404); // a draft is not the authority's
    await registrer(m.id);
    const utenGrunn = await vurder(m.id, { status: "AVVIST" });
    expect(utenGrunn.status).toBe(400);
    expect((await svar(utenGrunn)).detail).toBe("Begrunnelse må oppgis ved avvisning");
    expect((await vurder(m.id, { status: "AUTOMATISK_FRIGITT" })).status).toBe(400);
    expect((await hent(m.id)).status).toBe("REGISTRERT");

    const frigitt = await vurder(m.id, { status: "FRIGITT" });
    expect(frigitt.status).toBe(200);
    expect((await frigitt.json()).status).toBe("FRIGITT");
    expect((await hent(m.id)).status).toBe("FRIGITT");

    const annen = await klarTilInnsending(await lagSertifikat(db(), { linjer: [LINJER.rhododendron] }));
    await registrer(annen.id);
    const avvist = await vurder(annen.id, {
      status: "AVVIST",
      begrunnelse: "Sertifikatet mangler opprinnelsessted",
      vedtaksbrevReferanse: VEDTAKSBREV,
    });
    expect((await avvist.json()).status).toBe("AVVIST");
    expect(await hent(annen.id)).toMatchObject({
      vurderingBegrunnelse: "Sertifikatet mangler opprinnelsessted",
      vedtaksbrevReferanse: VEDTAKSBREV,
    });
  });
});

describe("kvittering", () => {
  it("is a PDF for a submitted notification and refused for a draft", async () => {
    const m = await klarTilInnsending(await lagSertifikat(db(), { linjer: [LINJER.rhododendron] }));
    const utkast = await kari.get(`/${m.id}/kvittering`);
    expect(utkast.status).toBe(400);
    expect((await svar(utkast)).detail).toBe("Kvittering finnes bare for en innsendt forhåndsmelding");
    await registrer(m.id);
    const res = await kari.get(`/${m.id}/kvittering`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-6).toString("latin1")).toContain("%%EOF");
    expect(bytes.length).toBeGreaterThan(1500);
  });
});
