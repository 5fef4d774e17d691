// The evidence pack (issue 24 §3, ADR 038) from the browser, with JavaScript on and off: the link
// "Last ned dokumentasjon (ZIP)" on the registered page and on the assessed (arrived) page downloads one ZIP
// file through the app, with the documents the notification has so far and an index whose SHA-256 sums match.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { nySertifikat, vurderSomMyndighet } from "./data";
import { expect, sjekkUu, TIDSGRENSE_LANG, test } from "./helpers";
import { fyllUt, loggInnKari, opprett, prosjekt } from "./veiviser";

const mottaker = { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" };

/** Clicks the link, waits for the download, and opens the ZIP file. */
async function lastNed(page: Page): Promise<{ navn: string; filer: Record<string, Uint8Array> }> {
  const lenke = page.getByRole("link", { name: "Last ned dokumentasjon (ZIP)" });
  await expect(lenke).toBeVisible();
  const [nedlasting] = await Promise.all([page.waitForEvent("download"), lenke.click()]);
  const bytes = new Uint8Array(await readFile(await nedlasting.path()));
  // a zip file's local file header
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  return { navn: nedlasting.suggestedFilename(), filer: unzipSync(bytes) };
}

/** Every file but the index is listed in it with its SHA-256. */
function sjekkInnhold(filer: Record<string, Uint8Array>) {
  const innhold = new TextDecoder().decode(filer["innhold.txt"]);
  const linjer = [...innhold.matchAll(/^([0-9a-f]{64}) {2}(\S+)$/gm)];
  expect(linjer.map((l) => l[2]).sort()).toEqual(
    Object.keys(filer)
      .filter((f) => f !== "innhold.txt")
      .sort(),
  );
  for (const [, hash, navn] of linjer) {
    expect(
      createHash("sha256")
        .update(filer[navn as string]!)
        .digest("hex"),
    ).toBe(hash);
  }
}

test("dokumentasjonspakken fra den innsendte og den vurderte siden", async ({ page }) => {
  test.setTimeout(TIDSGRENSE_LANG);
  await loggInnKari(page);
  const s = await nySertifikat(page.request, { prosjekt: prosjekt(), mottaker });
  const id = await opprett(page, s);
  await fyllUt(page, id);
  // A draft has no pack: the link is not on the summary.
  await expect(page.getByRole("link", { name: "Last ned dokumentasjon (ZIP)" })).toHaveCount(0);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/registrert`));
  // the page itself, without the "sent" dialog over it
  await page.goto(`/importmelding/${id}/registrert`);
  await sjekkUu(page);

  const innsendt = await lastNed(page);
  expect(innsendt.navn).toMatch(/^dokumentasjon-.+\.zip$/);
  expect(Object.keys(innsendt.filer).sort()).toEqual([
    "ephyto-sertifikat.xml",
    "historikk.csv",
    "historikk.pdf",
    "innhold.txt",
    "kvittering.pdf",
    "sertifikat.pdf",
  ]);
  const xml = new TextDecoder().decode(innsendt.filer["ephyto-sertifikat.xml"]);
  expect(xml).toContain(s.sertifikatnummer);
  for (const pdf of ["sertifikat.pdf", "kvittering.pdf", "historikk.pdf"]) {
    expect(Buffer.from(innsendt.filer[pdf]!).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  }
  expect(new TextDecoder().decode(innsendt.filer["historikk.csv"])).toContain("Sendt inn til Mattilsynet");
  sjekkInnhold(innsendt.filer);

  // Assessed by the authority: the arrived page has the link, and the pack has the assessment.
  const res = await vurderSomMyndighet(page, id, {
    status: "AVVIST",
    begrunnelse: "Mangler tilleggserklæring",
    vedtaksbrevReferanse: "2026/0042",
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`/importmelding/${id}`);
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/ankommet`));
  await sjekkUu(page);
  const vurdert = await lastNed(page);
  expect(Object.keys(vurdert.filer)).toContain("vurdering.pdf");
  expect(
    Buffer.from(vurdert.filer["ephyto-sertifikat.xml"]!).equals(
      Buffer.from(innsendt.filer["ephyto-sertifikat.xml"]!),
    ),
  ).toBe(true);
  expect(new TextDecoder().decode(vurdert.filer["innhold.txt"])).toContain(
    "vurdering.pdf: Mattilsynets vurdering",
  );
  sjekkInnhold(vurdert.filer);
});
