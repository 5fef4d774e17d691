import type { Request } from "@playwright/test";
import { nySertifikat } from "./data";
import { expect, jsPaa, sjekkUu, test } from "./helpers";
import { loggInnKari, opprett, prosjekt } from "./veiviser";

// Client weight (ADR 015): zod and the schemas are fetched after the page is shown. With JavaScript the
// browser still validates on its own, with the same messages as the server; without, the server does.
test("innmelder: samme valideringsmeldinger med og uten JavaScript, også når valideringskoden lastes etter siden", async ({
  page,
}) => {
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
  });
  await loggInnKari(page);
  const id = await opprett(page, s);
  await page.goto(`/importmelding/${id}/innmelder`);
  await expect(page.getByRole("heading", { name: "Hvem melder inn?" })).toBeVisible();
  if (jsPaa()) await expect(page.locator("html")).toHaveAttribute("data-klientvalidering", "klar");
  else await expect(page.locator("html")).not.toHaveAttribute("data-klientvalidering", /.*/);

  const innsendinger: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") innsendinger.push(r);
  });
  await page.getByLabel("Navn", { exact: true }).fill("");
  await page.getByLabel("E-post").fill("ikke-en-epost");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  const oppsummering = page.locator(".feiloppsummering");
  await expect(oppsummering).toContainText("Du må angi ditt navn");
  await expect(oppsummering).toContainText("Du må angi en gyldig e-post");
  await expect(page.getByLabel("E-post")).toHaveValue("ikke-en-epost");
  await sjekkUu(page);
  // With JavaScript the browser found the errors itself: nothing was sent to the server.
  expect(innsendinger.length).toBe(jsPaa() ? 0 : 1);

  // Corrected while typing (JavaScript) or on the next submit: the name error goes away.
  await page.getByLabel("Navn", { exact: true }).fill("Kari Nordmann");
  if (!jsPaa()) await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(oppsummering).not.toContainText("Du må angi ditt navn");
  await expect(oppsummering).toContainText("Du må angi en gyldig e-post");
  await page.getByLabel("E-post").fill("kari@hageland.example.no");
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await expect(page).toHaveURL(/dokumentkontroll|ankomst-info/);
});
