// The evidence pack (issue 24 §3, ADR 038) over real HTTP on a real database: the certificate is delivered
// through the Hub endpoint as bytes, a notification is made from it, submitted, controlled on arrival and
// assessed; the pack is downloaded and opened, and every part is checked: the XML is the delivered bytes,
// the PDFs parse and say what they should, the history CSV has every event, each SHA-256 in SHA256SUMS is
// the file's, and the real `sha256sum -c SHA256SUMS` checks the unpacked pack without a warning. A draft is refused with a Norwegian message; those who may not read the notification get the
// notification's own answer.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import { oversetter } from "../../sprak/katalog.server";
import { pdfSider } from "../../tests/pdf-tekst";
import { bokmaalIgjen } from "../../tests/support/bokmaal-igjen";
import {
  type Aktoer,
  aktoer,
  INGRID,
  importoerId,
  KARI,
  klarTilInnsending,
  LINJER,
  OLA,
  RIKTIG,
  svar,
  VEDTAKSBREV,
  vurderSomMyndighet,
} from "../../tests/support/test-hjelp";
import { startTestApi, TEST_HUB_API_KEY, type TestApi } from "../../tests/support/test-server";
import { FILER, filnavn } from "../dokumenter/dokumentasjon";
import { helHistorikk } from "./historikk";
import { DOKUMENTASJON_BARE_INNSENDT } from "./router";

let api: TestApi;
let hageland: number;
let gront: number;
let kari: Aktoer;
let ola: Aktoer;
let ingrid: Aktoer;

