// Country facets through indexes (ADR 021): how many rows of a list each export country has, without
// reading the list. The rows are given as branches, each an equality on the leading column of an
// (importer column, eksportland) index, as the lists' owner rules are. Per branch, the countries are found by
// a loose index scan (a recursive "next country after this one", one index probe per country), and each
// country's rows are counted up to MAKS_TREFF + 1 by begrensetAntall (a row reached through two branches
// counts once). The cost follows the number of countries, not of rows.
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db";
import { allePapirloeseLand, landNavn } from "../domain/kodeverk";
import { MAKS_TREFF } from "../domain/pagination";
import type { Eksportland } from "../domain/sertifikat-visning";
import { begrensetAntall } from "./telling";

const kollator = new Intl.Collator("nb");

export interface LandAntall {
  /** At most MAKS_TREFF. */
  antall: number;
  /** More than MAKS_TREFF rows from the country. */
  flereEnnMaks: boolean;
}

/** `tabell`'s rows (by id) where one of `grener` (conditions on the unaliased table) holds, per country. */
export async function tellPerLand(
  db: Db,
  tabell: "sertifikat" | "importmelding",
  grener: readonly RawBuilder<boolean>[],
): Promise<Map<string, LandAntall>> {
  if (grener.length === 0) return new Map();
  const t = sql.table(tabell);
  const cte = grener.map(
    (hvor, i) => sql`${sql.raw(`l${i}`)}(land) as (
      select min(eksportland) from ${t} where ${hvor}
      union all
      select (select min(eksportland) from ${t} where ${hvor} and eksportland > ${sql.raw(`l${i}`)}.land)
      from ${sql.raw(`l${i}`)} where ${sql.raw(`l${i}`)}.land is not null)`,
  );
  const alle = sql.join(
    grener.map((_, i) => sql`select land from ${sql.raw(`l${i}`)} where land is not null`),
    sql` union `,
  );
  const tell = begrensetAntall(
    grener.map((hvor) => sql`select id from ${t} where ${hvor} and eksportland = alle.land`),
    MAKS_TREFF + 1,
  );
  const { rows } = await sql<{ land: string; antall: string | number }>`
    with recursive ${sql.join(cte, sql`, `)}, alle(land) as (${alle})
    select land, ${tell} as antall from alle`.execute(db);
  return new Map(
    rows.map((r) => [
      r.land,
      { antall: Math.min(Number(r.antall), MAKS_TREFF), flereEnnMaks: Number(r.antall) > MAKS_TREFF },
    ]),
  );
}

/** Counted countries plus the paperless-agreement countries (0 when none), by Norwegian name. */
export function medPapirloeseLand(antall: ReadonlyMap<string, LandAntall>): Eksportland[] {
  const alle = new Map(antall);
  for (const l of allePapirloeseLand()) {
    if (!alle.has(l.alpha2)) alle.set(l.alpha2, { antall: 0, flereEnnMaks: false });
  }
  return [...alle]
    .map(([kode, n]) => ({ kode, navn: landNavn(kode), ...n }))
    .sort((a, b) => kollator.compare(a.navn, b.navn) || a.kode.localeCompare(b.kode));
}
