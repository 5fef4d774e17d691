// E-mail alerts (issue 10): a certificate delivered to the Hub endpoint arrives as an e-mail in the
// development mail catcher (/dev/epost) with a working link to the certificate page; with SMTP broken for
// real (the catcher stopped, so connections are refused) the home page and the settings page show the
// banner that e-mail sending has problems, and it goes when SMTP is back and the alert is delivered.
import type { APIRequestContext, Page } from "@playwright/test";
import { ORG } from "../../dev/demo-data";
import { nySertifikat, type TestSertifikat } from "./data";
import { expect, PERSONER, sjekkUu, test } from "./helpers";
import { loggInnOgVelg, prosjekt } from "./veiviser";

const BANNER = "Problemer med utsending av e-post";

/**
 * Each project has a unit of its own that no other test delivers to (dev/demo-data.ts), so its alert is
 * never batched with another test's certificate into one "2 nye sertifikater" e-mail.
 */
const enhet = () => {
  const sted = prosjekt() === "js-pa" ? "Stord" : "Voss";
  return {
    navn: `Blomsterbud Vest AS avd. ${sted}`,
    organisasjonsnummer: sted === "Stord" ? ORG.blomsterbudStord : ORG.blomsterbudVoss,
    epost: `${sted.toLowerCase()}@blomsterbud.example.no`,
  };
};

const leverTilEgenEnhet = (request: APIRequestContext) => {
  const { navn, organisasjonsnummer } = enhet();
  return nySertifikat(request, { prosjekt: prosjekt(), mottaker: { navn, organisasjonsnummer } });
};

const loggInnIngrid = (page: Page) =>
  loggInnOgVelg(page, PERSONER.ingrid, new RegExp(enhet().navn.replace(".", "\\.")));

/**
 * Stops or starts the catcher's SMTP server for this project (each project holds its own stop), as the
 * logged-in page (the catcher's pages need a login through the development ID-porten).
 */
async function smtp(request: APIRequestContext, handling: "stopp" | "start") {
  const res = await request.post("/dev/epost/smtp", {
    form: { handling, eier: `e2e-${prosjekt()}` },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
}

/**
 * Reloads the catcher's list until the certificate's e-mail is there (the sender works in the background).
 * The projects share one server and one catcher: while the other project's outage test holds SMTP stopped,
 * this e-mail waits for it to start again, so the wait covers a whole outage test, not only the sending.
 */
async function ventPaaEpost(page: Page, s: TestSertifikat) {
  const lenke = page.getByRole("link", { name: new RegExp(s.sertifikatnummer.replaceAll(".", "\\.")) });
  await expect(async () => {
    await page.goto("/dev/epost");
    await expect(lenke).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 90_000 });
  return lenke;
}

test("et sertifikat levert til Hub-en kommer som e-post i e-postfangeren, med lenke til sertifikatet", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await loggInnIngrid(page);
  const s = await leverTilEgenEnhet(request);

  const lenke = await ventPaaEpost(page, s);
  await expect(page.getByRole("heading", { name: "E-postfangeren", level: 1 })).toBeVisible();
  await expect(page.getByRole("table")).toContainText(enhet().epost);
  await sjekkUu(page);
  await lenke.click();

  await expect(
    page.getByRole("heading", { name: `Nytt sertifikat ${s.sertifikatnummer} fra Nederland`, level: 1 }),
  ).toBeVisible();
  await expect(page.locator("dd").filter({ hasText: enhet().epost })).toBeVisible();
  const meldingsside = page.url();
  const tekst = page.locator("pre");
  await expect(tekst).toContainText(`Sertifikat ${s.sertifikatnummer}`);
  await expect(tekst).toContainText("Eksportland: Nederland");
  await expect(tekst).toContainText("Frist for forhåndsmelding:");
  await sjekkUu(page);
  // The link in the plain-text version opens the certificate page.
  const nr = s.sertifikatnummer.replaceAll(".", "\\.");
  await expect(tekst.getByRole("link", { name: new RegExp(`sertifikatnummer=${nr}`) })).toBeVisible();
  await expect(tekst.getByRole("link", { name: /\/innstillinger\?side=Varslinger$/ })).toBeVisible();

  // The HTML version: real headings, and links that say where they go.
  await page.getByRole("link", { name: "Vis HTML-utgaven av e-posten" }).click();
  await expect(
    page.getByRole("heading", { name: `Nytt sertifikat til ${enhet().navn}`, level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { name: `Sertifikat ${s.sertifikatnummer}`, level: 2 }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Innstillinger, Varslinger/ })).toHaveAttribute(
    "href",
    /\/innstillinger\?side=Varslinger$/,
  );
  await sjekkUu(page);
  await page
    .getByRole("link", { name: `Åpne sertifikat ${s.sertifikatnummer} i Digital forhåndsmelding` })
    .click();
  await expect(page).toHaveURL(/\/sertifikat\?/);
  await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();

  // And so does the one in the plain-text version.
  await page.goto(meldingsside);
  await tekst.getByRole("link", { name: new RegExp(`sertifikatnummer=${nr}`) }).click();
  await expect(page.getByRole("heading", { name: s.sertifikatnummer, level: 1 })).toBeVisible();
});

test("SMTP brutt: forsiden og innstillingene sier at e-postutsendingen har problemer, til SMTP virker igjen", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await loggInnIngrid(page);
  await expect(page.getByRole("heading", { name: BANNER })).toHaveCount(0);

  let s: TestSertifikat | undefined;
  try {
    await smtp(page.request, "stopp");
    await page.goto("/dev/epost");
    await expect(page.getByText(/Stoppet: tilkoblinger til smtp:\/\/127\.0\.0\.1:\d+ avvises/)).toBeVisible();
    await sjekkUu(page);

    // An alert the sender tries, and fails, to send.
    s = await leverTilEgenEnhet(request);
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByRole("heading", { name: BANNER })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await expect(page.locator("#epost-banner")).toContainText(
      "Vi har for tiden problemer med å sende e-post.",
    );
    await sjekkUu(page);
    await page.getByRole("link", { name: "Se innstillingene for e-postvarsler" }).click();
    await expect(page).toHaveURL(/\/innstillinger\?side=Varslinger$/);
    await expect(page.getByRole("heading", { name: BANNER })).toBeVisible();
    await sjekkUu(page);
  } finally {
    await smtp(page.request, "start");
  }

  // SMTP is back: the alert is delivered (nothing lost) and the banner goes.
  await ventPaaEpost(page, s);
  await expect(async () => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Søk etter sertifikat" })).toBeVisible({ timeout: 500 });
    await expect(page.getByRole("heading", { name: BANNER })).toHaveCount(0);
  }).toPass({ timeout: 60_000 });
});

test("e-postfangeren viser ingenting uten innlogging", async ({ request }) => {
  for (const sti of ["/dev/epost", "/dev/epost/1", "/dev/epost/stil.css"]) {
    const res = await request.get(sti, { maxRedirects: 0 });
    expect(res.status(), sti).toBe(302);
    expect(res.headers().location).toBe(`/logg-inn?returnTo=${encodeURIComponent(sti)}`);
  }
  const post = await request.post("/dev/epost/smtp", { form: { handling: "stopp" }, maxRedirects: 0 });
  expect(post.status()).toBe(302);
});
