// A certificate's replacement links (docs/decisions/017-ephyto-replacement-and-versions.md): the checks before a
// replacing certificate is stored (at most one replacement, never a cycle) and the links both ways after. The
// ingest (ingest.ts) calls both in its storing transaction.
import { sql } from "kysely";
import { EphytoParseError } from "../ephyto/feil";
import { skrivSertifikatHendelse, type Trx } from "../importmelding/tilstand";
import type { Erstatning } from "./ny-rad";

/** What a certificate's replacement note is about: its export country, its number and the one it replaces. */
interface Erstatningsnoekler {
  eksportland: string;
  nummer: string;
  erstatterNummer: string | null;
}

/**
 * ADR 017: one certificate is replaced by at most one other, and a replacement never closes a cycle.
 * Serialised per export country, so two concurrent replacements cannot both pass the checks.
 */
export async function sjekkErstatning(
  trx: Trx,
  { eksportland, nummer, erstatterNummer }: Erstatningsnoekler,
): Promise<void> {
  if (erstatterNummer === null || erstatterNummer === nummer) return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sertifikat-erstatning:${eksportland}`}))`.execute(trx);
  const annen = await trx
    .selectFrom("sertifikat")
    .select("nummer")
    .where("eksportland", "=", eksportland)
    .where("erstatter_nummer", "=", erstatterNummer)
    .where("nummer", "<>", nummer)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (annen) {
    throw new EphytoParseError(
      "ALLEREDE_ERSTATTET",
      `Sertifikatet erstatter ${erstatterNummer}, som allerede er erstattet av ${annen.nummer}`,
    );
  }
  // Follow what the replaced certificate itself replaces: reaching this number again is a cycle.
  const sett = new Set<string>([erstatterNummer]);
  let gjeldende = erstatterNummer;
  for (;;) {
    const forrige = await trx
      .selectFrom("sertifikat")
      .select("erstatter_nummer")
      .where("eksportland", "=", eksportland)
      .where("nummer", "=", gjeldende)
      .executeTakeFirst();
    const neste = forrige?.erstatter_nummer ?? null;
    if (neste === null || sett.has(neste)) return;
    if (neste === nummer) {
      throw new EphytoParseError(
        "ERSTATNING_SYKLUS",
        `Sertifikatet erstatter ${erstatterNummer}, som selv erstatter ${nummer}, og avvises`,
      );
    }
    sett.add(neste);
    gjeldende = neste;
  }
}

/**
 * The replacement links of the stored certificate `id`, both ways (ADR 017). `erstatning`: the certificate
 * that says it replaces this one, when the caller has looked it up already (null: there is none).
 */
export async function lenkErstatninger(
  trx: Trx,
  id: number,
  { eksportland, nummer, erstatterNummer }: Erstatningsnoekler,
  funnet?: Erstatning | null,
): Promise<void> {
  // This certificate replaces an earlier one (same export country): link that one to us, and tell the
  // earlier one's notifications (their history, ADR 033).
  if (erstatterNummer !== null && erstatterNummer !== nummer) {
    const erstattet = await trx
      .updateTable("sertifikat")
      .set({ erstattet_av_id: id })
      .where("eksportland", "=", eksportland)
      .where("nummer", "=", erstatterNummer)
      .where("id", "<>", id)
      .where((eb) => eb.or([eb("erstattet_av_id", "is", null), eb("erstattet_av_id", "<>", id)]))
      .returning("id")
      .execute();
    for (const e of erstattet) await skrivSertifikatHendelse(trx, e.id, { erstattetAv: nummer });
  }
  // A certificate that says it replaces this one arrived first: link us to it now.
  const erstatning =
    funnet !== undefined
      ? funnet
      : await trx
          .selectFrom("sertifikat")
          .select(["id", "nummer"])
          .where("eksportland", "=", eksportland)
          .where("erstatter_nummer", "=", nummer)
          .where("id", "<>", id)
          .orderBy("utstedt_dato", "desc")
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst();
  if (erstatning) {
    const lenket = await trx
      .updateTable("sertifikat")
      .set({ erstattet_av_id: erstatning.id })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("erstattet_av_id", "is", null), eb("erstattet_av_id", "<>", erstatning.id)]))
      .executeTakeFirst();
    // a re-delivery of this certificate that learns of its replacement now: its notifications too
    if (Number(lenket.numUpdatedRows) > 0) {
      await skrivSertifikatHendelse(trx, id, { erstattetAv: erstatning.nummer });
    }
  }
}
