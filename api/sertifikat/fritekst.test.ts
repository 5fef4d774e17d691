// Oversized free text (issue 34 item 5) over real HTTP and a real database: a certificate whose sender name is
// 8 MB gives a small certificate answer, PDF and spreadsheet, each with the name cut and marked in the reader's
// language; intake records the field; the stored XML (and so the evidence pack) keeps the name whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { forLangeFelt, kortFritekst, MAKS_FRITEKST, MAKS_NAVN_KOLONNE } from "../../domain/fritekst";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import { aktoer, dagerSiden, importoerId, KARI } from "../../tests/support/test-hjelp";
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

  it("navnekolonnene (indeksert for sortering, filtre og funn ved navn) holder et kortet navn, også for mottakeren", async () => {
    const s = await api.handle.db
      .selectFrom("sertifikat")
      .select(["avsender_navn"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(s.avsender_navn).toBe(Array.from(NAVN).slice(0, MAKS_NAVN_KOLONNE).join(""));
    // a consignee of 8 MB: stored (before, the index on the name refused the row), the column cut
    const mottatt = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml({
        nummer: "PHYTO.NL.2099.LANG2",
        utstedt: `${dato}T10:00:00Z`,
        utsteder: "NVWA",
        avsender: { navn: "Kwekerij" },
        mottaker: { navn: NAVN },
        eksportland: "NL",
        varelinjer: [
          { navn: "Rose", botaniskNavn: "Rosa canina", plantedel: "Plants", opprinnelsesland: ["NL"] },
        ],
      }),
    );
    const m = await api.handle.db
      .selectFrom("sertifikat")
      .select(["mottaker_navn", "for_lange_felt"])
      .where("id", "=", mottatt.id)
      .executeTakeFirstOrThrow();
    expect(m.mottaker_navn?.length).toBe(MAKS_NAVN_KOLONNE);
    expect(m.for_lange_felt).toEqual(["mottaker.navn"]);
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

  it("forhåndsmeldingen av sertifikatet får også navnet kortet og merket på leserens språk", async () => {
    const kari = aktoer(api, KARI, ORG.hagelandDrammen, drammen);
    const opprettet = await kari.post("", {
      ansvarligImportoerId: drammen,
      eksportLand: "NL",
      nummer: NUMMER,
      utstedtDato: dato,
    });
    expect(opprettet.status).toBe(201);
    const { id: meldingId } = (await opprettet.json()) as { id: number };
    for (const [sprak, merke] of [
      ["nb", " … [forkortet]"],
      ["en", " … [shortened]"],
    ] as const) {
      const res = await api.fetch(`${kari.basis}/${meldingId}`, {
        pid: KARI,
        headers: { "Accept-Language": sprak },
      });
      expect(res.status).toBe(200);
      const tekst = await res.text();
      expect(Buffer.byteLength(tekst)).toBeLessThan(64 * 1024);
      const m = JSON.parse(tekst) as ImportmeldingVisning;
      expect(m.avsender.navn).toBe(`${Array.from(NAVN).slice(0, MAKS_FRITEKST).join("")}${merke}`);
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
