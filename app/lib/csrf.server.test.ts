// The shared CSRF checks (docs/decisions/003-csrf.md): server/web.ts's Origin / Sec-Fetch-Site check over real
// HTTP, the token check in lesSkjema, and a generated test that posts without a token to every route
// module that has an action.
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db";
import { loadConfig } from "../../server/config";
import { bareSkjemaPosts, sameOriginPosts } from "../../server/index";
import { createTestDatabase } from "../../tests/support/test-db";
import { CSRF_FIELD, lesSkjema } from "./csrf.server";
import { commitSession, getSession } from "./session.server";

const TOKEN = "riktig-token-0123456789abcdefghij";
const SAMME_LENGDE = "feil!!-token-0123456789abcdefghij";

let handle: DatabaseHandle;
let context: AppLoadContext;
/** A stand-in import API over real HTTP that records every call, so a refused post is seen to write nothing. */
let api: Server;
const apiKall: Array<{ method: string; url: string }> = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    apiKall.push({ method: req.method ?? "", url: req.url ?? "" });
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  api.listen(0, "127.0.0.1");
  await new Promise((r) => api.once("listening", r));
  handle = await createTestDatabase({ seed: false });
  context = {
    config: {
      ...loadConfig({ SESSION_SECRET: "test" }),
      importApiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    },
    db: handle.db,
    cspNonce: "",
  };
});
afterAll(async () => {
  await handle?.close();
  await new Promise<void>((r) => api.close(() => r()));
});

/** A logged-in session with a chosen organisation and the given CSRF token; returns its Cookie header. */
async function innloggetCookie(token = TOKEN): Promise<string> {
  const session = await getSession(new Request("http://localhost/"), context);
  session.set("csrf", token);
  session.set("varInnlogget", true);
  session.set("bruker", {
    pid: "12345678901",
    navn: "Test Testesen",
    idToken: "id",
    accessToken: "tilgang",
    accessTokenUtloeper: Date.now() + 60 * 60 * 1000,
  });
  session.set("avgiver", {
    navn: "Test AS",
    organisasjonsnummer: "910000001",
    formatertOrganisasjonsnummer: "910 000 001",
    adresse: null,
    hovedenhet: null,
    hovedenhetnavn: null,
    importoerId: 1,
  });
  return (await commitSession(session, context)).split(";")[0]!;
}

function post(cookie: string, felt: Record<string, string>, url = "http://localhost/meny"): Request {
  return new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(felt),
  });
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    const r = await p;
    return r instanceof Response ? r.status : 200;
  } catch (e) {
    if (e instanceof Response) return e.status;
    throw e;
  }
}

describe("lesSkjema: tokenet i skjemaet mot sesjonen", () => {
  it("godtar riktig token", async () => {
    const cookie = await innloggetCookie();
    const { formData } = await lesSkjema(post(cookie, { [CSRF_FIELD]: TOKEN, a: "1" }), context);
    expect(formData.get("a")).toBe("1");
  });

  it("avviser et feil token med samme lengde (sammenligner innholdet, ikke bare lengden)", async () => {
    const cookie = await innloggetCookie();
    expect(SAMME_LENGDE.length).toBe(TOKEN.length);
    expect(await status(lesSkjema(post(cookie, { [CSRF_FIELD]: SAMME_LENGDE }), context))).toBe(403);
  });

  it("avviser manglende, tomt og for kort eller langt token", async () => {
    const cookie = await innloggetCookie();
    for (const felt of [
      {},
      { [CSRF_FIELD]: "" },
      { [CSRF_FIELD]: TOKEN.slice(1) },
      { [CSRF_FIELD]: `${TOKEN}x` },
    ] as Record<string, string>[]) {
      expect(await status(lesSkjema(post(cookie, felt), context))).toBe(403);
    }
  });

  it("sender til innlogging (og tilbake) når sesjonen ikke har noe token", async () => {
    const r = await status(lesSkjema(post("", { [CSRF_FIELD]: TOKEN }), context));
    expect(r).toBe(302);
  });
});

