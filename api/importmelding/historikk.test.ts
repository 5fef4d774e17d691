// The notification's history (Historikk, issue 24 §1, ADR 033) over real HTTP on a real database. Every
// transition of the state machine and every kind of content change is made through the API (the certificate
// through the real ingestion), and after each step the whole recorded history is compared with what the test
// did: nothing recorded that did not happen (refused, stale or unchanged saves add nothing), nothing that
// happened unrecorded. Who did it is a name and an organisation, Mattilsynet or ePhyto-hub, never a national
// identity number. The history pages newest first, and only those who may read the notification read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import {
  type HendelseVisning,
  type HistorikkSide,
  VENTEGRUNN_TEKST,
  VURDERT_FOER_ANKOMST_LINJE,
} from "../../domain/historikk";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import { SPOERSMAAL, SVAR_TEKST, type SvarKode } from "../../domain/kontrollspoersmaal";
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
  PER,
  RIKTIG,
  svar,
  type TestSertifikat,
  VEDTAKSBREV,
  vurderSomMyndighet,
} from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { ingestSertifikat } from "../sertifikat/ingest";
import { helHistorikk } from "./historikk";
import { OVERGANGER, type Rolle } from "./tilstand";

/** The history's texts as the API gives them without Accept-Language. */
const bokmaal = oversetter("nb");

let api: TestApi;
let hageland: number;
let gront: number;
let stord: number;
let kari: Aktoer;
let ola: Aktoer;
let ingrid: Aktoer;

const KARI_HAGELAND = "Kari Nordmann, Hageland Import AS avd. Drammen";
const OLA_GRONT = "Ola Hansen, Grønt Mottak AS avd. Alnabru";

