// The ePhyto Hub endpoint and the ingestion behind it, over real HTTP on a real database.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import express from "express";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagSertifikatXml, type SertifikatInput } from "../../dev/ephyto/generate";
import { lagPdf, vedleggFil } from "../../dev/vedlegg";
import {
  startTestApi,
  TEST_AUDIENCE,
  TEST_HUB_API_KEY,
  TEST_ISSUER,
  type TestApi,
} from "../../tests/support/test-server";
import { EphytoParseError, parseEphyto } from "../ephyto/parse";
import { problem } from "../http/feil";
import { createApi } from "../index";
import { ingestSertifikat } from "./ingest";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const STI = "/import/ephyto/v1/sertifikat";

function sertifikat(nummer: string, endringer: Partial<SertifikatInput> = {}): SertifikatInput {
  return {
    nummer,
    utstedt: new Date(Date.now() - 86_400_000),
    avsender: { navn: "Testexport B.V." },
    mottaker: { navn: "Testmottaker AS", organisasjonsnummer: "912345815" },
    eksportland: { kode: "NL", navn: "Netherlands" },
    varelinjer: [
      {
        botaniskNavn: "Rosa",
        plantedel: "Cut flowers",
        tilsiktetBruk: "Decoration",
        opprinnelsesland: ["NL"],
        antall: { verdi: 100, enhet: "H87" },
      },
    ],
    ...endringer,
  };
}

