import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db";
import { IMPORTMELDING_STATUSER } from "../domain/status";
import { createTestDatabase } from "../tests/support/test-db";
import { importoerId } from "../tests/support/test-hjelp";
import { ORG } from "./demo-data";
import { seedDemoData } from "./seed";
import { seedImportmeldinger } from "./seed-importmeldinger";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const db = () => handle.db;

async function meldinger() {
  return db()
    .selectFrom("importmelding as m")
    .innerJoin("importoer as i", "i.id", "m.ansvarlig_importoer_id")
    .select(["m.id", "m.status", "m.egen_referanse", "m.innmelder", "i.organisasjonsnummer"])
    .orderBy("m.id")
    .execute();
}

async function antallRader(): Promise<Record<string, number>> {
  const tabeller = [
    "importmelding",
    "kontrollspoersmaal",
    "ankomstinfo",
    "faktisk_mengde",
    "importmelding_hendelse",
    "sertifikat",
  ] as const;
  const antall: Record<string, number> = {};
  for (const t of tabeller) {
    const rad = await db()
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    antall[t] = Number(rad.n);
  }
  return antall;
}

describe("demo-forhåndsmeldinger", () => {
  it("har minst én forhåndsmelding i hver status, alle for Hageland Import AS avd. Drammen", async () => {
    const rader = await meldinger();
    const statuser = new Set(rader.map((r) => r.status));
    for (const status of IMPORTMELDING_STATUSER) expect(statuser, status).toContain(status);
    for (const r of rader) {
      expect(r.organisasjonsnummer).toBe(ORG.hagelandDrammen);
      expect(r.egen_referanse).toMatch(/^PO-\d{4}-\d{4}$/);
      expect(r.innmelder).toMatchObject({
        navn: "Kari Nordmann",
        epost: "kari.nordmann@hageland.example.no",
      });
    }
    expect(rader.filter((r) => r.status === "UNDER_REGISTRERING")).toHaveLength(2);
    expect(rader.filter((r) => r.status === "REGISTRERT")).toHaveLength(2);
  });

  it("de registrerte har ankomststed, tidspunkt og mottakskontrollør, og besvart dokumentkontroll", async () => {
    const registrerte = (await meldinger()).filter((r) => r.status === "REGISTRERT");
    const grontMottak = { id: await importoerId(db(), ORG.grontMottakOslo) };
    const tider: number[] = [];
    for (const m of registrerte) {
      const ankomst = await db()
        .selectFrom("ankomstinfo")
        .selectAll()
        .where("importmelding_id", "=", m.id)
        .executeTakeFirstOrThrow();
      expect(ankomst.ankomsttid).toBeInstanceOf(Date);
      expect(ankomst.adresse_linje1).toBeTruthy();
      expect(ankomst.postnummer).toMatch(/^\d{4}$/);
      expect(ankomst.poststed).toMatch(/Drammen|Lier/);
      expect(ankomst.mottakskontrolloer_id).toBe(grontMottak.id);
      expect(ankomst.sending_ankommet).toBe(false);
      tider.push(new Date(ankomst.ankomsttid!).getTime());

      const dokument = await db()
        .selectFrom("kontrollspoersmaal")
        .select(["svar"])
        .where("importmelding_id", "=", m.id)
        .where("kategori", "=", "DOKUMENT")
        .execute();
      expect(dokument.length).toBeGreaterThan(0);
      for (const s of dokument) expect(s.svar).not.toBeNull();
    }
    // One whose expected arrival has passed, one still to come.
    expect(tider.some((t) => t < Date.now())).toBe(true);
    expect(tider.some((t) => t > Date.now())).toBe(true);
  });

  it("viser mottakskontroll med lavere mengde, et dokumentavvik med kommentar og begrunnede avvisninger", async () => {
    const rader = await meldinger();
    const ankommet = rader.find((r) => r.status === "ANKOMMET")!;
    const mengder = await db()
      .selectFrom("faktisk_mengde")
      .selectAll()
      .where("importmelding_id", "=", ankommet.id)
      .execute();
    expect(mengder.length).toBeGreaterThan(0);
    const lavere = await db()
      .selectFrom("kontrollspoersmaal")
      .select("svar")
      .where("importmelding_id", "=", ankommet.id)
      .where("kode", "=", "MOTTAK_INNHOLD_SAMSVARER")
      .executeTakeFirstOrThrow();
    expect(lavere.svar).toBe("MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE");

    const dokumentavvik = await db()
      .selectFrom("kontrollspoersmaal")
      .select(["kommentar"])
      .where("kategori", "=", "DOKUMENT")
      .where("avvik", "=", true)
      .execute();
    expect(dokumentavvik.some((s) => (s.kommentar ?? "").length > 0)).toBe(true);

    for (const status of ["AVVIST", "DELVIS_AVVIST"]) {
      const m = await db()
        .selectFrom("importmelding")
        .select("vurdering_begrunnelse")
        .where("status", "=", status)
        .executeTakeFirstOrThrow();
      expect(m.vurdering_begrunnelse).toBeTruthy();
    }

    const auto = rader.find((r) => r.status === "AUTOMATISK_FRIGITT")!;
    const hendelser = await db()
      .selectFrom("importmelding_hendelse")
      .select(["utfoert_av", "til_status", "type", "aktoer_type", "aktoer_navn"])
      .where("importmelding_id", "=", auto.id)
      .orderBy("id")
      .execute();
    expect(hendelser.filter((h) => h.til_status !== null).map((h) => h.til_status)).toEqual([
      "UNDER_REGISTRERING",
      "REGISTRERT",
      "AUTOMATISK_FRIGITT",
    ]);
    expect(hendelser.at(-1)).toMatchObject({ utfoert_av: "system", aktoer_type: "SYSTEM" });
    // the demo's history (ADR 033): Kari's answers and arrival between creation and submission
    expect(hendelser.filter((h) => h.type === "ENDRET").map((h) => h.aktoer_navn)).toContain("Kari Nordmann");
  });

  it("legger ikke inn noe nytt når demodataene legges inn på nytt", async () => {
    const foer = await antallRader();
    await seedDemoData(db());
    expect(await antallRader()).toEqual(foer);
    expect(await seedImportmeldinger(db())).toBe(0);
    expect(await antallRader()).toEqual(foer);
  });
});
