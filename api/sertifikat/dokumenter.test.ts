// The certificate PDF and Excel endpoints (SPEC §2 document downloads, served by the app from these) over
// real HTTP on a real database: content type and file name, a body that parses, and who gets what.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import type { SertifikatListe } from "../../domain/sertifikat-visning";
import { pdfSider } from "../../tests/support/dokument-testdata";
import { dagerSiden, importoerId } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { problem } from "../http/feil";
import { ingestSertifikat } from "./ingest";

const kari = DEMO_PERSONER[0]!.pid; // acts for Hageland (Drammen, Stavanger)
const ingrid = DEMO_PERSONER[2]!.pid; // acts for Blomsterbud Bergen
const NUMMER = "PHYTO.NL.2099.DOK1";

let api: TestApi;
let drammen: number;
let blomsterbud: number;
let dato: string;

const noekler = (endringer: Record<string, string> = {}) =>
  new URLSearchParams({ sertifikatnummer: NUMMER, dato, avsenderland: "NL", ...endringer });

const dokument = (orgnr: string, id: number, format: "pdf" | "excel", q = noekler(), pid?: string) =>
  api.fetch(`/import/v2/${orgnr}/${id}/sertifikat/${format}?${q}`, { pid });

beforeAll(async () => {
  api = await startTestApi();
  drammen = await importoerId(api.handle.db, ORG.hagelandDrammen);
  blomsterbud = await importoerId(api.handle.db, ORG.blomsterbudBergen);
  dato = dagerSiden(1);
  await ingestSertifikat(
    api.handle.db,
    lagSertifikatXml({
      nummer: NUMMER,
      utstedt: `${dato}T10:00:00Z`,
      utsteder: "NVWA",
      avsender: { navn: "Bloemen Export B.V." },
      mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
      eksportland: "NL",
      varelinjer: [
        {
          navn: "Rose",
          botaniskNavn: "Rosa canina",
          plantedel: "Plants",
          tilsiktetBruk: "Planting",
          opprinnelsesland: ["NL"],
          antall: { verdi: 120, enhet: "H87" },
          nettoVekt: { verdi: 35.5, enhet: "KGM" },
        },
        {
          navn: "Buksbom",
          botaniskNavn: "Buxus sempervirens",
          plantedel: "Plants",
          tilsiktetBruk: "Planting",
          opprinnelsesland: ["NL"],
          nettoVekt: { verdi: 200 },
        },
      ],
    }),
  );
});
afterAll(async () => {
  await api?.close();
});

describe("GET /import/v2/{orgnr}/{importoerId}/sertifikat/pdf", () => {
  it("gir en PDF som begynner med %PDF- og slutter med %%EOF, med sertifikatets innhold", async () => {
    const res = await dokument(ORG.hagelandDrammen, drammen, "pdf", noekler(), kari);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(
      /^inline; filename=.*PHYTO\.NL\.2099\.DOK1.*\.pdf/,
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    const tekst = pdfSider(pdf).flat().join("\n");
    expect(tekst).toContain("Sertifikatnummer PHYTO.NL.2099.DOK1");
    expect(tekst).toContain("Rosa canina");
    expect(tekst).toContain("Nettovekt 35,5 kg");
    expect(tekst).not.toContain("200 stk"); // the unit-less net weight is not shown
  });

  it("finner sertifikatet uten hensyn til store og små bokstaver i nummeret", async () => {
    const q = noekler({ sertifikatnummer: NUMMER.toLowerCase() });
    expect((await dokument(ORG.hagelandDrammen, drammen, "pdf", q, kari)).status).toBe(200);
  });
});

describe("GET /import/v2/{orgnr}/{importoerId}/sertifikat/excel", () => {
  it("gir en xlsx-fil som exceljs åpner, med én rad per varelinje", async () => {
    const res = await dokument(ORG.hagelandDrammen, drammen, "excel", noekler(), kari);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=.*\.xlsx/);
    const bok = new ExcelJS.Workbook();
    await bok.xlsx.load(await res.arrayBuffer());
    const ark = bok.getWorksheet("Varelinjer");
    expect(ark).toBeDefined();
    const botaniske: string[] = [];
    ark?.eachRow((rad) => {
      const verdier = (rad.values as unknown[]).map((v) => String(v ?? ""));
      for (const navn of ["Rosa canina", "Buxus sempervirens"])
        if (verdier.includes(navn)) botaniske.push(navn);
    });
    expect(botaniske).toEqual(["Rosa canina", "Buxus sempervirens"]);
    expect(bok.getWorksheet("Sertifikat")).toBeDefined();
  });
});

describe("tilgang til dokumentene", () => {
  it("gir 401 uten token og med et ugyldig token", async () => {
    for (const format of ["pdf", "excel"] as const) {
      expect((await dokument(ORG.hagelandDrammen, drammen, format)).status).toBe(401);
      const res = await fetch(
        `${api.url}/import/v2/${ORG.hagelandDrammen}/${drammen}/sertifikat/${format}?${noekler()}`,
        { headers: { authorization: `Bearer ${await api.token(kari, { audience: "en-annen" })}` } },
      );
      expect(res.status).toBe(401);
    }
  });

  it("gir 403 for en virksomhet personen ikke kan representere, eller en importør som ikke hører til den", async () => {
    for (const format of ["pdf", "excel"] as const) {
      // Ingrid may not act for Hageland Drammen.
      const fremmedOrg = await dokument(ORG.hagelandDrammen, drammen, format, noekler(), ingrid);
      expect(fremmedOrg.status).toBe(403);
      expect(fremmedOrg.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      // Kari may act for Hageland Drammen, but Blomsterbud's importer id is not Hageland Drammen's.
      expect((await dokument(ORG.hagelandDrammen, blomsterbud, format, noekler(), kari)).status).toBe(403);
      expect((await dokument(ORG.blomsterbudBergen, blomsterbud, format, noekler(), kari)).status).toBe(403);
    }
  });

  it("gir 404 for ukjente nøkler (nummer, dato eller land) og 400 når en nøkkel mangler", async () => {
    for (const format of ["pdf", "excel"] as const) {
      for (const q of [
        noekler({ sertifikatnummer: "PHYTO.NL.2099.FINNES.IKKE" }),
        noekler({ dato: dagerSiden(30) }),
        noekler({ avsenderland: "DE" }),
      ]) {
        const res = await dokument(ORG.hagelandDrammen, drammen, format, q, kari);
        expect(res.status, `${format} ${q}`).toBe(404);
        expect(await res.json()).toEqual(problem(404, "Ingen treff basert på dine søkekriterier"));
      }
      const utenDato = new URLSearchParams({ sertifikatnummer: NUMMER, avsenderland: "NL" });
      expect((await dokument(ORG.hagelandDrammen, drammen, format, utenDato, kari)).status).toBe(400);
    }
  });

  it("gir dokumentet på eksakte nøkler uten å legge sertifikatet i den andre importørens liste", async () => {
    const res = await dokument(ORG.blomsterbudBergen, blomsterbud, "pdf", noekler(), ingrid);
    expect(res.status).toBe(200);
    const liste = await api.fetch(
      `/import/v2/${ORG.blomsterbudBergen}/${blomsterbud}/sertifikater?sertifikatnummer=DOK1`,
      { pid: ingrid },
    );
    expect(((await liste.json()) as SertifikatListe).sertifikatListe).toEqual([]);
  });
});
