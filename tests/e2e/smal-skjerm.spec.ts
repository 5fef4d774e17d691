// A phone at 320 CSS px, JavaScript on and off (issue 36 items 6, 9, 10, 11): no word of a heading, link or
// button broken in the middle without a hyphen; the cookie banner takes at most a third of the first screen and
// the page's heading stays on it; the filter panels of the two lists start folded with the filters in use
// summarised and the results first (unchanged on wide screens); the development mail catcher has no sideways
// scroll and no axe finding. Reads only (the demo organisation's lists, the catcher's pages).
import type { Page } from "@playwright/test";
import { createTransport } from "nodemailer";
import { expect, sjekkUu, test } from "./helpers";
import { loggInnKari } from "./veiviser";

const TELEFON = { width: 320, height: 640 };

/**
 * The words of headings, links, buttons and summaries that the line breaks in the middle: two letters or digits
 * of one word on different lines. A break after a hyphen (IM-2026-/1006) or at a space is no break of a word.
 * (Chromium on this machine has no hyphenation dictionaries, so `hyphens: auto` adds no hyphen here: every
 * break between two letters is one without a hyphen.)
 */
async function ordBruttMidtI(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bokstav = /[\p{L}\p{N}]/u;
    const funn: string[] = [];
    const elementer = document.querySelectorAll("h1, h2, h3, h4, a, button, summary, legend, label");
    const range = document.createRange();
    for (const el of elementer) {
      const vandrer = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = vandrer.nextNode() as Text | null; node; node = vandrer.nextNode() as Text | null) {
        const tekst = node.data;
        let forrige: number | null = null;
        for (let i = 0; i < tekst.length; i++) {
          if (!bokstav.test(tekst[i] as string)) {
            forrige = null;
            continue;
          }
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const boks = range.getClientRects()[0];
          if (!boks) continue;
          if (forrige !== null && boks.top > forrige + 2) {
            const start = tekst.slice(0, i).search(/[\p{L}\p{N}]+$/u);
            const slutt = tekst.slice(i).search(/[^\p{L}\p{N}]|$/u);
            funn.push(`${tekst.slice(start, i)}/${tekst.slice(i, i + slutt)} (${el.tagName.toLowerCase()})`);
          }
          forrige = boks.top;
        }
      }
    }
    return [...new Set(funn)];
  });
}

async function ingenSiderulling(page: Page) {
  const { bredde, vindu } = await page.evaluate(() => ({
    bredde: document.documentElement.scrollWidth,
    vindu: window.innerWidth,
  }));
  expect(bredde, `${page.url()} ruller sidelengs`).toBeLessThanOrEqual(vindu);
}

const banner = (page: Page) => page.getByRole("region", { name: "Informasjonskapsler" });

