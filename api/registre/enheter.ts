// Our copy of the units we have met in Enhetsregisteret (the `enhet` table, ADR 042): fetched on first use (when
// a person's parties name a unit we do not have), kept current by the update feed (oppdateringer.ts). Matching
// certificates by the consignee's registered name (ADR 010) and every display of an organisation read it; the
// importer register's copy of the names (importoer.navn, hovedenhet_navn) follows it.
import type { Db } from "../../db";
import type { EnhetsregisterKlient, Registerenhet } from "./enhetsregisteret";

/** How many units are fetched at the same time on first use. */
const SAMTIDIG = 4;

/** Writes the register's unit into our copy, and its name into the importer register's copies. */
export async function lagreEnhet(db: Db, e: Registerenhet): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const verdier = {
      navn: e.navn,
      organisasjonsform: e.organisasjonsform,
      er_underenhet: e.erUnderenhet,
      overordnet: e.overordnet,
      adresse: e.adresse ? JSON.stringify(e.adresse) : null,
      slettet: e.slettet,
    };
    await trx
      .insertInto("enhet")
      .values({ organisasjonsnummer: e.organisasjonsnummer, ...verdier })
      .onConflict((oc) => oc.column("organisasjonsnummer").doUpdateSet({ ...verdier, hentet: new Date() }))
      .execute();
    await trx
      .updateTable("importoer")
      .set({ navn: e.navn })
      .where("organisasjonsnummer", "=", e.organisasjonsnummer)
      .where("navn", "<>", e.navn)
      .execute();
    await trx
      .updateTable("importoer")
      .set({ hovedenhet_navn: e.navn })
      .where("hovedenhet_organisasjonsnummer", "=", e.organisasjonsnummer)
      .where((eb) => eb.or([eb("hovedenhet_navn", "is", null), eb("hovedenhet_navn", "<>", e.navn)]))
      .execute();
  });
}

/** The units among `enheter` we have no copy of, fetched from the register and stored. */
export async function hentNyeEnheter(
  db: Db,
  klient: EnhetsregisterKlient,
  enheter: Array<{ organisasjonsnummer: string; underenhet: boolean }>,
  frist?: AbortSignal,
): Promise<void> {
  if (enheter.length === 0) return;
  const har = new Set(
    (
      await db
        .selectFrom("enhet")
        .select("organisasjonsnummer")
        .where(
          "organisasjonsnummer",
          "in",
          enheter.map((e) => e.organisasjonsnummer),
        )
        .execute()
    ).map((r) => r.organisasjonsnummer),
  );
  const mangler = enheter.filter((e) => !har.has(e.organisasjonsnummer));
  for (let i = 0; i < mangler.length; i += SAMTIDIG) {
    await Promise.all(
      mangler.slice(i, i + SAMTIDIG).map(async (m) => {
        const e = await klient.hentEnhet(m.organisasjonsnummer, m.underenhet ? "underenhet" : "enhet", frist);
        if (e) await lagreEnhet(db, e);
      }),
    );
  }
}
