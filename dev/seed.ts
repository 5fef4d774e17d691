// Seeds the demo data the service keeps itself: the test persons' phone numbers (what they gave the service
// before), the importer register, certificates and notifications. Who may act for whom and the units are not
// here: the development Altinn and Enhetsregisteret serve them (dev/registre), and the service reads them from
// there as it reads the real ones (docs/decisions/042-altinn-og-enhetsregisteret.md); the persons' names come
// with Altinn's answer. Runs on the first start of an empty embedded database and by `npm run seed`.
import { sikreUtviklingssett } from "../api/regelsett/lager";
import type { Db } from "../db";
import { DEMO_IMPORTOERER, DEMO_MOTTAKSKONTROLLOER_AVTALER, DEMO_PERSONER } from "./demo-data";
import { seedImportmeldinger } from "./seed-importmeldinger";
import { seedSertifikater } from "./seed-sertifikater";

export async function erTom(db: Db): Promise<boolean> {
  const rad = await db.selectFrom("importoer").select("id").limit(1).executeTakeFirst();
  return !rad;
}

export async function seedDemoData(db: Db): Promise<void> {
  // Today's rule tables as the approved development set (ADR 046), before the certificates are assessed.
  await sikreUtviklingssett(db);
  await db.transaction().execute(async (trx) => {
    for (const p of DEMO_PERSONER) {
      if (!p.telefonnummer) continue;
      await trx
        .insertInto("person")
        .values({ pid: p.pid, navn: null, telefonnummer: p.telefonnummer })
        .onConflict((oc) => oc.column("pid").doUpdateSet({ telefonnummer: p.telefonnummer ?? null }))
        .execute();
    }
    const importoerIder = new Map<string, number>();
    for (const i of DEMO_IMPORTOERER) {
      const rad = await trx
        .insertInto("importoer")
        .values({
          organisasjonsnummer: i.organisasjonsnummer,
          navn: i.navn,
          hovedenhet_navn: i.hovedenhetNavn,
          hovedenhet_organisasjonsnummer: i.hovedenhetOrganisasjonsnummer,
          har_lest_regelverk: i.harLestRegelverk,
          er_mottakskontrolloer: i.erMottakskontrolloer,
        })
        .onConflict((oc) => oc.column("organisasjonsnummer").doUpdateSet({ navn: i.navn }))
        .returning("id")
        .executeTakeFirstOrThrow();
      importoerIder.set(i.organisasjonsnummer, rad.id);
      for (const epostadresse of i.epost) {
        await trx
          .insertInto("importoer_epost")
          .values({ importoer_id: rad.id, epostadresse })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    for (const [importoer, kontrolloer] of DEMO_MOTTAKSKONTROLLOER_AVTALER) {
      await trx
        .insertInto("mottakskontrolloer_avtale")
        .values({
          importoer_id: importoerIder.get(importoer)!,
          mottakskontrolloer_id: importoerIder.get(kontrolloer)!,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
  // Demo certificates, through the ingestion code path (its own transaction per certificate).
  await seedSertifikater(db);
  await seedImportmeldinger(db);
}
