// The certificate API (list, page, export countries, attachments) over real HTTP on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { lagSertifikatXml, type SertifikatInput } from "../../dev/ephyto/generate";
import { lagPdf } from "../../dev/vedlegg";
import type {
  Eksportland,
  SertifikatListe,
  SertifikatListeElement,
  SertifikatVisning,
} from "../../domain/sertifikat-visning";
import { dagerSiden } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { problem } from "../http/feil";
import { ingestSertifikat } from "./ingest";

const kari = DEMO_PERSONER[0]!.pid; // acts for Hageland (incl. Stavanger) and Nordisk Plantesalg
const ola = DEMO_PERSONER[1]!.pid; // acts for Grønt Mottak (reception controller) and Hageland Drammen
const ingrid = DEMO_PERSONER[2]!.pid; // acts for Blomsterbud Bergen
const per = DEMO_PERSONER[3]!.pid; // no delegations

let api: TestApi;
/** Importers used only by this file, so the demo seed certificates do not disturb the counts. */
let stavanger: number;
let moss: number;
let blomsterbud: number;
let grontMottak: number;
let drammen: number;

const dag = dagerSiden;
const dato = (dager: number) => new Date(`${dagerSiden(dager)}T10:30:00Z`);

function sertifikat(nummer: string, endringer: Partial<SertifikatInput> = {}): SertifikatInput {
  return {
    nummer,
    utstedt: dato(1),
    avsender: { navn: "Bloemen Export B.V." },
    mottaker: { navn: "Hageland Import AS avd. Stavanger", organisasjonsnummer: ORG.hagelandStavanger },
    eksportland: { kode: "NL" },
    varelinjer: [
      {
        botaniskNavn: "Rosa",
        plantedel: "Cut flowers",
        tilsiktetBruk: "Decoration",
        opprinnelsesland: ["NL"],
        nettoVekt: { verdi: 100.5, enhet: "KGM" },
        antall: { verdi: 10, enhet: "H87" },
      },
    ],
    ...endringer,
  };
}

const lagre = (input: SertifikatInput) => ingestSertifikat(api.handle.db, lagSertifikatXml(input));

