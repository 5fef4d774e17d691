// The production shape, end to end (issue 26 point 6): compose.yaml's processes with NODE_ENV=production on a
// PostgreSQL server (tests/produksjon/oppsett.ts). A person logs in, a certificate arrives through the Hub, the
// alert is mailed once; the sender pulls certificates from the development ePhyto Hub process and acknowledges
// them (an invalid one as failed), and stays ready while that Hub is down (ADR 044); the notification is submitted
// on one web process and withdrawn on the other (JavaScript on and off); the sender is killed mid-batch and
// restarted; two api processes ingest one certificate at once; an api process is killed with submits in flight
// (through the web role and the API) and the retries go through the other.
// Run by .ci/run after the PostgreSQL pass: `TEST_DATABASE_URL=… npx playwright test -c playwright.produksjon.config.ts`.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { lagHubKlient } from "../../api/ephyto/hub-klient";
import { MYNDIGHET_SCOPES } from "../../api/scopes";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { lagNoekkelpar, registrerKlient } from "../../dev/maskinporten/klientfil";
import { osloDato } from "../../domain/format";
import { hentToken, type Klient } from "../../scripts/eksempelklient";
// The e2e suite's `test` fails a test on a console error or hydration warning in any page it opens.
import { expect, PERSONER, test } from "../e2e/helpers";
import { fyllUt, loggInnOgVelg, opprett } from "../e2e/veiviser";
import { type Aktoer, basis, klarTilInnsending } from "../support/klar-til-innsending";
import { type Produksjonsform, type Prosess, startProsessene, vent } from "./oppsett";

test.describe.configure({ mode: "serial" });

let pf: Produksjonsform;
test.beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      "Produksjonsformen trenger en PostgreSQL-server: TEST_DATABASE_URL=$(scripts/postgres-test.sh start) (som .ci/run gjør).",
    );
  }
  pf = await startProsessene(serverUrl);
});
test.afterAll(async () => {
  await pf?.stopp();
});

