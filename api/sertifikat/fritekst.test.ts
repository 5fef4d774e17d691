// Oversized free text (issue 34 item 5) over real HTTP and a real database: a certificate whose sender name is
// 8 MB gives a small certificate answer, PDF and spreadsheet, each with the name cut and marked in the reader's
// language; intake records the field; the stored XML (and so the evidence pack) keeps the name whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { forLangeFelt, kortFritekst, MAKS_FRITEKST } from "../../domain/fritekst";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import { dagerSiden, importoerId, KARI } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { ingestSertifikat } from "./ingest";

const NUMMER = "PHYTO.NL.2099.LANG1";
const NAVN = `Kwekerij Æ ${"a".repeat(8_000_000)}`;

let api: TestApi;
let drammen: number;
let id: number;
const dato = dagerSiden(1);
const sti = (hva = "") =>
  `/import/v2/${ORG.hagelandDrammen}/${drammen}/sertifikat${hva}?${new URLSearchParams({
    sertifikatnummer: NUMMER,
    dato,
    avsenderland: "NL",
  })}`;

beforeAll(async () => {
  api = await startTestApi();
  drammen = await importoerId(api.handle.db, ORG.hagelandDrammen);
  ({ id } = await ingestSertifikat(
    api.handle.db,
    lagSertifikatXml({
      nummer: NUMMER,
      utstedt: `${dato}T10:00:00Z`,
      utsteder: "NVWA",
      avsender: { navn: NAVN },
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
        },
      ],
    }),
  ));
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe("fritekst lengre enn sidene viser", () => {
  it("kortes med et merke, og bare det som er for langt", () => {
    const { verdi, forkortet } = kortFritekst(
      { a: "x".repeat(5), b: [{ c: "y".repeat(12) }, { c: "z" }], n: 3 },
      " …",
      10,
    );
    expect(verdi).toEqual({ a: "xxxxx", b: [{ c: `${"y".repeat(10)} …` }, { c: "z" }], n: 3 });
    expect(forkortet).toEqual(["b.c"]);
    // Characters, not UTF-16 units: an emoji is never split.
    expect(kortFritekst("😀".repeat(11), "…", 10).verdi).toBe(`${"😀".repeat(10)}…`);
    expect(forLangeFelt({ a: "😀".repeat(10) }, 10)).toEqual([]);
  });

  it("mottaket registrerer feltet, og XML-en (og dermed dokumentasjonspakken) har hele teksten", async () => {
    const rad = await api.handle.db
      .selectFrom("sertifikat")
      .select("for_lange_felt")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(rad.for_lange_felt).toEqual(["avsender.navn"]);
    const xml = await api.handle.db
      .selectFrom("sertifikat_xml")
      .select("xml")
      .where("sertifikat_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(xml.xml as never).toString("utf8")).toContain(NAVN);
  });

  it("sertifikatsiden får navnet kortet og merket på lesernes språk, og sier hvilke felt", async () => {
    for (const [sprak, merke] of [
      ["nb", " … [forkortet]"],
      ["en", " … [shortened]"],
    ] as const) {
      const res = await api.fetch(sti(), { pid: KARI, headers: { "Accept-Language": sprak } });
      expect(res.status).toBe(200);
      const tekst = await res.text();
      expect(Buffer.byteLength(tekst)).toBeLessThan(64 * 1024);
      const s = JSON.parse(tekst) as SertifikatVisning;
      expect(s.forkortedeFelt).toEqual(["avsender.navn"]);
      expect(s.avsender?.navn).toBe(`${Array.from(NAVN).slice(0, MAKS_FRITEKST).join("")}${merke}`);
    }
  });

  it("PDF-en og regnearket er små", async () => {
    for (const format of ["pdf", "excel"] as const) {
      const res = await api.fetch(sti(`/${format}`), { pid: KARI });
      expect(res.status, format).toBe(200);
      const fil = Buffer.from(await res.arrayBuffer());
      expect(fil.byteLength, format).toBeLessThan(200 * 1024);
    }
  });
});
