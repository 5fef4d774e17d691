// The export countries filter of the lists and home (SPEC §7 GET /import/v2/eksportland).
import type { Db } from "../../db";
import type { Eksportland } from "../../domain/sertifikat-visning";
import { medPapirloeseLand } from "../land-antall";
import { type ImportoerMatch, tellSynligePerLand } from "./synlighet";

/**
 * The export countries for `importoerer` (the asking importer, or every importer the person acts for): the
 * countries of the certificates they see, each with how many they see (never other importers' volumes),
 * plus the paperless-agreement countries (with 0 when they see none from there), by Norwegian name.
 */
export async function hentEksportland(
  db: Db,
  importoerer: readonly ImportoerMatch[],
): Promise<Eksportland[]> {
  return medPapirloeseLand(await tellSynligePerLand(db, importoerer));
}