const DRAMMEN = { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" };

function sertifikatXml(nummer: string, mottaker: { navn: string; organisasjonsnummer: string }): string {
  return lagSertifikatXml({
    nummer,
    utstedt: `${osloDato(new Date())}T09:00:00`,
    avsender: { navn: "Kwekerij De Linde B.V." },
    eksportland: "NL",
    mottaker,
    varelinjer: [
      {
        navn: "Rose",
        botaniskNavn: "Rosa canina",
        plantedel: "Plants",
        tilsiktetBruk: "Planting",
        antall: { verdi: 100, enhet: "H87" },
        opprinnelsesland: [{ kode: "NL" }],
      },
    ],
  } as Parameters<typeof lagSertifikatXml>[0]);
}

/** A delivery from the ePhyto Hub, to the API's load balancer or to one api process. */
function lever(xml: string, til = pf.apiUrl): Promise<Response> {
  return fetch(`${til}/import/ephyto/v1/sertifikat`, {
    method: "POST",
    headers: { "x-api-key": pf.variabler.HUB_API_KEY as string, "content-type": "application/xml" },
    body: xml,
  });
}

/** The messages the mail catcher accepted that name the certificate. */
async function fanget(tekst: string): Promise<{ melding_id: string | null; mottakere: string }[]> {
  const { rows } = await pf.db.query(
    "select melding_id, mottakere::text from epost_fanget where emne like $1 or tekst like $1 order by id",
    [`%${tekst}%`],
  );
  return rows;
}

let myndighet: Klient | undefined;
/** A Maskinporten token of Mattilsynet's case system, from the development Maskinporten process (ADR 045). */
async function myndighetToken(): Promise<string> {
  if (!myndighet) {
    const { privat, offentlig } = await lagNoekkelpar("mattilsynet-produksjonsform-1");
    await registrerKlient(pf.maskinporten.klientfil, {
      client_id: "mattilsynet-produksjonsform",
      navn: "Mattilsynets saksbehandling",
      orgnr: "985399077",
      jwk: offentlig,
      scopes: Object.values(MYNDIGHET_SCOPES),
    });
    myndighet = {
      tokenEndepunkt: pf.maskinporten.tokenEndepunkt,
      aud: pf.maskinporten.issuer,
      klientId: "mattilsynet-produksjonsform",
      noekkel: privat,
    };
  }
  return hentToken(myndighet, Object.values(MYNDIGHET_SCOPES));
}

const antallFanget = async () =>
  Number((await pf.db.query("select count(*) from epost_fanget")).rows[0].count);

/** The request-log lines of a process for POSTs to a route pattern. */
const poster = (p: Prosess, rute: string) =>
  p.logg().filter((l) => l.msg === "forespørsel" && l.method === "POST" && l.route === rute);

async function nyFane(js: boolean, browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({
    baseURL: pf.appUrl,
    ignoreHTTPSErrors: true,
    javaScriptEnabled: js,
    locale: "nb-NO",
    timezoneId: "Europe/Oslo",
  });
  return ctx.newPage();
}

for (const js of [true, false]) {
  test(`JavaScript ${js ? "på" : "av"}: sertifikat fra Hub, ett varsel, sendt inn på web-1 og trukket tilbake på web-2`, async ({
    browser,
  }) => {
    const page = await nyFane(js, browser);
    // The load balancer sends this browser to web-1 until the header changes.
    await page.context().setExtraHTTPHeaders({ "x-test-web": "1" });
    await loggInnOgVelg(page, PERSONER.kari, /Hageland Import AS avd\. Drammen/);

    const nummer = `PHYTO.NL.2026.PROD${js ? "1" : "2"}${Date.now() % 1_000_000}`;
    const svar = await lever(sertifikatXml(nummer, DRAMMEN));
    expect(svar.status, await svar.clone().text()).toBe(201);
    // The alert: delivered by the sender process to the catcher process, once.
    await vent(async () => (await fanget(nummer)).length > 0, "e-postvarselet", 30_000);
    await new Promise((r) => setTimeout(r, 2500));
    const varsler = await fanget(nummer);
    expect(varsler).toHaveLength(1);
    expect(varsler[0]?.mottakere).toContain("import@hageland.example.no");

    const s = { sertifikatnummer: nummer, dato: osloDato(new Date()), avsenderland: "NL" };
    const id = await opprett(page, s);
    await fyllUt(page, id);
    await page.getByRole("button", { name: "Send inn" }).click();
    await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
    await expect(page.getByRole("heading", { name: "Forhåndsmeldingen ble sendt" })).toBeVisible();

    // The other web process: the same session (PostgreSQL), the same notification.
    await page.context().setExtraHTTPHeaders({ "x-test-web": "2" });
    await page.goto(`/importmelding/${id}/registrert`);
    await expect(page.locator(".merkerad").first()).toContainText("Registrert");
    await page.getByRole("link", { name: "Trekk tilbake" }).click();
    await page.getByRole("button", { name: "Trekk forhåndsmelding" }).click();
    await expect(page.getByText("Forhåndsmeldingen er trukket tilbake")).toBeVisible();
    const { rows } = await pf.db.query("select status from importmelding where id = $1", [Number(id)]);
    expect(rows[0]?.status).toBe("TILBAKETRUKKET");

    // Which process did what, by their request logs: the submit on web-1, the withdrawal on web-2, and the
    // withdrawal's API call logged by an api process under web-2's request id.
    const innsending = poster(pf.web[0] as Prosess, "/importmelding/:id/oppsummering");
    expect(innsending.length).toBeGreaterThan(0);
    expect(poster(pf.web[1] as Prosess, "/importmelding/:id/oppsummering")).toHaveLength(0);
    const trekk = poster(pf.web[1] as Prosess, "/importmelding/:id/registrert").at(-1);
    expect(trekk).toBeDefined();
    const apiLinjer = pf.api.flatMap((p) => p.logg()).filter((l) => l.requestId === trekk?.requestId);
    expect(apiLinjer.map((l) => `${l.method} ${l.route}`)).toContain(
      "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/status",
    );
    await page.context().close();
  });
}

test("en vurdering gjennom api-prosessen gir nøyaktig én e-post om utfallet, levert av senderen", async ({
  browser,
}) => {
  const page = await nyFane(true, browser);
  await loggInnOgVelg(page, PERSONER.kari, /Hageland Import AS avd\. Drammen/);
  const nummer = `PHYTO.NL.2026.PRODU${Date.now() % 1_000_000}`;
  const svar = await lever(sertifikatXml(nummer, DRAMMEN));
  expect(svar.status, await svar.clone().text()).toBe(201);
  const s = { sertifikatnummer: nummer, dato: osloDato(new Date()), avsenderland: "NL" };
  const id = await opprett(page, s);
  await fyllUt(page, id);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  await page.context().close();
  const { rows } = await pf.db.query("select nummer from importmelding where id = $1", [Number(id)]);
  const meldingsnummer = rows[0]?.nummer as string;

  // No approved risk rules in production (the staging database's development set does not count): the
  // notification waits for the authority, and the api processes said so when they started (ADR 046).
  const { rows: venter } = await pf.db.query(
    "select status, automatisk_vurdering from importmelding where id = $1",
    [Number(id)],
  );
  expect(venter[0]).toEqual({ status: "REGISTRERT", automatisk_vurdering: "UTEN_REGELSETT" });
  for (const p of pf.api) {
    expect(
      p.logg().some((l) => String(l.msg).startsWith("Ingen risikoregler er godkjent av Mattilsynet")),
    ).toBe(true);
  }

  // Mattilsynet's case system calls its API with its Maskinporten token (round robin over the api processes).
  const vurdert = await fetch(`${pf.apiUrl}/myndighet/v2/importmeldinger/${meldingsnummer}/vurdering`, {
    method: "POST",
    headers: { authorization: `Bearer ${await myndighetToken()}`, "content-type": "application/json" },
    body: JSON.stringify({ status: "FRIGITT" }),
  });
  expect(vurdert.status, await vurdert.clone().text()).toBe(200);
  const emne = `Forhåndsmelding ${meldingsnummer}: Frigitt`;
  await vent(async () => (await fanget(emne)).length > 0, "e-posten om utfallet", 30_000);
  // A few more sender rounds: still exactly one.
  await new Promise((r) => setTimeout(r, 2500));
  const meldinger = await fanget(emne);
  expect(meldinger).toHaveLength(1);
  expect(meldinger[0]?.mottakere).toContain("import@hageland.example.no");
  const utboks = await pf.db.query(
    "select status, forsoek from epost_varsel where type = 'UTFALL' and importmelding_id = $1",
    [Number(id)],
  );
  expect(utboks.rows).toEqual([{ status: "SENDT", forsoek: 1 }]);
  // Sent by the sender process: its Message-ID is the outbox row's.
  const sendt = await pf.db.query("select melding_id from epost_varsel where importmelding_id = $1", [
    Number(id),
  ]);
  expect(meldinger[0]?.melding_id).toBe(sendt.rows[0]?.melding_id);
});

/** The exporting side of the development Hub process (its development exporter's certificate). */
async function eksportoer() {
  const fil = (navn: string) => readFileSync(path.join(pf.hub.mappe, navn));
  return lagHubKlient({
    url: hubUrl(),
    sertifikat: fil("klient-UTVIKLING-EKSPORT.pem"),
    noekkel: fil("klient-UTVIKLING-EKSPORT-key.pem"),
    ca: fil("ca.pem"),
    tidsavbruddMs: 10_000,
  });
}

/** The Hub's address as the Hub process wrote it for the commands. */
function hubUrl(): string {
  return (JSON.parse(readFileSync(path.join(pf.hub.mappe, "tilkobling.json"), "utf8")) as { url: string })
    .url;
}

/** The sender's metrics (its port from its start line). */
async function senderMaalinger(): Promise<string> {
  const port = pf.sender
    .logg()
    .filter((l) => typeof l.metrikkPort === "number")
    .at(-1)?.metrikkPort;
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
}

async function sporing(klient: Awaited<ReturnType<typeof eksportoer>>, nr: string) {
  let siste: string | undefined;
  await vent(
    async () => {
      siste = (await klient.sporing(nr))?.sporing;
      return siste !== "PendingDelivery";
    },
    `at senderen henter ${nr}`,
    30_000,
  );
  return klient.sporing(nr);
}

test("sertifikater fra ePhyto-huben: senderen henter, lagrer og kvitterer én gang; et ugyldig kvitteres som feilet med årsaken", async () => {
  const klient = await eksportoer();
  const nummer = `PHYTO.NL.2026.HUB${Date.now() % 1_000_000}`;
  const levert = await klient.lever({
    fra: "NL",
    til: "NO",
    sertifikattype: "851",
    sertifikatstatus: "70",
    nppoSertifikatnummer: nummer,
    innhold: Buffer.from(sertifikatXml(nummer, DRAMMEN)).toString("base64"),
  });
  const ugyldig = await klient.lever({
    fra: "NL",
    til: "NO",
    sertifikattype: "851",
    sertifikatstatus: "70",
    nppoSertifikatnummer: "PHYTO.NL.2026.UGYLDIG",
    innhold: "<SPSCertificate>uten innhold</SPSCertificate>",
  });
  expect((await sporing(klient, levert.hubLeveringsnummer as string))?.sporing).toBe("Delivered");
  const avvist = await sporing(klient, ugyldig.hubLeveringsnummer as string);
  expect(avvist?.sporing).toBe("FailedDelivery");
  expect(avvist?.feilmelding).toBe("The certificate has no number (SPSExchangedDocument/ID)");

  // Stored once, alerted once (the sender process mails it to the catcher process).
  const { rows } = await pf.db.query(
    "select k.resultat, k.kvittert is not null as kvittert from hub_konvolutt k join sertifikat s on s.id = k.sertifikat_id where s.nummer = $1",
    [nummer],
  );
  expect(rows).toEqual([{ resultat: "ny", kvittert: true }]);
  await vent(async () => (await fanget(nummer)).length > 0, "e-postvarselet", 30_000);
  await new Promise((r) => setTimeout(r, 2000));
  expect(await fanget(nummer)).toHaveLength(1);
  const tekst = await senderMaalinger();
  expect(tekst).toMatch(/forhaandsmelding_hub_kvittert_total\{[^}]*kvittering="mottatt"[^}]*\} [1-9]/);
  expect(tekst).toMatch(/forhaandsmelding_hub_kvittert_total\{[^}]*kvittering="feilet"[^}]*\} [1-9]/);
  // The retention's first round (ADR 053) has measured the tables: the feed holds this run's events.
  expect(tekst).toMatch(/forhaandsmelding_tabell_rader\{[^}]*tabell="hendelse"[^}]*\} \d/);
  expect(tekst).toMatch(
    /forhaandsmelding_tabell_eldste_sekunder\{[^}]*tabell="importmelding_hendelse"[^}]*\} \d/,
  );
});

