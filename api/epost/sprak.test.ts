// «Språk i e-postvarsel» (issue 33 item 2, docs/decisions/055-epost-paa-importoerens-sprak.md): both e-mails
// in nynorsk and English with no bokmål left (each line and each HTML text compared with the bokmål rendering
// of the same data), the default rule (the language of the person who turns the alerts on, else bokmål), the
// setting in the import API (a bad value refused and nothing changed), and the sender writing each e-mail in
// the language the importer has chosen when it is sent, with Content-Language and `lang`, over real SMTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { type EpostFanger, startEpostFanger } from "../../dev/epost/fanger";
import { osloDato } from "../../domain/format";
import type { Sprak } from "../../sprak/sprak";
import { importoerId } from "../../tests/support/test-hjelp";
import { startTestApi, TEST_HUB_API_KEY, type TestApi } from "../../tests/support/test-server";
import {
  lagUtfallEpost,
  lagVarselEpost,
  type UtfallMelding,
  type VarselEpost,
  type VarselSertifikat,
} from "./melding";
import { lagEpostSender } from "./sender";
import { epostSprak } from "./sprak";

const APP = "https://app.example";

const SERTIFIKATER: VarselSertifikat[] = [
  {
    nummer: "PHYTO.NL.2026.1",
    eksportland: "NL",
    utstedtDato: "2026-12-25",
    meldepliktigVurdering: "MELDEPLIKTIG",
    erstatterNummer: "PHYTO.NL.2026.0",
  },
  {
    nummer: "PHYTO.DE.2026.2",
    eksportland: "DE",
    utstedtDato: "2026-12-20",
    meldepliktigVurdering: "IKKE_MELDEPLIKTIG",
    erstatterNummer: null,
  },
];

const u = (utfall: UtfallMelding["utfall"], endringer: Partial<UtfallMelding> = {}): UtfallMelding => ({
  importmeldingId: 7,
  nummer: "2026-000123",
  sertifikatnummer: "PHYTO.NL.2026.1",
  utfall,
  begrunnelse: null,
  ...endringer,
});

const UTFALL: UtfallMelding[][] = [
  [u("FRIGITT")],
  [u("FRIGITT", { vurdertFoerAnkomst: true })],
  [u("AUTOMATISK_FRIGITT")],
  [u("AVVIST", { begrunnelse: "Funn av Thrips palmi" })],
  [u("DELVIS_AVVIST", { begrunnelse: "Funn av Thrips palmi" })],
  [u("TILBAKETRUKKET")],
  [u("FRIGITT"), u("AVVIST", { importmeldingId: 8, nummer: "2026-000124" })],
  [u("TILBAKETRUKKET"), u("FRIGITT", { importmeldingId: 8, nummer: "2026-000124" })],
  [u("TILBAKETRUKKET"), u("TILBAKETRUKKET", { importmeldingId: 8, nummer: "2026-000124" })],
];

/**
 * Lines (plain text) and texts (HTML, tags removed) the translations may share with bokmål: data (numbers,
 * links, names, the reason as the authority wrote it) and the catalogue's «@samme» words with data.
 */
const SAMME: Record<"nn" | "en", RegExp[]> = {
  nn: [
    /^$/,
    /^https:\/\/app\.example\S*$/,
    /^(Sertifikat )?PHYTO\.[A-Z]{2}\.2026\.\d$/,
    /^Sertifikat: PHYTO\.NL\.2026\.1$/,
    /^Eksportland(: (Nederland|Tyskland))?$/,
    /^(Nederland|Tyskland)$/,
    /^Meldeplikt$/,
    /^(Resultat|Frigitt|Avvist|Delvis avvist|Frigitt automatisk)$/,
    /^Resultat: (Frigitt|Avvist|Delvis avvist|Frigitt automatisk|Frigitt før ankomst)$/,
    /^Frigitt før ankomst$/,
    /^(2026-00012\d|Funn av Thrips palmi)$/,
    /^Meldeplikt: Meldepliktig$/,
    /^Meldepliktig$/,
    /^(Sertifikat|Resultat)$/,
    /^Nytt sertifikat til Hageland AS$/,
    /^\d\d\.\d\d\.\d{4}$/,
  ],
  en: [
    /^$/,
    /^https:\/\/app\.example\S*$/,
    /^PHYTO\.[A-Z]{2}\.2026\.\d$/,
    /^(2026-00012\d|Funn av Thrips palmi)$/,
  ],
};

