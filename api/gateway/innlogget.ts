// What the gateway tells of the logged-in person (SPEC §7 "Session and config"; routed in router.ts): the
// entities they may act for as Altinn last answered (with the register's data for each organisation from our
// copy of Enhetsregisteret), and their name and phone (docs/decisions/042-altinn-og-enhetsregisteret.md).
import { sql } from "kysely";
import type { Db } from "../../db";
import type { Avgiver } from "../../domain/avgiver";

/** The entities the person `pid` may act for, by name, from the stored Altinn answer. */
export async function hentAvgivere(db: Db, pid: string): Promise<Avgiver[]> {
  const rader = await db
    .selectFrom("altinn_avgiver as a")
    .leftJoin("enhet as e", "e.organisasjonsnummer", "a.organisasjonsnummer")
    .select([
      "a.type",
      "a.organisasjonsnummer",
      sql<string | null>`coalesce(e.overordnet, a.hovedenhet)`.as("hovedenhet"),
      sql<string>`coalesce(e.navn, a.navn)`.as("navn"),
      sql<string | null>`coalesce(e.organisasjonsform, a.organisasjonsform)`.as("organisasjonsform"),
      "e.adresse",
    ])
    .where("a.pid", "=", pid)
    .orderBy(sql`coalesce(e.navn, a.navn)`)
    .orderBy("a.nr")
    .execute();
  return rader.map((r) => ({
    altinn: {
      type: r.type,
      organisasjonsnummer: r.organisasjonsnummer,
      hovedenhet: r.hovedenhet,
      navn: r.navn,
      organisasjonsform: r.organisasjonsform,
      // The national identity number stays between the service and Altinn (ADR 042).
      personnummer: null,
    },
    brreg: { adresse: r.adresse ?? null },
  }));
}

/** The person's name and phone as we have them (null when unknown). */
export async function hentBrukerInfo(
  db: Db,
  pid: string,
): Promise<{ navn: string | null; telefonnummer: string | null }> {
  const person = await db
    .selectFrom("person")
    .select(["navn", "telefonnummer"])
    .where("pid", "=", pid)
    .executeTakeFirst();
  return { navn: person?.navn ?? null, telefonnummer: person?.telefonnummer ?? null };
}
