// A certificate's attachment as the API gives it (SPEC §7: the file as base64 text), for a person who acts
// for an importer that sees the certificate; anyone else is told it does not exist.
import { sql } from "kysely";
import type { Db } from "../../db";
import { melding } from "../../sprak/melding";
import type { Innlogget } from "../auth";
import { notFound } from "../http/feil";
import { importoererForPerson, kanSe } from "./synlighet";

export const FANT_IKKE_VEDLEGG = melding("api.fantIkkeVedlegg");

/** The attachment `id` with its file name and type; 404 when none of the person's importers sees it. */
export async function hentVedlegg(
  db: Db,
  innlogget: Innlogget,
  id: string,
): Promise<{ filnavn: string | null; mimetype: string; base64: string }> {
  const vedlegg = await db
    .selectFrom("vedlegg as v")
    .innerJoin("sertifikat as s", "s.id", "v.sertifikat_id")
    .select(["v.filnavn", "v.mimetype", "s.id as sertifikat_id", "s.mottaker_orgnr", "s.mottaker_navn_norm"])
    .where("v.id", "=", id)
    .executeTakeFirst();
  if (!vedlegg) throw notFound(FANT_IKKE_VEDLEGG);
  const sertifikat = {
    id: vedlegg.sertifikat_id,
    mottaker_orgnr: vedlegg.mottaker_orgnr,
    mottaker_navn_norm: vedlegg.mottaker_navn_norm,
  };
  let tillatt = false;
  for (const importoer of await importoererForPerson(db, innlogget)) {
    if (await kanSe(db, importoer, sertifikat)) {
      tillatt = true;
      break;
    }
  }
  if (!tillatt) throw notFound(FANT_IKKE_VEDLEGG);
  // base64 from the database: PGlite turns bytea into bytes by reading a hex text one pair at a time
  // (about a second for 5 MB, holding every other query), and base64 is what the answer is anyway.
  // PostgreSQL breaks base64 into lines of 76; the answer is one line.
  const { base64 } = await db
    .selectFrom("vedlegg")
    .select(sql<string>`translate(encode(data, 'base64'), E'\n', '')`.as("base64"))
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { filnavn: vedlegg.filnavn, mimetype: vedlegg.mimetype, base64 };
}
