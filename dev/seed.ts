// Seeds the demo data: persons, entities and delegations (the authorisation-service stand-in) and the
// importer register. Runs on the first start of an empty embedded database and by `npm run seed`.
import { sikreUtviklingssett } from "../api/regelsett/lager";
import type { Db } from "../db";
import {
  DEMO_DELEGERINGER,
  DEMO_ENHETER,
  DEMO_IMPORTOERER,
  DEMO_MOTTAKSKONTROLLOER_AVTALER,
  DEMO_PERSONER,
} from "./demo-data";
import { seedImportmeldinger } from "./seed-importmeldinger";
import { seedSertifikater } from "./seed-sertifikater";

export async function erTom(db: Db): Promise<boolean> {
  const rad = await db.selectFrom("person").select("pid").limit(1).executeTakeFirst();
  return !rad;
}

export async function seedDemoData(db: Db): Promise<void> {
  // Today's rule tables as the approved development set (ADR 046), before the certificates are assessed.
  await sikreUtviklingssett(db);
  await db.transaction().execute(async (trx) => {
    for (const p of DEMO_PERSONER) {
      await trx
        .insertInto("person")
        .values({ pid: p.pid, navn: p.navn, telefonnummer: p.telefonnummer ?? null })
        .onConflict((oc) => oc.column("pid").doUpdateSet({ navn: p.navn }))
        .execute();
    }
    const enhetIder = new Map<string, number>();
    for (const e of DEMO_ENHETER) {
      const nokkel = e.organisasjonsnummer ?? e.personnummer!;
      const eksisterende = await trx
        .selectFrom("enhet")
        .select("id")
        .where((eb) =>
          e.organisasjonsnummer
            ? eb("organisasjonsnummer", "=", e.organisasjonsnummer)
            : eb.and([eb("personnummer", "=", e.personnummer!), eb("type", "=", "Person")]),
        )
        .executeTakeFirst();
      const id =
        eksisterende?.id ??
        (
          await trx
            .insertInto("enhet")
            .values({
              type: e.type,
              organisasjonsnummer: e.organisasjonsnummer ?? null,
              personnummer: e.personnummer ?? null,
              navn: e.navn,
              organisasjonsform: e.organisasjonsform ?? null,
              hovedenhet: e.hovedenhet ?? null,
              adresse: e.adresse ? JSON.stringify(e.adresse) : null,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      enhetIder.set(nokkel, id);
    }
    for (const d of DEMO_DELEGERINGER) {
      for (const nokkel of d.enheter) {
        const enhetId = enhetIder.get(nokkel);
        if (enhetId === undefined) throw new Error(`Ukjent enhet i demodata: ${nokkel}`);
        await trx
          .insertInto("delegering")
          .values({ pid: d.pid, enhet_id: enhetId })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
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
