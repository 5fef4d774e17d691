// Who may act for whom from Altinn, the units from Enhetsregisteret (issue 31, ADR 042), through the browser: each
// test registers its own person, unit and delegation in the development Altinn and Enhetsregisteret (their
// development endpoints under /registre), logs in as that person, and sees what Altinn and the register say; when
// Altinn does not answer, the page says so (503, never «Noe gikk feil»). JavaScript on and off.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, sjekkUu, test } from "./helpers";
import { loggInnSom } from "./virksomheter";

/** A national identity number and an organisation number no other run or project uses. */
function nye(prosjekt: string, nr: number) {
  const kjoering = Number(process.env.E2E_KJOERING ?? Date.now()) % 100_000_000;
  const p = prosjekt === "js-pa" ? 1 : 2;
  return {
    pid: `9${String(kjoering).padStart(8, "0")}${p}${nr}`,
    orgnr: `8${String(kjoering).padStart(8, "0").slice(-6)}${p}${nr}`,
  };
}

async function registrer(
  request: APIRequestContext,
  d: { pid: string; orgnr: string; navn: string; virksomhet: string },
) {
  const enhet = await request.post("/registre/enhetsregisteret/dev/enheter", {
    data: { organisasjonsnummer: d.orgnr, navn: d.virksomhet, organisasjonsform: "AS" },
  });
  expect(enhet.status()).toBe(201);
  const delegering = await request.post("/registre/altinn/dev/delegeringer", {
    data: { pid: d.pid, fra: d.orgnr, navn: d.navn },
  });
  expect(delegering.status()).toBe(204);
}

/** Logs in as `pid` with a name of its own at the login, which Altinn's name is to replace. */
const loggInn = (page: Page, pid: string) => loggInnSom(page, { pid, navn: "Navn fra innloggingen" });

test("en person med en delegering i Altinn ser virksomheten med navnet fra Enhetsregisteret, og sitt navn fra Altinn", async ({
  page,
  request,
}, info) => {
  const { pid, orgnr } = nye(info.project.name, 1);
  await registrer(request, { pid, orgnr, navn: "Siri Solberg", virksomhet: "Solberg Stauder AS" });
  await loggInn(page, pid);
  await expect(page).toHaveURL(/\/velg-virksomhet/);
  // A main unit: grouped as one, with no sub-unit to choose (SPEC §6).
  await expect(page.getByRole("heading", { name: /Solberg Stauder AS\s+Org\.nr\./ })).toBeVisible();
  await sjekkUu(page);

  // A sub-unit appears in the register, under the main unit the person has access to: chosen like any other.
  const avd = `${orgnr.slice(0, 8)}${Number(orgnr.slice(8)) === 9 ? 0 : 9}`;
  expect(
    (
      await request.post("/registre/enhetsregisteret/dev/enheter", {
        data: {
          organisasjonsnummer: avd,
          navn: "Solberg Stauder AS avd. Lier",
          organisasjonsform: "BEDR",
          hovedenhet: orgnr,
        },
      })
    ).status(),
  ).toBe(201);
  await page.goto("/velg-virksomhet");
  await page.getByRole("button", { name: /Solberg Stauder AS avd\. Lier/ }).click();
  await expect(page.getByRole("heading", { name: "Solberg Stauder AS avd. Lier", level: 1 })).toBeVisible();
  // The name in the menu is Altinn's, not the login's (on «Velg virksomhet»: home starts with the onboarding).
  await page.goto("/velg-virksomhet");
  await page.getByRole("button", { name: "Meny" }).click();
  const meny = page.getByRole("navigation", { name: "Hovedmeny" });
  await expect(meny.getByText("Siri Solberg")).toBeVisible();
  await expect(meny.getByText("Navn fra innloggingen")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(pid);
});

test("når Altinn ikke svarer, sier siden det (503), og «Prøv igjen» virker når Altinn er tilbake", async ({
  page,
  request,
}, info) => {
  // The page when Altinn does not answer is a 503 by design: Chromium logs it (helpers.ts).
  info.annotations.push({ type: "forventer-503", description: "siden når Altinn ikke svarer" });
  const { pid, orgnr } = nye(info.project.name, 2);
  await registrer(request, { pid, orgnr, navn: "Tor Tangen", virksomhet: "Tangen Tre AS" });
  expect((await request.post("/registre/altinn/dev/feil", { data: { pid, status: 503 } })).status()).toBe(
    204,
  );
  try {
    const svar = page.waitForResponse((r) => new URL(r.url()).pathname === "/velg-virksomhet");
    await loggInn(page, pid);
    await expect(page).toHaveURL(/\/velg-virksomhet/);
    expect((await svar).status()).toBe(503);
    await expect(
      page.getByRole("heading", { name: "Vi får ikke sjekket tilgangen din akkurat nå", level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(/Vi får ikke kontakt med Altinn/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Noe gikk feil" })).toHaveCount(0);
    await expect(page).toHaveTitle(/Tilgangen kan ikke sjekkes nå/);
    await sjekkUu(page);
  } finally {
    await request.post("/registre/altinn/dev/feil", { data: { pid } });
  }
  await page.getByRole("link", { name: "Prøv igjen" }).click();
  await expect(page.getByRole("heading", { name: /Tangen Tre AS\s+Org\.nr\./ })).toBeVisible();
});