describe("sameOriginPosts: Origin og Sec-Fetch-Site over ekte HTTP", () => {
  let server: Server;
  let base: string;
  let slapptGjennom = 0;
  const APP = "http://app.example";

  beforeAll(async () => {
    const app = express();
    app.use(sameOriginPosts({ ...loadConfig({ SESSION_SECRET: "test" }), appUrl: `${APP}/` }));
    app.use(bareSkjemaPosts);
    app.all("*", (_req, res) => {
      slapptGjennom++;
      res.status(200).send("ok");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  async function send(headers: Record<string, string>, method = "POST"): Promise<number> {
    const foer = slapptGjennom;
    const res = await fetch(`${base}/meny`, {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: method === "GET" ? undefined : "a=1",
    });
    const tekst = await res.text();
    if (res.status === 403) {
      expect(tekst).toBe("Forespørselen kom fra et annet nettsted og ble avvist.");
      expect(slapptGjennom).toBe(foer);
    }
    return res.status;
  }

  it("slipper gjennom samme opphav, og forespørsler uten Origin og Sec-Fetch-Site (gamle nettlesere)", async () => {
    expect(await send({ Origin: APP, "Sec-Fetch-Site": "same-origin" })).toBe(200);
    expect(await send({ Origin: base })).toBe(200);
    expect(await send({ "Sec-Fetch-Site": "none" })).toBe(200);
    // Missing Origin alone: allowed (the token is the second layer) …
    expect(await send({ "Sec-Fetch-Site": "same-origin" })).toBe(200);
    expect(await send({})).toBe(200);
  });

  it("avviser feil Origin alene", async () => {
    expect(await send({ Origin: "http://evil.example" })).toBe(403);
    expect(await send({ Origin: "http://app.example.evil.example" })).toBe(403);
    expect(await send({ Origin: "null" })).toBe(403);
  });

  it("avviser Sec-Fetch-Site fra et annet nettsted alene (også uten Origin)", async () => {
    expect(await send({ "Sec-Fetch-Site": "cross-site" })).toBe(403);
    expect(await send({ "Sec-Fetch-Site": "same-site" })).toBe(403);
    expect(await send({ Origin: APP, "Sec-Fetch-Site": "cross-site" })).toBe(403);
  });

  it("en action får bare skjemaer: JSON, XML og tekst gir 415, ikke 500", async () => {
    for (const type of ["application/json", "text/plain", "application/xml"]) {
      const foer = slapptGjennom;
      const res = await fetch(`${base}/innstillinger`, {
        method: "POST",
        headers: { Origin: APP, "Content-Type": type },
        body: '{"csrf":"x"}',
      });
      expect(res.status, type).toBe(415);
      expect(await res.text()).toMatch(/^Skjemaet må sendes som et vanlig skjema/);
      expect(slapptGjennom).toBe(foer);
    }
    expect(await send({ Origin: APP, "Content-Type": "application/x-www-form-urlencoded" })).toBe(200);
    expect(await send({ Origin: APP, "Content-Type": "multipart/form-data; boundary=x" })).toBe(200);
  });

  it("gjelder også single fetch-adressene (/sti.data) nettleseren poster til med JavaScript", async () => {
    const post = (sti: string, headers: Record<string, string>, body = "a=1") =>
      fetch(`${base}${sti}`, { method: "POST", headers, body }).then((r) => r.status);
    const skjema = { "Content-Type": "application/x-www-form-urlencoded" };
    expect(await post("/meny.data", { ...skjema, Origin: "http://evil.example" })).toBe(403);
    expect(await post("/_root.data?index", { ...skjema, "Sec-Fetch-Site": "cross-site" })).toBe(403);
    expect(await post("/innstillinger.data", { Origin: APP, "Content-Type": "application/json" }, "{}")).toBe(
      415,
    );
    expect(await post("/meny.data", { ...skjema, Origin: APP, "Sec-Fetch-Site": "same-origin" })).toBe(200);
  });

  it("sjekker alle metoder som kan endre noe, ikke GET", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      expect(await send({ Origin: "http://evil.example" }, method)).toBe(403);
    }
    expect(await send({ Origin: "http://evil.example" }, "GET")).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Every route module with an action, found from app/routes: a post without a valid token is refused (403)
// and writes nothing to the import API. A new route with an action fails here until it is covered.

const ROUTES = path.resolve(__dirname, "../routes");
const medAction = readdirSync(ROUTES)
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"))
  .filter((f) =>
    /export\s+(async\s+)?(function|const)\s+action\b/.test(readFileSync(path.join(ROUTES, f), "utf8")),
  )
  .sort();

/** Routes whose action only redirects and touches nothing (no form read, no write). */
const UTEN_ENDRING: Record<string, string> = {
  "$.tsx": "ukjente stier sendes hjem",
};

/** Example URL params for the route's file name ($id, $spoersmaal …). */
function parametre(fil: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const deler = fil
    .replace(/\.tsx?$/, "")
    .split(".")
    .map((d) => d.replace(/_$/, "").replace(/^_/, ""))
    .filter((d) => d !== "index" && d !== "");
  const sti = deler.map((d) => {
    if (d === "$") {
      params["*"] = "ukjent";
      return "ukjent";
    }
    if (d.startsWith("$")) {
      const v = d === "$id" ? "4711" : "1";
      params[d.slice(1)] = v;
      return v;
    }
    return d;
  });
  return { url: `http://localhost/${sti.join("/")}`, params };
}

describe("alle ruter med action avviser innsending uten gyldig token", () => {
  it("finner rutene med action (også /meny)", () => {
    expect(medAction.length).toBeGreaterThan(10);
    expect(medAction).toContain("meny.tsx");
    expect(medAction).toContain("logout.tsx");
  });

  it.each(medAction)("%s", async (fil) => {
    const modul = (await import(path.join(ROUTES, fil))) as {
      action: (args: ActionFunctionArgs) => Promise<unknown> | unknown;
    };
    const { url, params } = parametre(fil);
    const skrivingerFoer = apiKall.filter((k) => k.method !== "GET").length;
    const kjoer = async (felt: Record<string, string>) =>
      status(
        Promise.resolve(
          modul.action({
            request: post(await innloggetCookie(), felt, url),
            context,
            params,
          } as ActionFunctionArgs),
        ),
      );
    if (fil in UTEN_ENDRING) {
      expect(await kjoer({})).toBe(302);
    } else {
      // The fields a form of this kind might carry, so the check must come from the token, not a missing field.
      const felt = { _action: "lagre", intent: "lagre", valg: "alle", meny: "aapne", returnTo: "/" };
      expect(await kjoer(felt)).toBe(403);
      expect(await kjoer({ ...felt, [CSRF_FIELD]: SAMME_LENGDE })).toBe(403);
    }
    expect(apiKall.filter((k) => k.method !== "GET").length).toBe(skrivingerFoer);
  });
});
