// The authority's outcome pushed by e-mail (issue 24 §2, docs/decisions/034-utfall-paa-epost.md) over real
// HTTP and real SMTP: notifications made and submitted through the import API, assessed through the
// authority's endpoint (or released automatically), the outbox row written in the assessment's transaction,
// and the sender talking SMTP to the development mail catcher, which stores what it receives.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import type { VarelinjeInput } from "../../dev/ephyto/generate";
import { type EpostFanger, startEpostFanger } from "../../dev/epost/fanger";
import {
  type Aktoer,
  aktoer,
  INGRID,
  importoerId,
  KARI,
  klarTilInnsending,
  LINJER,
  lagSertifikat,
  VEDTAKSBREV,
  vurderSomMyndighet,
} from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { endreStatusI } from "../importmelding/tilstand";
import { type EpostSender, type EpostSenderOptions, lagEpostSender } from "./sender";

const APP = "http://app.test";

let api: TestApi;
let fanger: EpostFanger;
let hageland: number;
let gront: number;
let kari: Aktoer;

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

beforeAll(async () => {
  api = await startTestApi({ epostNedeVarselMs: 0 });
  fanger = await startEpostFanger({ db: db() });
  hageland = await importoerId(db(), ORG.hagelandDrammen);
  gront = await importoerId(db(), ORG.grontMottakOslo);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
  await db()
    .insertInto("importoer_epost")
    .values({ importoer_id: hageland, epostadresse: "innkjop@hageland.example.no" })
    .execute();
}, 120_000);

afterAll(async () => {
  await fanger?.close();
  await api?.close();
});

/** A submitted notification of Hageland Drammen; roses for cut flowers are released automatically. */
async function innsendt(linjer: VarelinjeInput[] = [LINJER.roseplanter]) {
  const s = await lagSertifikat(db(), { linjer });
  const m = await klarTilInnsending(kari, s, { ansvarlig: hageland, kontrolloer: gront });
  const res = await kari.put(`/${m.id}/status`, { status: "REGISTRERT" });
  expect(res.status, await res.clone().text()).toBe(200);
  return { s, m, status: ((await res.json()) as { status: string }).status };
}

function vurder(id: number, status: string, begrunnelse?: string) {
  const vedtaksbrevReferanse = status === "FRIGITT" ? undefined : VEDTAKSBREV;
  return vurderSomMyndighet(api, id, { status, begrunnelse, vedtaksbrevReferanse });
}

const utfallRader = (importmeldingId: number) =>
  db()
    .selectFrom("epost_varsel")
    .selectAll()
    .where("type", "=", "UTFALL")
    .where("importmelding_id", "=", importmeldingId)
    .execute();

/** Messages the catcher received that name the notification. */
async function fangetFor(nummer: string) {
  const rader = await db().selectFrom("epost_fanget").selectAll().orderBy("id").execute();
  return rader.filter((r) => r.emne?.includes(nummer) || r.tekst?.includes(nummer));
}

async function tomKoeen(sender: EpostSender) {
  for (let i = 0; i < 50; i++) {
    const r = await sender.kjoer();
    if (r.sendt + r.feilet + r.avbrutt === 0) return;
  }
}