test("huben nede: senderen forblir klar, og henter det som venter når huben er tilbake", async () => {
  await pf.hub.stopp();
  await vent(
    async () =>
      /forhaandsmelding_hub_feilet_total\{[^}]*type="hub"[^}]*\} [1-9]/.test(await senderMaalinger()),
    "en feilet runde mot huben",
    30_000,
  );
  for (let i = 0; i < 4; i++) {
    expect((await fetch(`${pf.sender.url}/readyz`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
  }
  await pf.hub.startIgjen();
  const klient = await eksportoer();
  const nummer = `PHYTO.NL.2026.HUBIGJEN${Date.now() % 1_000_000}`;
  const levert = await klient.lever({
    fra: "NL",
    til: "NO",
    sertifikattype: "851",
    sertifikatstatus: "70",
    nppoSertifikatnummer: nummer,
    innhold: sertifikatXml(nummer, DRAMMEN),
  });
  expect((await sporing(klient, levert.hubLeveringsnummer as string))?.sporing).toBe("Delivered");
  // Its alert too, before the next test counts the catcher's messages.
  await vent(async () => (await fanget(nummer)).length > 0, "e-postvarselet", 30_000);
});

test("senderen drepes (kill -9) midt i en runde og startes igjen: hvert varsel leveres, ingen to ganger", async () => {
  // Six importers with an address each, and one certificate to each: six messages.
  const mottakere: { navn: string; organisasjonsnummer: string }[] = [];
  for (let i = 1; i <= 6; i++) {
    const orgnr = `91${String(Date.now() % 1_000_000).padStart(6, "0")}${i}`.slice(0, 9);
    const navn = `Produksjonsform Import ${i} AS`;
    const { rows } = await pf.db.query(
      "insert into importoer (organisasjonsnummer, navn, skal_ha_epost, har_lest_regelverk) values ($1, $2, true, true) returning id",
      [orgnr, navn],
    );
    await pf.db.query("insert into importoer_epost (importoer_id, epostadresse) values ($1, $2)", [
      rows[0].id,
      `import${i}@produksjonsform.test`,
    ]);
    mottakere.push({ navn, organisasjonsnummer: orgnr });
  }
  const foer = await antallFanget();
  const numre = mottakere.map((_, i) => `PHYTO.NL.2026.DREP${i}${Date.now() % 1_000_000}`);
  const svar = await Promise.all(mottakere.map((m, i) => lever(sertifikatXml(numre[i] as string, m))));
  expect(svar.map((r) => r.status)).toEqual(numre.map(() => 201));

  // The catcher holds each message a second before accepting it: kill the sender while it holds one.
  await vent(async () => (await antallFanget()) >= foer + 2, "to e-poster før stoppet", 30_000);
  await new Promise((r) => setTimeout(r, 300));
  await pf.sender.stopp("SIGKILL");
  const underveis = (await antallFanget()) - foer;
  expect(underveis).toBeLessThan(6);

  await pf.sender.startIgjen();
  await vent(async () => (await antallFanget()) >= foer + 6, "alle seks e-postene", 60_000);
  await new Promise((r) => setTimeout(r, 3000));
  for (const nummer of numre) {
    const meldinger = await fanget(nummer);
    expect(meldinger, nummer).toHaveLength(1);
  }
  expect((await antallFanget()) - foer).toBe(6);
  const { rows } = await pf.db.query(
    "select v.status from epost_varsel v join sertifikat s on s.id = v.sertifikat_id where s.nummer = any($1)",
    [numre],
  );
  expect(rows.map((r) => r.status)).toEqual(numre.map(() => "SENDT"));
});

test("to api-prosesser som leser inn det samme sertifikatet samtidig, lagrer det én gang", async () => {
  expect(pf.api.length).toBeGreaterThanOrEqual(2);
  for (let runde = 0; runde < 5; runde++) {
    const nummer = `PHYTO.NL.2026.SAMTIDIG${runde}${Date.now() % 1_000_000}`;
    const xml = sertifikatXml(nummer, DRAMMEN);
    const svar = await Promise.all(pf.api.map((p) => lever(xml, p.url)));
    const kropper = (await Promise.all(svar.map((r) => r.json()))) as { resultat: string }[];
    expect(
      svar.map((r) => r.status),
      JSON.stringify(kropper),
    ).toEqual(expect.arrayContaining([201]));
    expect(svar.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(kropper.filter((k) => k.resultat === "ny")).toHaveLength(1);
    const { rows } = await pf.db.query(
      "select (select count(*) from sertifikat where nummer = $1)::int as sertifikater, (select count(*) from epost_varsel v join sertifikat s on s.id = v.sertifikat_id where s.nummer = $1)::int as varsler",
      [nummer],
    );
    expect(rows[0]).toEqual({ sertifikater: 1, varsler: 1 });
  }
});

test("Mattilsynet godkjenner et regelsett gjennom den ene api-prosessen, og den andre vurderer etter det innen et sekund", async () => {
  const kall = async (url: string, sti: string, body: unknown) =>
    fetch(`${url}${sti}`, {
      method: "POST",
      headers: { authorization: `Bearer ${await myndighetToken()}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const gjeldende = await fetch(`${pf.api[0]!.url}/myndighet/v2/regelsett/gjeldende`, {
    headers: { authorization: `Bearer ${await myndighetToken()}` },
  });
  expect(gjeldende.status).toBe(404);
  const [api1, api2] = pf.api as [Prosess, Prosess];
  // Today's tables (the development set's content) loaded and approved as the authority's own version, on api-1.
  const { rows } = await pf.db.query(
    "select innhold from regelsett where utviklingssett order by versjon desc limit 1",
  );
  const innhold = {
    ...(rows[0].innhold as Record<string, unknown>),
    beskrivelse: "Kontrollert av Mattilsynet",
  };
  const lastet = await kall(api1.url, "/myndighet/v2/regelsett", innhold);
  expect(lastet.status, await lastet.clone().text()).toBe(201);
  const { versjon } = (await lastet.json()) as { versjon: number };
  const godkjent = await kall(api1.url, `/myndighet/v2/regelsett/${versjon}/godkjenning`, {
    godkjentAv: "Berit",
  });
  expect(godkjent.status, await godkjent.clone().text()).toBe(200);
  // api-2 was not told: it asks the database at most a second later, then assesses by the new version.
  await new Promise((r) => setTimeout(r, 1200));
  const nummer = `PHYTO.NL.2026.REGEL${Date.now() % 1_000_000}`;
  const svar = await lever(sertifikatXml(nummer, DRAMMEN), api2.url);
  expect(svar.status, await svar.clone().text()).toBe(201);
  const sertifikat = await pf.db.query("select regelsett_versjon from sertifikat where nummer = $1", [
    nummer,
  ]);
  expect(sertifikat.rows[0]).toEqual({ regelsett_versjon: versjon });
});

/** Kari's access token and form token from the session the browser holds (its row in PostgreSQL). */
async function oektFra(page: Page): Promise<{ accessToken: string; csrf: string }> {
  const cookie = (await page.context().cookies()).find((c) => /^(__Host-)?forhaandsmelding$/.test(c.name));
  // Remix's signed cookie: base64 of the JSON-encoded session id, a dot, the signature.
  const verdi = decodeURIComponent(cookie?.value ?? "");
  const oektId = JSON.parse(
    Buffer.from(verdi.slice(0, verdi.lastIndexOf(".")), "base64").toString(),
  ) as string;
  const { rows } = await pf.db.query("select data from sesjon where id = $1", [oektId]);
  const data = rows[0]?.data as { csrf: string; bruker: { accessToken: string } };
  return { accessToken: data.bruker.accessToken, csrf: data.csrf };
}

/** The notification API as Kari's client calls it, through the API's load balancer with her token. */
function kariApi(accessToken: string, importoer: number): Aktoer {
  const b = basis(DRAMMEN.organisasjonsnummer, importoer);
  const kall = (method: string, sti: string, json?: unknown) =>
    fetch(`${pf.apiUrl}${b}${sti}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  return {
    basis: b,
    get: (sti) => kall("GET", sti),
    put: (sti, json) => kall("PUT", sti, json),
    post: (sti, json) => kall("POST", sti, json),
    del: (sti) => kall("DELETE", sti),
  };
}

test("en api-prosess drepes (kill -9) under innsendinger: det som ble bekreftet er lagret, ingenting halvt, et nytt forsøk gir én overgang", async ({
  browser,
}) => {
  expect(pf.api.length).toBeGreaterThanOrEqual(2);
  const page = await nyFane(true, browser);
  await loggInnOgVelg(page, PERSONER.kari, /Hageland Import AS avd\. Drammen/);
  const { accessToken, csrf } = await oektFra(page);
  const iid = async (orgnr: string) =>
    Number(
      (await pf.db.query("select id from importoer where organisasjonsnummer = $1", [orgnr])).rows[0].id,
    );
  const hageland = await iid(DRAMMEN.organisasjonsnummer);
  const kontrolloer = await iid(ORG.grontMottakOslo);
  const kari = kariApi(accessToken, hageland);

  // Sixteen notifications ready to send, each from a certificate of its own: half sent through the web role
  // (the summary's form, as without JavaScript), half by Kari's client through the API.
  const meldinger: { id: number; versjon: number; gjennom: "web" | "api" }[] = [];
  for (let i = 0; i < 16; i++) {
    const nummer = `PHYTO.NL.2026.KRASJ${i}${Date.now() % 1_000_000}`;
    const levert = await lever(sertifikatXml(nummer, DRAMMEN));
    expect(levert.status).toBe(201);
    const s = { nummer, eksportLand: "NL", utstedtDato: osloDato(new Date()) };
    const m = await klarTilInnsending(kari, s, { ansvarlig: hageland, kontrolloer });
    meldinger.push({ id: m.id, versjon: m.versjon, gjennom: i % 2 === 0 ? "web" : "api" });
  }

  /** One submit: true when the caller was told it was sent (web: the registered page; API: 200, or 409 already). */
  const sendInn = async (m: (typeof meldinger)[number]): Promise<"sendt" | "allerede" | "feilet"> => {
    try {
      if (m.gjennom === "api") {
        const r = await kari.put(`/${m.id}/status`, { status: "REGISTRERT", versjon: m.versjon });
        const tekst = await r.text();
        if (r.status === 200) return "sendt";
        return r.status === 409 && /allerede sendt inn/i.test(tekst) ? "allerede" : "feilet";
      }
      const r = await page.request.post(`/importmelding/${m.id}/oppsummering`, {
        form: { csrf, intent: "send-inn", versjon: String(m.versjon) },
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      const til = r.headers().location ?? "";
      if (r.status() === 302 && til.includes("alleredeSendt=1")) return "allerede";
      return r.status() === 302 && /\/(registrert\?sendt|ankommet\?frigitt)=?1?/.test(til)
        ? "sendt"
        : "feilet";
    } catch {
      return "feilet";
    }
  };

  // All at once; api-1 is killed the moment the first answers arrive, with the rest in flight.
  const foerste = meldinger.map((m) => sendInn(m));
  let svart = 0;
  await new Promise<void>((r) => {
    for (const p of foerste) void p.then(() => ++svart >= 2 && r());
  });
  await pf.api[0]?.stopp("SIGKILL");
  const utfall = await Promise.all(foerste);
  const avbrutt = utfall.filter((u) => u === "feilet").length;
  // The kill hit submits in flight (else this test shows nothing), and the rest went through api-2.
  expect(avbrutt, utfall.join(",")).toBeGreaterThan(0);
  expect(utfall.filter((u) => u === "sendt").length, utfall.join(",")).toBeGreaterThan(0);

  // Every submit a caller was told succeeded is stored and submitted, with its one submit event.
  const tilstand = async () => {
    const { rows } = await pf.db.query(
      `select m.id, m.status,
         (select count(*)::int from importmelding_hendelse h where h.importmelding_id = m.id and h.til_status = 'REGISTRERT') as innsendinger,
         (select count(*)::int from hendelse e where e.data->'importmelding'->>'id' = m.id::text and e.data->>'status' = 'REGISTRERT') as varsler,
         (select count(distinct e.importoer_id)::int from hendelse e where e.data->'importmelding'->>'id' = m.id::text and e.data->>'status' = 'REGISTRERT') as varslet
       from importmelding m where m.id = any($1) order by m.id`,
      [meldinger.map((m) => m.id)],
    );
    type Rad = { status: string; innsendinger: number; varsler: number; varslet: number };
    return new Map(rows.map((r) => [Number(r.id), r as Rad]));
  };
  const etterKrasj = await tilstand();
  meldinger.forEach((m, i) => {
    const rad = etterKrasj.get(m.id);
    if (utfall[i] === "sendt") expect(rad?.status, `${m.id}`).not.toBe("UNDER_REGISTRERING");
    // Nothing half-written: a notification is either a draft without a submit event or sent with exactly one.
    // The owners' feed has the change once per owner, written in the same transaction.
    if (rad?.status === "UNDER_REGISTRERING") expect([rad.innsendinger, rad.varsler]).toEqual([0, 0]);
    else expect([rad?.innsendinger, rad?.varsler], `${m.id}`).toEqual([1, rad?.varslet]);
  });

  // The same request again, for every one: it ends sent, by exactly one transition each.
  const igjen = await Promise.all(meldinger.map((m) => sendInn(m)));
  expect(
    igjen.filter((u) => u === "feilet"),
    igjen.join(","),
  ).toEqual([]);
  utfall.forEach((u, i) => {
    if (u === "sendt") expect(igjen[i]).toBe("allerede");
  });
  const etterNyttForsoek = await tilstand();
  for (const m of meldinger) {
    const rad = etterNyttForsoek.get(m.id);
    expect(rad?.status, `${m.id}`).toMatch(/^(REGISTRERT|AUTOMATISK_FRIGITT)$/);
    expect(rad?.innsendinger, `${m.id}`).toBe(1);
    expect(rad?.varsler, `${m.id}`).toBe(rad?.varslet);
    expect(rad?.varslet, `${m.id}`).toBeGreaterThan(0);
  }
  test.info().annotations.push({ type: "avbrutt", description: `${avbrutt} av ${meldinger.length}` });

  // The web role keeps serving through api-2 alone: each page is the notification's, never an error panel.
  for (const m of meldinger.slice(0, 4)) {
    await page.goto(`/importmelding/${m.id}/registrert`);
    await expect(page.locator(".merkerad").first()).toContainText(/Registrert|Frigitt/);
  }

  // api-1 comes back (compose's restart policy) and takes its share again.
  await pf.api[0]?.startIgjen();
  const r = await kari.get(`/${meldinger[0]?.id}`);
  expect(r.status).toBe(200);
  await page.context().close();
});

// Last: it uses up this address's allowance of wrong keys, after which the Hub endpoint refuses it for a while.
test("grensene deles av prosessene: feil API-nøkler mot begge api-prosessene telles sammen", async () => {
  const svar: number[] = [];
  for (let i = 0; i < 14; i++) {
    const p = pf.api[i % pf.api.length] as Prosess;
    const r = await fetch(`${p.url}/import/ephyto/v1/sertifikat`, {
      method: "POST",
      // a new wrong key each time: the same one again counts once against the address (ADR 026)
      headers: { "x-api-key": `feil-noekkel-${i}`, "content-type": "application/xml" },
      body: "<x/>",
    });
    svar.push(r.status);
    if (r.status === 429) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  // ADR 026: ten wrong keys per address and ten minutes, counted in PostgreSQL by both processes together.
  expect(svar.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(svar.slice(10)).toEqual([429, 429, 429, 429]);
});