async function importoer(orgnr: string, navn: string): Promise<number> {
  const rad = await api.handle.db
    .insertInto("importoer")
    .values({ organisasjonsnummer: orgnr, navn })
    .onConflict((oc) => oc.column("organisasjonsnummer").doUpdateSet({ navn }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return rad.id;
}

async function idFor(orgnr: string): Promise<number> {
  return (
    await api.handle.db
      .selectFrom("importoer")
      .select("id")
      .where("organisasjonsnummer", "=", orgnr)
      .executeTakeFirstOrThrow()
  ).id;
}

async function liste(
  pid: string,
  orgnr: string,
  id: number,
  query = "",
): Promise<{ status: number; body: SertifikatListe }> {
  const res = await api.fetch(`/import/v2/${orgnr}/${id}/sertifikater${query}`, { pid });
  return { status: res.status, body: await res.json() };
}

async function side(
  pid: string,
  orgnr: string,
  id: number,
  noekler: { sertifikatnummer?: string; dato?: string; avsenderland?: string },
): Promise<{ status: number; body: SertifikatVisning & { status: number; detail: string } }> {
  const q = new URLSearchParams(noekler as Record<string, string>);
  const res = await api.fetch(`/import/v2/${orgnr}/${id}/sertifikat?${q}`, { pid });
  return { status: res.status, body: await res.json() };
}

const numre = (l: SertifikatListe) => l.sertifikatListe.map((s) => s.nummer);

beforeAll(async () => {
  api = await startTestApi();
  stavanger = await importoer(ORG.hagelandStavanger, "Hageland Import AS avd. Stavanger");
  moss = await importoer(ORG.nordiskPlantesalg, "Nordisk Plantesalg AS avd. Moss");
  blomsterbud = await idFor(ORG.blomsterbudBergen);
  grontMottak = await idFor(ORG.grontMottakOslo);
  drammen = await idFor(ORG.hagelandDrammen);
});
afterAll(async () => {
  await api?.close();
});

describe("synlighet: hvilke sertifikater en importør ser", () => {
  it("viser sertifikater med importørens organisasjonsnummer eller eksakte navn, ikke andres", async () => {
    await lagre(sertifikat("PHYTO.NL.2099.S1"));
    await lagre(
      sertifikat("PHYTO.NL.2099.S2", {
        mottaker: { navn: "  HAGELAND IMPORT AS   avd. stavanger" },
        utstedt: dato(2),
      }),
    );
    await lagre(sertifikat("PHYTO.NL.2099.S3", { mottaker: { navn: "Hageland Import AS" } }));
    // One word more is another name (ADR 010): not matched, even though only case and spaces are ignored.
    await lagre(
      sertifikat("PHYTO.NL.2099.S5", { mottaker: { navn: "Hageland Import AS avd. Stavanger Vest" } }),
    );
    await lagre(
      sertifikat("PHYTO.NL.2099.S4", {
        mottaker: { navn: "Blomsterbud Vest AS avd. Bergen", organisasjonsnummer: ORG.blomsterbudBergen },
      }),
    );
    const { status, body } = await liste(kari, ORG.hagelandStavanger, stavanger);
    expect(status).toBe(200);
    expect(numre(body)).toEqual(["PHYTO.NL.2099.S1", "PHYTO.NL.2099.S2"]);
    const b = await liste(ingrid, ORG.blomsterbudBergen, blomsterbud);
    expect(numre(b.body)).toContain("PHYTO.NL.2099.S4");
    expect(numre(b.body)).not.toContain("PHYTO.NL.2099.S1");
  });

  it("ser sertifikater for en importør som registreres etter at sertifikatet kom (matching ved spørring)", async () => {
    await lagre(
      sertifikat("PHYTO.NL.2099.SENERE", {
        mottaker: { navn: "Fjordblomster Ingrid Berg" },
      }),
    );
    const fjord = await importoer(ORG.fjordblomster, "Fjordblomster");
    // The business register's name counts, not the importer's own spelling.
    expect(numre((await liste(ingrid, ORG.fjordblomster, fjord)).body)).toEqual(["PHYTO.NL.2099.SENERE"]);
  });

  it("viser demosertifikatene for Hageland Drammen (nummer og navn), ikke for selskaper utenfor registeret", async () => {
    const { body } = await liste(kari, ORG.hagelandDrammen, drammen, "?antall=100");
    const mottakere = new Set(
      body.sertifikatListe.map((s) => s.mottaker?.toLowerCase().replace(/\s+/g, " ")),
    );
    expect(mottakere).toEqual(new Set(["hageland import as avd. drammen"]));
    expect(body.paginering.antallElementer).toBeGreaterThanOrEqual(12);
  });

  it("gir 403 for en importør som ikke hører til {orgnr} eller som personen ikke kan representere", async () => {
    expect((await liste(kari, ORG.hagelandStavanger, blomsterbud)).status).toBe(403);
    expect((await liste(ingrid, ORG.hagelandStavanger, stavanger)).status).toBe(403);
    expect(
      (
        await side(ola, ORG.hagelandStavanger, stavanger, {
          sertifikatnummer: "x",
          dato: dag(1),
          avsenderland: "NL",
        })
      ).status,
    ).toBe(403);
    expect((await api.fetch(`/import/v2/${ORG.hagelandStavanger}/${stavanger}/sertifikater`)).status).toBe(
      401,
    );
  });
});

describe("GET /import/v2/{orgnr}/{importoerId}/sertifikat: søk på eksakte nøkler", () => {
  it("krever alle tre feltene", async () => {
    for (const noekler of [
      { sertifikatnummer: "PHYTO.NL.2099.S1", dato: dag(1) },
      { sertifikatnummer: "PHYTO.NL.2099.S1", avsenderland: "NL" },
      { dato: dag(1), avsenderland: "NL" },
      { sertifikatnummer: "  ", dato: dag(1), avsenderland: "NL" },
    ]) {
      const { status, body } = await side(kari, ORG.hagelandStavanger, stavanger, noekler);
      expect(status).toBe(400);
      expect(body).toEqual(problem(400, "Du må fylle ut land, sertifikatnummer og dato"));
    }
  });

  it("finner et annet selskaps sertifikat på eksakte nøkler og legger det i importørens liste", async () => {
    await lagre(
      sertifikat("PHYTO.DE.2099.ANNEN", {
        eksportland: { kode: "DE" },
        mottaker: { navn: "Et helt annet firma AS" },
        utstedt: dato(3),
      }),
    );
    expect(numre((await liste(kari, ORG.hagelandStavanger, stavanger)).body)).not.toContain(
      "PHYTO.DE.2099.ANNEN",
    );

    const { status, body } = await side(kari, ORG.hagelandStavanger, stavanger, {
      sertifikatnummer: "  phyto.de.2099.annen ",
      dato: dag(3),
      avsenderland: "de",
    });
    expect(status).toBe(200);
    expect(body.nummer).toBe("PHYTO.DE.2099.ANNEN");
    expect(body.mottaker?.navn).toBe("Et helt annet firma AS");
    expect(numre((await liste(kari, ORG.hagelandStavanger, stavanger)).body)).toContain(
      "PHYTO.DE.2099.ANNEN",
    );
    // Only for that importer.
    expect(numre((await liste(kari, ORG.nordiskPlantesalg, moss)).body)).not.toContain("PHYTO.DE.2099.ANNEN");
  });

  it("gir 404 med meldingen ved feil dato, land eller nummer", async () => {
    for (const noekler of [
      { sertifikatnummer: "PHYTO.DE.2099.ANNEN", dato: dag(4), avsenderland: "DE" },
      { sertifikatnummer: "PHYTO.DE.2099.ANNEN", dato: dag(2), avsenderland: "DE" },
      { sertifikatnummer: "PHYTO.DE.2099.ANNEN", dato: dag(3), avsenderland: "NL" },
      { sertifikatnummer: "PHYTO.DE.2099.ANNE", dato: dag(3), avsenderland: "DE" },
    ]) {
      const { status, body } = await side(kari, ORG.hagelandStavanger, stavanger, noekler);
      expect(status).toBe(404);
      expect(body).toEqual(problem(404, "Ingen treff basert på dine søkekriterier"));
    }
  });

  it("tillater ±2 dager for Nederland", async () => {
    await lagre(sertifikat("PHYTO.NL.2099.DATO", { mottaker: { navn: "Noen andre AS" }, utstedt: dato(5) }));
    for (const d of [3, 4, 5, 6, 7]) {
      const { status, body } = await side(kari, ORG.hagelandStavanger, stavanger, {
        sertifikatnummer: "PHYTO.NL.2099.DATO",
        dato: dag(d),
        avsenderland: "NL",
      });
      expect([d, status]).toEqual([d, 200]);
      expect(body.utstedtDag).toBe(dag(5));
    }
    for (const d of [2, 8]) {
      const { status } = await side(kari, ORG.hagelandStavanger, stavanger, {
        sertifikatnummer: "PHYTO.NL.2099.DATO",
        dato: dag(d),
        avsenderland: "NL",
      });
      expect([d, status]).toEqual([d, 404]);
    }
  });

  it("returnerer sertifikatdata, vurdering, vedlegg og mengdeoppsummering", async () => {
    await lagre(
      sertifikat("PHYTO.NL.2099.FULL", {
        type: "Reeksport",
        vedlegg: [
          { filnavn: "kopi.pdf", data: lagPdf("Kopi"), identifikator: "K-1", informasjon: "Original" },
        ],
        varelinjer: [
          {
            botaniskNavn: "Rosa",
            plantedel: "Cut flowers",
            tilsiktetBruk: "Decoration",
            opprinnelsesland: ["NL"],
            nettoVekt: { verdi: 100.1, enhet: "KGM" },
            antall: { verdi: 10, enhet: "H87" },
          },
          {
            botaniskNavn: "Tulipa",
            plantedel: "Cut flowers",
            tilsiktetBruk: "Decoration",
            opprinnelsesland: ["NL"],
            nettoVekt: { verdi: 0.2, enhet: "KGM" },
            bruttoVekt: { verdi: 1, enhet: "TNE" },
            antall: { verdi: 5, enhet: "H87" },
          },
          { plantedel: "Cut flowers", nettoVekt: { verdi: 2, enhet: "TNE" } },
        ],
      }),
    );
    const { status, body } = await side(kari, ORG.hagelandStavanger, stavanger, {
      sertifikatnummer: "PHYTO.NL.2099.FULL",
      dato: dag(1),
      avsenderland: "NL",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: expect.any(Number),
      nummer: "PHYTO.NL.2099.FULL",
      type: "Reeksport",
      statusKode: "70",
      statusTekst: "Utstedt",
      utstedtDag: dag(1),
      eksportLand: { kode: "NL" },
      meldepliktigVurdering: { kode: "UFULLSTENDIG", visningstekst: "Mulig meldepliktig" },
      alvorlighetsgrad: "UFULLSTENDIG",
      erPapirloest: true,
      erForGammel: false,
      importMeldingId: null,
      importMeldingStatus: null,
      kanEndreImportmelding: false,
      kanOppretteImportmelding: true,
      mengdeOppsummering: {
        totaltAntall: [{ verdi: 15, enhet: "H87" }],
        totalNettoVekt: [
          { verdi: 100.3, enhet: "KGM" },
          { verdi: 2, enhet: "TNE" },
        ],
        totalBruttoVekt: [{ verdi: 1, enhet: "TNE" }],
        totalNettoVolum: [],
        totalBruttoVolum: [],
      },
    });
    expect(body.varelinjer).toHaveLength(3);
    expect(body.vurdering.varelinjer.map((v) => v.id)).toEqual([1, 2, 3]);
    expect(body.vurdering.risikoVurdering.map((r) => r.type)).toContain("UIDENTIFISERT");
    expect(body.vedlegg).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        filnavn: "kopi.pdf",
        mimetype: "application/pdf",
        filtype: "pdf",
        kanAapneVedlegg: true,
        identifikator: "K-1",
        informasjon: "Original",
        stoerrelse: lagPdf("Kopi").byteLength,
      },
    ]);
    expect(new Date(body.mottatt).toISOString()).toBe(body.mottatt);
    expect(new Date(body.statusSistEndret).toISOString()).toBe(body.statusSistEndret);
    expect(body.erstatterSertifikat).toBeUndefined();
    expect(body.erstattetAvSertifikat).toBeUndefined();
    expect(body.kandidatImportoerer).toEqual([
      {
        id: stavanger,
        navn: "Hageland Import AS avd. Stavanger",
        organisasjonsnummer: ORG.hagelandStavanger,
        paaSertifikatet: true,
        harLestRegelverk: false,
      },
    ]);
    // the asking importer's own confirmation comes with the certificate (the page makes one call, ADR 073)
    expect(body.harLestRegelverk).toBe(false);
    await api.handle.db
      .updateTable("importoer")
      .set({ har_lest_regelverk: true })
      .where("id", "=", stavanger)
      .execute();
    const etter = await side(kari, ORG.hagelandStavanger, stavanger, {
      sertifikatnummer: "PHYTO.NL.2099.FULL",
      dato: dag(1),
      avsenderland: "NL",
    });
    expect(etter.body.harLestRegelverk).toBe(true);
    expect(etter.body.kandidatImportoerer[0]?.harLestRegelverk).toBe(true);
  });
});

