// Migration 014 (ADR 033) on rows written before it: the audit table held only status changes with the audit
// string. Rolled back and forward on a seeded database, the old rows read as history with the actor named
// (the person by the register's name and the importer in the string, the authority, the service), never the
// national identity number.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db";
import { down, up } from "../../db/migrations/014-historikk";
import { ORG } from "../../dev/demo-data";
import { createTestDatabase } from "../../tests/support/test-db";
import { importoerId, KARI } from "../../tests/support/test-hjelp";
import { helHistorikk } from "./historikk";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

describe("migrering 014 på hendelser skrevet før den", () => {
  it("gir de gamle radene type og aktør, og historikken navngir dem uten fødselsnummer", async () => {
    const db = handle.db;
    const hageland = await importoerId(db, ORG.hagelandDrammen);
    const { id } = await db
      .selectFrom("importmelding")
      .select("id")
      .where("ansvarlig_importoer_id", "=", hageland)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    // biome-ignore lint/suspicious/noExplicitAny: the schema before 014
    const gammel = db as any;
    await down(gammel);
    await sql`delete from importmelding_hendelse where importmelding_id = ${id}`.execute(db);
    // the person's name comes with Altinn's answer at login (ADR 042); the seed has none
    await db
      .insertInto("person")
      .values({ pid: KARI, navn: "Kari Nordmann" })
      .onConflict((oc) => oc.column("pid").doUpdateSet({ navn: "Kari Nordmann" }))
      .execute();
    const person = `importoer:${hageland} person:${KARI}`;
    const rader: [string, string | null, string, string | null][] = [
      [person, null, "UNDER_REGISTRERING", "Opprettet for sertifikat NL.1"],
      [person, "UNDER_REGISTRERING", "REGISTRERT", null],
      ["system", "REGISTRERT", "AUTOMATISK_FRIGITT", "Automatisk frigitt (ADR 007)"],
      ["myndighet:kommandolinje", "REGISTRERT", "AVVIST", "Feil papirer"],
      [person, "REGISTRERT", "TILBAKETRUKKET", "Trukket tilbake: X står på sertifikatet (ADR 027)"],
    ];
    for (const [utfoertAv, fra, til, merknad] of rader) {
      await gammel
        .insertInto("importmelding_hendelse")
        .values({ importmelding_id: id, utfoert_av: utfoertAv, fra_status: fra, til_status: til, merknad })
        .execute();
    }
    await up(gammel);

    const h = await helHistorikk(db, id);
    expect(h.map((x) => [x.type, x.tittel, x.utfoertAv, x.linjer])).toEqual([
      [
        "OPPRETTET",
        "Opprettet",
        "Kari Nordmann, Hageland Import AS avd. Drammen",
        ["Opprettet for sertifikat NL.1"],
      ],
      ["STATUS", "Sendt inn til Mattilsynet", "Kari Nordmann, Hageland Import AS avd. Drammen", []],
      ["STATUS", "Frigitt automatisk", "Mattilsynet", []],
      ["STATUS", "Vurdert av Mattilsynet: Avvist", "Mattilsynet", ["Begrunnelse: Feil papirer"]],
      ["STATUS", "Trukket tilbake", "Mattilsynet", ["X står på sertifikatet"]],
    ]);
    expect(JSON.stringify(h)).not.toContain(KARI);
    // the audit string is kept as it was
    const revisjon = await db
      .selectFrom("importmelding_hendelse")
      .select("utfoert_av")
      .where("importmelding_id", "=", id)
      .orderBy("id")
      .execute();
    expect(revisjon.map((r) => r.utfoert_av)).toEqual(rader.map((r) => r[0]));
  });
});
