// The import API's reference page (ADR 040), as the service serves it: readable without logging in, with
// and without JavaScript, and axe finds nothing. Its stylesheet loads under the service's CSP.
import { expect, sjekkUu, test } from "./helpers";

test("referansesiden for import-API-et er åpen, lesbar og uten funn fra axe", async ({ page }) => {
  const stilark: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/import/dokumentasjon/stil.css")) stilark.push(r.status());
  });
  await page.goto("/import/dokumentasjon");
  await expect(
    page.getByRole("heading", { level: 1, name: "Digital forhåndsmelding – import-API" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Autentisering" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Forhåndsmeldinger" })).toBeVisible();
  await expect(
    page.getByRole("heading", {
      level: 3,
      name: "PUT /import/importmelding/v2/{orgnr}/{importoerId}/{id}/status",
    }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Problem" })).toBeVisible();
  expect(stilark).toEqual([200]);
  await page.getByRole("navigation", { name: "Innhold" }).getByRole("link", { name: "Skjemaer" }).click();
  await expect(page).toHaveURL(/#skjemaer-tittel$/);
  await sjekkUu(page);
});
