// The evidence pack (issue 24 §3, ADR 038) from the browser, with JavaScript on and off: the link
// "Last ned dokumentasjon (ZIP)" on the registered page and on the assessed (arrived) page downloads one ZIP
// file through the app, with the documents the notification has so far and an index whose SHA-256 sums match.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { pdfSider } from "../pdf-tekst";
import { nySertifikat, vurderSomMyndighet } from "./data";
import { expect, sjekkUu, TIDSGRENSE_LANG, test } from "./helpers";
import { fyllUt, loggInnKari, opprett, prosjekt } from "./veiviser";
import { bekreftRegelverk, loggInnEgen } from "./virksomheter";

const mottaker = { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" };

/** Clicks the link, waits for the download, and opens the ZIP file. */
async function lastNed(
  page: Page,
  lenketekst = "Last ned dokumentasjon (ZIP)",
): Promise<{ navn: string; filer: Record<string, Uint8Array> }> {
  const lenke = page.getByRole("link", { name: lenketekst });
  await expect(lenke).toBeVisible();
  const [nedlasting] = await Promise.all([page.waitForEvent("download"), lenke.click()]);
  const bytes = new Uint8Array(await readFile(await nedlasting.path()));
  // a zip file's local file header
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  return { navn: nedlasting.suggestedFilename(), filer: unzipSync(bytes) };
}

/** Every file but SHA256SUMS is listed in it with its SHA-256, and it holds nothing else. */
function sjekkInnhold(filer: Record<string, Uint8Array>) {
  const sjekksummer = new TextDecoder().decode(filer.SHA256SUMS);
  const linjer = [...sjekksummer.matchAll(/^([0-9a-f]{64}) {2}(\S+)$/gm)];
  expect(linjer.length).toBe(sjekksummer.trimEnd().split("\n").length);
  expect(linjer.map((l) => l[2]).sort()).toEqual(
    Object.keys(filer)
      .filter((f) => f !== "SHA256SUMS")
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
    "SHA256SUMS",
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

// A person who chose English downloads the receipt and the pack in English (issue 33 item 2). The test's own
// organisation and person (ADR 052): the language is stored as the person's preference.
test("kvitteringen og pakken på engelsk for en person som har valgt engelsk", async ({ page }) => {
  test.setTimeout(TIDSGRENSE_LANG);
  const { virksomhet } = await loggInnEgen(page, "Engelsk kvittering");
  await bekreftRegelverk(page);
  const s = await nySertifikat(page.request, {
    prosjekt: prosjekt(),
    mottaker: { navn: virksomhet.navn, organisasjonsnummer: virksomhet.orgnr },
    kunDokumentkontroll: true,
  });
  const id = await opprett(page, s);
  await fyllUt(page, id, "test@example.no", null);
  await page.getByRole("button", { name: "Send inn" }).click();
  // document control only and nothing found: released at once (the arrived page)
  await expect(page).toHaveURL(new RegExp(`/importmelding/${id}/(registrert|ankommet)`));
  await page.goto(`/importmelding/${id}`);
  // the receipt's address beside the pack's (the arrived page links only the pack)
  const pakkeUrl = (await page
    .getByRole("link", { name: "Last ned dokumentasjon (ZIP)" })
    .getAttribute("href"))!;
  const kvitteringUrl = pakkeUrl.replace(/\/dokumentasjon$/, "");

  // Choose English in the header's language control (a form: JavaScript on and off alike).
  await page.getByRole("banner").getByRole("button", { name: "English", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  const svar = await page.request.get(kvitteringUrl);
  expect(svar.status()).toBe(200);
  expect(svar.headers()["content-type"]).toBe("application/pdf");
  expect(svar.headers()["content-disposition"]).toMatch(/filename="receipt-.+\.pdf"/);
  const tekst = pdfSider(await svar.body())
    .flat()
    .map((t) => t.trimEnd())
    .join("\n");
  expect(tekst).toContain("Receipt for digital prior notification");
  expect(tekst).toMatch(/Status\n(Registered|Released)/);
  expect(tekst).toMatch(/Submitted\n\d{2}\/\d{2}\/\d{4}/);
  expect(tekst).toContain("Documentary check only");
  expect(tekst).toMatch(/Page 1 of \d/);
  expect(tekst).not.toContain("Kvittering");
  expect(tekst).not.toContain("Sendt inn");
  expect(tekst).not.toContain("Forhåndsmelding");

  // The evidence pack: its file names and index in English too.
  const pakke = await lastNed(page, "Download documentation (ZIP)");
  expect(pakke.navn).toMatch(/^documentation-.+\.zip$/);
  expect(Object.keys(pakke.filer)).toEqual(
    expect.arrayContaining(["receipt.pdf", "history.csv", "contents.txt"]),
  );
  expect(new TextDecoder().decode(pakke.filer["contents.txt"])).toContain("The documents:");
});