/** The visible texts of the HTML part, one per element, entities decoded. */
const htmlTekster = (html: string) =>
  html
    .replace(/<title>.*?<\/title>/s, "")
    .split(/<[^>]+>/)
    .map((t) =>
      t
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .trim(),
    );

/** Every line and HTML text of `oversatt` that is the same as bokmål's and is not data or «@samme». */
function likBokmaal(nb: VarselEpost, oversatt: VarselEpost, sprak: "nn" | "en"): string[] {
  const tillatt = (s: string) => SAMME[sprak].some((r) => r.test(s));
  const feil: string[] = [];
  if (oversatt.emne === nb.emne) feil.push(`emne: ${oversatt.emne}`);
  const [a, b] = [nb.tekst.split("\n"), oversatt.tekst.split("\n")];
  expect(b.length, "like mange linjer").toBe(a.length);
  a.forEach((linje, i) => {
    if (b[i] === linje && !tillatt(linje)) feil.push(`tekst: ${linje}`);
  });
  const [h1, h2] = [htmlTekster(nb.html), htmlTekster(oversatt.html)];
  expect(h2.length, "like mange HTML-tekster").toBe(h1.length);
  h1.forEach((t, i) => {
    if (h2[i] === t && !tillatt(t)) feil.push(`html: ${t}`);
  });
  return feil;
}

describe("e-postene på nynorsk og engelsk", () => {
  it.each(["nn", "en"] as const)("varselet om nye sertifikater på %s har ingen bokmål igjen", (sprak) => {
    for (const sertifikater of [SERTIFIKATER.slice(0, 1), SERTIFIKATER.slice(1), SERTIFIKATER]) {
      const opts = { appUrl: APP, importoerNavn: "Hageland AS", sertifikater };
      const nb = lagVarselEpost(opts);
      const e = lagVarselEpost({ ...opts, sprak });
      expect(likBokmaal(nb, e, sprak)).toEqual([]);
      expect(e.sprak).toBe(sprak);
      expect(e.html).toContain(`<html lang="${sprak}">`);
    }
  });

  it.each(["nn", "en"] as const)("e-posten om vurderinger på %s har ingen bokmål igjen", (sprak) => {
    for (const utfall of UTFALL) {
      const opts = { appUrl: APP, importoerNavn: "Hageland AS", utfall };
      const e = lagUtfallEpost({ ...opts, sprak });
      expect(likBokmaal(lagUtfallEpost(opts), e, sprak), utfall.map((x) => x.utfall).join()).toEqual([]);
      expect(e.html).toContain(`<html lang="${sprak}">`);
    }
  });

  it("datoer, land og kodeverkets navn følger språket; sertifikatdataene står som de kom", () => {
    const opts = { appUrl: APP, importoerNavn: "Hageland AS", sertifikater: SERTIFIKATER.slice(0, 1) };
    const nb = lagVarselEpost(opts);
    const nn = lagVarselEpost({ ...opts, sprak: "nn" });
    const en = lagVarselEpost({ ...opts, sprak: "en" });
    expect(nb.tekst).toContain("Frist for forhåndsmelding: 08.01.2027");
    expect(nn.tekst).toContain("Frist for førehandsmelding: 08.01.2027");
    expect(en.tekst).toContain("Deadline for prior notification: 08/01/2027");
    expect(en.tekst).toContain("Exporting country: Netherlands");
    expect(en.tekst).toContain("Issued: 25/12/2026");
    expect(en.emne).toBe("New certificate PHYTO.NL.2026.1 from Netherlands replaces PHYTO.NL.2026.0");
    expect(nn.emne).toBe("Nytt sertifikat PHYTO.NL.2026.1 frå Nederland erstattar PHYTO.NL.2026.0");
    expect(en.tekst).toContain("Notification requirement: Notification required");
    expect(lagVarselEpost({ ...opts, sertifikater: SERTIFIKATER, sprak: "en" }).emne).toBe(
      "2 new certificates in Digital prior notification",
    );
    const utfall = { appUrl: APP, importoerNavn: "Hageland AS" };
    const avvist = lagUtfallEpost({
      ...utfall,
      utfall: [u("AVVIST", { begrunnelse: "Funn av Thrips palmi" })],
      sprak: "en",
    });
    expect(avvist.emne).toBe("Prior notification 2026-000123: Rejected");
    expect(avvist.tekst).toContain("Reason: Funn av Thrips palmi");
    const foer = lagUtfallEpost({
      ...utfall,
      utfall: [u("FRIGITT", { vurdertFoerAnkomst: true })],
      sprak: "nn",
    });
    expect(foer.emne).toBe("Førehandsmelding 2026-000123: Frigitt før ankomst");
    const to = lagUtfallEpost({ ...utfall, utfall: UTFALL[6]!, sprak: "en" });
    expect(to.emne).toBe("Decisions on 2 prior notifications in Digital prior notification");
    expect(to.tekst.split("\n")[0]).toBe("Decisions on 2 prior notifications for Hageland AS");
  });

  it("uten valgt språk: bokmål", () => {
    expect(epostSprak(null)).toBe("nb");
    expect(epostSprak(undefined)).toBe("nb");
    expect(epostSprak("nn")).toBe("nn");
    expect(lagVarselEpost({ appUrl: APP, importoerNavn: "X", sertifikater: SERTIFIKATER }).sprak).toBe("nb");
  });
});