beforeAll(async () => {
  api = await startTestApi();
  const db = api.handle.db;
  hageland = await importoerId(db, ORG.hagelandDrammen);
  gront = await importoerId(db, ORG.grontMottakOslo);
  stord = await importoerId(db, ORG.blomsterbudStord);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
  ola = aktoer(api, OLA, ORG.grontMottakOslo, gront);
  ingrid = aktoer(api, INGRID, ORG.blomsterbudStord, stord);
  // Blomsterbud Stord is its own reception controller, so it can submit (the consignee case below).
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

/** An event as the test compares it: what the page shows. */
interface Kort {
  tittel: string;
  av: string;
  linjer?: string[];
}

const kort = (h: HendelseVisning): Required<Kort> => ({
  tittel: h.tittel,
  av: h.utfoertAv,
  linjer: h.linjer,
});

/** Every transition seen in a recorded history: "fra→til av rolle". */
const sett = new Set<string>();
const ROLLE: Record<string, Rolle> = {
  PERSON: "KLIENT",
  MASKIN: "KLIENT",
  MYNDIGHET: "MYNDIGHET",
  SYSTEM: "SYSTEM",
};

async function side(a: Aktoer, id: number, soek = ""): Promise<HistorikkSide> {
  const res = await a.get(`/${id}/historikk${soek}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return svar<HistorikkSide>(res);
}

/** The whole history through the API, page by page, oldest first. */
async function heleHistorikken(a: Aktoer, id: number): Promise<HendelseVisning[]> {
  const alle: HendelseVisning[] = [];
  let s = await side(a, id);
  alle.push(...s.hendelser);
  while (s.eldre !== null) {
    s = await side(a, id, `?foer=${s.eldre}`);
    alle.push(...s.hendelser);
  }
  return alle.reverse();
}

/**
 * What the test did to one notification, step by step; `sjekk` compares it with the recorded history (read
 * through the API as `a`, or from the table for a deleted draft, which no one can read).
 */
function logg(id: number, a: Aktoer | null) {
  const forventet: Required<Kort>[] = [];
  return {
    id,
    skjedde(...k: Kort[]) {
      forventet.push(...k.map((x) => ({ linjer: [], ...x })));
    },
    async sjekk() {
      const hendelser = a ? await heleHistorikken(a, id) : await helHistorikk(api.handle.db, id);
      expect(hendelser.map(kort)).toEqual(forventet);
      for (const h of hendelser) {
        if (h.type === "STATUS") sett.add(`${h.fraStatus}→${h.tilStatus} av ${ROLLE[h.aktoer.type]}`);
        // never a national identity number
        expect(JSON.stringify(h)).not.toMatch(/\d{11}/);
      }
      return hendelser;
    },
  };
}

async function ok(res: Response | Promise<Response>, status = 204) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  return r;
}

async function hent(id: number, a = kari): Promise<ImportmeldingVisning> {
  return svar<ImportmeldingVisning>(await ok(a.get(`/${id}`), 200));
}

const opprettBody = (s: TestSertifikat, ansvarlig = hageland) => ({
  ansvarligImportoerId: ansvarlig,
  eksportLand: s.eksportLand,
  nummer: s.nummer,
  utstedtDato: s.utstedtDato,
});

async function vurder(id: number, status: string, begrunnelse?: string) {
  return ok(
    vurderSomMyndighet(api, id, {
      status,
      begrunnelse,
      vedtaksbrevReferanse: status === "FRIGITT" ? undefined : VEDTAKSBREV,
    }),
    200,
  );
}

const SENDT_INN: Kort = { tittel: "Sendt inn til Mattilsynet", av: KARI_HAGELAND };
/** A rejection's decision letter (ADR 045) and an automatic release's ruleset (ADR 046), as the history says them. */
const VEDTAKSBREV_LINJE = `Referanse til vedtaksbrevet: ${VEDTAKSBREV}`;
async function regelsettLinje(): Promise<string> {
  const { versjon } = await api.handle.db
    .selectFrom("regelsett")
    .select("versjon")
    .where("status", "=", "GODKJENT")
    .orderBy("versjon", "desc")
    .executeTakeFirstOrThrow();
  return `Risikoregler: versjon ${versjon}`;
}

/** The events of klarTilInnsending (create, innmelder, every document answer correct, arrival). */
function utkastHendelser(m: ImportmeldingVisning, s: TestSertifikat): Kort[] {
  return [
    {
      tittel: "Opprettet",
      av: KARI_HAGELAND,
      linjer: [
        `Fra sertifikat ${s.nummer} (Nederland)`,
        "Ansvarlig importør: Hageland Import AS avd. Drammen (org.nr. 912 345 742)",
      ],
    },
    {
      tittel: "Innmelder registrert",
      av: KARI_HAGELAND,
      linjer: [
        "Innmelders navn: «Kari Nordmann»",
        "Innmelders e-post: «kari@hageland.example.no»",
        "Innmelders telefonnummer: «91234567»",
      ],
    },
    ...m.dokumentkontrollSpoersmaal.map((q) => ({
      tittel: "Dokumentkontroll besvart",
      av: KARI_HAGELAND,
      linjer: [`${SPOERSMAAL[q.kode].tekst}: «${SVAR_TEKST[RIKTIG[q.kode] as SvarKode]}»`],
    })),
    {
      tittel: "Ankomst endret",
      av: KARI_HAGELAND,
      linjer: [
        "Forventet ankomst: «02.04.2026 formiddag (08-12)»",
        "Kontrollsted: «Tollbugata 40, 3044 Drammen»",
        ...(m.kunDokumentkontroll
          ? []
          : ["Mottakskontrollør: «Grønt Mottak AS avd. Alnabru (org.nr. 912 346 021)»"]),
      ],
    },
  ];
}

async function nyttUtkast(linjer = [LINJER.rhododendron]) {
  const s = await lagSertifikat(api.handle.db, { linjer });
  const m = await klarTilInnsending(kari, s, { ansvarlig: hageland, kontrolloer: gront });
  const l = logg(m.id, kari);
  l.skjedde(...utkastHendelser(m, s));
  return { s, m, l };
}

/** Ola answers every reception question, `avvik` on pests, then sets ANKOMMET. */
async function ankommet(m: ImportmeldingVisning, l: ReturnType<typeof logg>, avvik: boolean) {
  const sett = await hent(m.id, ola);
  for (const q of sett.mottakskontrollSpoersmaal) {
    const medAvvik = avvik && q.kode === "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE";
    const kode = medAvvik ? "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK" : RIKTIG[q.kode]!;
    await ok(
      ola.put(`/${m.id}/kontrollspoersmaal/${q.id}`, {
        kontrollSvar: kode,
        ...(medAvvik ? { kommentar: "Trips funnet" } : {}),
      }),
    );
    l.skjedde({
      tittel: "Mottakskontroll besvart",
      av: OLA_GRONT,
      linjer: [
        `${SPOERSMAAL[q.kode].tekst}: «${SVAR_TEKST[kode as SvarKode]}»`,
        ...(medAvvik ? [`Kommentar til «${SPOERSMAAL[q.kode].tekst}»: «Trips funnet»`] : []),
      ],
    });
  }
  await ok(ola.put(`/${m.id}/status`, { status: "ANKOMMET" }), 200);
  const pest = sett.mottakskontrollSpoersmaal.find((q) => q.kode === "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE")!;
  const pestSvar = SVAR_TEKST.MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK;
  l.skjedde({
    tittel: "Ankommet, mottakskontroll rapportert",
    av: OLA_GRONT,
    linjer: avvik
      ? [`Avvik: ${SPOERSMAAL[pest.kode].tekst}: ${pestSvar}. Kommentar: Trips funnet`]
      : ["Ingen avvik"],
  });
}

describe("historikken registrerer alt som skjer, og bare det", () => {
  it("følger en forhåndsmelding fra opprettelse til vurdering, med hvert felt som endres", async () => {
    const { s, m, l } = await nyttUtkast();
    await l.sjekk();

    // Saving the same again, a refused save and a stale version record nothing.
    await ok(
      kari.put(`/${m.id}/innmelder`, {
        navn: "Kari Nordmann",
        epost: "kari@hageland.example.no",
        telefonnummer: "91234567",
      }),
    );
    const q = m.dokumentkontrollSpoersmaal[0]!;
    await ok(kari.put(`/${m.id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] }));
    expect((await ola.put(`/${m.id}/egenreferanse`, { egenReferanse: "x" })).status).toBe(404);
    expect((await kari.put(`/${m.id}/egenreferanse`, { egenReferanse: "x", versjon: 1 })).status).toBe(409);
    expect((await kari.put(`/${m.id}/status`, { status: "ANKOMMET" })).status).toBe(400);
    await l.sjekk();

    // The own reference in the draft, then changed and cleared.
    await ok(kari.put(`/${m.id}/egenreferanse`, { egenReferanse: "PO-1" }));
    await ok(
      kari.put(`/${m.id}/innmelder`, {
        navn: "Kari N.",
        epost: "kari@hageland.example.no",
        telefonnummer: "91234567",
        egenReferanse: "PO-2",
      }),
    );
    l.skjedde(
      { tittel: "Egen referanse endret", av: KARI_HAGELAND, linjer: ["Egen referanse: «PO-1»"] },
      {
        tittel: "Innmelder registrert",
        av: KARI_HAGELAND,
        linjer: [
          "Innmelders navn: endret fra «Kari Nordmann» til «Kari N.»",
          "Egen referanse: endret fra «PO-1» til «PO-2»",
        ],
      },
    );
    await l.sjekk();

    await ok(kari.put(`/${m.id}/status`, { status: "REGISTRERT" }), 200);
    l.skjedde(SENDT_INN);
    await l.sjekk();

    // The arrival moved after submission.
    const info = (await hent(m.id)).ankomstInfo[0]!;
    await ok(
      kari.put(`/${m.id}/ankomstinfo/${info.id}`, {
        ankomsttid: "2026-04-03T12:00:00.000Z",
        kontrollAdresse: { linje1: "Tollbugata 40", linje2: null, postnummer: "3044", poststed: "Drammen" },
        mottakskontrolloer: { importoerId: gront },
      }),
    );
    l.skjedde({
      tittel: "Ankomst endret",
      av: KARI_HAGELAND,
      linjer: [
        "Forventet ankomst: endret fra «02.04.2026 formiddag (08-12)» til «03.04.2026 ettermiddag (12-16)»",
      ],
    });
    await ok(kari.put(`/${m.id}/egenreferanse`, { egenReferanse: null }));
    l.skjedde({
      tittel: "Egen referanse endret",
      av: KARI_HAGELAND,
      linjer: ["Egen referanse: fjernet (var «PO-2»)"],
    });
    await l.sjekk();

    // A newer delivery of the certificate from the hub, with another sender; the same delivery again is
    // unchanged and records nothing.
    const nyere = lagSertifikatXml({
      nummer: s.nummer,
      type: "Eksport",
      utstedt: `${s.utstedtDato}T12:00:00Z`,
      utsteder: "NVWA",
      avsender: { navn: "Tulpen B.V.", adresse: ["Legmeerdijk 2", "1431 GB Aalsmeer"] },
      mottaker: {
        navn: "Mottaker AS",
        adresse: ["Tollbugata 40", "3044 Drammen"],
        organisasjonsnummer: ORG.hagelandDrammen,
      },
      eksportland: s.eksportLand,
      varelinjer: [LINJER.rhododendron],
    });
    expect((await ingestSertifikat(api.handle.db, nyere)).resultat).toBe("oppdatert");
    expect((await ingestSertifikat(api.handle.db, nyere)).resultat).toBe("uendret");
    l.skjedde({
      tittel: "Ny versjon av sertifikatet",
      av: "ePhyto-hub",
      linjer: ["Avsender: endret fra «Bloemen B.V.» til «Tulpen B.V.»"],
    });
    await l.sjekk();

    // The reception controller names the person, answers with a deviation and reports the arrival.
    await ok(
      ola.put(`/${m.id}/ankomstinfo/${info.id}`, {
        mottakskontrolloer: { importoerId: gront, navn: "Ola Hansen", telefonnummer: "92345678" },
      }),
    );
    l.skjedde({
      tittel: "Mottakskontrollør oppgitt",
      av: OLA_GRONT,
      linjer: ["Kontrollørens navn: «Ola Hansen»", "Kontrollørens telefonnummer: «92345678»"],
    });
    await ankommet(m, l, true);
    await l.sjekk();

    await vurder(m.id, "AVVIST", "Trips palmi påvist");
    l.skjedde({
      tittel: "Vurdert av Mattilsynet: Avvist",
      av: "Mattilsynet",
      linjer: ["Begrunnelse: Trips palmi påvist", VEDTAKSBREV_LINJE],
    });
    const hendelser = await l.sjekk();
    // Oslo time is the page's business; the API gives the instant.
    expect(hendelser.every((h) => !Number.isNaN(Date.parse(h.tidspunkt)))).toBe(true);

    // A certificate replacing this one: the notification learns it.
    const erstatning = await lagSertifikat(api.handle.db, {
      linjer: [LINJER.rhododendron],
      erstatter: s.nummer,
    });
    l.skjedde({
      tittel: "Sertifikatet er erstattet",
      av: "ePhyto-hub",
      linjer: [`Erstattet av sertifikat ${erstatning.nummer}`],
    });
    await l.sjekk();
  });

  it("registrerer faktisk mengde når sendingen har færre varer", async () => {
    const { m, l } = await nyttUtkast([LINJER.rhododendron]);
    await ok(kari.put(`/${m.id}/status`, { status: "REGISTRERT" }), 200);
    l.skjedde(SENDT_INN);
    const innhold = (await hent(m.id, ola)).mottakskontrollSpoersmaal.find(
      (q) => q.kode === "MOTTAK_INNHOLD_SAMSVARER",
    )!;
    await ok(
      ola.put(`/${m.id}/kontrollspoersmaal/${innhold.id}`, {
        kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
      }),
    );
    await ok(
      ola.put(`/${m.id}/mottakskontroll`, [
        { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 40 }] },
      ]),
    );
    // the same quantities again: nothing
    await ok(
      ola.put(`/${m.id}/mottakskontroll`, [
        { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 40 }] },
      ]),
    );
    // back to "as on the certificate": the quantities go, and the history says so
    await ok(
      ola.put(`/${m.id}/kontrollspoersmaal/${innhold.id}`, {
        kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
      }),
    );
    l.skjedde(
      {
        tittel: "Mottakskontroll besvart",
        av: OLA_GRONT,
        linjer: [
          "Innholdet i sendingen skal samsvare med sertifikatet: «Det er færre varer enn oppgitt i sertifikatet»",
        ],
      },
      { tittel: "Faktisk mengde registrert", av: OLA_GRONT, linjer: ["Faktisk antall, varelinje 1: «40»"] },
      {
        tittel: "Mottakskontroll besvart",
        av: OLA_GRONT,
        linjer: [
          "Innholdet i sendingen skal samsvare med sertifikatet: endret fra «Det er færre varer enn oppgitt i sertifikatet» til «Innholdet i sendingen samsvarer med sertifikatet»",
          "Faktisk antall, varelinje 1: fjernet (var «40»)",
        ],
      },
    );
    await l.sjekk();
  });

  it("går gjennom hver overgang i tilstandsmaskinen, og hver står i historikken", async () => {
    // The authority's three outcomes from REGISTRERT and from ANKOMMET.
    for (const status of ["FRIGITT", "AVVIST", "DELVIS_AVVIST"] as const) {
      const fraRegistrert = await nyttUtkast();
      await ok(kari.put(`/${fraRegistrert.m.id}/status`, { status: "REGISTRERT" }), 200);
      // a release needs no reason, a rejection does
      const begrunnelse = status === "FRIGITT" ? undefined : "Skadegjørere";
      await vurder(fraRegistrert.m.id, status, begrunnelse);
      // Before arrival (ADR 041): said in the title and a line.
      fraRegistrert.l.skjedde(SENDT_INN, {
        tittel: vurdertTittel(status).replace("Mattilsynet:", "Mattilsynet før ankomst:"),
        av: "Mattilsynet",
        linjer: [
          bokmaal(VURDERT_FOER_ANKOMST_LINJE),
          ...(begrunnelse ? [`Begrunnelse: ${begrunnelse}`, VEDTAKSBREV_LINJE] : []),
        ],
      });
      await fraRegistrert.l.sjekk();

      const fraAnkommet = await nyttUtkast();
      await ok(kari.put(`/${fraAnkommet.m.id}/status`, { status: "REGISTRERT" }), 200);
      fraAnkommet.l.skjedde(SENDT_INN);
      await ankommet(fraAnkommet.m, fraAnkommet.l, false);
      await vurder(fraAnkommet.m.id, status, "Begrunnet");
      fraAnkommet.l.skjedde({
        tittel: vurdertTittel(status),
        av: "Mattilsynet",
        linjer:
          status === "FRIGITT" ? ["Begrunnelse: Begrunnet"] : ["Begrunnelse: Begrunnet", VEDTAKSBREV_LINJE],
      });
      await fraAnkommet.l.sjekk();
    }

    // Automatic release after REGISTRERT (document control only, ALT_OK) and after ANKOMMET (ALT_OK).
    const dok = await nyttUtkast([LINJER.snittroser]);
    await ok(kari.put(`/${dok.m.id}/status`, { status: "REGISTRERT" }), 200);
    dok.l.skjedde(SENDT_INN, {
      tittel: "Frigitt automatisk",
      av: "Mattilsynet",
      linjer: ["Bare dokumentkontroll, ingen avvik og ingen risiko i sertifikatet", await regelsettLinje()],
    });
    await dok.l.sjekk();
    const plante = await nyttUtkast([LINJER.roseplanter]);
    await ok(kari.put(`/${plante.m.id}/status`, { status: "REGISTRERT" }), 200);
    plante.l.skjedde(SENDT_INN);
    await ankommet(plante.m, plante.l, false);
    plante.l.skjedde({
      tittel: "Frigitt automatisk",
      av: "Mattilsynet",
      linjer: ["Ingen avvik i kontrollene og ingen risiko i sertifikatet", await regelsettLinje()],
    });
    await plante.l.sjekk();

    // Withdrawn by the owner.
    const trukket = await nyttUtkast();
    await ok(kari.put(`/${trukket.m.id}/status`, { status: "REGISTRERT" }), 200);
    await ok(kari.put(`/${trukket.m.id}/status`, { status: "TILBAKETRUKKET" }), 200);
    trukket.l.skjedde(SENDT_INN, { tittel: "Trukket tilbake", av: KARI_HAGELAND });
    await trukket.l.sjekk();

    // A draft deleted by its owner: gone for everyone (404), its history kept in the table.
    const slettet = await nyttUtkast();
    await ok(kari.del(`/${slettet.m.id}`));
    expect((await kari.get(`/${slettet.m.id}/historikk`)).status).toBe(404);
    const slettetLogg = logg(slettet.m.id, null);
    slettetLogg.skjedde(...utkastHendelser(slettet.m, slettet.s), { tittel: "Slettet", av: KARI_HAGELAND });
    await slettetLogg.sjekk();

    // The consignee creates its own (ADR 027): another organisation's draft is deleted, a submitted one
    // withdrawn (also after its arrival, and one released automatically before issue 34 forbade it), by the
    // service, naming why; the other organisation's people are named on their own events. Its submission and
    // arrival say it waits for the authority (its responsible importer is not on the certificate).
    const INGRID_STORD = "Ingrid Berg, Blomsterbud Vest AS avd. Stord";
    for (const steg of ["utkast", "innsendt", "ankommet", "frigitt"] as const) {
      const sendInn = steg !== "utkast";
      const s = await lagSertifikat(api.handle.db, {
        mottakerOrgnr: ORG.hagelandDrammen,
        linjer: [LINJER.roseplanter],
      });
      await ok(
        api.fetch(
          `/import/v2/${ORG.blomsterbudStord}/${stord}/sertifikat?${new URLSearchParams({ sertifikatnummer: s.nummer, dato: s.utstedtDato, avsenderland: s.eksportLand })}`,
          { pid: INGRID },
        ),
        200,
      );
      const { id } = await svar<{ id: number }>(await ok(ingrid.post("", opprettBody(s, stord)), 201));
      const annen = logg(id, sendInn ? ingrid : null);
      annen.skjedde({
        tittel: "Opprettet",
        av: INGRID_STORD,
        linjer: [
          `Fra sertifikat ${s.nummer} (Nederland)`,
          "Ansvarlig importør: Blomsterbud Vest AS avd. Stord (org.nr. 912 346 447)",
        ],
      });
      if (sendInn) {
        const am = await hent(id, ingrid);
        await ok(ingrid.put(`/${id}/innmelder`, { navn: "Ingrid", epost: "ingrid@blomsterbud.example.no" }));
        annen.skjedde({
          tittel: "Innmelder registrert",
          av: INGRID_STORD,
          linjer: ["Innmelders navn: «Ingrid»", "Innmelders e-post: «ingrid@blomsterbud.example.no»"],
        });
        for (const q of am.dokumentkontrollSpoersmaal) {
          await ok(ingrid.put(`/${id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] }));
          annen.skjedde({
            tittel: "Dokumentkontroll besvart",
            av: INGRID_STORD,
            linjer: [`${SPOERSMAAL[q.kode].tekst}: «${SVAR_TEKST[RIKTIG[q.kode] as SvarKode]}»`],
          });
        }
        await ok(
          ingrid.put(`/${id}/ankomstinfo/${am.ankomstInfo[0]!.id}`, {
            ankomsttid: "2026-04-02T08:00:00.000Z",
            kontrollAdresse: { linje1: "Sjøgata 1", postnummer: "5411", poststed: "Stord" },
            mottakskontrolloer: { importoerId: stord },
          }),
        );
        await ok(ingrid.put(`/${id}/status`, { status: "REGISTRERT" }), 200);
        annen.skjedde(
          {
            tittel: "Ankomst endret",
            av: INGRID_STORD,
            linjer: [
              "Forventet ankomst: «02.04.2026 formiddag (08-12)»",
              "Kontrollsted: «Sjøgata 1, 5411 Stord»",
              "Mottakskontrollør: «Blomsterbud Vest AS avd. Stord (org.nr. 912 346 447)»",
            ],
          },
          {
            tittel: "Sendt inn til Mattilsynet",
            av: INGRID_STORD,
            linjer: [bokmaal(VENTEGRUNN_TEKST.ANSVARLIG_IKKE_PAA_SERTIFIKATET)],
          },
        );
      }
      if (steg === "ankommet") {
        for (const q of (await hent(id, ingrid)).mottakskontrollSpoersmaal) {
          await ok(ingrid.put(`/${id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] }));
          annen.skjedde({
            tittel: "Mottakskontroll besvart",
            av: INGRID_STORD,
            linjer: [`${SPOERSMAAL[q.kode].tekst}: «${SVAR_TEKST[RIKTIG[q.kode] as SvarKode]}»`],
          });
        }
        await ok(ingrid.put(`/${id}/status`, { status: "ANKOMMET" }), 200);
        annen.skjedde({
          tittel: "Ankommet, mottakskontroll rapportert",
          av: INGRID_STORD,
          linjer: ["Ingen avvik", bokmaal(VENTEGRUNN_TEKST.ANSVARLIG_IKKE_PAA_SERTIFIKATET)],
        });
      }
      // Released automatically as the service did before issue 34 (no event then names this step).
      if (steg === "frigitt")
        await api.handle.db
          .updateTable("importmelding")
          .set({ status: "AUTOMATISK_FRIGITT" })
          .where("id", "=", id)
          .execute();
      await ok(kari.post("", opprettBody(s)), 201);
      annen.skjedde({
        tittel: sendInn ? "Trukket tilbake" : "Slettet",
        av: "Mattilsynet",
        linjer: [
          "Hageland Import AS avd. Drammen (912345742) står på sertifikatet og har opprettet sin egen forhåndsmelding",
        ],
      });
      await annen.sjekk();
    }

    // Every transition of the state machine was made, and each is in a recorded history.
    expect([...sett].sort()).toEqual(OVERGANGER.map((o) => `${o.fra}→${o.til} av ${o.av}`).sort());
  });
});

