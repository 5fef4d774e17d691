import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import * as m001 from "./migrations/001-foundation";
import * as m002 from "./migrations/002-sertifikater";
import * as m003 from "./migrations/003-importmeldinger";
import * as m005 from "./migrations/005-epostvarsel";
import * as m006 from "./migrations/006-oversikt";
import * as m007 from "./migrations/007-lister";
import * as m008 from "./migrations/008-avsender-paa-importmeldingen";
import * as m009 from "./migrations/009-avsendernavn-per-eier";
import * as m010 from "./migrations/010-indekser-for-filtre";
import * as m011 from "./migrations/011-mottakskontroll-utfoert-av";
import * as m012 from "./migrations/012-grenseteller";
import * as m013 from "./migrations/013-forventet-ankomst";
import * as m014 from "./migrations/014-historikk";
import * as m015 from "./migrations/015-utfall-paa-epost";
import * as m016 from "./migrations/016-sertifikat-xml";
import * as m017 from "./migrations/017-nummerdeler";
import * as m018 from "./migrations/018-systemtilgang";
import * as m019 from "./migrations/019-hendelser-og-webhooker";
import * as m022 from "./migrations/022-altinn-og-enhetsregisteret";
import * as m025 from "./migrations/025-hub-henting";
import * as m027 from "./migrations/027-regelsett";
import * as m028 from "./migrations/028-myndighetens-hendelser";
import * as m030 from "./migrations/030-sprakvalg";
import * as m032 from "./migrations/032-landtellere";
import * as m033 from "./migrations/033-opprydding";
import * as m034 from "./migrations/034-for-lange-felt";
import * as m035 from "./migrations/035-epost-sprak";
import * as m036 from "./migrations/036-svar-kopiert";
import * as m037 from "./migrations/037-skrivetilgang-gir-lesetilgang";
import * as m038 from "./migrations/038-forsiden-flat";
import * as m039 from "./migrations/039-innlesing";
import * as m040 from "./migrations/040-kopier-fra-sertifikatet";
import * as m041 from "./migrations/041-lister-flate-2";
import * as m042 from "./migrations/042-nye-funn";
import * as m043 from "./migrations/043-hendelsenummer-ved-commit";
import * as m044 from "./migrations/044-nummerering-med-indeks";

// Migrations are imported statically so they work the same under tsx, vite and a bundle.
const migrations: Record<string, Migration> = {
  "001-foundation": m001,
  "002-sertifikater": m002,
  "003-importmeldinger": m003,
  "005-epostvarsel": m005,
  "006-oversikt": m006,
  "007-lister": m007,
  "008-avsender-paa-importmeldingen": m008,
  "009-avsendernavn-per-eier": m009,
  "010-indekser-for-filtre": m010,
  "011-mottakskontroll-utfoert-av": m011,
  "012-grenseteller": m012,
  "013-forventet-ankomst": m013,
  "014-historikk": m014,
  "015-utfall-paa-epost": m015,
  "016-sertifikat-xml": m016,
  "017-nummerdeler": m017,
  "018-systemtilgang": m018,
  "019-hendelser-og-webhooker": m019,
  "022-altinn-og-enhetsregisteret": m022,
  "025-hub-henting": m025,
  "027-regelsett": m027,
  "028-myndighetens-hendelser": m028,
  "030-sprakvalg": m030,
  "032-landtellere": m032,
  "033-opprydding": m033,
  "034-for-lange-felt": m034,
  "035-epost-sprak": m035,
  "036-svar-kopiert": m036,
  "037-skrivetilgang-gir-lesetilgang": m037,
  "038-forsiden-flat": m038,
  "039-innlesing": m039,
  "040-kopier-fra-sertifikatet": m040,
  "041-lister-flate-2": m041,
  "042-nye-funn": m042,
  "043-hendelsenummer-ved-commit": m043,
  "044-nummerering-med-indeks": m044,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/**
 * The session-level advisory lock every migrating process takes first (docs/decisions/028-roller-og-drift.md):
 * when N processes start at once on one PostgreSQL server, one migrates and the others wait, then find
 * nothing left to do. (Kysely's own transaction-level lock covers the migrations but not the creation of its
 * bookkeeping tables, which two processes can race for.)
 */
export const MIGRERINGSLAAS = 4_711_202_611;

/**
 * Brings the schema up to date, holding MIGRERINGSLAAS on one connection for the whole run. Returns the names
 * of the migrations this call applied (empty when another process had done it).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return db.connection().execute(async (tilkobling) => {
    await sql`select pg_advisory_lock(${MIGRERINGSLAAS})`.execute(tilkobling);
    try {
      const migrator = new Migrator({ db: tilkobling, provider: new StaticProvider() });
      const { error, results } = await migrator.migrateToLatest();
      // The migration that failed is named in the error (the caller logs it), not on the console.
      const feilet = (results ?? []).filter((r) => r.status === "Error").map((r) => r.migrationName);
      if (error && feilet.length > 0) {
        const grunn = error instanceof Error ? error.message : String(error);
        throw new Error(`migrering ${feilet.join(", ")} feilet: ${grunn}`, { cause: error });
      }
      if (error) throw error;
      return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRERINGSLAAS})`.execute(tilkobling);
    }
  });
}

/** The migrations this build knows that the database has not applied (all of them on an empty database). */
// biome-ignore lint/suspicious/noExplicitAny: reads Kysely's bookkeeping table only
export async function manglendeMigreringer(db: Kysely<any>): Promise<string[]> {
  const kjente = Object.keys(migrations);
  const { rows } = await sql<{
    finnes: boolean;
  }>`select to_regclass('kysely_migration') is not null as finnes`.execute(db);
  if (!rows[0]?.finnes) return kjente;
  const utfoert = new Set(
    (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name),
  );
  return kjente.filter((navn) => !utfoert.has(navn));
}
