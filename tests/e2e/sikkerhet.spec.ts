import { expect, sjekkUu, test } from "./helpers";

test("sikkerhetshoder på alle svar, og ingen eksterne ressurser", async ({ page }) => {
  const eksterne: string[] = [];
  const cspBrudd: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("http://localhost")) eksterne.push(r.url());
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) cspBrudd.push(m.text());
  });
  const svar = await page.goto("/logg-inn");
  const h = svar!.headers();
  expect(h["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await expect(page.getByRole("heading", { name: "Logg inn" })).toBeVisible();
  await page.goto("/nyttig-info?visMerInfo=sok");
  await expect(page.getByRole("heading", { name: "Nyttig info" })).toBeVisible();
  expect(eksterne).toEqual([]);
  // the nonce-based CSP lets the app's own scripts run and blocks nothing of ours
  expect(cspBrudd).toEqual([]);
});

test("POST fra et annet nettsted eller uten gyldig skjematoken avvises", async ({ page, request }) => {
  // a cross-site form post (Origin / Sec-Fetch-Site) is refused before it reaches the app
  const kryss = await request.post("/meny", {
    form: { meny: "aapne", returnTo: "/" },
    headers: { Origin: "https://angriper.example", "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(kryss.status()).toBe(403);

  // same site, but without the session-bound token
  await page.goto("/logg-inn");
  const utenToken = await page.request.post("/informasjonskapsler", {
    form: { valg: "alle", returnTo: "/" },
    maxRedirects: 0,
  });
  expect(utenToken.status()).toBe(403);
  const feilToken = await page.request.post("/informasjonskapsler", {
    form: { valg: "alle", returnTo: "/", csrf: "feil-token" },
    maxRedirects: 0,
  });
  expect(feilToken.status()).toBe(403);
  // the choice was not stored
  await page.reload();
  await expect(page.getByRole("region", { name: "Informasjonskapsler" })).toBeVisible();
});

test("single fetch (/sti.data, JavaScript på): samme hoder, samme avvisninger som skjemaposten", async ({
  page,
}) => {
  // the data a client navigation fetches: security headers, and no cache keeps it
  const data = await page.request.get("/logg-inn.data");
  expect(data.status()).toBe(200);
  expect(data.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(data.headers()["x-content-type-options"]).toBe("nosniff");
  expect(data.headers()["cache-control"]).toBe("private, no-store");

  const kryss = await page.request.post("/meny.data", {
    form: { meny: "aapne", returnTo: "/" },
    headers: { Origin: "https://angriper.example", "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(kryss.status()).toBe(403);
  const json = await page.request.post("/informasjonskapsler.data", {
    data: { valg: "alle", returnTo: "/" },
    maxRedirects: 0,
  });
  expect(json.status()).toBe(415);
  await page.goto("/logg-inn");
  const utenToken = await page.request.post("/informasjonskapsler.data", {
    form: { valg: "alle", returnTo: "/" },
    maxRedirects: 0,
  });
  expect(utenToken.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole("region", { name: "Informasjonskapsler" })).toBeVisible();
});

test("avbrutt innlogging viser 'Ingen tilgang'", async ({ page }) => {
  await page.goto("/logg-inn");
  await page.getByRole("link", { name: "Logg inn med ID-porten" }).click();
  await page.getByRole("button", { name: "Avbryt" }).click();
  await expect(page.getByRole("heading", { name: "Ingen tilgang" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Logg inn" })).toHaveAttribute("href", "/logg-inn");
  await sjekkUu(page);
  // the state cookies of the attempt are gone
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name.startsWith("oauth2"))).toEqual([]);
});

test("et tilbakekall med forfalsket state gir 'Ingen tilgang'", async ({ page }) => {
  await page.goto("/oauth2/callback/idporten?code=falsk&state=falsk");
  await expect(page.getByRole("heading", { name: "Ingen tilgang" })).toBeVisible();
});

test("innloggingen gir ny sesjons-id og sletter oauth2-cookiene", async ({ page }) => {
  const sesjonscookie = async () =>
    (await page.context().cookies()).find((c) => c.name === "forhaandsmelding")?.value;
  await page.goto("/logg-inn");
  const foer = await sesjonscookie();
  expect(foer).toBeTruthy();
  await page.getByRole("link", { name: "Logg inn med ID-porten" }).click();
  await expect(page.getByRole("heading", { name: "Velg testperson" })).toBeVisible();
  // the attempt's state and PKCE verifier live in an oauth2 cookie while at the provider
  expect((await page.context().cookies()).some((c) => c.name.startsWith("oauth2"))).toBe(true);
  await page.getByRole("button", { name: /Kari Nordmann/ }).click();
  await expect(page).toHaveURL(/\/velg-virksomhet/);
  await expect(page.getByRole("heading", { name: "Velg virksomhet", level: 1 })).toBeVisible();

  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name.startsWith("oauth2"))).toEqual([]);
  const etter = await sesjonscookie();
  expect(etter).toBeTruthy();
  expect(etter).not.toBe(foer);
  // the id from before the login was not logged in, and still is not (it is gone)
  await page.context().addCookies([{ name: "forhaandsmelding", value: foer!, url: page.url() }]);
  await page.goto("/velg-virksomhet");
  await expect(page).toHaveURL(/\/logg-inn\?returnTo=%2Fvelg-virksomhet$/);
  await expect(page.getByText(/økten utløp/)).toHaveCount(0);
});