function vurdertTittel(s: "FRIGITT" | "AVVIST" | "DELVIS_AVVIST"): string {
  return {
    FRIGITT: "Vurdert av Mattilsynet: Frigitt",
    AVVIST: "Vurdert av Mattilsynet: Avvist",
    DELVIS_AVVIST: "Vurdert av Mattilsynet: Delvis avvist",
  }[s];
}

describe("historikken i sider", () => {
  it("gir de nyeste først, 20 om gangen, og de eldre med ?foer", async () => {
    const { m } = await nyttUtkast();
    for (let i = 1; i <= 25; i++) await ok(kari.put(`/${m.id}/egenreferanse`, { egenReferanse: `R${i}` }));
    const alle = await heleHistorikken(kari, m.id);
    const antall = utkastHendelser(m, { nummer: "", eksportLand: "", utstedtDato: "", id: 0 }).length + 25;
    expect(alle).toHaveLength(antall);
    const foerste = await side(kari, m.id);
    expect(foerste.hendelser).toHaveLength(20);
    expect(foerste.hendelser[0]!.linjer).toEqual(["Egen referanse: endret fra «R24» til «R25»"]);
    const ider = foerste.hendelser.map((h) => h.id);
    expect(ider).toEqual([...ider].sort((a, b) => b - a));
    expect(foerste.eldre).toBe(ider.at(-1));
    const andre = await side(kari, m.id, `?foer=${foerste.eldre}`);
    expect(andre.hendelser).toHaveLength(antall - 20);
    expect(andre.eldre).toBeNull();
    expect(andre.hendelser[0]!.id).toBeLessThan(ider.at(-1)!);
    expect((await side(kari, m.id, "?antall=5")).hendelser).toHaveLength(5);

    for (const feil of ["?foer=abc", "?foer=-1", "?antall=0", "?antall=101"]) {
      const res = await kari.get(`/${m.id}/historikk${feil}`);
      expect(res.status, feil).toBe(400);
      expect((await svar(res)).detail).toMatch(/^Ugyldig (foer|antall)$/);
    }
  });
});