function send(body: string | Uint8Array, headers: Record<string, string> = {}) {
  return api.fetch(STI, {
    method: "POST",
    headers: { "content-type": "application/xml", "x-api-key": TEST_HUB_API_KEY, ...headers },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

async function rader(nummer: string) {
  return api.handle.db
    .selectFrom("sertifikat")
    .selectAll()
    .where("nummer", "=", nummer)
    .orderBy("id")
    .execute();
}

async function vedleggFor(sertifikatId: number) {
  return api.handle.db
    .selectFrom("vedlegg")
    .select(["filnavn", "mimetype", "stoerrelse", "rekkefoelge"])
    .where("sertifikat_id", "=", sertifikatId)
    .orderBy("rekkefoelge")
    .execute();
}

async function antallSertifikater(): Promise<number> {
  const { n } = await api.handle.db
    .selectFrom("sertifikat")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

describe("POST /import/ephyto/v1/sertifikat: API-nøkkel", () => {
  it("gir 401 uten nøkkel og med feil nøkkel, og lagrer ingenting", async () => {
    const xml = lagSertifikatXml(sertifikat("PHYTO.NL.2099.NOKKEL"));
    const uten = await api.fetch(STI, {
      method: "POST",
      headers: { "content-type": "application/xml" },
      body: xml,
    });
    expect(uten.status).toBe(401);
    expect(await uten.json()).toEqual(problem(401, "Mangler eller ugyldig API-nøkkel"));
    for (const feil of ["feil-nokkel", `${TEST_HUB_API_KEY}x`, TEST_HUB_API_KEY.slice(0, -1)]) {
      expect((await send(xml, { "x-api-key": feil })).status).toBe(401);
    }
    // A person's bearer token is not the Hub's key.
    const medToken = await api.fetch(STI, {
      method: "POST",
      pid: "26849612378",
      headers: { "content-type": "application/xml" },
      body: xml,
    });
    expect(medToken.status).toBe(401);
    expect(await rader("PHYTO.NL.2099.NOKKEL")).toHaveLength(0);
  });

  it("er stengt når ingen nøkkel er konfigurert", async () => {
    // The same database behind a second API instance without a Hub key.
    const app = express();
    app.use(createApi({ db: api.handle.db, auth: { issuer: TEST_ISSUER, audience: TEST_AUDIENCE } }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${STI}`, {
        method: "POST",
        headers: { "content-type": "application/xml", "x-api-key": "" },
        body: lagSertifikatXml(sertifikat("PHYTO.NL.2099.LUKKET")),
      });
      expect(res.status).toBe(401);
      expect(await rader("PHYTO.NL.2099.LUKKET")).toHaveLength(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("POST /import/ephyto/v1/sertifikat: lagring", () => {
  it("gir 201 for et nytt sertifikat og 200 uendret når det sendes igjen, uten duplikater", async () => {
    const xml = lagSertifikatXml(
      sertifikat("PHYTO.NL.2099.0000001", {
        vedlegg: [
          { filnavn: "kopi.pdf", data: lagPdf("Kopi"), identifikator: "K1", informasjon: "Kopi" },
          { filnavn: "bilde.png", data: vedleggFil("bilde.png") },
        ],
      }),
    );
    const ny = await send(xml);
    expect(ny.status).toBe(201);
    const nyBody = await ny.json();
    expect(nyBody).toEqual({ id: expect.any(Number), nummer: "PHYTO.NL.2099.0000001", resultat: "ny" });

    const igjen = await send(new TextEncoder().encode(xml), { "content-type": "text/xml; charset=utf-8" });
    expect(igjen.status).toBe(200);
    expect(await igjen.json()).toEqual({
      id: nyBody.id,
      nummer: "PHYTO.NL.2099.0000001",
      resultat: "uendret",
    });

    const lagret = await rader("PHYTO.NL.2099.0000001");
    expect(lagret).toHaveLength(1);
    expect(lagret[0]).toMatchObject({
      id: nyBody.id,
      eksportland: "NL",
      type: "Eksport",
      status_kode: "70",
      avsender_navn: "Testexport B.V.",
      mottaker_navn: "Testmottaker AS",
      mottaker_navn_norm: "testmottaker as",
      mottaker_orgnr: "912345815",
      meldepliktig_vurdering: "IKKE_MELDEPLIKTIG",
      alvorlighetsgrad: "ALT_OK",
    });
    expect(lagret[0]?.utstedt_dato).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lagret[0]?.innhold_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await vedleggFor(nyBody.id)).toEqual([
      { filnavn: "kopi.pdf", mimetype: "application/pdf", stoerrelse: expect.any(Number), rekkefoelge: 1 },
      { filnavn: "bilde.png", mimetype: "image/png", stoerrelse: expect.any(Number), rekkefoelge: 2 },
    ]);
  });

  it("oppdaterer et endret sertifikat: samme rad, nye vedlegg, status_sist_endret bare ved ny status", async () => {
    const nummer = "PHYTO.NL.2099.0000002";
    const foerst = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat(nummer, { vedlegg: [{ filnavn: "a.pdf", data: lagPdf("A") }] })),
    );
    expect(foerst.resultat).toBe("ny");
    const [f] = await rader(nummer);

    // Changed content, same status: status_sist_endret stays.
    const endret = await send(
      lagSertifikatXml(
        sertifikat(nummer, {
          avsender: { navn: "Annen avsender B.V." },
          vedlegg: [
            { filnavn: "b.png", data: vedleggFil("bilde.png") },
            { filnavn: "c.pdf", data: lagPdf("C") },
          ],
        }),
      ),
    );
    expect(endret.status).toBe(201);
    expect(await endret.json()).toEqual({ id: foerst.id, nummer, resultat: "oppdatert" });
    const [e] = await rader(nummer);
    expect(e?.avsender_navn).toBe("Annen avsender B.V.");
    expect(e?.status_sist_endret.getTime()).toBe(f?.status_sist_endret.getTime());
    expect(e?.innhold_hash).not.toBe(f?.innhold_hash);
    expect((await vedleggFor(foerst.id)).map((v) => v.filnavn)).toEqual(["b.png", "c.pdf"]);

    // Withdrawn (status 40): status_sist_endret moves; no attachments any more.
    await new Promise((r) => setTimeout(r, 5));
    const trukket = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat(nummer, { avsender: { navn: "Annen avsender B.V." }, status: 40 })),
    );
    expect(trukket).toEqual({ resultat: "oppdatert", id: foerst.id, nummer });
    const [t] = await rader(nummer);
    expect(t?.status_kode).toBe("40");
    expect(t!.status_sist_endret.getTime()).toBeGreaterThan(e!.status_sist_endret.getTime());
    expect(await vedleggFor(foerst.id)).toEqual([]);
    expect(await rader(nummer)).toHaveLength(1);
  });

  it("lagrer små og store vedlegg i rekkefølge med de leverte bytene, som nytt og som ny versjon", async () => {
    // the small ones go with the certificate in one statement, one over 384 KB in its own
    const stor = new Uint8Array(600 * 1024).map((_, i) => (i * 31) & 0xff);
    const filer = [
      { filnavn: "a.pdf", data: lagPdf("A") },
      { filnavn: "stor.pdf", data: stor },
      { filnavn: "b.png", data: vedleggFil("bilde.png") },
      { filnavn: "c.gif", data: vedleggFil("etikett.gif") },
    ];
    const bytes = async (id: number) =>
      (
        await api.handle.db
          .selectFrom("vedlegg")
          .select(["filnavn", "rekkefoelge", "data"])
          .where("sertifikat_id", "=", id)
          .orderBy("rekkefoelge")
          .execute()
      ).map((v) => [v.rekkefoelge, v.filnavn, Buffer.from(v.data).toString("base64")]);
    const nummer = "PHYTO.NL.2099.0000009";
    const ny = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat(nummer, { vedlegg: filer })),
    );
    expect(ny.resultat).toBe("ny");
    const ventet = filer.map((f, i) => [i + 1, f.filnavn, Buffer.from(f.data).toString("base64")]);
    expect(await bytes(ny.id)).toEqual(ventet);
    const omvendt = [...filer].reverse();
    const endretXml = lagSertifikatXml(
      sertifikat(nummer, { vedlegg: omvendt, avsender: { navn: "Ny avsender B.V." } }),
    );
    const endret = await ingestSertifikat(api.handle.db, endretXml);
    expect(endret).toEqual({ resultat: "oppdatert", id: ny.id, nummer });
    expect(await bytes(ny.id)).toEqual(
      omvendt.map((f, i) => [i + 1, f.filnavn, Buffer.from(f.data).toString("base64")]),
    );
    // the delivered XML, byte for byte
    const { xml } = await api.handle.db
      .selectFrom("sertifikat_xml")
      .select("xml")
      .where("sertifikat_id", "=", ny.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(xml).toString()).toBe(endretXml);
  });

  it("samme sertifikat levert mange ganger samtidig: én rad, én hendelse, ett varsel og én ny", async () => {
    const nummer = "PHYTO.NL.2099.0000010";
    // Hageland Stavanger has no importer row in the demo data; Drammen has, with e-mail addresses
    const xml = lagSertifikatXml(
      sertifikat(nummer, {
        mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
        vedlegg: [{ filnavn: "a.pdf", data: lagPdf("A") }],
      }),
    );
    const svar = await Promise.all(Array.from({ length: 6 }, () => send(xml)));
    const resultater = await Promise.all(
      svar.map(async (r) => ((await r.json()) as { resultat: string }).resultat),
    );
    expect(resultater.filter((r) => r === "ny")).toHaveLength(1);
    expect(resultater.filter((r) => r === "uendret")).toHaveLength(5);
    const [rad] = await rader(nummer);
    expect(await rader(nummer)).toHaveLength(1);
    const db = api.handle.db;
    const tell = async (tabell: "vedlegg" | "sertifikat_xml" | "epost_varsel") =>
      Number(
        (
          await db
            .selectFrom(tabell)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("sertifikat_id", "=", rad!.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await tell("vedlegg"), await tell("sertifikat_xml"), await tell("epost_varsel")]).toEqual([
      1, 1, 1,
    ]);
    const hendelser = await db
      .selectFrom("hendelse")
      .select("id")
      .where(sql<boolean>`data->'sertifikat'->>'nummer' = ${nummer}`)
      .execute();
    expect(hendelser).toHaveLength(1);
  });

  it("lagrer samme nummer fra to land som to sertifikater", async () => {
    const nummer = "FELLES-2099-1";
    const nl = await ingestSertifikat(api.handle.db, lagSertifikatXml(sertifikat(nummer)));
    const de = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat(nummer, { eksportland: { kode: "DE" } })),
    );
    expect(nl.id).not.toBe(de.id);
    expect((await rader(nummer)).map((r) => r.eksportland)).toEqual(["NL", "DE"]);
  });

  it("vurderer risiko per varelinje og lagrer vurderingen", async () => {
    const { id } = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(
        sertifikat("CNQD-2099-1", {
          eksportland: { kode: "CN" },
          mottaker: { navn: "  Hageland   Import AS avd. DRAMMEN " },
          varelinjer: [
            {
              botaniskNavn: "Pinus thunbergii",
              plantedel: "Plants for planting",
              tilsiktetBruk: "Planting",
              opprinnelsesland: ["CHN"],
            },
            { botaniskNavn: "Rosa", plantedel: "Cut flowers", tilsiktetBruk: "Decoration" },
          ],
        }),
      ),
    );
    const rad = await api.handle.db
      .selectFrom("sertifikat")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(rad.mottaker_navn_norm).toBe("hageland import as avd. drammen");
    expect(rad.mottaker_orgnr).toBeNull();
    expect(rad.meldepliktig_vurdering).toBe("MELDEPLIKTIG");
    expect(rad.alvorlighetsgrad).toBe("FORBUD");
    const vurdering = rad.vurdering as {
      varelinjer: { id: number; alvorlighetsgrad: string; funn: { kode: string }[] }[];
    };
    expect(vurdering.varelinjer.map((v) => [v.id, v.alvorlighetsgrad])).toEqual([
      [1, "FORBUD"],
      [2, "UFULLSTENDIG"],
    ]);
    expect(vurdering.varelinjer[0]?.funn.map((f) => f.kode)).toContain("VEDLEGG_3_FORBUD");
    expect(vurdering.varelinjer[1]?.funn.map((f) => f.kode)).toEqual(["MANGLER_OPPRINNELSESLAND"]);
  });
});

describe("POST /import/ephyto/v1/sertifikat: avviste dokumenter", () => {
  const forventAvvist = async (body: string | Uint8Array, status: number, melding: string | RegExp) => {
    const foer = await antallSertifikater();
    const res = await send(body);
    expect(res.status).toBe(status);
    const svar = await res.json();
    expect(svar.status).toBe(status);
    expect(svar.detail).toMatch(melding);
    expect(await antallSertifikater()).toBe(foer);
  };

  it("avviser ugyldig XML med parserens norske melding", async () => {
    await forventAvvist("<rsm:SPSCertificate><uavsluttet>", 400, "Dokumentet er ikke gyldig XML");
    await forventAvvist("", 400, "Dokumentet er tomt");
    await forventAvvist("<ikke-et-sertifikat/>", 400, "Fant ikke SPSCertificate i dokumentet");
  });

  it("avviser det XML 1.0 ikke kaller velformet: udeklarert entitet, styretegn, &#0; og to røtter (ADR 079)", async () => {
    const med = (nummer: string, navn: string) => {
      const xml = lagSertifikatXml(sertifikat(nummer));
      expect(xml).toContain(">Testexport B.V.<");
      return xml.replace(">Testexport B.V.<", `>${navn}<`);
    };
    const tilfeller: [string, string][] = [
      ["PHYTO.NL.2099.NBSP", med("PHYTO.NL.2099.NBSP", "Testexport&nbsp;B.V.")],
      ["PHYTO.NL.2099.STYRETEGN", med("PHYTO.NL.2099.STYRETEGN", "Testexport\u0001B.V.")],
      ["PHYTO.NL.2099.NULL", med("PHYTO.NL.2099.NULL", "Testexport&#0;B.V.")],
      ["PHYTO.NL.2099.TOROETTER", `${lagSertifikatXml(sertifikat("PHYTO.NL.2099.TOROETTER"))}<Annen/>`],
    ];
    for (const [nummer, xml] of tilfeller) {
      await forventAvvist(xml, 400, "Dokumentet er ikke gyldig XML");
      expect(await rader(nummer), nummer).toHaveLength(0);
    }
  });

  it("avviser DTD, XXE og «billion laughs» uten å lagre noe", async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      "<SPSCertificate><SPSExchangedDocument><ID>&xxe;</ID></SPSExchangedDocument></SPSCertificate>";
    const latter =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;">]><SPSCertificate><SPSExchangedDocument><ID>&lol3;</ID>' +
      "</SPSExchangedDocument></SPSCertificate>";
    for (const xml of [xxe, latter]) {
      await forventAvvist(xml, 400, "Dokumentet inneholder DTD eller entiteter og avvises");
    }
  });

  it("gir 413 for et dokument over 10 MB", async () => {
    const stort = lagSertifikatXml(sertifikat("PHYTO.NL.2099.STORT")).replace(
      "</rsm:SPSCertificate>",
      `<!-- ${"x".repeat(10 * 1024 * 1024)} --></rsm:SPSCertificate>`,
    );
    await forventAvvist(stort, 413, /for stor/);
    expect(await rader("PHYTO.NL.2099.STORT")).toHaveLength(0);
  });

  it("avviser et sertifikat uten eksportland eller utstedelsesdato", async () => {
    const utenLand = lagSertifikatXml(sertifikat("PHYTO.NL.2099.UTENLAND")).replace(
      /<ram:ExportSPSCountry>[\s\S]*?<\/ram:ExportSPSCountry>/,
      "",
    );
    await forventAvvist(utenLand, 400, "Sertifikatet mangler eksportland og kan ikke lagres");
    const ukjentLand = lagSertifikatXml(sertifikat("PHYTO.XX.2099.1", { eksportland: { kode: "XX" } }));
    await forventAvvist(ukjentLand, 400, "Sertifikatet har et ukjent eksportland (XX) og kan ikke lagres");
    const utenDato = lagSertifikatXml(sertifikat("PHYTO.NL.2099.UTENDATO")).replace(
      /<ram:IssueDateTime>[\s\S]*?<\/ram:IssueDateTime>/,
      "",
    );
    await forventAvvist(utenDato, 400, "Sertifikatet mangler utstedelsesdato og kan ikke lagres");
    await expect(ingestSertifikat(api.handle.db, utenDato)).rejects.toBeInstanceOf(EphytoParseError);
  });

  it("gir 415 når innholdet ikke er XML", async () => {
    const res = await send(lagSertifikatXml(sertifikat("PHYTO.NL.2099.JSON")), {
      "content-type": "application/json",
    });
    expect(res.status).toBe(415);
    expect(await rader("PHYTO.NL.2099.JSON")).toHaveLength(0);
  });
});

describe("erstatningssertifikater", () => {
  const erstattetAv = async (eksportland: string, nummer: string) =>
    (
      await api.handle.db
        .selectFrom("sertifikat")
        .select("erstattet_av_id")
        .where("eksportland", "=", eksportland)
        .where("nummer", "=", nummer)
        .executeTakeFirstOrThrow()
    ).erstattet_av_id;

  it("kobler det erstattede sertifikatet til erstatningen når erstatningen kommer sist", async () => {
    const gammel = await ingestSertifikat(api.handle.db, lagSertifikatXml(sertifikat("PHYTO.NL.2099.E1")));
    expect(await erstattetAv("NL", "PHYTO.NL.2099.E1")).toBeNull();
    const ny = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.E2", { erstatter: { nummer: "PHYTO.NL.2099.E1" } })),
    );
    expect(await erstattetAv("NL", "PHYTO.NL.2099.E1")).toBe(ny.id);
    expect(await erstattetAv("NL", "PHYTO.NL.2099.E2")).toBeNull();
    expect(gammel.id).not.toBe(ny.id);
  });

  it("kobler straks når erstatningen kom før sertifikatet den erstatter", async () => {
    const ny = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.F2", { erstatter: { nummer: "PHYTO.NL.2099.F1" } })),
    );
    // Same number from another country is not the replaced certificate.
    await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.F1", { eksportland: { kode: "DE" } })),
    );
    expect(await erstattetAv("DE", "PHYTO.NL.2099.F1")).toBeNull();
    await ingestSertifikat(api.handle.db, lagSertifikatXml(sertifikat("PHYTO.NL.2099.F1")));
    expect(await erstattetAv("NL", "PHYTO.NL.2099.F1")).toBe(ny.id);
  });

  it("fjerner koblingen når erstatningen endres til å erstatte et annet nummer", async () => {
    await ingestSertifikat(api.handle.db, lagSertifikatXml(sertifikat("PHYTO.NL.2099.G1")));
    await ingestSertifikat(api.handle.db, lagSertifikatXml(sertifikat("PHYTO.NL.2099.G0")));
    const ny = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.G2", { erstatter: { nummer: "PHYTO.NL.2099.G1" } })),
    );
    expect(await erstattetAv("NL", "PHYTO.NL.2099.G1")).toBe(ny.id);
    await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.G2", { erstatter: { nummer: "PHYTO.NL.2099.G0" } })),
    );
    expect(await erstattetAv("NL", "PHYTO.NL.2099.G1")).toBeNull();
    expect(await erstattetAv("NL", "PHYTO.NL.2099.G0")).toBe(ny.id);
  });
});

describe("ADR 017: erstatninger og versjoner", () => {
  const hent = async (nummer: string) =>
    api.handle.db
      .selectFrom("sertifikat")
      .select(["id", "erstattet_av_id", "erstatter_nummer", "avsender_navn", "innhold_hash"])
      .where("eksportland", "=", "NL")
      .where("nummer", "=", nummer)
      .executeTakeFirst();

  async function tilstand() {
    return api.handle.db
      .selectFrom("sertifikat")
      .select(["id", "nummer", "eksportland", "erstattet_av_id", "erstatter_nummer", "innhold_hash"])
      .orderBy("id")
      .execute();
  }

  it("avviser en erstatning som lukker en sirkel: bare det første er erstattet", async () => {
    const a = await ingestSertifikat(api.handle.db, lagSertifikatXml(sertifikat("PHYTO.NL.2099.S1")));
    const b = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.S2", { erstatter: { nummer: "PHYTO.NL.2099.S1" } })),
    );
    const foer = await tilstand();
    // S1 sent again, now saying it replaces S2: a cycle.
    const svar = await send(
      lagSertifikatXml(
        sertifikat("PHYTO.NL.2099.S1", {
          avsender: { navn: "Endret" },
          erstatter: { nummer: "PHYTO.NL.2099.S2" },
        }),
      ),
    );
    expect(svar.status).toBe(409);
    expect((await svar.json()).detail).toBe(
      "Sertifikatet erstatter PHYTO.NL.2099.S2, som selv erstatter PHYTO.NL.2099.S1, og avvises",
    );
    expect(await tilstand()).toEqual(foer);
    expect((await hent("PHYTO.NL.2099.S1"))?.erstattet_av_id).toBe(b.id);
    expect((await hent("PHYTO.NL.2099.S2"))?.erstattet_av_id).toBeNull();
    expect(a.id).not.toBe(b.id);
  });

  it("avviser en lengre sirkel (S3 → S4 → S5 → S3) og også når erstatningene kommer først", async () => {
    await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.S4", { erstatter: { nummer: "PHYTO.NL.2099.S3" } })),
    );
    await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.S5", { erstatter: { nummer: "PHYTO.NL.2099.S4" } })),
    );
    const foer = await tilstand();
    await expect(
      ingestSertifikat(
        api.handle.db,
        lagSertifikatXml(sertifikat("PHYTO.NL.2099.S3", { erstatter: { nummer: "PHYTO.NL.2099.S5" } })),
      ),
    ).rejects.toMatchObject({ kode: "ERSTATNING_SYKLUS" });
    expect(await tilstand()).toEqual(foer);
    expect(await hent("PHYTO.NL.2099.S3")).toBeUndefined();
  });

  it("en andre erstatning av samme sertifikat avvises og flytter ikke koblingen", async () => {
    await ingestSertifikat(api.handle.db, lagSertifikatXml(sertifikat("PHYTO.NL.2099.R1")));
    const foersteErstatning = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.R2", { erstatter: { nummer: "PHYTO.NL.2099.R1" } })),
    );
    const foer = await tilstand();
    const svar = await send(
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.R3", { erstatter: { nummer: "PHYTO.NL.2099.R1" } })),
    );
    expect(svar.status).toBe(409);
    expect((await svar.json()).detail).toBe(
      "Sertifikatet erstatter PHYTO.NL.2099.R1, som allerede er erstattet av PHYTO.NL.2099.R2",
    );
    expect(await tilstand()).toEqual(foer);
    expect((await hent("PHYTO.NL.2099.R1"))?.erstattet_av_id).toBe(foersteErstatning.id);
    // The first replacement may be sent again (unchanged or changed) without conflict.
    const igjen = await send(
      lagSertifikatXml(
        sertifikat("PHYTO.NL.2099.R2", {
          avsender: { navn: "Rettet avsender" },
          erstatter: { nummer: "PHYTO.NL.2099.R1" },
        }),
      ),
    );
    expect(igjen.status).toBe(201);
    expect((await hent("PHYTO.NL.2099.R1"))?.erstattet_av_id).toBe(foersteErstatning.id);
  });

  it("to erstatninger av et sertifikat som ikke er kommet ennå: den andre avvises", async () => {
    const r5 = await ingestSertifikat(
      api.handle.db,
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.R5", { erstatter: { nummer: "PHYTO.NL.2099.R4" } })),
    );
    await expect(
      ingestSertifikat(
        api.handle.db,
        lagSertifikatXml(sertifikat("PHYTO.NL.2099.R6", { erstatter: { nummer: "PHYTO.NL.2099.R4" } })),
      ),
    ).rejects.toMatchObject({ kode: "ALLEREDE_ERSTATTET" });
    await ingestSertifikat(api.handle.db, lagSertifikatXml(sertifikat("PHYTO.NL.2099.R4")));
    expect((await hent("PHYTO.NL.2099.R4"))?.erstattet_av_id).toBe(r5.id);
    expect(await hent("PHYTO.NL.2099.R6")).toBeUndefined();
  });

  it("en eldre gjenlevering overskriver ikke nyere innhold; samme eller nyere utstedelse gjør", async () => {
    const nyTid = "2099-03-02T10:00:00Z";
    const nyeste = lagSertifikatXml(
      sertifikat("PHYTO.NL.2099.V1", { utstedt: nyTid, avsender: { navn: "Ny avsender" } }),
    );
    const foerste = await send(nyeste);
    expect(foerste.status).toBe(201);
    const lagret = await hent("PHYTO.NL.2099.V1");

    const eldre = await send(
      lagSertifikatXml(
        sertifikat("PHYTO.NL.2099.V1", { utstedt: "2099-03-01T10:00:00Z", avsender: { navn: "Gammel" } }),
      ),
    );
    expect(eldre.status).toBe(200);
    expect(await eldre.json()).toMatchObject({ resultat: "eldre", id: lagret?.id });
    expect(await hent("PHYTO.NL.2099.V1")).toEqual(lagret);

    // Same issue time, new content (a status change, a correction): the later delivery wins.
    const samme = await send(
      lagSertifikatXml(sertifikat("PHYTO.NL.2099.V1", { utstedt: nyTid, avsender: { navn: "Rettet" } })),
    );
    expect(samme.status).toBe(201);
    expect((await hent("PHYTO.NL.2099.V1"))?.avsender_navn).toBe("Rettet");
  });

  it("avviser et SPSCertificate i et annet navnerom, og godtar SPS-navnerommet og udeklarerte prefikser", async () => {
    const xml = lagSertifikatXml(sertifikat("PHYTO.NL.2099.NS1"));
    expect(xml).toContain('xmlns:rsm="urn:un:unece:uncefact:data:standard:SPSCertificate:17"');
    const foer = await antallSertifikater();
    for (const annet of [
      xml.replace(
        'xmlns:rsm="urn:un:unece:uncefact:data:standard:SPSCertificate:17"',
        'xmlns:rsm="urn:example:ondsinnet"',
      ),
      xml.replace(
        'xmlns:rsm="urn:un:unece:uncefact:data:standard:SPSCertificate:17"',
        "xmlns:rsm='urn:un:unece:uncefact:data:standard:SPSCertificate:17x-falsk'",
      ),
      xml
        .replaceAll("<rsm:SPSCertificate", '<SPSCertificate xmlns="http://example.org/annet"')
        .replaceAll("</rsm:SPSCertificate", "</SPSCertificate"),
    ]) {
      const svar = await send(annet);
      expect(svar.status).toBe(400);
      expect((await svar.json()).detail).toBe(
        "Dokumentet er ikke et SPS-sertifikat (feil navnerom) og avvises",
      );
    }
    expect(await antallSertifikater()).toBe(foer);
    expect(() =>
      parseEphyto(
        `<a:Wrap xmlns:a="urn:x" xmlns:rsm="urn:feil">${xml.replace(/^<\?xml[^>]*>/, "").replaceAll(' xmlns:rsm="urn:un:unece:uncefact:data:standard:SPSCertificate:17"', "")}</a:Wrap>`,
      ),
    ).toThrow(EphytoParseError);
    expect((await send(xml)).status).toBe(201);
    // The Hub's own sample uses undeclared prefixes: still accepted.
    expect(
      parseEphyto(readFileSync(new URL("../ephyto/fixtures/hub-envelope-sample.xml", import.meta.url)))
        .nummer,
    ).toBe("BO-5845145424");
  });
});