describe("innstillingen og avsenderen", () => {
  const kari = DEMO_PERSONER[0]!.pid; // acts for Hageland Drammen
  const sti = `/import/register/v1/${ORG.hagelandDrammen}`;
  let api: TestApi;
  let fanger: EpostFanger;
  let drammen: number;
  const db = () => api.handle.db;
  const lagret = async () =>
    (
      await db()
        .selectFrom("importoer")
        .select("epost_sprak")
        .where("id", "=", drammen)
        .executeTakeFirstOrThrow()
    ).epost_sprak;
  const kall = (method: string, del: string, json: unknown, sprak?: string) =>
    api.fetch(`${sti}${del}`, {
      pid: kari,
      method,
      json,
      headers: sprak ? { "Accept-Language": sprak } : {},
    });

  beforeAll(async () => {
    api = await startTestApi();
    fanger = await startEpostFanger({ db: db() });
    drammen = await importoerId(db(), ORG.hagelandDrammen);
    await db()
      .insertInto("importoer_epost")
      .values({ importoer_id: drammen, epostadresse: "sprak@hageland.example.no" })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await fanger?.close();
    await api?.close();
  });

  it("standard: språket til den som slår på varslene; et språk som er satt, blir stående", async () => {
    await db()
      .updateTable("importoer")
      .set({ epost_sprak: null, skal_ha_epost: false })
      .where("id", "=", drammen)
      .execute();
    expect(((await (await kall("GET", "", undefined)).json()) as { epostSprak: string }).epostSprak).toBe(
      "nb",
    );
    // Turning off sets nothing.
    expect((await kall("PUT", "/epostvarsel", { skalHaEpost: false }, "nn")).status).toBe(204);
    expect(await lagret()).toBeNull();
    expect((await kall("PUT", "/epostvarsel", { skalHaEpost: true }, "nn")).status).toBe(204);
    expect(await lagret()).toBe("nn");
    expect((await kall("PUT", "/vurderingsvarsel", { varsleVurderinger: true }, "en-GB")).status).toBe(204);
    expect(await lagret()).toBe("nn");
    // A system without Accept-Language: bokmål.
    await db().updateTable("importoer").set({ epost_sprak: null }).where("id", "=", drammen).execute();
    expect((await kall("PUT", "/vurderingsvarsel", { varsleVurderinger: true })).status).toBe(204);
    expect(await lagret()).toBe("nb");
  });

  it("innstillingen: et ukjent språk avvises med en melding på kallerens språk, og ingenting endres", async () => {
    await db().updateTable("importoer").set({ epost_sprak: "nn" }).where("id", "=", drammen).execute();
    for (const json of [{ sprak: "de" }, { sprak: "NB" }, {}, { sprak: ["en"] }, []]) {
      const res = await kall("PUT", "/epostsprak", json, "en");
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe(
        "Unknown language for e-mail alerts. Choose one of nb, nn, en.",
      );
    }
    expect(await lagret()).toBe("nn");
    expect((await kall("PUT", "/epostsprak", { sprak: "en" })).status).toBe(204);
    expect(await lagret()).toBe("en");
    expect(((await (await kall("GET", "", undefined)).json()) as { epostSprak: string }).epostSprak).toBe(
      "en",
    );
  });

  it("e-posten skrives på språket som gjelder når den sendes, med Content-Language og lang", async () => {
    await db()
      .updateTable("importoer")
      .set({ epost_sprak: "en", skal_ha_epost: true })
      .where("id", "=", drammen)
      .execute();
    const sender = lagEpostSender({
      db: db(),
      smtpUrl: fanger.smtpUrl,
      avsender: "Digital forhåndsmelding <ikke-svar@test.example>",
      appUrl: APP,
      samlevinduMs: 0,
      maksForsoek: 3,
      ventetidMs: 50,
      tidsavbruddMs: 2000,
    });
    const idag = osloDato(new Date());
    const lever = async (nummer: string) => {
      const res = await api.fetch("/import/ephyto/v1/sertifikat", {
        method: "POST",
        headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "application/xml" },
        body: lagSertifikatXml({
          nummer,
          utstedt: `${idag}T08:00:00`,
          avsender: { navn: "Bloemen Export B.V." },
          mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
          eksportland: { kode: "NL" },
          varelinjer: [
            {
              botaniskNavn: "Rosa",
              plantedel: "Cut flowers",
              tilsiktetBruk: "Decoration",
              opprinnelsesland: ["NL"],
            },
          ],
        }),
      });
      expect(res.status).toBeLessThan(300);
    };
    const fanget = async (nummer: string) =>
      (await db().selectFrom("epost_fanget").selectAll().orderBy("id").execute()).filter((r) =>
        r.emne?.includes(nummer),
      );
    const send = async (nummer: string, sprak: Sprak) => {
      await lever(nummer);
      // The setting changed after the alert was written and before it is sent: the new language counts.
      await kall("PUT", "/epostsprak", { sprak });
      for (let i = 0; i < 20 && (await fanget(nummer)).length === 0; i++) await sender.kjoer();
      const [m] = await fanget(nummer);
      expect(m?.sprak).toBe(sprak);
      expect(m?.html).toContain(`<html lang="${sprak}">`);
      return m!;
    };
    const en = await send(`PHYTO.NL.SPRAK.${Date.now()}E`, "en");
    expect(en.emne).toMatch(/^New certificate PHYTO\.NL\.SPRAK\.\d+E from Netherlands$/);
    expect(en.tekst).toContain(
      "Mattilsynet (the Norwegian Food Safety Authority) has received a phytosanitary",
    );
    const nn = await send(`PHYTO.NL.SPRAK.${Date.now()}N`, "nn");
    expect(nn.emne).toMatch(/^Nytt sertifikat PHYTO\.NL\.SPRAK\.\d+N frå Nederland$/);
    expect(nn.tekst).toContain(
      "Mattilsynet har fått eit plantesunnheitssertifikat der verksemda står som mottakar.",
    );
    await sender.stop();
  });
});
