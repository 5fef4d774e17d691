import { chromium } from "playwright-core";

const js = process.argv[2] !== "off";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const ctx = await browser.newContext({ javaScriptEnabled: js, baseURL: "http://localhost:3100" });
const page = await ctx.newPage();
const h1 = async (t) =>
  console.log(
    t,
    page.url().replace("http://localhost:3100", ""),
    "|",
    (
      await page
        .locator("main h1")
        .first()
        .textContent()
        .catch(() => "-")
    )?.trim(),
  );
page.on("response", (r) => {
  if (r.status() >= 400) console.log("HTTP", r.status(), r.url());
});
await page.goto("/");
await page.getByRole("link", { name: "Logg inn med ID-porten" }).click();
await page.getByRole("button", { name: /Kari Nordmann/ }).click();
await page.getByRole("button", { name: /Drammen/ }).click();
await page.waitForURL("http://localhost:3100/");
await page.goto("/sertifikater");
await page.getByRole("link", { name: "PHYTO.NL.2026.0100002" }).click();
await page.waitForURL(/sertifikat\?/);
await h1("sertifikat");
await page.screenshot({ path: "/tmp/smoke/sert.png", fullPage: true });
await page.getByRole("button", { name: "Opprett digital forhåndsmelding" }).click();
await page.waitForURL(/avsender/);
await h1("avsender");
await page.getByRole("link", { name: "Bekreft og gå videre" }).click();
await page.waitForURL(/innmelder/);
await h1("innmelder");
await page.getByLabel("E-post").fill("");
await page.getByRole("button", { name: "Lagre og gå videre" }).click();
await page.waitForTimeout(800);
console.log(
  "feil:",
  await page
    .locator(".feiloppsummering")
    .innerText()
    .catch(() => "ingen"),
  "| title:",
  await page.title(),
);
await page.getByLabel("E-post").fill("kari@hageland.example.no");
await page.getByRole("button", { name: "Lagre og gå videre" }).click();
await page.waitForURL(/dokumentkontroll/);
for (let i = 0; i < 5 && page.url().includes("dokumentkontroll"); i++) {
  await h1("spørsmål");
  console.log(await page.locator(".spoersmaal__nummer").innerText());
  const radios = page.locator("input[type=radio][name=svar]");
  const first = radios.first();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await page.waitForTimeout(500);
  console.log(
    "  uten svar:",
    (
      await page
        .locator(".feiloppsummering")
        .innerText()
        .catch(() => "ingen")
    ).replace(/\n/g, " / "),
  );
  const avvik = page.locator("input[type=radio][name=svar][data-avvik]").first();
  if (i === 0 && (await avvik.count())) {
    await avvik.check();
    await page.getByRole("button", { name: "Lagre og gå videre" }).click();
    await page.waitForTimeout(500);
    console.log(
      "  avvik uten kommentar:",
      (
        await page
          .locator(".feiloppsummering")
          .innerText()
          .catch(() => "ingen")
      ).replace(/\n/g, " / "),
    );
    await page.getByLabel("Melding til Mattilsynet").fill("Tilleggserklæringen mangler for linje 2.");
  } else {
    await page.locator("input[type=radio][name=svar]:not([data-avvik])").first().check();
  }
  const url = page.url();
  await page.getByRole("button", { name: "Lagre og gå videre" }).click();
  await page.waitForURL((u) => u.toString() !== url);
}
await h1("ankomst");
await page.getByRole("button", { name: "Lagre og gå videre" }).click();
await page.waitForTimeout(800);
console.log(
  "ankomstfeil:",
  (
    await page
      .locator(".feiloppsummering")
      .innerText()
      .catch(() => "ingen")
  ).replace(/\n/g, " / "),
);
await page.getByLabel("Adresselinje 1").fill("Tollbugata 40");
await page.getByLabel("Postnummer").fill("3044");
await page.getByLabel("Poststed").fill("Drammen");
await page.getByLabel("Dato").fill("2026-11-25");
await page.getByLabel("Ettermiddag (12-16)").check();
const k = page.getByLabel(/Grønt Mottak/);
if (await k.count()) await k.check();
await page.getByRole("button", { name: "Lagre og gå videre" }).click();
await page.waitForTimeout(800);
await h1("sen melding?");
console.log("dialog:", await page.getByRole("heading", { name: /passerer grensen/ }).count());
await page.screenshot({ path: "/tmp/smoke/ankomst.png", fullPage: true });
await page.getByRole("button", { name: "Jeg forstår – lagre" }).click();
await page.waitForURL(/oppsummering/);
await h1("oppsummering");
await page.screenshot({ path: "/tmp/smoke/oppsummering.png", fullPage: true });
await page.getByRole("button", { name: "Send inn" }).click();
await page.waitForURL(/registrert|ankommet/);
await h1("registrert");
await page.screenshot({ path: "/tmp/smoke/registrert.png", fullPage: true });
await browser.close();
