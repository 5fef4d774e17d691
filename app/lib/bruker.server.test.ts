import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db";
import type { Avgiver } from "../../domain/avgiver";
import { loadConfig } from "../../server/config";
import type { Logger } from "../../server/logg";
import { startTestUtsteder, type TestUtsteder } from "../../tests/oidc/test-utsteder";
import { createTestDatabase } from "../../tests/support/test-db";
import { loader as velgVirksomhetLoader } from "../routes/velg-virksomhet";
import { createApiClient } from "./api.server";
import { hentAvgivere, hentInnlogget, requireBruker, velgVirksomhet } from "./bruker.server";
import { commitSession, getSession, IDLE_TIMEOUT_MS, type InnloggetBruker } from "./session.server";

// A small import API over real HTTP whose answers each test chooses.
interface Kall {
  method: string;
  path: string;
  body: unknown;
  auth?: string;
}
let apiServer: Server;
let apiBase: string;
const kall: Kall[] = [];
let svar: (k: Kall) => { status: number; body?: unknown } = () => ({ status: 500 });

let idp: TestUtsteder;
let handle: DatabaseHandle;
let context: AppLoadContext;

beforeAll(async () => {
  apiServer = createServer((req, res) => {
    let tekst = "";
    req.on("data", (c) => {
      tekst += c;
    });
    req.on("end", () => {
      const k: Kall = {
        method: req.method ?? "",
        path: req.url ?? "",
        body: tekst ? JSON.parse(tekst) : undefined,
        auth: req.headers.authorization,
      };
      kall.push(k);
      const s = svar(k);
      res.writeHead(s.status, { "content-type": "application/json" });
      res.end(s.body === undefined ? "" : JSON.stringify(s.body));
    });
  });
  apiServer.listen(0, "127.0.0.1");
  await new Promise((r) => apiServer.once("listening", r));
  apiBase = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`;
  idp = await startTestUtsteder();
  handle = await createTestDatabase({ seed: false });
  context = {
    config: loadConfig({
      SESSION_SECRET: "test",
      IMPORT_API_URL: apiBase,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: "klient",
      OIDC_CLIENT_SECRET: "hemmelig",
    }),
    db: handle.db,
    cspNonce: "",
  };
});
afterAll(async () => {
  await new Promise((r) => apiServer.close(r));
  await idp.close();
  await handle.close();
});
beforeEach(() => {
  kall.length = 0;
});

const bruker = (o: Partial<InnloggetBruker> = {}): InnloggetBruker => ({
  pid: "26849612378",
  navn: "Kari Nordmann",
  idToken: "id-token",
  accessToken: "tilgangstoken",
  accessTokenUtloeper: Date.now() + 3600_000,
  ...o,
});

/** A session as the app makes it: anonymous (only the form token) or logged in. */
async function sesjon(innlogget?: InnloggetBruker): Promise<string> {
  const s = await getSession(new Request("http://localhost/"), context);
  s.set("csrf", "token");
  if (innlogget) {
    s.set("bruker", innlogget);
    s.set("varInnlogget", true);
  }
  return (await commitSession(s, context)).split(";")[0]!;
}

const foresporsel = (sti: string, cookie?: string) =>
  new Request(`http://localhost${sti}`, { headers: cookie ? { Cookie: cookie } : {} });

async function omdirigering(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response && e.status === 302) return e.headers.get("Location") ?? "";
    throw e;
  }
  throw new Error("forventet en omdirigering");
}

describe("innloggingsvakten og meldingen om utløpt økt", () => {
  it("den som aldri har logget inn, sendes til innlogging uten melding om utløpt økt", async () => {
    expect(await omdirigering(requireBruker(foresporsel("/innstillinger"), context))).toBe(
      "/logg-inn?returnTo=%2Finnstillinger",
    );
    // also with the anonymous session every visitor gets (for the form token)
    const anonym = await sesjon();
    expect(
      await omdirigering(requireBruker(foresporsel("/innstillinger?side=Profil", anonym), context)),
    ).toBe("/logg-inn?returnTo=%2Finnstillinger%3Fside%3DProfil");
  });

  it("den som var innlogget og fikk økten utløpt, får meldingen", async () => {
    const cookie = await sesjon(bruker());
    const s = await getSession(foresporsel("/", cookie), context);
    await handle.db
      .updateTable("sesjon")
      .set({ sist_aktiv: new Date(Date.now() - IDLE_TIMEOUT_MS - 1000) })
      .where("id", "=", s.id)
      .execute();
    expect(await omdirigering(requireBruker(foresporsel("/innstillinger", cookie), context))).toBe(
      "/logg-inn?returnTo=%2Finnstillinger&utloept=1",
    );
  });

  it("et gyldig tilgangstoken gir innlogget bruker uten fornying", async () => {
    const cookie = await sesjon(bruker());
    const antall = idp.tokenKall.length;
    const innlogget = await requireBruker(foresporsel("/", cookie), context);
    expect(innlogget.bruker.accessToken).toBe("tilgangstoken");
    expect(idp.tokenKall).toHaveLength(antall);
  });
});

