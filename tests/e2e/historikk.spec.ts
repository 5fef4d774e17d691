// The notification's history (Historikk, issue 24 §1, ADR 033) on the summary of a draft, the registered page
// and the arrived page, with JavaScript on and off: newest first, Oslo time, the person's name and
// organisation (never a national identity number), Mattilsynet and ePhyto-hub for the system's events, and
// a long history a page at a time through a plain link. The milestones stand out and the changes between them
// are grouped one step away (ADR 059): 22 changes of the own reference do not bury the submission.
import type { APIRequestContext, Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { formaterDatoTid } from "../../domain/format";
import { HUB_API_KEY, nySertifikat, type TestSertifikat, vurderSomMyndighet } from "./data";
import { expect, PERSONER, sjekkUu, TIDSGRENSE_LANG, test } from "./helpers";
import { fyllUt, loggInnKari, opprett, prosjekt } from "./veiviser";

const mottaker = { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" };
const KARI = "Kari Nordmann, Hageland Import AS avd. Drammen";

const historikk = (page: Page) => page.locator("section#historikk");
/** The entries of the list: a milestone, or a group of changes of one kind (a <details>). */
const hendelser = (page: Page) => historikk(page).locator(":scope > ol > li");

/** Each shown event's title, who, and time is Oslo time of its instant; the whole section shows no pid. */
async function sjekkHendelser(page: Page) {
  const tekst = (await historikk(page).textContent()) ?? "";
  for (const p of Object.values(PERSONER)) expect(tekst).not.toContain(p.pid);
  const tider = historikk(page).locator("time");
  for (let i = 0; i < (await tider.count()); i++) {
    const t = tider.nth(i);
    await expect(t).toHaveText(formaterDatoTid((await t.getAttribute("datetime"))!));
  }
}

/** A newer delivery of the certificate from the hub, with sender `avsender`, issued `minutt` minutes later. */
async function leverPaaNytt(request: APIRequestContext, s: TestSertifikat, avsender: string, minutt: number) {
  const xml = lagSertifikatXml({
    nummer: s.sertifikatnummer,
    utstedt: `${s.dato}T10:${String(minutt).padStart(2, "0")}:00`,
    utsteder: "Nederlandse Voedsel- en Warenautoriteit",
    avsender: { navn: avsender, adresse: ["Naaldwijkseweg 5", "2691 RA 's-Gravenzande", "Netherlands"] },
    mottaker: { ...mottaker, adresse: ["Tollbugata 40", "3044 Drammen"] },
    eksportland: "NL",
    varelinjer: [
      {
        navn: "Rose",
        botaniskNavn: "Rosa",
        plantedel: "Cut flowers",
        tilsiktetBruk: "Decoration",
        antall: { verdi: 1000, enhet: "H87" },
        opprinnelsesland: [{ kode: "NL" }],
      },
    ],
  } as Parameters<typeof lagSertifikatXml>[0]);
  const res = await request.post("/import/ephyto/v1/sertifikat", {
    headers: { "X-Api-Key": HUB_API_KEY, "Content-Type": "application/xml" },
    data: xml,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/**
 * The own reference of the submitted notification changed `ganger` times (as the registered page's form posts
 * it, without the page between: the history is what is tested), to «Ordre <fra>», «Ordre <fra + 1>» ….
 */
async function endreReferanse(page: Page, id: string, ganger: number, fra = 1) {
  await page.goto(`/importmelding/${id}/registrert`);
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  for (let i = fra; i < fra + ganger; i++) {
    const res = await page.request.post(`/importmelding/${id}/registrert`, {
      form: { csrf, intent: "egenreferanse", egenReferanse: `Ordre ${i}` },
      maxRedirects: 0,
    });
    expect(res.status(), await res.text()).toBe(302);
  }
}

test("historikken i oppsummeringen, på den innsendte og den vurderte siden", async ({ page }) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const s = await nySertifikat(page.request, { prosjekt: prosjekt(), mottaker });
  const id = await opprett(page, s);
  await fyllUt(page, id);

  // The summary of the draft: newest first, creation last, each by Kari for Hageland.
  await expect(historikk(page).getByRole("heading", { name: "Historikk", level: 2 })).toBeVisible();
  await expect(hendelser(page).first()).toContainText("Ankomst endret");
  await expect(hendelser(page).first()).toContainText(KARI);
  await expect(hendelser(page).first()).toContainText("Kontrollsted: «Tollbugata 40, 3044 Drammen»");
  await expect(hendelser(page).last()).toContainText("Opprettet");
  await expect(hendelser(page).last()).toContainText(`Fra sertifikat ${s.sertifikatnummer} (Nederland)`);
  await expect(historikk(page)).toContainText("Innmelders e-post: «test@example.no»");
  await expect(historikk(page).getByRole("link", { name: "Vis eldre hendelser" })).toHaveCount(0);
  await sjekkHendelser(page);
  await sjekkUu(page);

  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  await expect(hendelser(page).first()).toContainText("Sendt inn til Mattilsynet");

  // The own reference changed on the registered page: from what to what.
  await page.goto(`/importmelding/${id}/registrert?endre=referanse`);
  await page.getByLabel(/Egen referanse/).fill("Ordre 77");
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page.getByText("Egen referanse: Ordre 77")).toBeVisible();
  await expect(hendelser(page).first()).toContainText("Egen referanse endret");
  await expect(hendelser(page).first()).toContainText("Egen referanse: «Ordre 77»");
  await expect(hendelser(page).first()).toContainText(KARI);
  await sjekkHendelser(page);
  await sjekkUu(page);

  // The authority's assessment with its reason, shown as Mattilsynet on the arrived page.
  const res = await vurderSomMyndighet(page, id, {
    status: "AVVIST",
    begrunnelse: "Mangler tilleggserklæring",
    vedtaksbrevReferanse: "2026/0042",
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`/importmelding/${id}`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet`));
  const vurdert = hendelser(page).first();
  // Assessed before the shipment arrived (ADR 041)
  await expect(vurdert).toContainText("Vurdert av Mattilsynet før ankomst: Avvist");
  await expect(vurdert).toContainText("Sendingen var ikke ankommet. Det skal ikke gjøres mottakskontroll.");
  await expect(vurdert).toContainText("Mattilsynet");
  await expect(vurdert).toContainText("Begrunnelse: Mangler tilleggserklæring");
  await sjekkHendelser(page);
  await sjekkUu(page);
});

test("22 endringer av egen referanse begraver ikke innsendingen: de er én gruppe ett steg unna", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const s = await nySertifikat(page.request, { prosjekt: prosjekt(), mottaker });
  const id = await opprett(page, s);
  await fyllUt(page, id);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  await endreReferanse(page, id, 22);

  await page.goto(`/importmelding/${id}/registrert`);
  const gruppe = hendelser(page).first();
  const sammendrag = gruppe.locator("summary");
  await expect(sammendrag).toContainText("Egen referanse endret 22 ganger");
  await expect(sammendrag).toContainText(new RegExp(`sist \\d.* – ${KARI}`));
  // the milestones are right below, with their details; the 22 changes are one step away
  const sendt = hendelser(page).nth(1);
  await expect(sendt.locator(".historikk__tittel")).toHaveText("Sendt inn til Mattilsynet");
  await expect(sendt).toBeVisible();
  await expect(historikk(page).getByText("Opprettet", { exact: true })).toBeVisible();
  await expect(gruppe.getByText("Egen referanse: endret fra «Ordre 21» til «Ordre 22»")).toBeHidden();
  await expect(historikk(page).getByRole("link", { name: "Vis eldre hendelser" })).toHaveCount(0);
  await sjekkHendelser(page);
  await sjekkUu(page);

  // Opened (a <details>: the same with JavaScript off): every change, newest first, with when and who.
  await sammendrag.click();
  const endringer = gruppe.locator(".historikk__gruppeliste > li");
  await expect(endringer).toHaveCount(22);
  await expect(endringer.first()).toBeVisible();
  await expect(endringer.first()).toContainText("Egen referanse: endret fra «Ordre 21» til «Ordre 22»");
  await expect(endringer.first()).toContainText(KARI);
  await expect(endringer.last()).toContainText("Egen referanse: «Ordre 1»");
  await sjekkHendelser(page);
  await sjekkUu(page);
  // on a phone (320 px) the opened group fits without sideways scrolling
  const vindu = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await sjekkUu(page);
  await page.setViewportSize(vindu);

  // The authority's assessment is the newest milestone, the group stays as it was below it.
  const res = await vurderSomMyndighet(page, id, { status: "FRIGITT", begrunnelse: "I orden" });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`/importmelding/${id}`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet`));
  await expect(hendelser(page).first().locator(".historikk__tittel")).toHaveText(
    "Vurdert av Mattilsynet før ankomst: Frigitt",
  );
  await expect(hendelser(page).nth(1).locator("summary")).toContainText("Egen referanse endret 22 ganger");
  await expect(hendelser(page).nth(2).locator(".historikk__tittel")).toHaveText("Sendt inn til Mattilsynet");
  await sjekkUu(page);

  // The evidence pack's history keeps every change (it is the record).
  const href = await page.getByRole("link", { name: "Last ned dokumentasjon (ZIP)" }).getAttribute("href");
  const zip = await page.request.get(href!);
  expect(zip.status()).toBe(200);
  const csv = new TextDecoder().decode(unzipSync(new Uint8Array(await zip.body()))["historikk.csv"]);
  expect(csv.match(/Egen referanse endret/g)).toHaveLength(22);
});

test("en lang historikk vises 20 oppføringer om gangen, med fokus på den første nye og lenker som virker uten JavaScript", async ({
  page,
}) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const s = await nySertifikat(page.request, { prosjekt: prosjekt(), mottaker });
  const id = await opprett(page, s);
  await fyllUt(page, id);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  // 11 newer deliveries of the certificate (ePhyto-hub's events), each followed by a change of the own
  // reference: 22 entries of their own, since only changes of one kind in a row are grouped.
  for (let i = 1; i <= 11; i++) {
    await leverPaaNytt(page.request, s, `Avsender ${i}`, i);
    await endreReferanse(page, id, 1, i);
  }

  await page.goto(`/importmelding/${id}/registrert`);
  await expect(hendelser(page)).toHaveCount(20);
  await expect(hendelser(page).first()).toContainText("Egen referanse endret");
  await expect(hendelser(page).first()).toContainText("Egen referanse: endret fra «Ordre 10» til «Ordre 11»");
  await expect(hendelser(page).nth(1)).toContainText("Ny versjon av sertifikatet");
  await expect(hendelser(page).nth(1)).toContainText("ePhyto-hub");
  await expect(hendelser(page).nth(1)).toContainText("Avsender: endret fra «Avsender 10» til «Avsender 11»");
  await expect(historikk(page).getByRole("link", { name: "Vis nyeste hendelser" })).toHaveCount(0);
  await sjekkUu(page);

  // The older page replaces the list; focus is on its first entry (JS off: the link's anchor puts it there).
  await historikk(page).getByRole("link", { name: "Vis eldre hendelser" }).click();
  await expect(page).toHaveURL(/\?foer=\d+#historikk-start$/);
  await expect(historikk(page)).toContainText("Viser eldre hendelser.");
  await expect(hendelser(page).first()).toContainText("Egen referanse: «Ordre 1»");
  await expect(hendelser(page).first()).toBeFocused();
  await expect(hendelser(page).nth(1)).toContainText(
    "Avsender: endret fra «Zaadhandel Westland B.V.» til «Avsender 1»",
  );
  await expect(hendelser(page).last()).toContainText("Opprettet");
  await expect(historikk(page).getByText("Sendt inn til Mattilsynet")).toBeVisible();
  await expect(historikk(page).getByRole("link", { name: "Vis eldre hendelser" })).toHaveCount(0);
  await sjekkHendelser(page);
  await sjekkUu(page);

  await historikk(page).getByRole("link", { name: "Vis nyeste hendelser" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert#historikk-start$`));
  await expect(hendelser(page)).toHaveCount(20);
  await expect(hendelser(page).first()).toContainText("«Ordre 11»");
  await expect(hendelser(page).first()).toBeFocused();
});