beforeAll(async () => {
  api = await startTestApi();
  const db = api.handle.db;
  hageland = await importoerId(db, ORG.hagelandDrammen);
  gront = await importoerId(db, ORG.grontMottakOslo);
  const stord = await importoerId(db, ORG.blomsterbudStord);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
  ola = aktoer(api, OLA, ORG.grontMottakOslo, gront);
  ingrid = aktoer(api, INGRID, ORG.blomsterbudStord, stord);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const dagerSiden = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A certificate as the Hub sends it: bytes with a BOM-less declaration, CRLF line ends and a comment. */
async function leverFraHub(nummer: string): Promise<{ bytes: Uint8Array; utstedtDato: string }> {
  const utstedtDato = dagerSiden(1);
  const xml = lagSertifikatXml({
    nummer,
    type: "Eksport",
    utstedt: `${utstedtDato}T10:00:00Z`,
    utsteder: "NVWA",
    avsender: { navn: "Bloemen B.V.", adresse: ["Legmeerdijk 1", "1431 GB Aalsmeer"] },
    mottaker: {
      navn: "Mottaker AS",
      adresse: ["Tollbugata 40", "3044 Drammen"],
      organisasjonsnummer: ORG.hagelandDrammen,
    },
    eksportland: "NL",
    varelinjer: [LINJER.roseplanter],
  });
  // Not what a parser would write back: the pack must give these exact bytes.
  const bytes = new TextEncoder().encode(`${xml.replaceAll("\n", "\r\n")}\r\n<!-- levert av huben -->\r\n`);
  const res = await api.fetch("/import/ephyto/v1/sertifikat", {
    method: "POST",
    headers: { "content-type": "application/xml", "x-api-key": TEST_HUB_API_KEY },
    body: bytes,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { bytes, utstedtDato };
}

describe("XML-en som levert (migrering 016)", () => {
  it("en ny eller endret levering lagres byte for byte, en uendret endrer den ikke", async () => {
    const nummer = `PHYTO.NL.2026.XML${Date.now() % 100_000}`;
    const lagret = async () =>
      Buffer.from(
        (
          await api.handle.db
            .selectFrom("sertifikat_xml as x")
            .innerJoin("sertifikat as s", "s.id", "x.sertifikat_id")
            .select(["x.xml", "x.sha256"])
            .where("s.nummer", "=", nummer)
            .executeTakeFirstOrThrow()
        ).xml,
      );
    const { bytes: foerste } = await leverFraHub(nummer);
    expect((await lagret()).equals(Buffer.from(foerste))).toBe(true);
    // the same content in other bytes (a comment more): "uendret", the stored delivery stays
    const annenKonvolutt = new Uint8Array([...foerste, ...new TextEncoder().encode("<!-- igjen -->")]);
    const igjen = await api.fetch("/import/ephyto/v1/sertifikat", {
      method: "POST",
      headers: { "content-type": "application/xml", "x-api-key": TEST_HUB_API_KEY },
      body: annenKonvolutt,
    });
    expect((await svar(igjen)).resultat).toBe("uendret");
    expect((await lagret()).equals(Buffer.from(foerste))).toBe(true);
    // changed content: "oppdatert", the new delivery replaces it
    const endret = new TextEncoder().encode(
      new TextDecoder().decode(foerste).replace("Bloemen B.V.", "Bloemen II B.V."),
    );
    const oppdatert = await api.fetch("/import/ephyto/v1/sertifikat", {
      method: "POST",
      headers: { "content-type": "application/xml", "x-api-key": TEST_HUB_API_KEY },
      body: endret,
    });
    expect((await svar(oppdatert)).resultat).toBe("oppdatert");
    expect((await lagret()).equals(Buffer.from(endret))).toBe(true);
  }, 60_000);
});

async function ok(res: Response | Promise<Response>, status = 204) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  return r;
}

async function lastNed(a: Aktoer, id: number) {
  const res = await a.get(`/${id}/dokumentasjon`);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/zip/);
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="dokumentasjon-.+\.zip"/);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const tekst = (b: Uint8Array | undefined) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(b);
const pdfTekst = (b: Uint8Array | undefined) => {
  const pdf = Buffer.from(b ?? []);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.subarray(-8).toString("latin1")).toMatch(/%%EOF\s*$/);
  const sider = pdfSider(pdf);
  expect(sider.length).toBeGreaterThan(0);
  return sider.flat().join("");
};

/** SHA256SUMS's `<sha256>  <file>` lines: every line is one, nothing else is in the file. */
function hasher(sjekksummer: string): Map<string, string> {
  const linjer = sjekksummer.split("\n");
  expect(linjer.pop()).toBe("");
  return new Map(
    linjer.map((l) => {
      const treff = /^([0-9a-f]{64}) {2}(\S+)$/.exec(l);
      expect(treff, l).not.toBeNull();
      return [treff?.[2] as string, treff?.[1] as string];
    }),
  );
}

/** Unpacks the pack into a folder and runs the real `sha256sum -c` there, as the README tells a reader to. */
function sha256sumSjekk(filer: Record<string, Uint8Array>, sjekksummer: string) {
  const mappe = mkdtempSync(join(tmpdir(), "dokumentasjon-"));
  try {
    for (const [navn, data] of Object.entries(filer)) writeFileSync(join(mappe, navn), data);
    const kjoering = spawnSync("sha256sum", ["-c", "--strict", sjekksummer], {
      cwd: mappe,
      encoding: "utf8",
    });
    expect(kjoering.error).toBeUndefined();
    return { status: kjoering.status, ut: kjoering.stdout, feil: kjoering.stderr };
  } finally {
    rmSync(mappe, { recursive: true, force: true });
  }
}

/** Every file of the pack but SHA256SUMS itself is checked, each «OK», and nothing is printed as a warning. */
function forventRenSjekk(filer: Record<string, Uint8Array>, navn: ReturnType<typeof filnavn>) {
  const { status, ut, feil } = sha256sumSjekk(filer, navn.sjekksummer);
  expect(feil).toBe("");
  expect(status).toBe(0);
  expect(ut.trim().split("\n").sort()).toEqual(
    Object.keys(filer)
      .filter((f) => f !== navn.sjekksummer)
      .map((f) => `${f}: OK`)
      .sort(),
  );
}

describe("GET …/{id}/dokumentasjon", () => {
  let m: ImportmeldingVisning;
  let levert: Uint8Array;

  beforeAll(async () => {
    const nummer = `PHYTO.NL.2026.BEVIS${Date.now() % 100_000}`;
    const hub = await leverFraHub(nummer);
    levert = hub.bytes;
    const s = await api.handle.db
      .selectFrom("sertifikat")
      .select("id")
      .where("nummer", "=", nummer)
      .executeTakeFirstOrThrow();
    m = await klarTilInnsending(
      kari,
      { id: s.id, nummer, eksportLand: "NL", utstedtDato: hub.utstedtDato },
      { ansvarlig: hageland, kontrolloer: gront },
    );
  }, 60_000);

  it("avviser et utkast med en norsk melding", async () => {
    const res = await kari.get(`/${m.id}/dokumentasjon`);
    expect(res.status).toBe(400);
    expect((await svar(res)).detail).toBe(oversetter("nb").melding(DOKUMENTASJON_BARE_INNSENDT));
  });

  it("gir hele pakken for en innsendt, kontrollert og vurdert forhåndsmelding", async () => {
    await ok(kari.put(`/${m.id}/status`, { status: "REGISTRERT" }), 200);

    // Just submitted: no reception control and no assessment yet, and innhold.txt says so.
    const tidlig = await lastNed(kari, m.id);
    expect(Object.keys(tidlig).sort()).toEqual(
      [
        FILER.xml,
        FILER.sertifikat,
        FILER.kvittering,
        FILER.historikkPdf,
        FILER.historikkCsv,
        FILER.innhold,
        FILER.sjekksummer,
      ].sort(),
    );
    expect(tekst(tidlig[FILER.innhold])).toContain("Mattilsynet har ikke vurdert forhåndsmeldingen");

    // The reception controller reports a deviation on arrival; the authority rejects part of it.
    const sett = svar<ImportmeldingVisning>(await ok(ola.get(`/${m.id}`), 200));
    for (const q of (await sett).mottakskontrollSpoersmaal) {
      const avvik = q.kode === "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE";
      await ok(
        ola.put(`/${m.id}/kontrollspoersmaal/${q.id}`, {
          kontrollSvar: avvik ? "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK" : RIKTIG[q.kode],
          ...(avvik ? { kommentar: "Trips funnet; se bilde" } : {}),
        }),
      );
    }
    await ok(ola.put(`/${m.id}/status`, { status: "ANKOMMET" }), 200);
    await ok(
      vurderSomMyndighet(api, m.id, {
        status: "DELVIS_AVVIST",
        begrunnelse: "Trips i to kasser",
        vedtaksbrevReferanse: VEDTAKSBREV,
      }),
      200,
    );

    const filer = await lastNed(kari, m.id);
    expect(Object.keys(filer).sort()).toEqual(Object.values(FILER).sort());

    // the XML byte for byte as the Hub delivered it
    expect(Buffer.from(filer[FILER.xml] ?? []).equals(Buffer.from(levert))).toBe(true);

    // every SHA-256 in SHA256SUMS is the file's, and every file but SHA256SUMS (the index too) is in it
    const innhold = tekst(filer[FILER.innhold]);
    const h = hasher(tekst(filer[FILER.sjekksummer]));
    expect([...h.keys()].sort()).toEqual(
      Object.values(FILER)
        .filter((f) => f !== FILER.sjekksummer)
        .sort(),
    );
    for (const [navn, hash] of h) {
      expect(
        createHash("sha256")
          .update(filer[navn] ?? new Uint8Array())
          .digest("hex"),
        navn,
      ).toBe(hash);
    }
    expect(innhold).toContain(`Dokumentasjon for forhåndsmelding ${m.nummer}`);
    // the index is prose beside it: no checksum lines, the command to check, the org. no. grouped
    expect(innhold).not.toMatch(/[0-9a-f]{64}/);
    expect(innhold).toContain("sha256sum -c SHA256SUMS");
    const orgnr = formaterOrganisasjonsnummer(m.ansvarligImportoer.organisasjonsnummer);
    expect(orgnr).toMatch(/^\d{3} \d{3} \d{3}$/);
    expect(innhold).toContain(`(org.nr. ${orgnr})`);
    // the README's command on the unpacked pack: every file OK, no «improperly formatted» warning
    forventRenSjekk(filer, FILER);
    expect(sha256sumSjekk(tidlig, FILER.sjekksummer).status).toBe(0);

    // the PDFs parse and are what they say
    expect(pdfTekst(filer[FILER.sertifikat])).toContain(m.sertifikat.nummer);
    const kvittering = pdfTekst(filer[FILER.kvittering]);
    expect(kvittering).toContain("Kvittering for digital forhåndsmelding");
    expect(kvittering).toContain(m.nummer);
    const vurdering = pdfTekst(filer[FILER.vurdering]);
    expect(vurdering).toContain("Vurdering fra Mattilsynet");
    expect(vurdering).toContain("Delvis avvist");
    expect(vurdering).toContain("Trips i to kasser");
    expect(vurdering).toContain("Mattilsynet");

    // the history: every event, oldest first, in the PDF and the CSV
    const hendelser = await helHistorikk(api.handle.db, m.id);
    expect(hendelser.length).toBeGreaterThan(5);
    const historikk = pdfTekst(filer[FILER.historikkPdf]);
    for (const e of hendelser) expect(historikk).toContain(e.tittel);
    const csv = tekst(filer[FILER.historikkCsv]);
    expect(csv.startsWith("\uFEFFTidspunkt;Tidspunkt (UTC);Hendelse;Utført av;Detaljer\r\n")).toBe(true);
    const utcKolonne = [...csv.matchAll(/;(\d{4}-\d{2}-\d{2}T[\d:.]+Z);/g)].map((t) => t[1]);
    expect(utcKolonne).toEqual(hendelser.map((e) => e.tidspunkt));
    for (const e of hendelser) expect(csv).toContain(`;${e.tittel};`);
    expect(csv).toContain("Ankommet, mottakskontroll rapportert");

    // the reception control as reported: the deviation and its comment (a ";" quoted)
    const mottak = tekst(filer[FILER.mottakskontroll]);
    expect(mottak).toContain('Ja;"Trips funnet; se bilde"');
    expect(mottak.split("\r\n")[0]).toBe("\uFEFFDel;Gjelder;Oppgitt;Rapportert;Avvik;Kommentar");

    // the reception controller may read the notification, so it gets the pack too
    const olas = await lastNed(ola, m.id);
    expect(Buffer.from(olas[FILER.xml] ?? []).equals(Buffer.from(levert))).toBe(true);
  }, 60_000);

  it("på språket til den som laster ned (Accept-Language): filnavn, innhold, kvittering, historikk og vurdering", async () => {
    // after the test above: submitted, arrived with a deviation and partly rejected
    const KATALOG = [
      "dokumenter.felles",
      "dokumenter.kvittering",
      "dokumenter.historikk",
      "dokumenter.vurdering",
      "dokumenter.mottakskontroll",
      "dokumenter.pakke",
      "kodeverk.status",
    ];
    for (const sprak of ["nn", "en"] as const) {
      const res = await api.fetch(`${kari.basis}/${m.id}/dokumentasjon`, {
        pid: KARI,
        headers: { "Accept-Language": sprak === "en" ? "en-GB,en;q=0.9" : "nn-NO" },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-language")).toBe(sprak);
      expect(res.headers.get("content-disposition")).toMatch(
        sprak === "en" ? /filename="documentation-.+\.zip"/ : /filename="dokumentasjon-.+\.zip"/,
      );
      const filer = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const navn = filnavn(oversetter(sprak));
      expect(Object.keys(filer).sort()).toEqual(Object.values(navn).sort());
      const innhold = tekst(filer[navn.innhold]);
      expect([...hasher(tekst(filer[navn.sjekksummer])).keys()].sort()).toEqual(
        Object.values(navn)
          .filter((f) => f !== navn.sjekksummer)
          .sort(),
      );
      forventRenSjekk(filer, navn);
      const historikk = pdfTekst(filer[navn.historikkPdf]);
      const csv = tekst(filer[navn.historikkCsv]);
      const mottak = tekst(filer[navn.mottakskontroll]);
      const vurdering = pdfTekst(filer[navn.vurdering]);
      const kvittering = pdfTekst(filer[navn.kvittering]);
      // the certificate's consignee is called «Mottaker AS» (data, as written)
      for (const dokument of [innhold, csv.split("\r\n")[0]!, mottak, vurdering, kvittering])
        expect(bokmaalIgjen(dokument, sprak, KATALOG, ["Mottaker AS"])).toEqual([]);
      // the history's headings (its event names and lines come from kodeverk, domain/historikk.ts)
      expect(bokmaalIgjen(historikk, sprak, ["dokumenter.historikk"])).toEqual([]);
      for (const pdf of [navn.kvittering, navn.vurdering, navn.historikkPdf, navn.sertifikat])
        expect(Buffer.from(filer[pdf]!).toString("latin1")).toContain(
          `/Lang (${sprak}-${sprak === "en" ? "GB" : "NO"})`,
        );
      if (sprak === "en") {
        expect(innhold).toContain(`Documentation of prior notification ${m.nummer}`);
        expect(innhold).toContain("The documents:");
        expect(csv.startsWith("\uFEFFTime;Time (UTC);Event;Done by;Details\r\n")).toBe(true);
        expect(csv).toContain(";Submitted to Mattilsynet (the Norwegian Food Safety Authority);");
        expect(csv).toContain(";Arrived, reception control reported;");
        expect(historikk).toContain("Partially rejected");
        expect(mottak.split("\r\n")[0]).toBe("\uFEFFPart;Concerns;Declared;Reported;Deviation;Comment");
        expect(mottak).toContain('Yes;"Trips funnet; se bilde"');
        expect(vurdering).toContain("Partially rejected");
        expect(kvittering).toContain("Receipt for digital prior notification");
      } else {
        expect(innhold).toContain(`Dokumentasjon for førehandsmelding ${m.nummer}`);
        expect(csv.startsWith("\uFEFFTidspunkt;Tidspunkt (UTC);Hending;Utført av;Detaljar\r\n")).toBe(true);
        expect(csv).toContain(";Send inn til Mattilsynet;");
        expect(kvittering).toContain("Kvittering for digital førehandsmelding");
      }
    }
  }, 60_000);

  it("gir andre det samme svaret som for forhåndsmeldingen: 404", async () => {
    const melding = await ingrid.get(`/${m.id}`);
    const pakke = await ingrid.get(`/${m.id}/dokumentasjon`);
    expect(pakke.status).toBe(404);
    expect(pakke.status).toBe(melding.status);
    expect(await svar(pakke)).toEqual(await svar(melding));
    expect(pakke.headers.get("content-type")).not.toMatch(/zip/);
  });
});
