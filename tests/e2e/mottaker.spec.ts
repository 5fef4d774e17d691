// The consignee is never locked out (issue 22, ADR 027), both sides in the browser, with JavaScript on and
// off: another organisation finds a certificate addressed to Hageland by its keys and starts a notification;
// Hageland sees who did, creates its own, and the other organisation's draft is gone.
import { ORG } from "../../dev/demo-data";
import { nySertifikat, sertifikatUrl } from "./data";
import { expect, jsPaa, PERSONER, sjekkUu, test } from "./helpers";
import { loggInnKari, loggInnOgVelg, opprett, prosjekt } from "./veiviser";

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
