// Data at scale (issue 13 goal 1, ADR 021): N certificates for Hageland Drammen and one notification on each,
// written by SQL, and the list requests whose cost must not follow N. Shared by `npm run bench -- --scale`
// and the plan test (api/lister.test.ts).
import { sql } from "kysely";
import { hentImportoerMatch } from "../api/sertifikat/synlighet";
import type { Db } from "../db";

const LAND = ["NL", "DE", "DK", "SE", "BE", "FR", "IT"];

/** How many rows other importers have next to the measured importer's N (a table is never one importer's). */
export const ANDRE_FAKTOR = 4;
const ANDRE_IMPORTOERER = 8;

/**
 * N certificates for the importer (named by organisation number and by name, so both ways of seeing them
 * hold) and one notification on each, next to ANDRE_FAKTOR × N for eight other importers. A history grows,
 * the work in progress does not: 20 drafts, 20 submitted and 20 arrived per importer at every scale, the
 * rest assessed. Ends with VACUUM ANALYZE, as autovacuum leaves a table at rest (statistics and the
 * visibility map that index-only scans need).
 */
export async function seedSkala(db: Db, n: number, importoerId: number): Promise<void> {
  const m = await hentImportoerMatch(db, importoerId);
  await seedImportoer(
    db,
    n,
    { id: m.id, orgnr: m.organisasjonsnummer, navn: m.navn, navnNorm: m.navnNorm ?? null },
    "SKALA",
  );
  for (let i = 0; i < ANDRE_IMPORTOERER; i++) {
    const orgnr = `81${String(i).padStart(7, "0")}`;
    const navn = `Skala Import ${i} AS`;
    const { id } = await db
      .insertInto("importoer")
      .values({ organisasjonsnummer: orgnr, navn })
      .returning("id")
      .executeTakeFirstOrThrow();
    const antall = Math.round((n * ANDRE_FAKTOR) / ANDRE_IMPORTOERER);
    await seedImportoer(db, antall, { id, orgnr, navn, navnNorm: navn.toLowerCase() }, `ANDRE${i}`);
  }
  await sql`vacuum analyze`.execute(db);
}

async function seedImportoer(
  db: Db,
  n: number,
  i: { id: number; orgnr: string; navn: string; navnNorm: string | null },
  prefiks: string,
): Promise<void> {
  const land = sql.join(LAND.map((l) => sql`${l}`));
  await sql`insert into sertifikat (nummer, eksportland, utstedt_dato, type, avsender_navn, mottaker_navn,
      mottaker_navn_norm, mottaker_orgnr, meldepliktig_vurdering, alvorlighetsgrad, data, vurdering, innhold_hash)
    select ${`${prefiks}.`} || g, (array[${land}])[1 + g % 7], current_date - (g / 50)::int, 'Eksport',
      'Exporter ' || (g % 97) || ' B.V.', ${i.navn}, ${i.navnNorm}, ${i.orgnr},
      case when g % 3 = 0 then 'MELDEPLIKTIG' else 'IKKE_MELDEPLIKTIG' end, 'ALT_OK',
      '{"varelinjer": []}'::jsonb, '{}'::jsonb, md5(${prefiks} || g)
    from generate_series(1, ${n}) g`.execute(db);
  await sql`insert into importmelding (nummer, sertifikat_id, ansvarlig_importoer_id, opprettet_av_importoer_id,
      status, status_endret, egen_referanse)
    select ${prefiks === "SKALA" ? "S-" : `${prefiks}-`} || s.id, s.id, ${i.id}, ${i.id},
      case when s.rn <= 20 then 'UNDER_REGISTRERING' when s.rn <= 40 then 'REGISTRERT'
           when s.rn <= 60 then 'ANKOMMET' else 'FRIGITT' end,
      now() - s.rn * interval '7 minutes', 'REF-' || s.id
    from (select id, row_number() over (order by id) as rn from sertifikat
      where mottaker_orgnr = ${i.orgnr} and nummer like ${`${prefiks}.%`}) s`.execute(db);
}

export interface SkalaFigur {
  navn: string;
  sti(ctx: { base: string; api: string; n: number }): string;
}

/** The lists of issue 13 goal 1, with their filters and their last page. */
export const SKALA_FIGURER: SkalaFigur[] = [
  { navn: "Forhåndsmeldinger, side 1", sti: ({ api }) => `${api}/arkiv?antall=15` },
  {
    navn: "Forhåndsmeldinger, siste side",
    sti: ({ api, n }) => `${api}/arkiv?antall=15&sidenummer=${Math.ceil(Math.min(n, 1000) / 15) - 1}`,
  },
  {
    navn: "Forhåndsmeldinger, status Påbegynt",
    sti: ({ api }) => `${api}/arkiv?antall=15&status=UNDER_REGISTRERING`,
  },
  // the number as the importer has it (one hit at every scale), and a part of numbers (hits grow with N)
  { navn: "Forhåndsmeldinger, helt nummer", sti: ({ api }) => `${api}/arkiv?antall=15&nummer=S-555` },
  { navn: "Forhåndsmeldinger, del av nummer", sti: ({ api }) => `${api}/arkiv?antall=15&nummer=S-55` },
  { navn: "Forhåndsmeldinger, avsenderland", sti: ({ api }) => `${api}/arkiv?antall=15&avsenderland=NL` },
  { navn: "Forhåndsmeldinger, avsender", sti: ({ api }) => `${api}/arkiv?antall=15&avsender=exporter 42` },
  { navn: "Sertifikater, side 1", sti: ({ base }) => `${base}/sertifikater?antall=15` },
  {
    navn: "Sertifikater, siste side",
    sti: ({ base, n }) =>
      `${base}/sertifikater?antall=15&sidenummer=${Math.ceil(Math.min(n, 1000) / 15) - 1}`,
  },
  {
    navn: "Sertifikater, land og meldeplikt",
    sti: ({ base }) => `${base}/sertifikater?antall=15&avsenderland=DE&meldepliktigVurdering=MELDEPLIKTIG`,
  },
  {
    navn: "Sertifikater, helt sertifikatnummer",
    sti: ({ base }) => `${base}/sertifikater?antall=15&sertifikatnummer=SKALA.555`,
  },
  {
    navn: "Sertifikater, del av sertifikatnummer",
    sti: ({ base }) => `${base}/sertifikater?antall=15&sertifikatnummer=SKALA.55`,
  },
  { navn: "Forsiden (oversikt)", sti: ({ api }) => `${api}/oversikt` },
  {
    navn: "Landfasetter, sertifikater",
    sti: ({ base }) => `/import/v2/eksportland?orgnr=${base.split("/")[3]}&importoerId=${base.split("/")[4]}`,
  },
  { navn: "Landfasetter, forhåndsmeldinger", sti: ({ api }) => `${api}/eksportland` },
];