describe("flagg på sertifikatsiden", () => {
  const hent = async (nummer: string, d: number, land: string) => {
    const { status, body } = await side(kari, ORG.hagelandStavanger, stavanger, {
      sertifikatnummer: nummer,
      dato: dag(d),
      avsenderland: land,
    });
    expect(status).toBe(200);
    return body;
  };

  it("kan ikke opprettes for land uten papirløs avtale, trukket tilbake eller erstattet; for gammelt rapporteres", async () => {
    await lagre(sertifikat("PPQ-2099-1", { eksportland: { kode: "US" } }));
    const us = await hent("PPQ-2099-1", 1, "US");
    expect([us.erPapirloest, us.kanOppretteImportmelding, us.erForGammel]).toEqual([false, false, false]);

    await lagre(sertifikat("PHYTO.NL.2099.GAMMEL", { utstedt: dato(20) }));
    const gammel = await hent("PHYTO.NL.2099.GAMMEL", 20, "NL");
    expect([gammel.erPapirloest, gammel.erForGammel, gammel.kanOppretteImportmelding]).toEqual([
      true,
      true,
      true,
    ]);
    await lagre(sertifikat("PHYTO.NL.2099.FJORTEN", { utstedt: dato(14) }));
    expect((await hent("PHYTO.NL.2099.FJORTEN", 14, "NL")).erForGammel).toBe(false);

    await lagre(sertifikat("PHYTO.SE.2099.TRUKKET", { eksportland: { kode: "SE" }, status: 40 }));
    const trukket = await hent("PHYTO.SE.2099.TRUKKET", 1, "SE");
    expect([trukket.statusTekst, trukket.kanOppretteImportmelding]).toEqual(["Trukket tilbake", false]);
  });

  it("viser erstatning begge veier, også når originalen er ukjent", async () => {
    await lagre(sertifikat("PHYTO.DE.2099.R1", { eksportland: { kode: "DE" }, utstedt: dato(3) }));
    await lagre(
      sertifikat("PHYTO.DE.2099.R2", {
        eksportland: { kode: "DE" },
        utstedt: dato(2),
        erstatter: { nummer: "PHYTO.DE.2099.R1", aarsak: "Feil mengde", dato: dag(3) },
      }),
    );
    const original = await hent("PHYTO.DE.2099.R1", 3, "DE");
    expect(original.erstattetAvSertifikat).toEqual({
      nummer: "PHYTO.DE.2099.R2",
      dato: dag(2),
      avsenderland: "DE",
    });
    expect(original.kanOppretteImportmelding).toBe(false);
    const erstatning = await hent("PHYTO.DE.2099.R2", 2, "DE");
    expect(erstatning.erstatterSertifikat).toEqual({
      nummer: "PHYTO.DE.2099.R1",
      grunn: "Feil mengde",
      dato: dag(3),
      lenke: { sertifikatnummer: "PHYTO.DE.2099.R1", dato: dag(3), avsenderland: "DE" },
    });
    expect(erstatning.erstattetAvSertifikat).toBeUndefined();
    expect(erstatning.kanOppretteImportmelding).toBe(true);

    await lagre(
      sertifikat("PHYTO.DE.2099.R9", {
        eksportland: { kode: "DE" },
        erstatter: { nummer: "PHYTO.DE.2099.UKJENT" },
      }),
    );
    const ukjent = await hent("PHYTO.DE.2099.R9", 1, "DE");
    expect(ukjent.erstatterSertifikat).toEqual({ nummer: "PHYTO.DE.2099.UKJENT" });

    const l = (
      await liste(kari, ORG.hagelandStavanger, stavanger, "?avsenderland=DE&sertifikatnummer=2099.R")
    ).body;
    expect(l.sertifikatListe.map((s) => [s.nummer, s.erstattet])).toEqual([
      ["PHYTO.DE.2099.R9", false],
      ["PHYTO.DE.2099.R2", false],
      ["PHYTO.DE.2099.R1", true],
    ]);
  });

  it("viser en levende forhåndsmelding importøren kan se, og om den kan endres", async () => {
    await lagre(sertifikat("PHYTO.NL.2099.MELDT"));
    const s = await hent("PHYTO.NL.2099.MELDT", 1, "NL");
    const melding = await api.handle.db
      .insertInto("importmelding")
      .values({
        nummer: "T-1",
        sertifikat_id: s.id,
        ansvarlig_importoer_id: stavanger,
        opprettet_av_importoer_id: stavanger,
        status: "UNDER_REGISTRERING",
        innmelder: JSON.stringify(null),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const settStatus = (status: string) =>
      api.handle.db.updateTable("importmelding").set({ status }).where("id", "=", melding.id).execute();

    let v = await hent("PHYTO.NL.2099.MELDT", 1, "NL");
    expect(v).toMatchObject({
      importMeldingId: melding.id,
      importMeldingStatus: "UNDER_REGISTRERING",
      kanEndreImportmelding: true,
      kanOppretteImportmelding: false,
    });
    const element = (await liste(kari, ORG.hagelandStavanger, stavanger, "?sertifikatnummer=2099.MELDT")).body
      .sertifikatListe[0];
    expect([element?.importMeldingId, element?.importMeldingStatus]).toEqual([
      melding.id,
      "UNDER_REGISTRERING",
    ]);

    await settStatus("REGISTRERT");
    expect((await hent("PHYTO.NL.2099.MELDT", 1, "NL")).kanEndreImportmelding).toBe(true);
    await settStatus("ANKOMMET");
    v = await hent("PHYTO.NL.2099.MELDT", 1, "NL");
    expect([v.importMeldingStatus, v.kanEndreImportmelding, v.kanOppretteImportmelding]).toEqual([
      "ANKOMMET",
      false,
      false,
    ]);

    // Another importer (not responsible, not creator, not document control) does not see it, and cannot create.
    const annen = await side(ingrid, ORG.blomsterbudBergen, blomsterbud, {
      sertifikatnummer: "PHYTO.NL.2099.MELDT",
      dato: dag(1),
      avsenderland: "NL",
    });
    expect(annen.body).toMatchObject({
      importMeldingId: null,
      importMeldingStatus: null,
      kanEndreImportmelding: false,
      kanOppretteImportmelding: false,
    });

    await settStatus("TILBAKETRUKKET");
    v = await hent("PHYTO.NL.2099.MELDT", 1, "NL");
    expect([v.importMeldingId, v.kanEndreImportmelding, v.kanOppretteImportmelding]).toEqual([
      null,
      false,
      true,
    ]);
  });

  it("foreslår importøren og dem den er mottakskontrollør for, de som står på sertifikatet først", async () => {
    await lagre(
      sertifikat("PHYTO.NL.2099.KANDIDAT", {
        mottaker: { navn: "Blomsterbud Vest AS avd. Bergen", organisasjonsnummer: ORG.blomsterbudBergen },
      }),
    );
    const { status, body } = await side(ola, ORG.grontMottakOslo, grontMottak, {
      sertifikatnummer: "PHYTO.NL.2099.KANDIDAT",
      dato: dag(1),
      avsenderland: "NL",
    });
    expect(status).toBe(200);
    expect(body.kandidatImportoerer.map((k) => [k.organisasjonsnummer, k.paaSertifikatet])).toEqual([
      [ORG.blomsterbudBergen, true],
      [ORG.grontMottakOslo, false],
      [ORG.blomsterbudAalesund, false],
      [ORG.hagelandDrammen, false],
    ]);
  });
});

describe("GET /import/v2/{orgnr}/{importoerId}/sertifikater: filtre og sider", () => {
  const mossSertifikat = (nummer: string, dagerSiden: number, endringer: Partial<SertifikatInput> = {}) =>
    lagre(
      sertifikat(nummer, {
        mottaker: { navn: "Nordisk Plantesalg AS avd. Moss", organisasjonsnummer: ORG.nordiskPlantesalg },
        utstedt: dato(dagerSiden),
        ...endringer,
      }),
    );

  beforeAll(async () => {
    await mossSertifikat("PHYTO.NL.2099.M1", 1, { avsender: { navn: "Bloemen Export B.V." } });
    await mossSertifikat("PHYTO.NL.2099.M2", 2, { avsender: { navn: "Boskoop Kwekerij 100% B.V." } });
    await mossSertifikat("PHYTO.DE.2099.M3", 3, {
      eksportland: { kode: "DE" },
      avsender: { navn: "Gartenbau GmbH" },
    });
    await mossSertifikat("PHYTO.DK.2099.M4", 4, { eksportland: { kode: "DK" }, varelinjer: [] });
    await mossSertifikat("KEPHIS-2099-M5", 5, {
      eksportland: { kode: "KE" },
      varelinjer: [
        {
          botaniskNavn: "Rosa",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          opprinnelsesland: ["KE"],
        },
      ],
    });
    await mossSertifikat("PHYTO.NL.2099.M6", 6, {
      varelinjer: [{ botaniskNavn: "Rosa", plantedel: "Cut flowers", opprinnelsesland: ["NL"] }],
    });
    await mossSertifikat("PHYTO.BE.2099.M7", 7, {
      eksportland: { kode: "BE" },
      avsender: { navn: "Gentse Azalea NV" },
    });
  });

  it("gir nyeste først, 15 per side som standard, og elementets felter", async () => {
    const { status, body } = await liste(kari, ORG.nordiskPlantesalg, moss);
    expect(status).toBe(200);
    expect(numre(body)).toEqual([
      "PHYTO.NL.2099.M1",
      "PHYTO.NL.2099.M2",
      "PHYTO.DE.2099.M3",
      "PHYTO.DK.2099.M4",
      "KEPHIS-2099-M5",
      "PHYTO.NL.2099.M6",
      "PHYTO.BE.2099.M7",
    ]);
    expect(body.paginering).toEqual({
      sidenummer: 0,
      antallSider: 1,
      antallElementer: 7,
      antallElementerPerSide: 15,
      flereEnnMaks: false,
    });
    const m1 = body.sertifikatListe[0] as SertifikatListeElement;
    expect(m1).toEqual({
      id: expect.any(Number),
      nummer: "PHYTO.NL.2099.M1",
      utstedtDato: dag(1),
      type: "Eksport",
      eksportLand: { kode: "NL", navn: "Nederland" },
      avsender: "Bloemen Export B.V.",
      mottaker: "Nordisk Plantesalg AS avd. Moss",
      meldepliktigVurdering: { kode: "IKKE_MELDEPLIKTIG", visningstekst: "Ikke meldepliktig" },
      alvorlighetsgrad: "ALT_OK",
      antallVarelinjer: 1,
      erstattet: false,
      importMeldingId: null,
      importMeldingStatus: null,
      mottatt: expect.stringMatching(/Z$/),
    });
    expect(body.sertifikatListe[3]?.antallVarelinjer).toBe(0);
  });

  it("deler opp i sider med antall og sidenummer (nullbasert)", async () => {
    const s0 = (await liste(kari, ORG.nordiskPlantesalg, moss, "?antall=3")).body;
    const s1 = (await liste(kari, ORG.nordiskPlantesalg, moss, "?antall=3&sidenummer=1")).body;
    const s2 = (await liste(kari, ORG.nordiskPlantesalg, moss, "?antall=3&sidenummer=2")).body;
    const s9 = (await liste(kari, ORG.nordiskPlantesalg, moss, "?antall=3&sidenummer=9")).body;
    expect(numre(s0)).toEqual(["PHYTO.NL.2099.M1", "PHYTO.NL.2099.M2", "PHYTO.DE.2099.M3"]);
    expect(numre(s1)).toEqual(["PHYTO.DK.2099.M4", "KEPHIS-2099-M5", "PHYTO.NL.2099.M6"]);
    expect(numre(s2)).toEqual(["PHYTO.BE.2099.M7"]);
    expect(numre(s9)).toEqual([]);
    expect(s1.paginering).toEqual({
      sidenummer: 1,
      antallSider: 3,
      antallElementer: 7,
      antallElementerPerSide: 3,
      flereEnnMaks: false,
    });
    for (const ugyldig of ["?antall=0", "?antall=101", "?antall=x", "?sidenummer=-1", "?sidenummer=1.5"]) {
      expect([ugyldig, (await liste(kari, ORG.nordiskPlantesalg, moss, ugyldig)).status]).toEqual([
        ugyldig,
        400,
      ]);
    }
    expect(
      (await liste(kari, ORG.nordiskPlantesalg, moss, "?antall=100")).body.paginering.antallElementerPerSide,
    ).toBe(100);
  });

  it("filtrerer på avsender og sertifikatnummer (delstreng, uten hensyn til store og små bokstaver)", async () => {
    expect(numre((await liste(kari, ORG.nordiskPlantesalg, moss, "?avsender=GARTENBAU")).body)).toEqual([
      "PHYTO.DE.2099.M3",
    ]);
    expect(numre((await liste(kari, ORG.nordiskPlantesalg, moss, "?avsender=kwekerij")).body)).toEqual([
      "PHYTO.NL.2099.M2",
    ]);
    expect(numre((await liste(kari, ORG.nordiskPlantesalg, moss, "?avsender=b.v.")).body)).toEqual([
      "PHYTO.NL.2099.M1",
      "PHYTO.NL.2099.M2",
      "PHYTO.DK.2099.M4",
      "KEPHIS-2099-M5",
      "PHYTO.NL.2099.M6",
    ]);
    // LIKE wildcards are literal.
    expect(numre((await liste(kari, ORG.nordiskPlantesalg, moss, "?avsender=100%25")).body)).toEqual([
      "PHYTO.NL.2099.M2",
    ]);
    expect(numre((await liste(kari, ORG.nordiskPlantesalg, moss, "?avsender=_")).body)).toEqual([]);
    expect(numre((await liste(kari, ORG.nordiskPlantesalg, moss, "?sertifikatnummer=nl.2099")).body)).toEqual(
      ["PHYTO.NL.2099.M1", "PHYTO.NL.2099.M2", "PHYTO.NL.2099.M6"],
    );
  });

  it("filtrerer på avsenderland og meldepliktigVurdering (flere verdier)", async () => {
    const land = (await liste(kari, ORG.nordiskPlantesalg, moss, "?avsenderland=DE&avsenderland=be&antall=5"))
      .body;
    expect(numre(land)).toEqual(["PHYTO.DE.2099.M3", "PHYTO.BE.2099.M7"]);
    expect(land.paginering.antallElementer).toBe(2);
    expect(numre((await liste(kari, ORG.nordiskPlantesalg, moss, "?avsenderland=KE")).body)).toEqual([
      "KEPHIS-2099-M5",
    ]);

    const mv = (q: string) => liste(kari, ORG.nordiskPlantesalg, moss, q);
    expect(numre((await mv("?meldepliktigVurdering=MELDEPLIKTIG")).body)).toEqual(["KEPHIS-2099-M5"]);
    expect(
      numre((await mv("?meldepliktigVurdering=UFULLSTENDIG&meldepliktigVurdering=IKKE_VURDERT")).body),
    ).toEqual(["PHYTO.DK.2099.M4", "PHYTO.NL.2099.M6"]);
    expect((await mv("?meldepliktigVurdering=IKKE_MELDEPLIKTIG")).body.paginering.antallElementer).toBe(4);
    expect(numre((await mv("?meldepliktigVurdering=MELDEPLIKTIG&avsenderland=NL")).body)).toEqual([]);
    const ugyldig = await mv("?meldepliktigVurdering=KANSKJE");
    expect(ugyldig.status).toBe(400);
    expect(ugyldig.body).toEqual(problem(400, "Ugyldig meldepliktigVurdering"));
  });
});

describe("GET /import/v2/eksportland", () => {
  const eksportland = async (pid: string | undefined, query = "") => {
    const res = await api.fetch(`/import/v2/eksportland${query}`, { pid });
    return { status: res.status, land: res.status === 200 ? ((await res.json()) as Eksportland[]) : [] };
  };
  const antallSynlige = async (pid: string, orgnr: string, id: number, land: string) =>
    (await liste(pid, orgnr, id, `?avsenderland=${land}&antall=1`)).body.paginering.antallElementer;

  it("teller bare sertifikatene den spørrende importøren ser, og viser alltid landene med papirløs avtale", async () => {
    // Chile: only Blomsterbud has a certificate from there.
    await lagre(
      sertifikat("CL-SAG-2099-1", {
        eksportland: { kode: "CL" },
        mottaker: { navn: "Blomsterbud Vest AS avd. Bergen", organisasjonsnummer: ORG.blomsterbudBergen },
      }),
    );
    const { n: nlTotalt } = await api.handle.db
      .selectFrom("sertifikat")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("eksportland", "=", "NL")
      .executeTakeFirstOrThrow();

    const hosStavanger = await eksportland(kari, `?orgnr=${ORG.hagelandStavanger}&importoerId=${stavanger}`);
    expect(hosStavanger.status).toBe(200);
    const nl = hosStavanger.land.find((l) => l.kode === "NL");
    const nlSynlige = await antallSynlige(kari, ORG.hagelandStavanger, stavanger, "NL");
    expect(nl).toEqual({ kode: "NL", navn: "Nederland", antall: nlSynlige, flereEnnMaks: false });
    expect(nlSynlige).toBeGreaterThan(0);
    expect(nlSynlige).toBeLessThan(Number(nlTotalt)); // other importers' NL certificates are not counted
    expect(hosStavanger.land.map((l) => l.kode)).not.toContain("CL");
    for (const kode of ["BE", "DK", "FR", "IT", "NL", "SE", "DE"])
      expect(hosStavanger.land.map((l) => l.kode)).toContain(kode);
    const navn = hosStavanger.land.map((l) => l.navn);
    expect(navn).toEqual([...navn].sort(new Intl.Collator("nb").compare));

    const hosBlomsterbud = await eksportland(
      ingrid,
      `?orgnr=${ORG.blomsterbudBergen}&importoerId=${blomsterbud}`,
    );
    expect(hosBlomsterbud.land.find((l) => l.kode === "CL")).toEqual({
      kode: "CL",
      navn: "Chile",
      antall: 1,
      flereEnnMaks: false,
    });
    expect(hosBlomsterbud.land.find((l) => l.kode === "NL")?.antall).toBe(
      await antallSynlige(ingrid, ORG.blomsterbudBergen, blomsterbud, "NL"),
    );
  });

  it("teller uten importør det personen ser gjennom sine importører; uten delegering bare papirløse land med 0", async () => {
    const utenImportoer = await eksportland(ingrid);
    expect(utenImportoer.status).toBe(200);
    expect(utenImportoer.land.find((l) => l.kode === "CL")?.antall).toBe(1);

    const per_ = await eksportland(per);
    expect(per_.status).toBe(200);
    expect(per_.land.map((l) => l.kode).sort()).toEqual(["BE", "DE", "DK", "FR", "IT", "NL", "SE"]);
    expect(per_.land.every((l) => l.antall === 0)).toBe(true);
  });

  it("gir 401 uten token, 403 for en importør personen ikke kan representere, 400 for ugyldige verdier", async () => {
    expect((await eksportland(undefined)).status).toBe(401);
    expect(
      (await eksportland(ingrid, `?orgnr=${ORG.hagelandStavanger}&importoerId=${stavanger}`)).status,
    ).toBe(403);
    // The importer must belong to {orgnr}.
    expect(
      (await eksportland(kari, `?orgnr=${ORG.hagelandStavanger}&importoerId=${blomsterbud}`)).status,
    ).toBe(403);
    expect((await eksportland(kari, `?orgnr=${ORG.hagelandStavanger}&importoerId=999999`)).status).toBe(403);
    expect((await eksportland(kari, `?orgnr=${ORG.hagelandStavanger}`)).status).toBe(400);
    expect((await eksportland(kari, `?orgnr=12&importoerId=${stavanger}`)).status).toBe(400);
  });
});

describe("GET /import/v1/vedlegg/{id}", () => {
  it("gir filen som base64 bare til den som kan se sertifikatet, ellers 404", async () => {
    const pdf = lagPdf("Vedlegg");
    await lagre(
      sertifikat("PHYTO.NL.2099.VEDLEGG", {
        vedlegg: [{ filnavn: "Sunnhets sertifikat æøå.pdf", data: pdf }],
      }),
    );
    const s = (
      await side(kari, ORG.hagelandStavanger, stavanger, {
        sertifikatnummer: "PHYTO.NL.2099.VEDLEGG",
        dato: dag(1),
        avsenderland: "NL",
      })
    ).body;
    const id = s.vedlegg[0]!.id;

    const res = await api.fetch(`/import/v1/vedlegg/${id}`, { pid: kari });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(decodeURIComponent(res.headers.get("x-filnavn") ?? "")).toBe("Sunnhets sertifikat æøå.pdf");
    expect(res.headers.get("x-mimetype")).toBe("application/pdf");
    expect(Buffer.from(await res.text(), "base64").equals(Buffer.from(pdf))).toBe(true);

    // Ingrid (Blomsterbud) does not see the certificate: 404, as for an unknown id.
    const nektet = await api.fetch(`/import/v1/vedlegg/${id}`, { pid: ingrid });
    expect(nektet.status).toBe(404);
    expect(await nektet.json()).toEqual(problem(404, "Fant ikke vedlegget"));
    expect((await api.fetch(`/import/v1/vedlegg/${id}`, { pid: per })).status).toBe(404);
    expect(
      (await api.fetch("/import/v1/vedlegg/00000000-0000-4000-8000-000000000000", { pid: kari })).status,
    ).toBe(404);

    // After finding it by its exact keys, Blomsterbud may read the attachment.
    await side(ingrid, ORG.blomsterbudBergen, blomsterbud, {
      sertifikatnummer: "PHYTO.NL.2099.VEDLEGG",
      dato: dag(1),
      avsenderland: "NL",
    });
    expect((await api.fetch(`/import/v1/vedlegg/${id}`, { pid: ingrid })).status).toBe(200);
  });

  it("gir 400 for en id som ikke er en uuid og 401 uten token", async () => {
    const ugyldig = await api.fetch("/import/v1/vedlegg/123", { pid: kari });
    expect(ugyldig.status).toBe(400);
    expect(await ugyldig.json()).toEqual(problem(400, "Ugyldig vedlegg-id"));
    expect((await api.fetch("/import/v1/vedlegg/00000000-0000-4000-8000-000000000000")).status).toBe(401);
  });
});
