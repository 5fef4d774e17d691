// The consignee is never locked out (issue 22, issue 34 item 1, ADR 027), both sides in the browser, with
// JavaScript on and off: another organisation finds a certificate addressed to Hageland by its keys and starts a
// notification; Hageland sees who did, creates its own, and the other organisation's draft is gone. Submitted,
// the other organisation's notification is not released automatically: it waits for Mattilsynet, says why,
// and is withdrawn when Hageland notifies the shipment itself.
import { ORG } from "../../dev/demo-data";
import { nySertifikat, sertifikatUrl } from "./data";
import { expect, jsPaa, PERSONER, sjekkUu, test } from "./helpers";
import { fyllUt, loggInnKari, loggInnOgVelg, opprett, prosjekt } from "./veiviser";

test("en annen virksomhets utkast stenger ikke ute mottakeren på sertifikatet", async ({ browser, page }) => {
  test.setTimeout(180_000);
  // Each project its own department that has confirmed the regulations (a confirmation cannot be undone).
  const annen = prosjekt() === "js-pa" ? /Blomsterbud Vest AS avd\. Stord/ : /Blomsterbud Vest AS avd\. Voss/;
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
  });

  // The other organisation finds the certificate by its keys and starts a notification.
  await loggInnOgVelg(page, PERSONER.ingrid, annen);
  const utkast = await opprett(page, s);

  // The consignee sees who holds the certificate, and creates its own.
  const ctx = await browser.newContext({ javaScriptEnabled: jsPaa() });
  const kari = await ctx.newPage();
  await loggInnKari(kari);
  await kari.goto(sertifikatUrl(s));
  await expect(
    kari.getByRole("heading", { name: "En annen virksomhet har en forhåndsmelding for sertifikatet" }),
  ).toBeVisible();
  await expect(
    kari.getByText(
      /^Blomsterbud Vest AS avd\. (Stord|Voss) \(org\.nr\. 912 346 4\d\d\) har begynt på en forhåndsmelding for sertifikatet, men står ikke på det\./,
    ),
  ).toBeVisible();
  await sjekkUu(kari);
  const egen = await opprett(kari, s);
  expect(egen).not.toBe(utkast);
  await expect(kari.getByRole("heading", { level: 1 })).toBeVisible();
  await ctx.close();

  // The other organisation's draft is gone (a missing notification is a 404 page, issue 23 item 9), and the
  // certificate page tells it nothing about the consignee's notification.
  const borte = await page.goto(`/importmelding/${utkast}`);
  expect(borte?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Fant ikke forhåndsmeldingen" })).toBeVisible();
  await page.goto(sertifikatUrl(s));
  await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Opprett digital forhåndsmelding" })).toHaveCount(0);
  await expect(page.getByText("En annen virksomhet har en forhåndsmelding")).toHaveCount(0);
});

test("en annen virksomhets innsendte melding frigis ikke automatisk, venter på Mattilsynet og viker for mottakeren", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const annen = prosjekt() === "js-pa" ? /Blomsterbud Vest AS avd\. Stord/ : /Blomsterbud Vest AS avd\. Voss/;
  // Cut roses for decoration: document control only and no risk, released at once when it is the consignee's.
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
    medDeklarasjon: false,
    kunDokumentkontroll: true,
  });

  // The other organisation is told before it creates, before it submits, and after.
  await loggInnOgVelg(page, PERSONER.ingrid, annen);
  await page.goto(sertifikatUrl(s));
  await expect(page.getByRole("heading", { name: "Virksomheten står ikke på sertifikatet" })).toBeVisible();
  await sjekkUu(page);
  const id = await opprett(page, s);
  await fyllUt(page, id, "ingrid@blomsterbud.example.no", null);
  await expect(
    page.getByRole("heading", { name: "Forhåndsmeldingen blir ikke frigitt automatisk" }),
  ).toBeVisible();
  await sjekkUu(page);
  await page.getByRole("button", { name: "Send inn" }).click();
  // Not released: the registered page, not the released dialog
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  await expect(page.getByRole("heading", { name: "Importmeldingen er frigitt" })).toHaveCount(0);
  await expect(page.locator(".merkerad").first()).toHaveText(/^Registrert/);
  const venter = page
    .locator(".varsel")
    .filter({ has: page.getByRole("heading", { name: "Venter på Mattilsynet" }) });
  await expect(venter).toContainText(
    /Blomsterbud Vest AS avd\. (Stord|Voss) står ikke som mottaker på sertifikatet\. Derfor blir sendingen ikke frigitt automatisk/,
  );
  await expect(page.locator("section#historikk .historikk__hendelse").first()).toContainText(
    "Frigis ikke automatisk: ansvarlig importør står ikke som mottaker på sertifikatet.",
  );
  await sjekkUu(page);

  // The consignee sees the submitted notification and what becomes of it, and notifies the shipment itself.
  const ctx = await browser.newContext({ javaScriptEnabled: jsPaa() });
  const kari = await ctx.newPage();
  await loggInnKari(kari);
  await kari.goto(sertifikatUrl(s));
  await expect(
    kari.getByText(
      /^Blomsterbud Vest AS avd\. (Stord|Voss) \(org\.nr\. 912 346 4\d\d\) har sendt inn en forhåndsmelding for sertifikatet med status «Registrert», men står ikke på det, og Mattilsynet har ikke vurdert den\./,
    ),
  ).toBeVisible();
  await expect(kari.getByRole("heading", { name: "Virksomheten står ikke på sertifikatet" })).toHaveCount(0);
  await opprett(kari, s);
  await ctx.close();

  // The other organisation's notification is withdrawn, and its history says why.
  await page.goto(`/importmelding/${id}`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert$`));
  await expect(page.getByRole("heading", { name: "Forhåndsmeldingen er trukket tilbake" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Venter på Mattilsynet" })).toHaveCount(0);
  const trukket = page.locator("section#historikk .historikk__hendelse").first();
  await expect(trukket).toContainText("Trukket tilbake");
  await expect(trukket).toContainText(
    "Hageland Import AS avd. Drammen (912345742) står på sertifikatet og har opprettet sin egen forhåndsmelding",
  );
  await sjekkUu(page);
});
