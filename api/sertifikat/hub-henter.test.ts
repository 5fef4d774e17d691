// The Hub puller against the development Hub over real TLS and SOAP (issue 32 §1, ADR 044), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL: the queue is drained and each certificate stored once; invalid envelopes are
// acknowledged as failed with the reason; the outcome is written with the certificate and acknowledged only
// after the commit; two pullers at once never both take an envelope; a stop in the middle leaves nothing half
// done; a claim that was taken over stores nothing.
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db";
import { createTestDatabase } from "../../tests/support/test-db";
import { hubSertifikatXml, startTestHub, type TestHub } from "../../tests/support/test-hub";
import { lagHubKlient } from "../ephyto/hub-klient";
import { type HubHendelse, lagHubHenter } from "./hub-henter";
import { KravTapt, krevKonvolutt, noterHoder, noterUtfall } from "./hub-journal";
import { forberedSertifikat, lagreSertifikat } from "./ingest";

let handle: DatabaseHandle;
let th: TestHub;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
afterEach(async () => {
  await th?.close();
});

let teller = 0;
const nummer = (hva: string) => `PHYTO.NL.2026.HUB${hva}${Date.now() % 100_000}${teller++}`;

function henter(opts: { leieMs?: number; maksPerRunde?: number; intervallMs?: number } = {}) {
  const hendelser: HubHendelse[] = [];
  const h = lagHubHenter({
    db: handle.db,
    klient: () => lagHubKlient(th.norge),
    intervallMs: opts.intervallMs ?? 50,
    maksPerRunde: opts.maksPerRunde ?? 50,
    leieMs: opts.leieMs ?? 30_000,
    stoppFristMs: 500,
    utviklingssett: true,
    paaHendelse: (e) => hendelser.push(e),
  });
  return { h, hendelser };
}

const journal = (nr: string) =>
  handle.db
    .selectFrom("hub_konvolutt")
    .selectAll()
    .where("hub_leveringsnummer", "=", nr)
    .executeTakeFirstOrThrow();
const varsler = async (sertifikatnummer: string) =>
  (
    await handle.db
      .selectFrom("epost_varsel")
      .innerJoin("sertifikat", "sertifikat.id", "epost_varsel.sertifikat_id")
      .select("epost_varsel.id")
      .where("sertifikat.nummer", "=", sertifikatnummer)
      .execute()
  ).length;

