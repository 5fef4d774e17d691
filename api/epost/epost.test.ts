// E-mail alerts end to end over real SMTP (issue 10 "Done when"): certificates delivered to the Hub endpoint
// of the import API over HTTP, the outbox in the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// the sender talking SMTP to the development mail catcher, which stores what it receives.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { lagSertifikatXml, type SertifikatInput } from "../../dev/ephyto/generate";
import { type EpostFanger, startEpostFanger } from "../../dev/epost/fanger";
import { formaterDato, leggTilDager, osloDato } from "../../domain/format";
import { bareMedPostgres } from "../../tests/support/test-db";
import { importoerId } from "../../tests/support/test-hjelp";
import { startTestApi, TEST_HUB_API_KEY, type TestApi } from "../../tests/support/test-server";
import { type EpostSender, type EpostSenderOptions, krevVarsler, lagEpostSender } from "./sender";

const kari = DEMO_PERSONER[0]!.pid; // acts for Hageland Drammen
const APP = "http://app.test";
const idag = osloDato(new Date());

let api: TestApi;
let fanger: EpostFanger;
let drammen: number;
let nr = 0;

const db = () => api.handle.db;

function senderMed(o: Partial<EpostSenderOptions> = {}): EpostSender {
  return lagEpostSender({
    db: db(),
    smtpUrl: fanger.smtpUrl,
    avsender: "Digital forhåndsmelding <ikke-svar@test.example>",
    appUrl: APP,
    samlevinduMs: 0,
    maksForsoek: 3,
    ventetidMs: 50,
    tidsavbruddMs: 2000,
    ...o,
  });
}

function sertifikat(endringer: Partial<SertifikatInput> = {}): SertifikatInput {
  nr += 1;
  return {
    nummer: `PHYTO.NL.${idag.slice(0, 4)}.E${Date.now() % 100000}${nr}`,
    utstedt: `${idag}T08:00:00`,
    avsender: { navn: "Bloemen Export B.V." },
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
    eksportland: { kode: "NL" },
    varelinjer: [
      {
        botaniskNavn: "Rosa",
        plantedel: "Cut flowers",
        tilsiktetBruk: "Decoration",
        opprinnelsesland: ["NL"],
      },
    ],
    ...endringer,
  };
}

async function lever(input: SertifikatInput): Promise<{ status: number; id: number }> {
  const res = await api.fetch("/import/ephyto/v1/sertifikat", {
    method: "POST",
    headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "application/xml" },
    body: lagSertifikatXml(input),
  });
  const body = (await res.json()) as { id: number };
  return { status: res.status, id: body.id };
}

/** Messages the catcher received whose subject names the certificate. */
async function fangetFor(nummer: string) {
  const rader = await db().selectFrom("epost_fanget").selectAll().orderBy("id").execute();
  return rader.filter((r) => r.emne?.includes(nummer) || r.tekst?.includes(nummer));
}

async function varsler(sertifikatId: number) {
  return db().selectFrom("epost_varsel").selectAll().where("sertifikat_id", "=", sertifikatId).execute();
}