describe("fornying av et utløpt tilgangstoken", () => {
  it("fornyer med fornyingstokenet og lagrer de nye tokenene i sesjonen", async () => {
    const cookie = await sesjon(bruker({ accessTokenUtloeper: Date.now() - 1000, refreshToken: "forny-1" }));
    idp.tokenSvar = () => ({
      body: { access_token: "nytt-token", token_type: "Bearer", expires_in: 600, refresh_token: "forny-2" },
    });
    const innlogget = await hentInnlogget(foresporsel("/", cookie), context);
    expect(innlogget?.bruker).toMatchObject({ accessToken: "nytt-token", refreshToken: "forny-2" });
    expect(idp.tokenKall.at(-1)?.params.get("refresh_token")).toBe("forny-1");
    // the API is called with the new token
    svar = () => ({ status: 200, body: [] });
    await hentAvgivere(innlogget!.api);
    expect(kall.at(-1)?.auth).toBe("Bearer nytt-token");
    // and the next request finds it in the session without renewing again
    const antall = idp.tokenKall.length;
    const neste = await hentInnlogget(foresporsel("/", cookie), context);
    expect(neste?.bruker.accessToken).toBe("nytt-token");
    expect(idp.tokenKall).toHaveLength(antall);
  });

  it("fornyer litt før tokenet går ut, og bruker det gamle om fornyingen feiler mens det ennå gjelder", async () => {
    const cookie = await sesjon(
      bruker({ accessTokenUtloeper: Date.now() + 20_000, refreshToken: "forny-3" }),
    );
    idp.tokenSvar = () => ({ status: 400, body: { error: "invalid_grant" } });
    const innlogget = await hentInnlogget(foresporsel("/", cookie), context);
    expect(idp.tokenKall.at(-1)?.params.get("refresh_token")).toBe("forny-3");
    expect(innlogget?.bruker.accessToken).toBe("tilgangstoken");
  });

  it("uten fornyingstoken, eller når fornyingen avvises, er brukeren logget ut (med melding om utløpt økt)", async () => {
    idp.tokenSvar = () => ({ status: 400, body: { error: "invalid_grant" } });
    for (const refreshToken of [undefined, "forny-4"]) {
      const cookie = await sesjon(bruker({ accessTokenUtloeper: Date.now() - 1000, refreshToken }));
      expect(await hentInnlogget(foresporsel("/", cookie), context)).toBeUndefined();
      expect(await omdirigering(requireBruker(foresporsel("/", cookie), context))).toBe(
        "/logg-inn?returnTo=%2F&utloept=1",
      );
    }
  });
});

const HOVEDENHET: Avgiver = {
  altinn: {
    type: "Foretak",
    organisasjonsnummer: "912345602",
    hovedenhet: null,
    navn: "Hageland Import AS",
    organisasjonsform: "AS",
    personnummer: null,
  },
  brreg: { adresse: null },
};
const UNDERENHET: Avgiver = {
  altinn: {
    type: "Bedrift",
    organisasjonsnummer: "912345742",
    hovedenhet: "912345602",
    navn: "Hageland Import AS avd. Drammen",
    organisasjonsform: "BEDR",
    personnummer: null,
  },
  brreg: { adresse: { adresselinje: ["Tollbugata 1"], postnummer: "3044", poststed: "DRAMMEN" } },
};
const IMPORTOER = { id: 77, organisasjonsnummer: "912345742", navn: "Hageland Import AS avd. Drammen" };