async function kjoerTil(sender: EpostSender, ferdig: () => Promise<boolean>) {
  for (let i = 0; i < 2000; i++) {
    await sender.kjoer();
    if (await ferdig()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("betingelsen ble aldri oppfylt");
}

describe("utfallet av vurderingen på e-post", () => {
  it("demodataene gir ingen e-post om vurderinger: de er historikk", async () => {
    expect(await db().selectFrom("epost_varsel").select("id").where("type", "=", "UTFALL").execute()).toEqual(
      [],
    );
  });

  it("en avvisning gir nøyaktig én e-post til hver adresse, med sertifikatet, utfallet, vedtaksbrevet og lenken", async () => {
    const { s, m, status } = await innsendt();
    expect(status).toBe("REGISTRERT");
    expect(await utfallRader(m.id)).toEqual([]);
    const res = await vurder(m.id, "AVVIST", "Skadegjørere funnet");
    expect(res.status).toBe(200);
    expect(await utfallRader(m.id)).toMatchObject([
      { importoer_id: hageland, utfall: "AVVIST", status: "VENTER" },
    ]);

    const sender = senderMed();
    await tomKoeen(sender);
    await sender.stop();
    expect(await utfallRader(m.id)).toMatchObject([{ status: "SENDT", forsoek: 1 }]);
    const fanget = await fangetFor(m.nummer);
    expect(fanget).toHaveLength(1);
    const [e] = fanget;
    const adresser = await db()
      .selectFrom("importoer_epost")
      .select("epostadresse")
      .where("importoer_id", "=", hageland)
      .orderBy("id")
      .execute();
    expect(adresser.length).toBeGreaterThanOrEqual(2);
    expect(e?.mottakere).toEqual(adresser.map((a) => a.epostadresse));
    expect(e?.emne).toBe(`Forhåndsmelding ${m.nummer}: Avvist før ankomst`);
    const lenke = `${APP}/importmelding/${m.id}`;
    expect(e?.tekst).toContain(`Forhåndsmelding ${m.nummer}\nSertifikat: ${s.nummer}\nResultat: Avvist`);
    expect(e?.tekst).toContain(
      "Sendingen er avvist.\nVedtaksbrev med begrunnelse og klageadgang kommer separat.",
    );
    expect(e?.tekst).toContain("Begrunnelse: Skadegjørere funnet");
    expect(e?.tekst).toContain(`Åpne forhåndsmeldingen: ${lenke}`);
    expect(e?.tekst).toContain(`${APP}/innstillinger?side=Varslinger`);
    expect(e?.html).toContain('<html lang="nb">');
    expect(e?.html).toContain("<h1>Forhåndsmelding til Hageland Import AS avd. Drammen er vurdert</h1>");
    expect(e?.html).toContain(`<dt>Sertifikat</dt><dd>${s.nummer}</dd>`);
    expect(e?.html).toContain(
      `<a href="${lenke}">Åpne forhåndsmelding ${m.nummer} i Digital forhåndsmelding</a>`,
    );

    // Assessed again: refused, nothing new in the outbox, no second e-mail.
    expect((await vurder(m.id, "FRIGITT")).status).toBeGreaterThanOrEqual(400);
    expect(await utfallRader(m.id)).toHaveLength(1);
    const igjen = senderMed();
    expect(await igjen.kjoer()).toEqual({ sendt: 0, feilet: 0, avbrutt: 0 });
    await igjen.stop();
    expect(await fangetFor(m.nummer)).toHaveLength(1);
  });

  it("en vurdering som nektes eller rulles tilbake, gir ingen e-post", async () => {
    const { m } = await innsendt();
    // A rejection without a reason is refused (400): no status change, no outbox row.
    expect((await vurder(m.id, "AVVIST")).status).toBe(400);
    expect(await utfallRader(m.id)).toEqual([]);
    // The assessment's transaction rolls back after the status change: the outbox row goes with it.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await endreStatusI(trx, { id: m.id, til: "FRIGITT", aktoer: { type: "MYNDIGHET" } });
          expect(
            await trx.selectFrom("epost_varsel").select("id").where("importmelding_id", "=", m.id).execute(),
          ).toHaveLength(1);
          throw new Error("rull tilbake");
        }),
    ).rejects.toThrow("rull tilbake");
    expect(await utfallRader(m.id)).toEqual([]);
    const rad = await db()
      .selectFrom("importmelding")
      .select("status")
      .where("id", "=", m.id)
      .executeTakeFirstOrThrow();
    expect(rad.status).toBe("REGISTRERT");
  });

  it("automatisk frigivelse gir e-post om at sendingen er frigitt automatisk", async () => {
    const { m, status } = await innsendt([LINJER.snittroser]);
    expect(status).toBe("AUTOMATISK_FRIGITT");
    expect(await utfallRader(m.id)).toMatchObject([{ utfall: "AUTOMATISK_FRIGITT" }]);
    const sender = senderMed();
    await tomKoeen(sender);
    await sender.stop();
    const [e, ...andre] = await fangetFor(m.nummer);
    expect(andre).toEqual([]);
    expect(e?.emne).toBe(`Forhåndsmelding ${m.nummer}: Frigitt automatisk`);
    expect(e?.tekst).toContain(`Sendingen ${m.nummer} er frigitt automatisk. Varene kan tas i bruk.`);
    expect(e?.tekst).not.toContain("Vedtaksbrev");
    expect(e?.tekst).not.toContain("Begrunnelse");
  });

  it("en melding som trekkes tilbake fordi mottakeren melder selv, gir e-post; egen tilbaketrekking gir ingen", async () => {
    // Blomsterbud Stord found a certificate addressed to Hageland by its keys and submitted it (ADR 027).
    const stord = await importoerId(db(), ORG.blomsterbudStord);
    await db()
      .insertInto("importoer_epost")
      .values({ importoer_id: stord, epostadresse: "post@stord.example.no" })
      .execute();
    const ingrid = aktoer(api, INGRID, ORG.blomsterbudStord, stord);
    const s = await lagSertifikat(db(), { linjer: [LINJER.snittroser] });
    const finn = await api.fetch(
      `/import/v2/${ORG.blomsterbudStord}/${stord}/sertifikat?${new URLSearchParams({ sertifikatnummer: s.nummer, dato: s.utstedtDato, avsenderland: s.eksportLand })}`,
      { pid: INGRID },
    );
    expect(finn.status).toBe(200);
    const annen = await klarTilInnsending(ingrid, s, { ansvarlig: stord, kontrolloer: stord });
    const sendt = await ingrid.put(`/${annen.id}/status`, { status: "REGISTRERT" });
    expect(await sendt.json()).toMatchObject({ status: "REGISTRERT" });
    // Waiting for the authority is no outcome.
    expect(await utfallRader(annen.id)).toEqual([]);
    // Hageland notifies its own shipment: Stord's is withdrawn by the service, and Stord is told.
    await klarTilInnsending(kari, s, { ansvarlig: hageland, kontrolloer: gront });
    expect(await utfallRader(annen.id)).toMatchObject([{ importoer_id: stord, utfall: "TILBAKETRUKKET" }]);
    const sender = senderMed();
    await tomKoeen(sender);
    await sender.stop();
    const [e, ...andre] = await fangetFor(annen.nummer);
    expect(andre).toEqual([]);
    expect(e?.mottakere).toContain("post@stord.example.no");
    expect(e?.emne).toBe(`Forhåndsmelding ${annen.nummer}: Tilbaketrukket`);
    expect(e?.tekst).toContain("Forhåndsmelding til Blomsterbud Vest AS avd. Stord er trukket tilbake");
    expect(e?.tekst).toContain("Mattilsynet har trukket tilbake en forhåndsmelding fra virksomheten.");
    expect(e?.tekst).toContain(
      "Forhåndsmeldingen er trukket tilbake fordi mottakeren på sertifikatet har meldt sendingen selv. Den blir ikke behandlet videre av Mattilsynet.",
    );
    // The service's note names the consignee's organisation number; it is no reason and is not mailed.
    expect(e?.tekst).not.toContain("Begrunnelse");
    expect(e?.tekst).not.toContain(ORG.hagelandDrammen);

    // The importer's own withdrawal is no news to it.
    const { m } = await innsendt();
    expect((await kari.put(`/${m.id}/status`, { status: "TILBAKETRUKKET" })).status).toBe(200);
    expect(await utfallRader(m.id)).toEqual([]);
  });

  it("flere utfall innenfor samlevinduet kommer i én e-post; sertifikatvarsler i en egen", async () => {
    const a = await innsendt();
    const b = await innsendt();
    // A certificate alert for the same importer is due at the same time (the certificates of a and b).
    const vent = senderMed({ samlevinduMs: 60_000 });
    expect((await vurder(a.m.id, "FRIGITT")).status).toBe(200);
    expect((await vurder(b.m.id, "DELVIS_AVVIST", "Én plante med trips")).status).toBe(200);
    // Inside the window nothing goes.
    expect(await vent.kjoer()).toEqual({ sendt: 0, feilet: 0, avbrutt: 0 });
    await vent.stop();
    const sender = senderMed();
    await tomKoeen(sender);
    await sender.stop();
    const fangetA = await fangetFor(a.m.nummer);
    expect(fangetA.filter((f) => f.emne?.includes("vurdert"))).toHaveLength(1);
    const [e] = fangetA.filter((f) => f.emne?.includes("vurdert"));
    expect(e?.emne).toBe("2 forhåndsmeldinger er vurdert i Digital forhåndsmelding");
    // Released before arrival (ADR 041): the result says so, and that no reception control follows.
    expect(e?.tekst).toContain(
      `Forhåndsmelding ${a.m.nummer}\nSertifikat: ${a.s.nummer}\nResultat: Frigitt før ankomst\n`,
    );
    expect(e?.tekst).toContain(
      `Mattilsynet har frigitt sendingen ${a.m.nummer} før ankomst. Varene kan tas i bruk når de kommer, og det skal ikke gjøres mottakskontroll.`,
    );
    expect(e?.tekst).toContain(
      `Forhåndsmelding ${b.m.nummer}\nSertifikat: ${b.s.nummer}\nResultat: Delvis avvist`,
    );
    expect(e?.tekst).toContain(
      "Deler av sendingen er avvist.\nVedtaksbrev med begrunnelse og klageadgang kommer separat.",
    );
    expect(await fangetFor(b.m.nummer)).toEqual(fangetA.filter((f) => f.tekst?.includes(b.m.nummer)));
    // The certificates' alerts went as their own message, not mixed into the outcomes.
    const sertifikatEpost = (await fangetFor(a.s.nummer)).filter((f) => f.emne?.includes("sertifikat"));
    expect(sertifikatEpost).toHaveLength(1);
    expect(sertifikatEpost[0]?.tekst).not.toContain("Resultat:");
  });

  it("preferansen av eller ingen adresser: ingen e-post; slått av etter at den ble skrevet: avbrutt", async () => {
    const av = await innsendt();
    await db()
      .updateTable("importoer")
      .set({ varsle_vurderinger: false })
      .where("id", "=", hageland)
      .execute();
    try {
      expect((await vurder(av.m.id, "FRIGITT")).status).toBe(200);
      expect(await utfallRader(av.m.id)).toEqual([]);
    } finally {
      await db()
        .updateTable("importoer")
        .set({ varsle_vurderinger: true })
        .where("id", "=", hageland)
        .execute();
    }

    // No addresses: nothing written (the addresses are put back afterwards).
    const utenAdresse = await innsendt();
    const adresser = await db()
      .selectFrom("importoer_epost")
      .selectAll()
      .where("importoer_id", "=", hageland)
      .execute();
    await db().deleteFrom("importoer_epost").where("importoer_id", "=", hageland).execute();
    try {
      expect((await vurder(utenAdresse.m.id, "FRIGITT")).status).toBe(200);
      expect(await utfallRader(utenAdresse.m.id)).toEqual([]);
    } finally {
      await db()
        .insertInto("importoer_epost")
        .values(adresser.map(({ importoer_id, epostadresse }) => ({ importoer_id, epostadresse })))
        .execute();
    }

    // Switched off after the assessment: the row is dropped, nothing is sent.
    const senere = await innsendt();
    const sender = senderMed();
    await tomKoeen(sender); // the certificate alerts of the notifications above
    expect((await vurder(senere.m.id, "FRIGITT")).status).toBe(200);
    await db()
      .updateTable("importoer")
      .set({ varsle_vurderinger: false })
      .where("id", "=", hageland)
      .execute();
    try {
      expect(await sender.kjoer()).toEqual({ sendt: 0, feilet: 0, avbrutt: 1 });
    } finally {
      await sender.stop();
      await db()
        .updateTable("importoer")
        .set({ varsle_vurderinger: true })
        .where("id", "=", hageland)
        .execute();
    }
    expect(await utfallRader(senere.m.id)).toMatchObject([{ status: "AVBRUTT" }]);
    for (const n of [av.m.nummer, utenAdresse.m.nummer, senere.m.nummer]) {
      expect((await fangetFor(n)).filter((f) => f.emne?.includes("Forhåndsmelding"))).toEqual([]);
    }
  });

  it("SMTP nede: prøvd igjen, banneret vises, og e-posten leveres én gang når SMTP er tilbake", async () => {
    const status = async () =>
      (await (
        await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/${hageland}/epoststatus`, { pid: KARI })
      ).json()) as { sendingFeiler: boolean; feiledeVarsler: number; smtpNede: boolean };
    const { m } = await innsendt();
    const forst = senderMed();
    await tomKoeen(forst); // the certificate's alert
    await forst.stop();
    expect(await status()).toEqual({ sendingFeiler: false, feiledeVarsler: 0, smtpNede: false });

    await fanger.stopp("utfall");
    const sender = senderMed();
    try {
      expect((await vurder(m.id, "FRIGITT")).status).toBe(200);
      expect(await sender.kjoer()).toEqual({ sendt: 0, feilet: 1, avbrutt: 0 });
      expect((await utfallRader(m.id))[0]).toMatchObject({
        status: "VENTER",
        forsoek: 1,
        feil_type: "TILKOBLING",
      });
      await kjoerTil(sender, async () => (await utfallRader(m.id))[0]?.status === "FEILET");
      // The banner logic counts the given-up outcome e-mail like a given-up certificate alert.
      expect(await status()).toEqual({ sendingFeiler: true, feiledeVarsler: 1, smtpNede: true });
      expect(await fangetFor(m.nummer)).toEqual([]);
      await fanger.start("utfall");
      await kjoerTil(sender, async () => (await utfallRader(m.id))[0]?.status === "SENDT");
    } finally {
      await fanger.start("utfall");
      await sender.stop();
    }
    const fanget = await fangetFor(m.nummer);
    expect(fanget).toHaveLength(1);
    expect(fanget[0]?.emne).toBe(`Forhåndsmelding ${m.nummer}: Frigitt før ankomst`);
    expect(await status()).toEqual({ sendingFeiler: false, feiledeVarsler: 0, smtpNede: false });
  });

  it("en hendelse gir høyst én rad i utboksen (unik nøkkel)", async () => {
    const { m } = await innsendt();
    expect((await vurder(m.id, "FRIGITT")).status).toBe(200);
    const [rad] = await utfallRader(m.id);
    const dobbel = sql`insert into epost_varsel (type, importoer_id, sertifikat_id, importmelding_id, hendelse_id, utfall)
      values ('UTFALL', ${rad!.importoer_id}, ${rad!.sertifikat_id}, ${m.id}, ${rad!.hendelse_id}, 'FRIGITT')`;
    await expect(dobbel.execute(db())).rejects.toThrow();
  });
});