describe(`hubhenteren (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("tømmer køen: hvert sertifikat lagres én gang og kvitteres som mottatt, etter lagringen", async () => {
    th = await startTestHub();
    const numre = [nummer("A"), nummer("B"), nummer("C")];
    // The content as the Hub carries it: XML text, and base64 (as many national systems send it).
    const hubnumre = [
      await th.lever(hubSertifikatXml(numre[0] as string), { nummer: numre[0] }),
      await th.lever(hubSertifikatXml(numre[1] as string), { nummer: numre[1] }),
      await th.lever(Buffer.from(hubSertifikatXml(numre[2] as string)).toString("base64"), {
        nummer: numre[2],
      }),
    ];
    const { h, hendelser } = henter();
    const r = await h.kjoer();
    expect(r).toMatchObject({ kjoerte: true, hentet: 3, lagret: 3, avvist: 0, kvittert: 3, feilet: 0 });

    for (const [i, hubnr] of hubnumre.entries()) {
      const k = th.hub.konvolutter().find((x) => x.hubLeveringsnummer === hubnr);
      expect(k).toMatchObject({ sporing: "Delivered", hentet: 1, kvitteringer: 1, hentetAv: ["NO"] });
      const rad = await journal(hubnr);
      expect(rad).toMatchObject({ utfall: "LAGRET", resultat: "ny", krav: null, fra: "NL" });
      expect(rad.kvittert).toBeInstanceOf(Date);
      // Acknowledged after the certificate was committed, never before.
      expect((rad.kvittert as Date).getTime()).toBeGreaterThanOrEqual((rad.behandlet as Date).getTime());
      const s = await handle.db
        .selectFrom("sertifikat")
        .select(["id", "nummer"])
        .where("id", "=", rad.sertifikat_id as number)
        .executeTakeFirstOrThrow();
      expect(s.nummer).toBe(numre[i]);
      // The delivered certificate kept as the exporting country made it (base64 decoded).
      const xml = await handle.db
        .selectFrom("sertifikat_xml")
        .select("xml")
        .where("sertifikat_id", "=", s.id)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(xml.xml).toString("utf8")).toContain(`<ram:ID>${numre[i]}</ram:ID>`);
      expect(await varsler(numre[i] as string)).toBe(1);
    }
    expect(hendelser.filter((e) => e.type === "kvittert")).toHaveLength(3);
    // Nothing more: a second round pulls nothing.
    expect(await h.kjoer()).toMatchObject({ kjoerte: true, hentet: 0, kvittert: 0 });
  });

  it("samme sertifikat levert på nytt (ny konvolutt) lagres ikke igjen og varsles ikke igjen, men kvitteres", async () => {
    th = await startTestHub();
    const nr = nummer("IGJEN");
    const xml = hubSertifikatXml(nr);
    const foerste = await th.lever(xml, { nummer: nr });
    const { h } = henter();
    await h.kjoer();
    const andre = await th.lever(xml, { nummer: nr });
    expect(await h.kjoer()).toMatchObject({ hentet: 1, lagret: 1, kvittert: 1 });
    expect(await journal(foerste)).toMatchObject({ resultat: "ny" });
    expect(await journal(andre)).toMatchObject({ resultat: "uendret", utfall: "LAGRET" });
    expect(th.hub.konvolutter().map((k) => k.sporing)).toEqual(["Delivered", "Delivered"]);
    expect(await varsler(nr)).toBe(1);
  });

  it("ugyldige konvolutter kvitteres som feilet med årsaken, lagrer ingenting og stopper ikke de andre", async () => {
    th = await startTestHub();
    const godt = nummer("GOD");
    const uten = hubSertifikatXml(nummer("UTENLAND")).replace(
      /<ram:ExportSPSCountry>[\s\S]*?<\/ram:ExportSPSCountry>/,
      "",
    );
    const hubnumre = {
      soeppel: await th.lever("dette er ikke XML", { nummer: "X-1" }),
      dtd: await th.lever('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', { nummer: "X-2" }),
      ikkeSps: await th.lever("<Invoice><ID>1</ID></Invoice>", { nummer: "X-3" }),
      utenLand: await th.lever(uten, { nummer: "X-4" }),
      godt: await th.lever(hubSertifikatXml(godt), { nummer: godt }),
    };
    const foer = await handle.db
      .selectFrom("sertifikat")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const { h, hendelser } = henter();
    const r = await h.kjoer();
    expect(r).toMatchObject({ hentet: 5, lagret: 1, avvist: 4, kvittert: 5, feilet: 0 });
    const etter = await handle.db
      .selectFrom("sertifikat")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(etter.n) - Number(foer.n)).toBe(1);

    const sporing = (nr: string) => th.hub.konvolutter().find((k) => k.hubLeveringsnummer === nr);
    expect(sporing(hubnumre.godt)).toMatchObject({ sporing: "Delivered" });
    const forventet: Record<string, RegExp> = {
      soeppel: /^The envelope content is not well-formed XML/,
      dtd: /^The certificate XML contains a DTD or entity declarations/,
      ikkeSps: /^The envelope content holds no SPSCertificate$/,
      utenLand: /^The certificate has no known export country/,
    };
    for (const [hva, moenster] of Object.entries(forventet)) {
      const nr = hubnumre[hva as keyof typeof hubnumre];
      const k = sporing(nr);
      expect(k?.sporing, hva).toBe("FailedDelivery");
      expect(k?.feilmelding, hva).toMatch(moenster);
      expect(k?.kvitteringer, hva).toBe(1);
      // The exporting country reads the reason where it looks: the Hub's tracking of its delivery.
      expect((await th.eksportoer.sporing(nr))?.feilmelding).toBe(k?.feilmelding);
      const rad = await journal(nr);
      expect(rad).toMatchObject({ utfall: "AVVIST", sertifikat_id: null, aarsak: k?.feilmelding });
      expect(rad.melding, hva).toMatch(/[a-zæøå]/); // our Norwegian message beside the English reason
    }
    expect(hendelser.filter((e) => e.type === "feilet" && e.hva === "ugyldig")).toHaveLength(4);
  });

  it("to hentere samtidig: hver konvolutt hentes, lagres og kvitteres av én", async () => {
    th = await startTestHub();
    const numre = Array.from({ length: 12 }, (_, i) => nummer(`TO${i}`));
    for (const nr of numre) await th.lever(hubSertifikatXml(nr), { nummer: nr });
    const a = henter({ maksPerRunde: 3, intervallMs: 20 });
    const b = henter({ maksPerRunde: 3, intervallMs: 20 });
    a.h.start();
    b.h.start();
    const frist = Date.now() + 60_000;
    while (th.hub.konvolutter().some((k) => k.sporing === "PendingDelivery") && Date.now() < frist) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.all([a.h.stopp(), b.h.stopp()]);
    for (const k of th.hub.konvolutter()) {
      expect(k, k.nppoSertifikatnummer).toMatchObject({ sporing: "Delivered", hentet: 1, kvitteringer: 1 });
    }
    const lagret = [...a.hendelser, ...b.hendelser].filter((e) => e.type === "lagret");
    expect(lagret).toHaveLength(12);
    expect(lagret.every((e) => e.type === "lagret" && e.resultat === "ny")).toBe(true);
    for (const nr of numre) expect(await varsler(nr)).toBe(1);
  });

  it("stopp mens kvitteringen er underveis: ingenting halvgjort, og neste henter kvitterer uten å lagre på nytt", async () => {
    let ack = 0;
    th = await startTestHub({
      forsinkelseMs: { AcknowledgeEnvelopeReceipt: 1500 },
      paaKall: (op) => {
        if (op === "AcknowledgeEnvelopeReceipt") ack++;
      },
    });
    const nr = nummer("STOPP");
    const hubnr = await th.lever(hubSertifikatXml(nr), { nummer: nr });
    const a = henter({ intervallMs: 60_000 });
    a.h.start();
    const frist = Date.now() + 30_000;
    while (ack === 0 && Date.now() < frist) await new Promise((r) => setTimeout(r, 20));
    // SIGTERM's path: the acknowledgement in flight gets stoppFristMs, then it is cut and the claim released.
    await a.h.stopp();
    expect(th.hub.konvolutter()[0]?.sporing).toBe("PendingDelivery");
    expect(await journal(hubnr)).toMatchObject({ utfall: "LAGRET", kvittert: null, krav: null });
    expect(
      (await handle.db.selectFrom("hub_henter").select("eier").executeTakeFirstOrThrow()).eier,
    ).toBeNull();

    const b = henter();
    expect(await b.h.kjoer()).toMatchObject({ hentet: 0, lagret: 0, kvittert: 1 });
    expect(th.hub.konvolutter()[0]).toMatchObject({ sporing: "Delivered", hentet: 1, kvitteringer: 1 });
    expect(await varsler(nr)).toBe(1);
  });

  it("når huben ikke svarer, feiler runden uten å røre journalen, og neste runde tar det igjen", async () => {
    th = await startTestHub();
    const nr = nummer("NEDE");
    await th.lever(hubSertifikatXml(nr), { nummer: nr });
    const url = th.norge.url;
    const nede = lagHubHenter({
      db: handle.db,
      klient: () => lagHubKlient({ ...th.norge, url: url.replace(/:\d+\//, ":1/"), tidsavbruddMs: 2000 }),
      intervallMs: 50,
      maksPerRunde: 50,
      leieMs: 30_000,
      utviklingssett: true,
    });
    const r = await nede.kjoer();
    expect(r.kjoerte).toBe(true);
    expect(r.feil).toMatch(/GetImportEnvelopeHeaders: fikk ikke svar fra huben/);
    const status = await handle.db.selectFrom("hub_henter").selectAll().executeTakeFirstOrThrow();
    expect(status).toMatchObject({ eier: null, siste_feil: r.feil });
    expect(await henter().h.kjoer()).toMatchObject({ lagret: 1, kvittert: 1 });
  });
});

describe("journalens krav", () => {
  it("to krav på samme konvolutt samtidig: bare ett får den", async () => {
    const nr = `KRAV-${Date.now()}`;
    await noterHoder(
      handle.db,
      [
        {
          hubLeveringsnummer: nr,
          fra: "NL",
          til: "NO",
          sertifikattype: "851",
          sertifikatstatus: "70",
          nppoSertifikatnummer: "K",
        },
      ],
      10,
    );
    const svar = await Promise.all([1, 2, 3].map((i) => krevKonvolutt(handle.db, nr, `krav-${i}`, 60_000)));
    expect(svar.filter(Boolean)).toHaveLength(1);
  });

  it("et krav som er tatt over, lagrer ingenting: sertifikatet rulles tilbake med utfallet", async () => {
    const nr = `OVERTATT-${Date.now()}`;
    const sertifikatnummer = nummer("OVERTATT");
    await noterHoder(
      handle.db,
      [
        {
          hubLeveringsnummer: nr,
          fra: "NL",
          til: "NO",
          sertifikattype: "851",
          sertifikatstatus: "70",
          nppoSertifikatnummer: sertifikatnummer,
        },
      ],
      10,
    );
    // Our claim ran out; another puller took the envelope. (Ended in the past rather than by a lease of 0 ms:
    // `krav_til < now()` with the claim's own now() holds only once the clock has moved, and PGlite's clock can
    // read the same for two statements in a row.)
    expect(await krevKonvolutt(handle.db, nr, "vaart", 60_000)).toBeDefined();
    await handle.db
      .updateTable("hub_konvolutt")
      .set({ krav_til: sql<Date>`now() - interval '1 second'` })
      .where("hub_leveringsnummer", "=", nr)
      .execute();
    expect(await krevKonvolutt(handle.db, nr, "deres", 60_000)).toBeDefined();
    await expect(
      lagreSertifikat(handle.db, forberedSertifikat(hubSertifikatXml(sertifikatnummer)), {
        foerCommit: (trx, r) =>
          noterUtfall(trx, nr, "vaart", { utfall: "LAGRET", resultat: r.resultat, sertifikatId: r.id }),
      }),
    ).rejects.toBeInstanceOf(KravTapt);
    const s = await handle.db
      .selectFrom("sertifikat")
      .select("id")
      .where("nummer", "=", sertifikatnummer)
      .execute();
    expect(s).toEqual([]);
    expect(await journal(nr)).toMatchObject({ utfall: null, krav: "deres" });
  });
});