test.describe("320 px", () => {
  test.use({ viewport: TELEFON });

  test("informasjonskapselbanneret tar høyst en tredjedel av første skjerm, og overskriften synes", async ({
    page,
  }) => {
    const sjekk = async (sti: string, overskrift: string | RegExp) => {
      await page.goto(sti);
      await expect(banner(page)).toBeVisible();
      const boks = (await banner(page).boundingBox())!;
      expect(boks.height, `banneret på ${sti} er ${boks.height} px høyt`).toBeLessThanOrEqual(
        TELEFON.height / 3,
      );
      await expect(page.getByRole("heading", { level: 1, name: overskrift })).toBeInViewport({ ratio: 1 });
      await sjekkUu(page);
    };
    await sjekk("/logg-inn", "Logg inn");
    await loggInnKari(page);
    await sjekk("/", /Hageland Import AS avd\. Drammen/);
    await sjekk("/importmeldinger", "Forhåndsmeldinger");
    await sjekk("/sertifikater", "Alle ePhytosertifikater");
    // The whole account is one step away.
    await page.getByText("Hvilke informasjonskapsler?").click();
    await expect(banner(page).getByText("Vi bruker ingen informasjonskapsler til statistikk")).toBeVisible();
    await sjekkUu(page);
  });

  test("ingen ord brytes midt i uten bindestrek", async ({ page }) => {
    await loggInnKari(page);
    await page.goto("/importmeldinger");
    const forste = page.locator(".sertifikatkort a").first();
    const sider = ["/", "/importmeldinger", "/sertifikater", (await forste.getAttribute("href")) as string];
    for (const sti of sider) {
      await page.goto(sti);
      expect.soft(await ordBruttMidtI(page), sti).toEqual([]);
    }
    // The menu's links too
    await page.getByRole("button", { name: "Meny" }).click();
    expect(await ordBruttMidtI(page), "menyen").toEqual([]);
  });

  test("filterpanelene starter lukket med filtrene i bruk oppsummert, og resultatene kommer først", async ({
    page,
  }) => {
    await loggInnKari(page);
    // the cookie banner acknowledged (its own test above): what is measured here is the list's own layout
    await page.goto("/importmeldinger");
    // the answer awaited (as grunnmur's test of the banner does): with JavaScript the banner hides at once, and a
    // navigation before the answer would cancel the request that sets the cookie
    await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().includes("/informasjonskapsler"),
      ),
      banner(page).getByRole("button", { name: "Jeg forstår" }).click(),
    ]);
    await expect(banner(page)).toBeHidden();
    for (const [sti, skjema, verdi] of [
      ["/importmeldinger?status=REGISTRERT", "Filtrer forhåndsmeldinger", "Forhåndsmeldt"],
      ["/sertifikater?meldepliktigVurdering=MELDEPLIKTIG", "Filtrer sertifikater", "Meldepliktig"],
    ] as const) {
      await page.goto(sti);
      const panel = page.getByRole("form", { name: skjema });
      await expect(panel).toBeHidden();
      const aktive = page.locator(".filtervindu__aktive");
      await expect(aktive).toBeVisible();
      await expect(aktive).toContainText(verdi);
      // the results start on the first screen
      const resultater = page.locator("main .sertifikatkort, main .ds-alert").first();
      await expect(resultater).toBeVisible();
      expect((await resultater.boundingBox())!.y, `${sti}: resultatene`).toBeLessThan(TELEFON.height);
      await ingenSiderulling(page);
      await sjekkUu(page);
      await page.getByText("Vis filter").click();
      await expect(panel).toBeVisible();
      await ingenSiderulling(page);
      await sjekkUu(page);
    }
  });

  test("e-postfangeren (/dev/epost) ruller ikke sidelengs og har ingen axe-funn", async ({ page }) => {
    await loggInnKari(page);
    await page.goto("/dev/epost");
    await expect(page.getByRole("heading", { name: "E-postfangeren" })).toBeVisible();
    // An e-mail with what is long in real ones: an address, a subject and a link with no room to break.
    const emne = `Nytt plantesunnhetssertifikat PHYTO.NL.2026.0100003 til Hageland Import AS avd. Drammen ${test.info().project.name}`;
    await sendTilFangeren(page, emne);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("link", { name: emne })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await ingenSiderulling(page);
    await sjekkUu(page);
    await page.getByRole("link", { name: emne }).click();
    await expect(page.getByRole("heading", { name: "Tekstutgaven" })).toBeVisible();
    await ingenSiderulling(page);
    await sjekkUu(page);
  });
});

/** Sends one e-mail to the catcher's SMTP port, as the page names it (the sender role's own alerts come the same way). */
async function sendTilFangeren(page: Page, emne: string) {
  const adresse = await page.locator("code").first().textContent();
  const treff = /smtp:\/\/([^:]+):(\d+)/.exec(adresse ?? "");
  expect(treff, "fangerens SMTP-adresse").not.toBeNull();
  const transport = createTransport({
    host: treff![1],
    port: Number(treff![2]),
    secure: false,
    ignoreTLS: true,
  });
  const lenke = `http://localhost/sertifikat?sertifikatnummer=PHYTO.NL.2026.0100003&dato=2026-11-28&avsenderland=NL&${"x".repeat(80)}`;
  await expect(async () => {
    await transport.sendMail({
      from: "Digital forhåndsmelding <ikke-svar@forhaandsmelding.example.no>",
      to: "varsling.importavdelingen.drammen@hageland-import-eksempel.example.no",
      subject: emne,
      text: `Et nytt sertifikat er kommet.\n\nSe det her: ${lenke}\n`,
      html: `<p>Et nytt sertifikat er kommet. <a href="${lenke}">Se det</a></p>`,
    });
  }).toPass({ timeout: 20_000 });
  transport.close();
}

test("filterpanelene på en bred skjerm: åpne ved siden av resultatene, uten oppsummering", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loggInnKari(page);
  for (const [sti, skjema] of [
    ["/importmeldinger?status=REGISTRERT", "Filtrer forhåndsmeldinger"],
    ["/sertifikater?meldepliktigVurdering=MELDEPLIKTIG", "Filtrer sertifikater"],
  ] as const) {
    await page.goto(sti);
    await expect(page.getByRole("form", { name: skjema })).toBeVisible();
    await expect(page.getByText("Vis filter")).toBeHidden();
    await expect(page.locator(".filtervindu__aktive")).toBeHidden();
    await sjekkUu(page);
  }
});