describe("virksomhetene personen kan representere", () => {
  const api = () => createApiClient(apiBase, "tilgangstoken");

  it("en feil fra API-et gir 'Det skjedde en feil ved henting av virksomheter' på velg-virksomhet", async () => {
    svar = () => ({ status: 500, body: { status: 500, detail: "Intern feil" } });
    await expect(hentAvgivere(api())).rejects.toMatchObject({ status: 500 });
    const cookie = await sesjon(bruker());
    const data = await velgVirksomhetLoader({
      request: foresporsel("/velg-virksomhet", cookie),
      context,
      params: {},
    });
    expect(data).toMatchObject({ feil: true, grupper: null });
    expect(kall.at(-1)).toMatchObject({ method: "GET", path: "/gateway/auth/avgiver" });
  });

  it("401 på virksomhetslisten sender til /mangler-autorisasjon", async () => {
    svar = () => ({ status: 401 });
    expect(await omdirigering(hentAvgivere(api()))).toBe("/mangler-autorisasjon");
  });
});

describe("importørprofilen når en virksomhet velges", () => {
  const api = () => createApiClient(apiBase, "tilgangstoken");
  const avgivere = [HOVEDENHET, UNDERENHET];

  it("finnes den, brukes den", async () => {
    svar = () => ({ status: 200, body: IMPORTOER });
    expect(await velgVirksomhet(api(), "912345742", undefined, avgivere)).toMatchObject({
      navn: "Hageland Import AS avd. Drammen",
      organisasjonsnummer: "912345742",
      formatertOrganisasjonsnummer: "912 345 742",
      hovedenhetnavn: "Hageland Import AS",
      adresse: "Tollbugata 1, 3044 DRAMMEN",
      importoerId: 77,
    });
    expect(kall.map((k) => `${k.method} ${k.path}`)).toEqual(["GET /import/register/v1/912345742"]);
  });

  it("404 registrerer importøren automatisk med virksomhetens opplysninger", async () => {
    svar = (k) => (k.method === "GET" ? { status: 404 } : { status: 201, body: { ...IMPORTOER, id: 78 } });
    expect((await velgVirksomhet(api(), "912345742", undefined, avgivere))?.importoerId).toBe(78);
    expect(kall.map((k) => `${k.method} ${k.path}`)).toEqual([
      "GET /import/register/v1/912345742",
      "POST /import/register/v1/912345742",
    ]);
    expect(kall[1]!.body).toEqual({
      hovedenhetNavn: "Hageland Import AS",
      hovedenhetOrganisasjonsnummer: "912345602",
      navn: "Hageland Import AS avd. Drammen",
      organisasjonsnummer: "912345742",
    });
  });

  it("registrert i mellomtiden (409): henter den som finnes", async () => {
    let n = 0;
    svar = (k) =>
      k.method === "POST" ? { status: 409 } : n++ === 0 ? { status: 404 } : { status: 200, body: IMPORTOER };
    expect((await velgVirksomhet(api(), "912345742", undefined, avgivere))?.importoerId).toBe(77);
  });

  for (const status of [500, 403, 400]) {
    it(`${status} på importørprofilen sender til /mangler-autorisasjon`, async () => {
      svar = () => ({ status, body: { status, detail: "Feil" } });
      const feil: unknown[] = [];
      const logger = { error: (...a: unknown[]) => feil.push(a) } as unknown as Logger;
      expect(await omdirigering(velgVirksomhet(api(), "912345742", logger, avgivere))).toBe(
        "/mangler-autorisasjon",
      );
      expect(kall.some((k) => k.method === "POST")).toBe(false);
      // The failure is in the request's log, not on the console.
      expect(feil).toEqual([[{ err: expect.any(Error) }, "Klarte ikke å hente importørprofil"]]);
    });
  }

  it("en feil ved automatisk registrering sender også til /mangler-autorisasjon", async () => {
    svar = (k) => (k.method === "GET" ? { status: 404 } : { status: 500 });
    expect(await omdirigering(velgVirksomhet(api(), "912345742", undefined, avgivere))).toBe(
      "/mangler-autorisasjon",
    );
  });

  it("en hovedenhet eller en ukjent virksomhet kan ikke velges", async () => {
    svar = () => ({ status: 200, body: IMPORTOER });
    expect(await velgVirksomhet(api(), "912345602", undefined, avgivere)).toBeUndefined();
    expect(await velgVirksomhet(api(), "999999999", undefined, avgivere)).toBeUndefined();
    expect(kall).toEqual([]);
  });
});