/** Runs rounds until `ferdig` holds (a real condition; bounded by the test timeout). */
async function kjoerTil(sender: EpostSender, ferdig: () => Promise<boolean>) {
  for (let i = 0; i < 2000; i++) {
    await sender.kjoer();
    if (await ferdig()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("betingelsen ble aldri oppfylt");
}

beforeAll(async () => {
  api = await startTestApi({ epostNedeVarselMs: 0 });
  fanger = await startEpostFanger({ db: db() });
  drammen = await importoerId(db(), ORG.hagelandDrammen);
  await db()
    .insertInto("importoer_epost")
    .values({ importoer_id: drammen, epostadresse: "innkjop@hageland.example.no" })
    .execute();
});

afterAll(async () => {
  await fanger?.close();
  await api?.close();
});

describe("e-postvarsler over SMTP", () => {
  it("demodataene gir ingen varsler: de er historikk", async () => {
    expect(await db().selectFrom("epost_varsel").select("id").execute()).toEqual([]);
  });

  it("et levert sertifikat til en importør med to adresser gir nøyaktig én e-post til hver", async () => {
    const input = sertifikat();
    const { status, id } = await lever(input);
    expect(status).toBe(201);
    expect(await varsler(id)).toMatchObject([{ importoer_id: drammen, status: "VENTER" }]);

    const sender = senderMed();
    expect(await sender.kjoer()).toEqual({ sendt: 1, feilet: 0, avbrutt: 0 });
    expect(await sender.kjoer()).toEqual({ sendt: 0, feilet: 0, avbrutt: 0 });
    await sender.stop();

    const fanget = await fangetFor(input.nummer);
    for (const adresse of ["import@hageland.example.no", "innkjop@hageland.example.no"]) {
      expect(fanget.filter((f) => f.mottakere.includes(adresse))).toHaveLength(1);
    }
    const [e] = fanget;
    expect(e?.emne).toBe(`Nytt sertifikat ${input.nummer} fra Nederland`);
    expect(e?.avsender).toBe("ikke-svar@test.example");
    expect(e?.idempotens).toMatch(/^[0-9a-f]{40}$/);
    const lenke = `${APP}/sertifikat?sertifikatnummer=${encodeURIComponent(input.nummer)}&dato=${idag}&avsenderland=NL`;
    expect(e?.tekst).toContain(`Sertifikat ${input.nummer}`);
    expect(e?.tekst).toContain("Eksportland: Nederland");
    expect(e?.tekst).toContain(`Utstedt: ${formaterDato(idag)}`);
    expect(e?.tekst).toMatch(/Meldeplikt: (Ikke meldepliktig|Meldepliktig|Mulig meldepliktig)/);
    expect(e?.tekst).toContain(`Frist for forhåndsmelding: ${formaterDato(leggTilDager(idag, 14))}`);
    expect(e?.tekst).toContain(lenke);
    expect(e?.tekst).toContain(`${APP}/innstillinger?side=Varslinger`);
    expect(e?.html).toContain('<html lang="nb">');
    expect(e?.html).toContain("<h1>Nytt sertifikat til Hageland Import AS avd. Drammen</h1>");
    expect(e?.html).toContain(
      `<a href="${lenke.replaceAll("&", "&amp;")}">Åpne sertifikat ${input.nummer} i Digital forhåndsmelding</a>`,
    );
    expect(e?.html).toContain(`<a href="${APP}/innstillinger?side=Varslinger">`);
    expect(await varsler(id)).toMatchObject([{ status: "SENDT", forsoek: 1 }]);

    // The same content again: 200 'uendret', no new alert, no new message.
    expect((await lever(input)).status).toBe(200);
    expect(await varsler(id)).toHaveLength(1);
    const igjen = senderMed();
    expect(await igjen.kjoer()).toEqual({ sendt: 0, feilet: 0, avbrutt: 0 });
    await igjen.stop();
    expect(await fangetFor(input.nummer)).toHaveLength(1);
  });

  it("et erstatningssertifikat varsler og sier hva det erstatter", async () => {
    const gammelt = sertifikat();
    await lever(gammelt);
    const nytt = sertifikat({ erstatter: { nummer: gammelt.nummer, aarsak: "Feil mengde" } });
    const { id } = await lever(nytt);
    expect(await varsler(id)).toMatchObject([{ importoer_id: drammen, erstatter_nummer: gammelt.nummer }]);
    const sender = senderMed();
    // Both certificates of the importer are due together: one message lists both.
    expect(await sender.kjoer()).toEqual({ sendt: 1, feilet: 0, avbrutt: 0 });
    await sender.stop();
    const [e, ...andre] = await fangetFor(nytt.nummer);
    expect(andre).toEqual([]);
    expect(e?.emne).toBe("2 nye sertifikater i Digital forhåndsmelding");
    expect(e?.tekst).toContain(`Sertifikat ${nytt.nummer}\nErstatter sertifikat ${gammelt.nummer}.`);
    expect(e?.tekst).toContain(`Sertifikat ${gammelt.nummer}\nEksportland`);
    expect(e?.html).toContain(`<p>Erstatter sertifikat ${gammelt.nummer}.</p>`);
  });

  it("innenfor samlevinduet venter varselet, så flere sertifikater kommer i én e-post", async () => {
    const a = sertifikat();
    const { id } = await lever(a);
    const sender = senderMed({ samlevinduMs: 60_000 });
    expect(await sender.kjoer()).toEqual({ sendt: 0, feilet: 0, avbrutt: 0 });
    await sender.stop();
    expect(await varsler(id)).toMatchObject([{ status: "VENTER", forsoek: 0 }]);
    const straks = senderMed();
    expect(await straks.kjoer()).toEqual({ sendt: 1, feilet: 0, avbrutt: 0 });
    await straks.stop();
  });

  it("preferansen av, ingen adresser eller bare funnet ved søk: ingen varsler", async () => {
    await db().updateTable("importoer").set({ skal_ha_epost: false }).where("id", "=", drammen).execute();
    try {
      const av = sertifikat();
      const { id } = await lever(av);
      expect(await varsler(id)).toEqual([]);
    } finally {
      await db().updateTable("importoer").set({ skal_ha_epost: true }).where("id", "=", drammen).execute();
    }
    // Blomsterbud Bergen has the preference on but no addresses.
    const utenAdresse = sertifikat({
      mottaker: { navn: "Blomsterbud Vest AS avd. Bergen", organisasjonsnummer: ORG.blomsterbudBergen },
    });
    expect(await varsler((await lever(utenAdresse)).id)).toEqual([]);
    // Addressed to a company not in the register; Kari finds it by search for Hageland Drammen.
    const fremmed = sertifikat({ mottaker: { navn: "Ukjent Mottaker AS" } });
    const { id: fremmedId } = await lever(fremmed);
    const sok = await api.fetch(
      `/import/v2/${ORG.hagelandDrammen}/${drammen}/sertifikat?${new URLSearchParams({
        sertifikatnummer: fremmed.nummer,
        dato: idag,
        avsenderland: "NL",
      })}`,
      { pid: kari },
    );
    expect(sok.status).toBe(200);
    expect(await varsler(fremmedId)).toEqual([]);

    // Switched off after the alert was written: nothing is sent, the alert is dropped.
    const senere = sertifikat();
    const { id: senereId } = await lever(senere);
    await db().updateTable("importoer").set({ skal_ha_epost: false }).where("id", "=", drammen).execute();
    const sender = senderMed();
    try {
      expect(await sender.kjoer()).toEqual({ sendt: 0, feilet: 0, avbrutt: 1 });
    } finally {
      await sender.stop();
      await db().updateTable("importoer").set({ skal_ha_epost: true }).where("id", "=", drammen).execute();
    }
    expect(await varsler(senereId)).toMatchObject([{ status: "AVBRUTT" }]);
    for (const n of [utenAdresse.nummer, fremmed.nummer, senere.nummer])
      expect(await fangetFor(n)).toEqual([]);
  });

  it("SMTP nede: prøvd igjen med venting, gitt opp etter grensen, banneret vises, og alt leveres når SMTP er tilbake", async () => {
    const status = async () =>
      (await (
        await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/${drammen}/epoststatus`, { pid: kari })
      ).json()) as { sendingFeiler: boolean; feiledeVarsler: number; smtpNede: boolean };
    expect(await status()).toEqual({ sendingFeiler: false, feiledeVarsler: 0, smtpNede: false });

    await fanger.stopp("test");
    const input = sertifikat();
    const { id } = await lever(input);
    const sender = senderMed();
    try {
      expect(await sender.kjoer()).toEqual({ sendt: 0, feilet: 1, avbrutt: 0 });
      const [etter1] = await varsler(id);
      expect(etter1).toMatchObject({ status: "VENTER", forsoek: 1, feil_type: "TILKOBLING" });
      expect(etter1?.neste_forsoek.getTime()).toBeGreaterThan(etter1!.sist_forsoek!.getTime());
      expect(await status()).toMatchObject({ sendingFeiler: true, smtpNede: true });

      await kjoerTil(sender, async () => (await varsler(id))[0]?.status === "FEILET");
      expect((await varsler(id))[0]).toMatchObject({ forsoek: 3 });
      expect(await status()).toEqual({ sendingFeiler: true, feiledeVarsler: 1, smtpNede: true });
      expect(await fangetFor(input.nummer)).toEqual([]);

      await fanger.start("test");
      await kjoerTil(sender, async () => (await varsler(id))[0]?.status === "SENDT");
    } finally {
      await fanger.start("test");
      await sender.stop();
    }
    expect(await fangetFor(input.nummer)).toHaveLength(1);
    expect(await status()).toEqual({ sendingFeiler: false, feiledeVarsler: 0, smtpNede: false });
  });

  it("en sender som dør midt i sendingen: kravet går ut, og en annen sender leverer én gang", async () => {
    const input = sertifikat();
    const { id } = await lever(input);
    // The claim of a process that then dies before it marks anything.
    const doed = await krevVarsler(db(), { samlevinduMs: 0, leieMs: 300, maks: 10 });
    expect(doed.rader.map((r) => r.id)).toEqual((await varsler(id)).map((v) => v.id));
    const sender = senderMed();
    expect(await sender.kjoer()).toEqual({ sendt: 0, feilet: 0, avbrutt: 0 });
    await kjoerTil(sender, async () => (await varsler(id))[0]?.status === "SENDT");
    await sender.stop();
    expect(await fangetFor(input.nummer)).toHaveLength(1);
    // The dead process's token no longer marks the row.
    const r = await db()
      .updateTable("epost_varsel")
      .set({ status: "FEILET" })
      .where("id", "=", id)
      .where("krav", "=", doed.krav)
      .executeTakeFirst();
    expect(Number(r.numUpdatedRows)).toBe(0);
  });
});

describe("GET /import/register/v1/{orgnr}/{importoerId}/epoststatus: tilgang", () => {
  const per = DEMO_PERSONER[3]!.pid; // no delegations
  const sti = (orgnr: string, id: number | string) => `/import/register/v1/${orgnr}/${id}/epoststatus`;

  it("krever token, en person som kan representere virksomheten, og en importør som hører til den", async () => {
    expect((await api.fetch(sti(ORG.hagelandDrammen, drammen))).status).toBe(401);
    expect((await api.fetch(sti(ORG.hagelandDrammen, drammen), { pid: per })).status).toBe(403);
    const bergen = { id: await importoerId(db(), ORG.blomsterbudBergen) };
    // Kari may act for Hageland Drammen, but Bergen's importer id does not belong to it.
    const fremmed = await api.fetch(sti(ORG.hagelandDrammen, bergen.id), { pid: kari });
    expect(fremmed.status).toBe(403);
    expect((await api.fetch(sti(ORG.blomsterbudBergen, bergen.id), { pid: kari })).status).toBe(403);
    expect((await api.fetch(sti(ORG.hagelandDrammen, "abc"), { pid: kari })).status).toBe(400);
    const ok = await api.fetch(sti(ORG.hagelandDrammen, drammen), { pid: kari });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
  });
});

describe("to sendere mot samme database", () => {
  const ANTALL = 12;
  /** Importers of their own, matched by exact name; returns the certificate numbers delivered to them. */
  async function leverTilMange(merke: string): Promise<string[]> {
    const numre: string[] = [];
    for (let i = 0; i < ANTALL; i++) {
      const navn = `Samtidig ${merke} ${i} AS`;
      const { id } = await db()
        .insertInto("importoer")
        .values({ organisasjonsnummer: `9${merke === "a" ? 1 : 2}${String(i).padStart(7, "0")}`, navn })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db()
        .insertInto("importoer_epost")
        .values({ importoer_id: id, epostadresse: `post${i}@${merke}.samtidig.example` })
        .execute();
      const input = sertifikat({ mottaker: { navn } });
      expect((await lever(input)).status).toBe(201);
      numre.push(input.nummer);
    }
    return numre;
  }

  async function sjekkIngenDuplikater(numre: string[], merke: string) {
    for (const [i, n] of numre.entries()) {
      const fanget = await fangetFor(n);
      expect(fanget, n).toHaveLength(1);
      expect(fanget[0]?.mottakere).toEqual([`post${i}@${merke}.samtidig.example`]);
    }
    const ikkeSendt = await db()
      .selectFrom("epost_varsel as v")
      .innerJoin("sertifikat as s", "s.id", "v.sertifikat_id")
      .select("v.status")
      .where("s.nummer", "in", numre)
      .where("v.status", "<>", "SENDT")
      .execute();
    expect(ikkeSendt).toEqual([]);
  }

  it("to sendere samtidig (hver sin tilkoblingspool på PostgreSQL): hver e-post sendes én gang", async (ctx) => {
    bareMedPostgres(ctx);
    const numre = await leverTilMange("a");
    const { rows } = await (await import("kysely")).sql<{
      navn: string;
    }>`select current_database() as navn`.execute(db());
    const u = new URL(process.env.TEST_DATABASE_URL as string);
    u.pathname = `/${rows[0]!.navn}`;
    const andre = await openDatabase({ databaseUrl: u.toString(), migrate: false });
    const a = senderMed({ maksPerRunde: 2 });
    const b = lagEpostSender({
      db: andre.db,
      smtpUrl: fanger.smtpUrl,
      avsender: "ikke-svar@test.example",
      appUrl: APP,
      samlevinduMs: 0,
      maksForsoek: 3,
      ventetidMs: 50,
      maksPerRunde: 2,
    });
    const tom = async (s: EpostSender) => {
      for (;;) {
        const r = await s.kjoer();
        if (r.sendt + r.feilet + r.avbrutt === 0) return;
      }
    };
    try {
      await Promise.all([tom(a), tom(b), tom(a), tom(b)]);
    } finally {
      await a.stop();
      await b.stop();
      await andre.close();
    }
    await sjekkIngenDuplikater(numre, "a");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "to prosesser med npm run epost:send mot samme PostgreSQL: hver e-post sendes én gang (bare med TEST_DATABASE_URL: PGlite kan ikke deles mellom prosesser)",
    async () => {
      const numre = await leverTilMange("b");
      const { rows } = await (await import("kysely")).sql<{
        navn: string;
      }>`select current_database() as navn`.execute(db());
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${rows[0]!.navn}`;
      const kjoer = () =>
        new Promise<number>((resolve, reject) => {
          const barn = spawn(
            process.execPath,
            ["--import", "tsx", path.resolve("scripts/epost-send.ts"), "--en-gang"],
            {
              env: {
                ...process.env,
                DATABASE_URL: u.toString(),
                SMTP_URL: fanger.smtpUrl,
                EPOST_SAMLEVINDU_SEKUNDER: "0",
                EPOST_PER_RUNDE: "2",
                NODE_ENV: "test",
              },
              stdio: ["ignore", "pipe", "pipe"],
            },
          );
          let ut = "";
          barn.stdout.on("data", (d) => {
            ut += d;
          });
          barn.stderr.on("data", (d) => {
            ut += d;
          });
          barn.on("error", reject);
          barn.on("exit", (kode) =>
            kode === 0 ? resolve(Number(/Sendt: (\d+)/.exec(ut)?.[1])) : reject(new Error(ut)),
          );
        });
      const [x, y] = await Promise.all([kjoer(), kjoer()]);
      expect(x + y).toBe(ANTALL);
      await sjekkIngenDuplikater(numre, "b");
    },
    60_000,
  );
});

describe("sak 23 punkt 7: når SMTP virker igjen, sendes alt som venter straks", () => {
  /** Rounds until the alert of `sertifikatId` is SENT, at most `runder` rounds `pause` ms apart. */
  async function sendtInnen(sender: EpostSender, sertifikatId: number, runder: number, pause: number) {
    for (let i = 0; i < runder; i++) {
      await sender.kjoer();
      if ((await varsler(sertifikatId))[0]?.status === "SENDT") return true;
      await new Promise((r) => setTimeout(r, pause));
    }
    return false;
  }

  it("en sending som lykkes igjen, vekker varslene som venter på neste forsøk etter bruddet", async () => {
    await fanger.stopp("punkt7a");
    const underBrudd = sertifikat();
    const { id: a } = await lever(underBrudd);
    const etterBrudd = sertifikat();
    // The first retry a minute away (ventetid 60 s): without waking it, it would wait for that.
    const sender = senderMed({ ventetidMs: 60_000, maksForsoek: 8 });
    try {
      expect(await sender.kjoer()).toEqual({ sendt: 0, feilet: 1, avbrutt: 0 });
      const [venter] = await varsler(a);
      expect(venter).toMatchObject({ status: "VENTER", feil_type: "TILKOBLING" });
      expect(venter!.neste_forsoek.getTime() - Date.now()).toBeGreaterThan(30_000);

      await fanger.start("punkt7a");
      const { id: b } = await lever(etterBrudd);
      expect(await sendtInnen(sender, b, 3, 20)).toBe(true);
      expect(await sendtInnen(sender, a, 3, 20)).toBe(true);
    } finally {
      await fanger.start("punkt7a");
      await sender.stop();
    }
    expect(await fangetFor(underBrudd.nummer)).toHaveLength(1);
    expect(await fangetFor(etterBrudd.nummer)).toHaveLength(1);
  });

  it("uten nye varsler: prøven av forbindelsen etter bruddet vekker dem som venter", async () => {
    await fanger.stopp("punkt7b");
    const input = sertifikat();
    const { id } = await lever(input);
    const sender = senderMed({ ventetidMs: 100, maksForsoek: 8 });
    try {
      expect(await sender.kjoer()).toEqual({ sendt: 0, feilet: 1, avbrutt: 0 });
      // As after a long outage: several attempts behind it, the next one 16 minutes away (backoff).
      await db()
        .updateTable("epost_varsel")
        .set({ forsoek: 6, neste_forsoek: new Date(Date.now() + 16 * 60_000) })
        .where("sertifikat_id", "=", id)
        .execute();
      await fanger.start("punkt7b");
      // The probe runs at most once per ventetid (100 ms) when nothing is due.
      expect(await sendtInnen(sender, id, 10, 120)).toBe(true);
    } finally {
      await fanger.start("punkt7b");
      await sender.stop();
    }
    expect(await fangetFor(input.nummer)).toHaveLength(1);
  });
});
