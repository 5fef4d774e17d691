// Risk rules the authority has approved (issue 32 item 3, ADR 046), over real HTTP on a real database: in
// production without an approved ruleset nothing is released automatically (and the importer sees that it waits),
// with one the same notifications as in development are; the authority loads a version through its API (checked,
// a draft until approved, the previous kept), a rule change takes effect for new certificates and for the release
// of notifications from older ones without a deploy, and a warm intake asks the database about the ruleset at
// most once a second.
import type { CompiledQuery, KyselyPlugin, RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import type { HistorikkSide } from "../../domain/historikk";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import { UTVIKLINGSSETT } from "../../domain/risiko/regelsett";
import type { Regel } from "../../domain/risiko/regler";
import { createTestDatabase } from "../../tests/support/test-db";
import {
  aktoer,
  importoerId,
  KARI,
  klarTilInnsending,
  LINJER,
  lagSertifikat,
  RIKTIG,
  svar,
  type TestSertifikat,
} from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { MYNDIGHET_SCOPES } from "../auth";
import { ingestSertifikat } from "../sertifikat/ingest";
import { gjeldendeRegelsett, SJEKK_MS } from "./gjeldende";
import { godkjennRegelsett, lastOppRegelsett, type RegelsettVisning } from "./lager";

let api: TestApi;
let hageland: number;
let gront: number;
let kari: ReturnType<typeof aktoer>;

let prod: Oppsett;

beforeAll(async () => {
  api = await startTestApi();
  // Production proper runs beside, as an API (and a database) of its own.
  prod = await produksjon();
  hageland = await importoerId(api.handle.db, ORG.hagelandDrammen);
  gront = await importoerId(api.handle.db, ORG.grontMottakOslo);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
}, 300_000);
afterAll(async () => {
  await api?.close();
  await prod?.api.close();
});

/** An API with its importers: development (the development set is approved), or production proper (it is not). */
interface Oppsett {
  api: TestApi;
  kari: ReturnType<typeof aktoer>;
  hageland: number;
  gront: number;
  utviklingssett: boolean;
}
const utvikling = (): Oppsett => ({ api, kari, hageland, gront, utviklingssett: true });

/** Production proper (config.utviklingssettTillatt false, as with NODE_ENV=production without DEMO_MODE). */
async function produksjon(): Promise<Oppsett> {
  const prod = await startTestApi({ utviklingssett: false });
  const h = await importoerId(prod.handle.db, ORG.hagelandDrammen);
  const g = await importoerId(prod.handle.db, ORG.grontMottakOslo);
  return {
    api: prod,
    kari: aktoer(prod, KARI, ORG.hagelandDrammen, h),
    hageland: h,
    gront: g,
    utviklingssett: false,
  };
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const tekst = await res.text();
  expect(res.status, tekst.slice(0, 400)).toBe(status);
  return JSON.parse(tekst) as T;
}

const lastOpp = (innhold: unknown, mot: TestApi = api) =>
  mot.myndighet("/myndighet/v2/regelsett", { method: "POST", json: innhold });
const godkjenn = (versjon: number, godkjentAv = "Berit Saksbehandler", mot: TestApi = api) =>
  mot.myndighet(`/myndighet/v2/regelsett/${versjon}/godkjenning`, { method: "POST", json: { godkjentAv } });

/**
 * The two notifications today's rules release by themselves (ADR 007): document control only with a clean
 * certificate at submission, and plants for planting with a clean reception control at arrival. Their statuses
 * after submission and after arrival.
 */
async function scenario(s: { snitt: TestSertifikat; planter: TestSertifikat }, o: Oppsett = utvikling()) {
  const { kari, hageland, gront } = o;
  const snitt = await klarTilInnsending(kari, s.snitt, { ansvarlig: hageland, kontrolloer: gront });
  const etterInnsending = (await (await kari.put(`/${snitt.id}/status`, { status: "REGISTRERT" })).json())
    .status;
  const planter = await klarTilInnsending(kari, s.planter, { ansvarlig: hageland, kontrolloer: gront });
  expect((await kari.put(`/${planter.id}/status`, { status: "REGISTRERT" })).status).toBe(200);
  for (const q of planter.mottakskontrollSpoersmaal) {
    await kari.put(`/${planter.id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: RIKTIG[q.kode] });
  }
  const etterAnkomst = (await (await kari.put(`/${planter.id}/status`, { status: "ANKOMMET" })).json())
    .status;
  const les = async (id: number) => (await (await kari.get(`/${id}`)).json()) as ImportmeldingVisning;
  return { etterInnsending, etterAnkomst, snitt: await les(snitt.id), planter: await les(planter.id) };
}

const sertifikater = async (o: Oppsett = utvikling()) => ({
  snitt: await lagSertifikat(o.api.handle.db, {
    linjer: [LINJER.snittroser],
    utviklingssett: o.utviklingssett,
  }),
  planter: await lagSertifikat(o.api.handle.db, {
    linjer: [LINJER.roseplanter],
    utviklingssett: o.utviklingssett,
  }),
});

/** A version that also warns about cut roses from the Netherlands (a rule the bundled tables lack). */
const ROSER_FRA_NL: Regel = {
  id: "TEST-4A-SNITTROSER-NL",
  regelverk: "PLANTEHELSE_VEDLEGG_4A",
  alvorlighetsgrad: "VARSEL",
  beskrivelse: "Snittroser fra Nederland (testregel)",
  match: { slekter: ["Rosa"], plantedeler: ["Cut flowers"] },
  opprinnelse: { land: ["NL"] },
  punkt: "vedlegg 4A punkt 99",
  kilde: "forskrift om plantehelse vedlegg 4A punkt 99 (testregel)",
};

describe("uten godkjente risikoregler i produksjon", () => {
  it("frigis ingenting automatisk, og importøren ser at forhåndsmeldingen venter på Mattilsynet; med godkjente frigis de samme som i dag", async () => {
    // Today (development: the development set is approved).
    const idag = await scenario(await sertifikater());
    expect([idag.etterInnsending, idag.etterAnkomst]).toEqual(["AUTOMATISK_FRIGITT", "AUTOMATISK_FRIGITT"]);
    expect(idag.snitt.automatiskVurdering).toBe("FRIGITT");

    // Production proper: the development set counts for nothing.
    {
      expect(await json(await prod.api.myndighet("/myndighet/v2/regelsett/gjeldende"), 404)).toMatchObject({
        detail:
          "Det finnes ikke noe godkjent regelsett: ingen forhåndsmeldinger frigis automatisk, alle venter på Mattilsynet",
      });
      const uten = await scenario(await sertifikater(prod), prod);
      expect([uten.etterInnsending, uten.etterAnkomst]).toEqual(["REGISTRERT", "ANKOMMET"]);
      expect(uten.snitt.automatiskVurdering).toBe("UTEN_REGELSETT");
      expect(uten.planter.automatiskVurdering).toBe("UTEN_REGELSETT");
      // The certificates were assessed by the bundled tables, recorded as under no approved ruleset.
      const rad = await prod.api.handle.db
        .selectFrom("sertifikat")
        .select("regelsett_versjon")
        .where("id", "=", uten.snitt.sertifikat.id)
        .executeTakeFirstOrThrow();
      expect(rad.regelsett_versjon).toBeNull();

      // The authority loads today's tables as its own version: a draft changes nothing yet.
      const utkast = await json<RegelsettVisning>(
        await lastOpp({ ...UTVIKLINGSSETT, beskrivelse: "Kontrollert mot forskriften 1. mai" }, prod.api),
        201,
      );
      expect(utkast).toMatchObject({ status: "UTKAST", godkjent: null, utviklingssett: false });
      const fortsattUten = await scenario(await sertifikater(prod), prod);
      expect([fortsattUten.etterInnsending, fortsattUten.etterAnkomst]).toEqual(["REGISTRERT", "ANKOMMET"]);

      const foerGodkjenning = await sertifikater(prod);
      const godkjent = await json<RegelsettVisning>(await godkjenn(utkast.versjon, undefined, prod.api));
      expect(godkjent).toMatchObject({ status: "GODKJENT", godkjentAv: "Berit Saksbehandler" });
      // The same notifications as today are released, from certificates that came before the approval too.
      const med = await scenario(foerGodkjenning, prod);
      expect([med.etterInnsending, med.etterAnkomst]).toEqual(["AUTOMATISK_FRIGITT", "AUTOMATISK_FRIGITT"]);
      expect(med.snitt.automatiskVurdering).toBe("FRIGITT");
      const historikk = (await (await prod.kari.get(`/${med.snitt.id}/historikk`)).json()) as HistorikkSide;
      expect(historikk.hendelser[0]).toMatchObject({
        tittel: "Frigitt automatisk",
        linjer: [
          "Bare dokumentkontroll, ingen avvik og ingen risiko i sertifikatet",
          `Risikoregler: versjon ${utkast.versjon}`,
        ],
      });
      const lest = await json<{ automatiskVurdering: unknown }>(
        await prod.api.myndighet(`/myndighet/v2/importmeldinger/${med.planter.nummer}`),
      );
      expect(lest.automatiskVurdering).toEqual({ resultat: "FRIGITT", regelsettVersjon: utkast.versjon });
    }
  });
});

describe("Mattilsynet laster og godkjenner regelsett gjennom API-et", () => {
  it("kontrollerer det som lastes opp, med hver feil og hvor den er, og lagrer ingenting av et ugyldig", async () => {
    const foer = await api.handle.db.selectFrom("regelsett").select("versjon").execute();
    const [regel] = UTVIKLINGSSETT.regler;
    const ugyldig = {
      ...UTVIKLINGSSETT,
      regler: [
        { ...regel, match: { ...regel!.match, eppoKoder: ["XXXXX"] } },
        { ...regel, id: "V4", regelverk: "PLANTEHELSE_VEDLEGG_3", alvorlighetsgrad: "VARSEL" },
        { ...regel, id: "V5", match: { plantedeler: ["Hagemøbler"] } },
      ],
      landgrupper: { ...UTVIKLINGSSETT.landgrupper, EU_EOS: ["XX"] },
    };
    const res = await lastOpp(ugyldig);
    const feil = await json<{ detail: string; feil: string[] }>(res, 400);
    expect(feil.detail).toMatch(/^Regelsettet er ikke gyldig og er ikke lagret\. /);
    expect(feil.feil).toEqual(
      expect.arrayContaining([
        "regler[1].alvorlighetsgrad: Vedlegg 3 gir alltid FORBUD og vedlegg 4A alltid VARSEL",
        "landgrupper.EU_EOS: Landet XX er i EU_EOS, men ikke i EUROPA",
        `regler[0].match.eppoKoder[0]: Regel ${regel!.id}: EPPO-tabellen har ikke koden «XXXXX»`,
        "regler[2].match.plantedeler[0]: Regel V5: ukjent plantedel «Hagemøbler»",
      ]),
    );
    // in the caller's language (Accept-Language), each problem too
    const engelsk = await json<{ detail: string; feil: string[] }>(
      await api.myndighet("/myndighet/v2/regelsett", {
        method: "POST",
        json: ugyldig,
        headers: { "Accept-Language": "en" },
      }),
      400,
    );
    expect(engelsk.detail).toMatch(/^The ruleset is not valid and has not been stored\. /);
    expect(engelsk.feil).toEqual(
      expect.arrayContaining([
        "landgrupper.EU_EOS: The country XX is in EU_EOS but not in EUROPA",
        "regler[2].match.plantedeler[0]: Rule V5: unknown plant part ‘Hagemøbler’",
      ]),
    );
    expect((await lastOpp({ regler: [] })).status).toBe(400);
    expect((await lastOpp([])).status).toBe(400);
    expect(await api.handle.db.selectFrom("regelsett").select("versjon").execute()).toEqual(foer);
  });

  it("en regelendring virker uten utrulling: for nye sertifikater, og for frigivelsen av dem som kom før", async () => {
    const foerEndring = await lagSertifikat(api.handle.db, { linjer: [LINJER.snittroser] });
    const ny = await json<RegelsettVisning>(
      await lastOpp({
        ...UTVIKLINGSSETT,
        beskrivelse: "Med varsel for snittroser fra Nederland",
        regler: [...UTVIKLINGSSETT.regler, ROSER_FRA_NL],
      }),
      201,
    );
    // The same content again (a retried post) is the same version.
    const igjen = await lastOpp({
      ...UTVIKLINGSSETT,
      beskrivelse: "Med varsel for snittroser fra Nederland",
      regler: [...UTVIKLINGSSETT.regler, ROSER_FRA_NL],
    });
    expect(await json<RegelsettVisning>(igjen, 200)).toMatchObject({ versjon: ny.versjon, status: "UTKAST" });
    const godkjent = await json<RegelsettVisning>(await godkjenn(ny.versjon));
    expect((await json<RegelsettVisning>(await godkjenn(ny.versjon))).godkjent).toBe(godkjent.godkjent);
    const gjeldende = await json<RegelsettVisning & { innhold: { regler: Regel[] } }>(
      await api.myndighet("/myndighet/v2/regelsett/gjeldende"),
    );
    expect(gjeldende.versjon).toBe(ny.versjon);
    expect(gjeldende.innhold.regler.at(-1)).toEqual(ROSER_FRA_NL);

    // A certificate after the approval is assessed by the new rule.
    const etter = await lagSertifikat(api.handle.db, { linjer: [LINJER.snittroser] });
    const rad = await api.handle.db
      .selectFrom("sertifikat")
      .select(["alvorlighetsgrad", "regelsett_versjon"])
      .where("id", "=", etter.id)
      .executeTakeFirstOrThrow();
    expect(rad).toEqual({ alvorlighetsgrad: "VARSEL", regelsett_versjon: ny.versjon });
    // One from before, still ALT_OK as stored, is assessed again when its notification is submitted: it waits.
    const m = await klarTilInnsending(kari, foerEndring, { ansvarlig: hageland, kontrolloer: gront });
    expect(m.kunDokumentkontroll).toBe(true);
    expect((await (await kari.put(`/${m.id}/status`, { status: "REGISTRERT" })).json()).status).toBe(
      "REGISTRERT",
    );
    const lest = await json<{ automatiskVurdering: unknown }>(
      await api.myndighet(`/myndighet/v2/importmeldinger/${m.nummer}`),
    );
    expect(lest.automatiskVurdering).toEqual({ resultat: "VENTER", regelsettVersjon: ny.versjon });

    // Every version is kept, newest first; an older draft can no longer be approved.
    const eldre = await json<RegelsettVisning>(
      await lastOpp({ ...UTVIKLINGSSETT, beskrivelse: "Et eldre utkast" }),
      201,
    );
    const nyere = await json<RegelsettVisning>(
      await lastOpp({ ...UTVIKLINGSSETT, beskrivelse: "Et nyere utkast" }),
      201,
    );
    expect((await godkjenn(nyere.versjon)).status).toBe(200);
    const avvist = await godkjenn(eldre.versjon);
    expect(await json<{ detail: string }>(avvist, 409)).toMatchObject({
      detail: `Versjon ${eldre.versjon} er eldre enn den gjeldende versjonen ${nyere.versjon} og kan ikke godkjennes. Last den opp på nytt for å ta den i bruk igjen.`,
    });
    const liste = await json<{ regelsett: RegelsettVisning[] }>(
      await api.myndighet("/myndighet/v2/regelsett"),
    );
    expect(liste.regelsett.map((r) => r.versjon).slice(0, 4)).toEqual([
      nyere.versjon,
      eldre.versjon,
      ny.versjon,
      ny.versjon - 1,
    ]);
    expect(liste.regelsett.find((r) => r.versjon === ny.versjon)).toMatchObject({
      status: "GODKJENT",
      antallRegler: UTVIKLINGSSETT.regler.length + 1,
    });
    expect((await api.myndighet(`/myndighet/v2/regelsett/${ny.versjon}`)).status).toBe(200);
    expect((await api.myndighet("/myndighet/v2/regelsett/99999")).status).toBe(404);
    // Without the rules' scope: neither load nor approve.
    const lese = { scopes: [MYNDIGHET_SCOPES.read, MYNDIGHET_SCOPES.vurdering] };
    expect(
      (await api.myndighet("/myndighet/v2/regelsett", { method: "POST", json: UTVIKLINGSSETT, ...lese }))
        .status,
    ).toBe(403);
    expect(
      (
        await api.myndighet(`/myndighet/v2/regelsett/${eldre.versjon}/godkjenning`, {
          method: "POST",
          json: { godkjentAv: "X" },
          ...lese,
        })
      ).status,
    ).toBe(403);
    expect((await api.myndighet("/myndighet/v2/regelsett", lese)).status).toBe(200);
    expect((await svar(await godkjenn(1, ""))).detail).toBe(
      "Oppgi hvem som godkjenner (godkjentAv): navnet på personen hos Mattilsynet",
    );
  });
});

/** Counts the queries that read the ruleset table. */
class RegelsettSpoerringer implements KyselyPlugin {
  antall = 0;
  constructor(private readonly db: TestApi["handle"]["db"]) {}
  transformQuery(args: { node: RootOperationNode; queryId: { queryId: string } }): RootOperationNode {
    const q: CompiledQuery = this.db.getExecutor().compileQuery(args.node, args.queryId as never);
    if (/from "regelsett"/.test(q.sql)) this.antall++;
    return args.node;
  }
  async transformResult<T>(args: { result: T }): Promise<T> {
    return args.result;
  }
}

describe("det godkjente regelsettet i hver prosess", () => {
  it("en varm innlesing spør ikke databasen om regelsettet for hvert sertifikat", async () => {
    const teller = new RegelsettSpoerringer(api.handle.db);
    const db = api.handle.db.withPlugin(teller);
    const start = Date.now();
    for (let i = 0; i < 15; i++) {
      await ingestSertifikat(
        db,
        lagSertifikatXml({
          nummer: `PHYTO.NL.2099.VARM${i}`,
          utstedt: "2099-01-01T10:00:00Z",
          avsender: { navn: "Bloemen B.V." },
          mottaker: { navn: "Mottaker AS", organisasjonsnummer: ORG.hagelandDrammen },
          eksportland: "NL",
          varelinjer: [LINJER.snittroser],
        }),
      );
    }
    // The first asks; then at most once per SJEKK_MS (a check, and the content once per version).
    expect(teller.antall).toBeLessThanOrEqual(2 + Math.ceil((Date.now() - start) / SJEKK_MS));
    expect(teller.antall).toBeLessThan(15);
  });

  it("det utviklingssettet teller i, svarer ikke for der det ikke teller (seedens innlesing i produksjon)", async () => {
    // A freshly seeded database holds only the development set. Asked with it counted (as the seed's intake
    // asks), then without, then with again, within SJEKK_MS through the same handle: each answer is its own.
    const handle = await createTestDatabase();
    try {
      expect((await gjeldendeRegelsett(handle.db, true))?.versjon).toBe(1);
      expect(await gjeldendeRegelsett(handle.db, false)).toBeNull();
      expect((await gjeldendeRegelsett(handle.db, true))?.versjon).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it("en godkjenning i en annen prosess gjelder her innen SJEKK_MS", async () => {
    const handle = api.handle.db.withPlugin(new RegelsettSpoerringer(api.handle.db));
    const foer = await gjeldendeRegelsett(handle, true);
    // Another process approves (directly in the database: this process is not told).
    const { regelsett } = await lastOppRegelsett(
      api.handle.db,
      { ...UTVIKLINGSSETT, beskrivelse: "Godkjent i en annen prosess" },
      { lastetOppAv: "test" },
    );
    await godkjennRegelsett(api.handle.db, regelsett.versjon, { godkjentAv: "Test", klient: null }, true);
    expect((await gjeldendeRegelsett(handle, true))?.versjon).toBe(foer?.versjon);
    await new Promise((r) => setTimeout(r, SJEKK_MS + 50));
    expect((await gjeldendeRegelsett(handle, true))?.versjon).toBe(regelsett.versjon);
  });
});