describe("historikken på leserens språk", () => {
  it("titler, linjer og verdier på nynorsk og engelsk etter Accept-Language, bokmål uten", async () => {
    const { m } = await nyttUtkast();
    await ok(kari.put(`/${m.id}/egenreferanse`, { egenReferanse: "R1" }));
    await ok(kari.put(`/${m.id}/egenreferanse`, { egenReferanse: "R2" }));
    const paa = async (sprak: string | null) => {
      const res = await api.fetch(`${kari.basis}/${m.id}/historikk`, {
        pid: KARI,
        headers: sprak ? { "Accept-Language": sprak } : {},
      });
      expect(res.status).toBe(200);
      return { sprak: res.headers.get("Content-Language"), side: await svar<HistorikkSide>(res) };
    };
    const nb = await paa(null);
    const nn = await paa("nn-NO,nn;q=0.9");
    const en = await paa("en-GB");
    expect([nb.sprak, nn.sprak, en.sprak]).toEqual(["nb", "nn", "en"]);
    const [nyest] = [nb, nn, en].map((s) => s.side.hendelser[0]!);
    expect(nyest!.tittel).toBe("Egen referanse endret");
    expect(nyest!.linjer).toEqual(["Egen referanse: endret fra «R1» til «R2»"]);
    expect(nn.side.hendelser[0]!.tittel).toBe("Eigen referanse endra");
    expect(nn.side.hendelser[0]!.linjer).toEqual(["Eigen referanse: endra frå «R1» til «R2»"]);
    expect(en.side.hendelser[0]!.tittel).toBe("Your reference changed");
    expect(en.side.hendelser[0]!.linjer).toEqual(["Your reference: changed from “R1” to “R2”"]);
    // the same events, the people's names as they are
    expect(en.side.hendelser.map((h) => h.id)).toEqual(nb.side.hendelser.map((h) => h.id));
    expect(en.side.hendelser.map((h) => h.utfoertAv)).toEqual(nb.side.hendelser.map((h) => h.utfoertAv));
    expect(en.side.hendelser.at(-1)!.tittel).toBe("Created");
    expect(nn.side.hendelser.at(-1)!.tittel).toBe("Oppretta");
  });
});

describe("hvem som kan lese historikken", () => {
  it("den som kan lese forhåndsmeldingen, og ingen andre", async () => {
    const { m } = await nyttUtkast();
    // A draft: the owner only; the controller does not see it yet.
    expect((await kari.get(`/${m.id}/historikk`)).status).toBe(200);
    expect((await ola.get(`/${m.id}/historikk`)).status).toBe(404);
    await ok(kari.put(`/${m.id}/status`, { status: "REGISTRERT" }), 200);
    // Submitted: the appointed reception controller reads it too, the same as the owner.
    expect(await side(ola, m.id)).toEqual(await side(kari, m.id));
    // Another importer, a person without delegation, no token: refused as for the notification itself.
    for (const [a, navn] of [
      [ingrid, "annen importør"],
      [aktoer(api, PER, ORG.hagelandDrammen, hageland), "uten delegering"],
    ] as const) {
      const lese = await a.get(`/${m.id}`);
      const hist = await a.get(`/${m.id}/historikk`);
      expect(hist.status, navn).toBe(lese.status);
      expect(hist.status, navn).toBeGreaterThanOrEqual(403);
    }
    const uten = await fetch(`${api.url}${kari.basis}/${m.id}/historikk`);
    expect(uten.status).toBe(401);
  });
});
