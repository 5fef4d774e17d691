// The importer itself in the importer register (SPEC §7 "Importer register"): finding it by organisation
// number, its profile as the API gives it, registering it, and its confirmation of the regulations.
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Db } from "../../db";
import { melding } from "../../sprak/melding";
import type { Sprak } from "../../sprak/sprak";
import { epostSprak } from "../epost/sprak";
import { badRequest, conflict, notFound } from "../http/feil";

/** The importer of {orgnr}; 404 when the company has not been registered as importer. */
export async function importoerIdFor(db: Db, orgnr: string): Promise<number> {
  const rad = await db
    .selectFrom("importoer")
    .select("id")
    .where("organisasjonsnummer", "=", orgnr)
    .executeTakeFirst();
  if (!rad) throw notFound(melding("api.fantIkkeImportoer"));
  return rad.id;
}

export interface ImportoerDto {
  id: number;
  organisasjonsnummer: string;
  navn: string;
  hovedenhetNavn: string | null;
  hovedenhetOrganisasjonsnummer: string | null;
  harLestRegelverk: boolean;
  erMottakskontrolloer: boolean;
  skalHaEpost: boolean;
  /** "Varsle meg om vurderinger": the authority's outcomes by e-mail (ADR 034). */
  varsleVurderinger: boolean;
  /** «Språk i e-postvarsel» (ADR 055): the language of the alert and outcome e-mails. */
  epostSprak: Sprak;
  epostadresser: { id: number; epostadresse: string }[];
  /** Controllers this importer has appointed to act on its behalf. */
  mottakskontrolloerer: ImportoerKortDto[];
  /** Importers this importer is reception controller for ('mottakskontrollør for'). */
  mottakskontrolloerFor: ImportoerKortDto[];
}

export interface ImportoerKortDto {
  id: number;
  navn: string;
  organisasjonsnummer: string;
}

export async function hentImportoer(db: Db, orgnr: string): Promise<ImportoerDto | undefined> {
  // One query: the profile with its e-mail addresses and both sides of the controller agreements.
  const rad = await db
    .selectFrom("importoer as imp")
    .selectAll("imp")
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom("importoer_epost")
          .select(["id", "epostadresse"])
          .whereRef("importoer_id", "=", "imp.id")
          .orderBy("id"),
      ).as("epost"),
      jsonArrayFrom(
        eb
          .selectFrom("mottakskontrolloer_avtale as a")
          .innerJoin("importoer as i", "i.id", "a.mottakskontrolloer_id")
          .select(["i.id", "i.navn", "i.organisasjonsnummer"])
          .whereRef("a.importoer_id", "=", "imp.id")
          .where("i.er_mottakskontrolloer", "=", true)
          .orderBy("i.navn"),
      ).as("kontrolloerer"),
      jsonArrayFrom(
        eb
          .selectFrom("mottakskontrolloer_avtale as a")
          .innerJoin("importoer as i", "i.id", "a.importoer_id")
          .select(["i.id", "i.navn", "i.organisasjonsnummer"])
          .whereRef("a.mottakskontrolloer_id", "=", "imp.id")
          .orderBy("i.navn"),
      ).as("kontrolloerFor"),
    ])
    .where("imp.organisasjonsnummer", "=", orgnr)
    .executeTakeFirst();
  if (!rad) return undefined;
  const { epost, kontrolloerer, kontrolloerFor } = rad;
  return {
    id: rad.id,
    organisasjonsnummer: rad.organisasjonsnummer,
    navn: rad.navn,
    hovedenhetNavn: rad.hovedenhet_navn,
    hovedenhetOrganisasjonsnummer: rad.hovedenhet_organisasjonsnummer,
    harLestRegelverk: rad.har_lest_regelverk,
    erMottakskontrolloer: rad.er_mottakskontrolloer,
    skalHaEpost: rad.skal_ha_epost,
    varsleVurderinger: rad.varsle_vurderinger,
    epostSprak: epostSprak(rad.epost_sprak),
    epostadresser: epost,
    mottakskontrolloerer: kontrolloerer,
    mottakskontrolloerFor: rad.er_mottakskontrolloer ? kontrolloerFor : [],
  };
}

/** What the registering client says of the company; the register's names win where it has the unit. */
export interface Registrering {
  navn: string;
  hovedenhetNavn?: string | null | undefined;
  hovedenhetOrganisasjonsnummer?: string | null | undefined;
}

/**
 * Registers {orgnr} as importer and answers its profile; 409 when it already is one. The names are the
 * register's when we have the unit (ADR 042), the body's otherwise. Its alerts are on from the start: they are
 * the registering person's, in that person's language (ADR 055).
 */
export async function registrerImportoer(
  db: Db,
  orgnr: string,
  body: Registrering,
  sprak: Sprak,
): Promise<ImportoerDto | undefined> {
  const register = await db
    .selectFrom("enhet as e")
    .leftJoin("enhet as h", "h.organisasjonsnummer", "e.overordnet")
    .select(["e.navn", "e.overordnet", "h.navn as hovedenhet_navn"])
    .where("e.organisasjonsnummer", "=", orgnr)
    .executeTakeFirst();
  const hovedenhet = register ? register.overordnet : (body.hovedenhetOrganisasjonsnummer ?? null);
  const ny = await db
    .insertInto("importoer")
    .values({
      organisasjonsnummer: orgnr,
      navn: register?.navn ?? body.navn,
      hovedenhet_navn: register?.hovedenhet_navn ?? (hovedenhet ? (body.hovedenhetNavn ?? null) : null),
      hovedenhet_organisasjonsnummer: hovedenhet,
      epost_sprak: sprak,
    })
    .onConflict((oc) => oc.column("organisasjonsnummer").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!ny) throw conflict(melding("api.alleredeRegistrert"));
  return hentImportoer(db, orgnr);
}

/**
 * The regulation confirmation (SPEC §5): it can be given, never taken back (400 when a confirmed importer
 * says false; false on an unconfirmed one changes nothing).
 */
export async function bekreftRegelverk(db: Db, importoerId: number, harLest: boolean): Promise<void> {
  if (!harLest) {
    const rad = await db
      .selectFrom("importoer")
      .select("har_lest_regelverk")
      .where("id", "=", importoerId)
      .executeTakeFirstOrThrow();
    if (rad.har_lest_regelverk) throw badRequest(melding("api.register.regelverkKanIkkeTrekkes"));
    return;
  }
  await db.updateTable("importoer").set({ har_lest_regelverk: true }).where("id", "=", importoerId).execute();
}
