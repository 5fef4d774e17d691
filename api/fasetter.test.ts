// The lists with their facets in one call (ADR 077): `fasetter=true` on the certificate list and the notification
// list carries what the web asked for in separate calls before — the country counts (as GET …/eksportland) and,
// for notifications, whom the importer is reception controller for (as GET …/mottakskontrolloerfor) — with the
// same page and count as without it, and one counting statement where the list's count is the facets' sum.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { SpoerringOpptak } from "../dev/planer";
import type { ImportmeldingListe } from "../domain/importmelding-liste";
import type { Eksportland, SertifikatListe } from "../domain/sertifikat-visning";
import { importoerId } from "../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../tests/support/test-server";

const kari = DEMO_PERSONER[0]!.pid;
const ola = DEMO_PERSONER.find((p) => p.pid === "04867199549")!.pid;
const opptak = new SpoerringOpptak();
let api: TestApi;
let drammen: number;
let oslo: number;

beforeAll(async () => {
  api = await startTestApi({ plugin: opptak });
  opptak.db = api.handle.db;
  drammen = await importoerId(api.handle.db, ORG.hagelandDrammen);
  oslo = await importoerId(api.handle.db, ORG.grontMottakOslo);
});
afterAll(async () => {
  await api?.close();
});

async function hent<T>(sti: string, pid = kari): Promise<T> {
  const res = await api.fetch(sti, { pid });
  expect(res.status, sti).toBe(200);
  return (await res.json()) as T;
}

/** How many of the statements run since the last call count per country (the facets and the lists' totals). */
const tellinger = (tabell: string) => opptak.tom().filter((q) => q.sql.includes(`from ${tabell}`)).length;

describe("sertifikatlisten med fasetter=true", () => {
  const se = () => `/import/v2/${ORG.hagelandDrammen}/${drammen}/sertifikater`;
  const land = () => `/import/v2/eksportland?orgnr=${ORG.hagelandDrammen}&importoerId=${drammen}`;

  it("gir landene med antall som GET /import/v2/eksportland, og samme side og antall som uten", async () => {
    const fasetter = await hent<Eksportland[]>(land());
    expect(fasetter.some((l) => l.antall > 0)).toBe(true);
    for (const filter of ["", "&avsenderland=NL", "&avsenderland=NL&avsenderland=DE", "&avsenderland=ZZ"]) {
      const uten = await hent<SertifikatListe>(`${se()}?antall=5${filter}`);
      expect(uten.eksportland).toBeUndefined();
      opptak.tom();
      const med = await hent<SertifikatListe>(`${se()}?antall=5&fasetter=true${filter}`);
      // the list's count summed from the facets' counting: one counting statement, not two
      expect(tellinger("sertifikat_antall"), filter).toBe(1);
      expect(med.eksportland, filter).toEqual(fasetter);
      expect(med.paginering, filter).toEqual(uten.paginering);
      expect(med.sertifikatListe, filter).toEqual(uten.sertifikatListe);
    }
  });

  it("teller listen for seg når den er filtrert på meldeplikt eller fritekst", async () => {
    for (const filter of ["&meldepliktigVurdering=MELDEPLIKTIG", "&avsender=a", "&sertifikatnummer=1"]) {
      const uten = await hent<SertifikatListe>(`${se()}?antall=5${filter}`);
      const med = await hent<SertifikatListe>(`${se()}?antall=5&fasetter=true${filter}`);
      expect(med.paginering, filter).toEqual(uten.paginering);
      expect(med.eksportland, filter).toEqual(await hent<Eksportland[]>(land()));
    }
  });

  it("avviser en fasetter-verdi som ikke er true eller false", async () => {
    const res = await api.fetch(`${se()}?fasetter=ja`, { pid: kari });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/fasetter/);
    expect((await hent<SertifikatListe>(`${se()}?fasetter=false`)).eksportland).toBeUndefined();
  });
});

describe("forhåndsmeldingslisten med fasetter=true", () => {
  const im = (orgnr: string, id: number) => `/import/importmelding/v2/${orgnr}/${id}`;
  const kontrollert = (orgnr: string, id: number) =>
    `/import/register/v1/${orgnr}/${id}/mottakskontrolloerfor`;

  it("gir landene og mottakskontrollør-for som de egne kallene, og samme side og antall som uten", async () => {
    const base = im(ORG.hagelandDrammen, drammen);
    const fasetter = await hent<Eksportland[]>(`${base}/eksportland`);
    expect(fasetter.some((l) => l.antall > 0)).toBe(true);
    const kontrolloerFor = await hent<unknown[]>(kontrollert(ORG.hagelandDrammen, drammen));
    for (const filter of ["", "&avsenderland=NL", "&status=UNDER_REGISTRERING", "&nummer=1", "&avsender=a"]) {
      const uten = await hent<ImportmeldingListe>(`${base}/arkiv?antall=5${filter}`);
      expect(uten.eksportland).toBeUndefined();
      expect(uten.mottakskontrolloerFor).toBeUndefined();
      opptak.tom();
      const med = await hent<ImportmeldingListe>(`${base}/arkiv?antall=5&fasetter=true${filter}`);
      if (filter === "" || filter === "&avsenderland=NL") expect(tellinger("importmelding_antall")).toBe(1);
      expect(med.eksportland, filter).toEqual(fasetter);
      expect(med.mottakskontrolloerFor, filter).toEqual(kontrolloerFor);
      expect(med.paginering, filter).toEqual(uten.paginering);
      expect(med.importmeldingListevisningElementer, filter).toEqual(uten.importmeldingListevisningElementer);
    }
  });

  it("for en mottakskontrollør: de den kontrollerer for, og landene for en valgt importør", async () => {
    const base = im(ORG.grontMottakOslo, oslo);
    const kontrolloerFor = await hent<{ id: number }[]>(kontrollert(ORG.grontMottakOslo, oslo), ola);
    expect(kontrolloerFor.map((k) => k.id)).toContain(drammen);
    for (const valgt of ["", `&importoer=${drammen}`]) {
      const med = await hent<ImportmeldingListe>(`${base}/arkiv?fasetter=true${valgt}`, ola);
      const uten = await hent<ImportmeldingListe>(`${base}/arkiv?${valgt}`, ola);
      expect(med.mottakskontrolloerFor, valgt).toEqual(kontrolloerFor);
      expect(med.eksportland, valgt).toEqual(
        await hent<Eksportland[]>(`${base}/eksportland?${valgt.slice(1)}`, ola),
      );
      expect(med.paginering, valgt).toEqual(uten.paginering);
    }
    // an importer it has no agreement with: 403 as without facets
    const res = await api.fetch(`${base}/arkiv?fasetter=true&importoer=${oslo + 100000}`, { pid: ola });
    expect(res.status).toBe(403);
  });
});
