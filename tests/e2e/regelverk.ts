// The one way to confirm the regulations (issue 36 item 12, ADR 060), as a person meets it on home, in Profil
// and on the certificate page: the same choice, the same box with SPEC's text, the same answers to the same
// mistakes. Only ever on an organisation of the test's own: the confirmation cannot be taken back (ADR 052).
import type { Locator, Page } from "@playwright/test";
import { expect, sjekkUu, tabTil } from "./helpers";

export const REGELVERK = {
  legende: "Kjenner virksomheten regelverket?",
  ja: "Ja, vi bekrefter at virksomheten kjenner regelverket",
  nei: "Nei, vi skal ikke melde import",
  boks: "Virksomheten kjenner regelverket for import av planter",
  hjelp: "Denne boksen må hukes av for at din bedrift skal kunne melde import.",
  ikkeLagret: "Ingenting er lagret. Virksomheten kan ikke melde import før regelverket er bekreftet.",
};

/** The form, not yet answered: the two choices and the box, described by SPEC's text. */
export async function forventRegelverkskjema(omraade: Locator) {
  const valg = omraade.getByRole("group", { name: REGELVERK.legende });
  await expect(valg.getByRole("radio")).toHaveCount(2);
  await expect(valg.getByRole("radio", { name: REGELVERK.ja })).not.toBeChecked();
  await expect(valg.getByRole("radio", { name: REGELVERK.nei })).not.toBeChecked();
  const boks = omraade.getByRole("checkbox", { name: REGELVERK.boks });
  await expect(boks).not.toBeChecked();
  await expect(boks).toBeEnabled();
  await expect(boks).toHaveAccessibleDescription(REGELVERK.hjelp);
}

/** Chooses with the keyboard as in any radio group: Tab reaches the chosen one (or the first), arrows move. */
async function velgMedTastatur(page: Page, omraade: Locator, navn: string) {
  const valg = omraade.getByRole("group", { name: REGELVERK.legende });
  const maal = valg.getByRole("radio", { name: navn });
  if (await maal.isChecked()) return;
  const valgt = valg.getByRole("radio", { checked: true });
  const start = (await valgt.count()) > 0 ? valgt : valg.getByRole("radio").first();
  await tabTil(page, start);
  if ((await start.getAttribute("value")) === (await maal.getAttribute("value")))
    await page.keyboard.press("Space");
  else await page.keyboard.press(navn === REGELVERK.ja ? "ArrowUp" : "ArrowDown");
  await expect(maal).toBeChecked();
}

/**
 * Answers the form with the keyboard only through every refusal: nothing chosen, 'Nei' (nothing stored), 'Ja'
 * without the box; axe in each state. Then ticks the box and presses `knapp`; what follows is the caller's.
 * `omraade` finds the form's surroundings again after each answer (a dialog with JavaScript, a section without).
 */
export async function bekreftMedAvvisningene(page: Page, omraade: () => Locator, knapp: string) {
  const trykk = async () => {
    await tabTil(page, omraade().getByRole("button", { name: knapp, exact: true }));
    await page.keyboard.press("Enter");
  };
  await forventRegelverkskjema(omraade());
  await sjekkUu(page);

  await trykk();
  await expect(omraade().getByRole("group", { name: REGELVERK.legende })).toContainText(
    "Du må velge et alternativ",
  );
  await sjekkUu(page);

  await velgMedTastatur(page, omraade(), REGELVERK.nei);
  await trykk();
  await expect(omraade().getByRole("status").filter({ hasText: REGELVERK.ikkeLagret })).toBeVisible();
  await expect(omraade().getByRole("radio", { name: REGELVERK.nei })).toBeChecked();
  await sjekkUu(page);

  await velgMedTastatur(page, omraade(), REGELVERK.ja);
  await trykk();
  const boks = omraade().getByRole("checkbox", { name: REGELVERK.boks });
  // the box's message is SPEC's text, now as an error
  await expect(boks).toHaveAttribute("aria-invalid", "true");
  await expect(boks).toHaveAccessibleDescription(REGELVERK.hjelp);
  await expect(omraade().getByRole("radio", { name: REGELVERK.ja })).toBeChecked();
  await sjekkUu(page);

  await tabTil(page, boks);
  await page.keyboard.press("Space");
  await expect(boks).toBeChecked();
  await trykk();
}
