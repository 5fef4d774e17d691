import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as m001 from "./migrations/001-foundation";
import * as m002 from "./migrations/002-sertifikater";
import * as m003 from "./migrations/003-importmeldinger";
import * as m005 from "./migrations/005-epostvarsel";
import * as m006 from "./migrations/006-oversikt";
import * as m007 from "./migrations/007-lister";
import * as m008 from "./migrations/008-avsender-paa-importmeldingen";
import * as m009 from "./migrations/009-avsendernavn-per-eier";
import * as m010 from "./migrations/010-indekser-for-filtre";
import * as m011 from "./migrations/011-forventet-ankomst";

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
  "011-forventet-ankomst": m011,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(`migrering ${r.migrationName} feilet`);
  }
  if (error) throw error;
}
