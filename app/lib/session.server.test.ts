import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db";
import { loadConfig } from "../../server/config";
import { createTestDatabase } from "../../tests/support/test-db";
import { CSRF_FIELD, lesSkjema } from "./csrf.server";
import {
  ABSOLUTE_TIMEOUT_MS,
  commitSession,
  csrfForSide,
  destroySession,
  getSession,
  IDLE_TIMEOUT_MS,
  type InnloggetBruker,
  lagreBruker,
  MARKOER_LEVETID_MS,
  sessionCookieName,
  slettUtloepteSesjoner,
  TOUCH_INTERVAL_MS,
} from "./session.server";

let handle: DatabaseHandle;
let context: AppLoadContext;

beforeAll(async () => {
  handle = await createTestDatabase({ seed: false });
  context = { config: loadConfig({ SESSION_SECRET: "test" }), db: handle.db, cspNonce: "" };
});
afterAll(async () => {
  await handle?.close();
});

async function nySesjon(): Promise<{ cookie: string; id: string }> {
  const session = await getSession(new Request("http://localhost/"), context);
  session.set("csrf", "token");
  const setCookie = await commitSession(session, context);
  const cookie = setCookie.split(";")[0]!;
  const rader = await handle.db.selectFrom("sesjon").select("id").orderBy("opprettet", "desc").execute();
  return { cookie, id: rader[0]!.id };
}

const les = (cookie: string) =>
  getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }), context);

describe("sesjoner lagret på serveren", () => {
  it("informasjonskapselen bærer bare en signert, tilfeldig id; dataene ligger i databasen", async () => {
    const { cookie, id } = await nySesjon();
    expect(cookie.startsWith(`${sessionCookieName(false)}=`)).toBe(true);
    expect(decodeURIComponent(cookie)).not.toContain("token");
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await les(cookie)).get("csrf")).toBe("token");
  });

  it("cookien er HttpOnly og SameSite=Lax, og Secure med __Host- over https", async () => {
    const session = await getSession(new Request("http://localhost/"), context);
    session.set("csrf", "x");
    const lokal = await commitSession(session, context);
    expect(lokal).toMatch(/HttpOnly/);
    expect(lokal).toMatch(/SameSite=Lax/);
    expect(lokal).not.toMatch(/Secure/);
    const prodContext = {
      ...context,
      config: loadConfig({
        NODE_ENV: "production",
        ROLES: "web",
        DATABASE_URL: "postgres://db.example/forhaandsmelding",
        SESSION_SECRET: "t".repeat(32),
        APP_URL: "https://forhaandsmelding.example",
        OIDC_ISSUER: "https://idporten.example",
        OIDC_CLIENT_ID: "klient",
        OIDC_CLIENT_SECRET: "hemmelig",
        OIDC_RESOURCE: "https://api.example",
        IMPORT_API_URL: "https://api.example",
      }),
    } as AppLoadContext;
    const s2 = await getSession(new Request("https://forhaandsmelding.example/"), prodContext);
    s2.set("csrf", "y");
    const prod = await commitSession(s2, prodContext);
    expect(prod).toMatch(/^__Host-forhaandsmelding=/);
    expect(prod).toMatch(/Secure/);
    expect(prod).toMatch(/Path=\//);
    expect(prod).not.toMatch(/Domain=/);
  });

  it("utløper etter 30 minutter uten aktivitet", async () => {
    const { cookie, id } = await nySesjon();
    await handle.db
      .updateTable("sesjon")
      .set({ sist_aktiv: new Date(Date.now() - IDLE_TIMEOUT_MS + 60_000) })
      .where("id", "=", id)
      .execute();
    expect((await les(cookie)).get("csrf")).toBe("token");
    await handle.db
      .updateTable("sesjon")
      .set({ sist_aktiv: new Date(Date.now() - IDLE_TIMEOUT_MS - 1000) })
      .where("id", "=", id)
      .execute();
    expect((await les(cookie)).get("csrf")).toBeUndefined();
    expect(
      await handle.db.selectFrom("sesjon").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("utløper 120 minutter etter innlogging selv med aktivitet", async () => {
    const { cookie, id } = await nySesjon();
    await handle.db
      .updateTable("sesjon")
      .set({
        utloeper: new Date(Date.now() - 1000),
        opprettet: new Date(Date.now() - ABSOLUTE_TIMEOUT_MS - 1000),
      })
      .where("id", "=", id)
      .execute();
    expect((await les(cookie)).get("csrf")).toBeUndefined();
  });

  it("aktivitet forlenger inaktivitetsfristen", async () => {
    const { cookie, id } = await nySesjon();
    const gammel = new Date(Date.now() - 10 * 60_000);
    await handle.db.updateTable("sesjon").set({ sist_aktiv: gammel }).where("id", "=", id).execute();
    await les(cookie);
    const rad = await handle.db
      .selectFrom("sesjon")
      .select("sist_aktiv")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(rad.sist_aktiv.getTime()).toBeGreaterThan(gammel.getTime() + 60_000);
  });

  it("en lesing skriver ikke raden før TOUCH_INTERVAL_MS er gått (ADR 088)", async () => {
    const { cookie, id } = await nySesjon();
    const sistAktiv = () =>
      handle.db
        .selectFrom("sesjon")
        .select("sist_aktiv")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
        .then((r) => r.sist_aktiv.getTime());
    const nylig = new Date(Date.now() - TOUCH_INTERVAL_MS + 30_000);
    await handle.db.updateTable("sesjon").set({ sist_aktiv: nylig }).where("id", "=", id).execute();
    expect((await les(cookie)).get("csrf")).toBe("token");
    expect(await sistAktiv()).toBe(nylig.getTime());
  });

  it("utlogging sletter sesjonen på serveren", async () => {
    const { cookie, id } = await nySesjon();
    const session = await les(cookie);
    await destroySession(session, context);
    expect(
      await handle.db.selectFrom("sesjon").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await les(cookie)).get("csrf")).toBeUndefined();
  });

  it("sesjonscookien er Secure med __Host- i produksjon", async () => {
    const prod = loadConfig({
      NODE_ENV: "production",
      ROLES: "web",
      DATABASE_URL: "postgres://db.example/forhaandsmelding",
      SESSION_SECRET: "t".repeat(32),
      APP_URL: "https://forhaandsmelding.example",
      OIDC_ISSUER: "https://idporten.example",
      OIDC_CLIENT_ID: "klient",
      OIDC_CLIENT_SECRET: "hemmelig",
      OIDC_RESOURCE: "https://api.example",
      IMPORT_API_URL: "https://api.example",
    });
    expect(prod.secureCookies).toBe(true);
    const session = await getSession(new Request("https://forhaandsmelding.example/"), {
      ...context,
      config: prod,
    });
    session.set("csrf", "z");
    expect(await commitSession(session, { ...context, config: prod })).toMatch(
      /^__Host-forhaandsmelding=.*Secure/,
    );
  });

  it("rydder bort utløpte sesjoner", async () => {
    const { id } = await nySesjon();
    await handle.db
      .updateTable("sesjon")
      .set({ utloeper: new Date(Date.now() - 1) })
      .where("id", "=", id)
      .execute();
    await slettUtloepteSesjoner(handle.db);
    expect(
      await handle.db.selectFrom("sesjon").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

const BRUKER: InnloggetBruker = {
  pid: "26849612378",
  navn: "Kari Nordmann",
  idToken: "hemmelig-id-token",
  accessToken: "hemmelig-tilgangstoken",
  accessTokenUtloeper: Date.now() + 3600_000,
  refreshToken: "hemmelig-fornyingstoken",
};

async function innloggetSesjon(): Promise<{ cookie: string; id: string }> {
  const session = await getSession(new Request("http://localhost/"), context);
  session.set("csrf", "token");
  session.set("bruker", BRUKER);
  session.set("varInnlogget", true);
  const cookie = (await commitSession(session, context)).split(";")[0]!;
  return { cookie, id: (await les(cookie)).id };
}

async function rad(id: string) {
  return handle.db.selectFrom("sesjon").selectAll().where("id", "=", id).executeTakeFirst();
}

const gjoerInaktiv = (id: string, ms = IDLE_TIMEOUT_MS + 1000) =>
  handle.db
    .updateTable("sesjon")
    .set({ sist_aktiv: new Date(Date.now() - ms) })
    .where("id", "=", id)
    .execute();

describe("«var innlogget» etter at sesjonen utløp", () => {
  it("en utløpt innlogget sesjon gir en ny sesjon som husker at nettleseren var innlogget, uten tokens", async () => {
    const { cookie, id } = await innloggetSesjon();
    await gjoerInaktiv(id);
    // several loaders of one request read it at the same time: all of them see the marker
    const [a, b] = await Promise.all([les(cookie), les(cookie)]);
    for (const s of [a, b]) {
      expect(s.id).toBe("");
      expect(s.get("bruker")).toBeUndefined();
      expect(s.get("varInnlogget")).toBe(true);
    }
    expect(JSON.stringify((await rad(id))?.data)).not.toContain("hemmelig");
    // saved, it gets a new id; the old cookie still only says "was logged in"
    a.set("csrf", "ny");
    const ny = (await commitSession(a, context)).split(";")[0]!;
    expect(ny).not.toBe(cookie);
    expect((await les(ny)).get("csrf")).toBe("ny");
    expect((await les(ny)).get("varInnlogget")).toBe(true);
    expect((await les(cookie)).get("varInnlogget")).toBe(true);
  });

  it("en anonym sesjon (bare skjematoken) som utløper, gir en ny sesjon uten markør", async () => {
    const { cookie, id } = await nySesjon();
    await gjoerInaktiv(id);
    const s = await les(cookie);
    expect(s.id).toBe("");
    expect(s.get("varInnlogget")).toBeUndefined();
    expect(await rad(id)).toBeUndefined();
  });

  it("en cookie til en sesjon som ikke finnes lenger, gir en ny sesjon som faktisk lagres", async () => {
    const { cookie, id } = await nySesjon();
    await handle.db.deleteFrom("sesjon").where("id", "=", id).execute();
    const s = await les(cookie);
    expect(s.get("varInnlogget")).toBeUndefined();
    s.set("csrf", "nytt-token");
    const ny = (await commitSession(s, context)).split(";")[0]!;
    expect(ny).not.toBe(cookie);
    expect((await les(ny)).get("csrf")).toBe("nytt-token");
  });

  it("oppryddingen fjerner tokens straks, men husker markøren en stund", async () => {
    const { cookie, id } = await innloggetSesjon();
    await gjoerInaktiv(id);
    await slettUtloepteSesjoner(handle.db);
    expect((await rad(id))?.data).toEqual({ varInnlogget: true });
    expect((await les(cookie)).get("varInnlogget")).toBe(true);
    await gjoerInaktiv(id, MARKOER_LEVETID_MS + 1000);
    await slettUtloepteSesjoner(handle.db);
    expect(await rad(id)).toBeUndefined();
    expect((await les(cookie)).get("varInnlogget")).toBeUndefined();
  });

  it("oppryddingen lar gyldige sesjoner være", async () => {
    const { cookie } = await innloggetSesjon();
    await slettUtloepteSesjoner(handle.db);
    expect((await les(cookie)).get("bruker")).toEqual(BRUKER);
  });

  it("fornyede tokens lagres uten å røre resten av sesjonen", async () => {
    const { cookie, id } = await innloggetSesjon();
    const s = await les(cookie);
    s.set("returnTo", "/innstillinger");
    await commitSession(s, context);
    await lagreBruker(handle.db, id, { ...BRUKER, accessToken: "fornyet" });
    const etter = await les(cookie);
    expect(etter.get("bruker")?.accessToken).toBe("fornyet");
    expect(etter.get("returnTo")).toBe("/innstillinger");
    expect(etter.get("csrf")).toBe("token");
  });
});

describe("én lesing av sesjonen per side (ADR 015)", () => {
  it("lasterne i samme GET deler sesjonen; en handling og en annen forespørsel leser selv", async () => {
    const { cookie } = await nySesjon();
    const forespoersel = { ...context, sesjonPerForespoersel: new Map<string, Promise<unknown>>() };
    const get = () => new Request("http://localhost/side", { headers: { Cookie: cookie } });
    const [rot, rute] = await Promise.all([getSession(get(), forespoersel), getSession(get(), forespoersel)]);
    expect(rute).toBe(rot);
    expect(forespoersel.sesjonPerForespoersel.size).toBe(1);
    rot.set("avgiver", { organisasjonsnummer: "912345742", navn: "Hageland" } as never);
    expect((await getSession(get(), forespoersel)).get("avgiver")).toEqual(rot.get("avgiver"));

    const post = new Request("http://localhost/side", { method: "POST", headers: { Cookie: cookie } });
    const handling = await getSession(post, forespoersel);
    expect(handling).not.toBe(rot);
    expect(handling.get("avgiver")).toBeUndefined();
    // Another request (a new load context, as server/web.ts makes one per request) reads the row again.
    const neste = { ...context, sesjonPerForespoersel: new Map<string, Promise<unknown>>() };
    expect(await getSession(get(), neste)).not.toBe(rot);
    // Without the per-request map (scripts, tests): every call reads.
    expect(await getSession(get(), context)).not.toBe(await getSession(get(), context));
  });
});

describe("anonyme sidevisninger lagrer ingen rad (sak 15 punkt 9)", () => {
  const antall = async () =>
    Number(
      (
        await handle.db
          .selectFrom("sesjon")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** What the root loader does for every page: the page's form token, and a cookie when it changes. */
  const sidevisning = async (cookie?: string) => {
    const request = new Request("http://localhost/logg-inn", cookie ? { headers: { Cookie: cookie } } : {});
    return csrfForSide(await getSession(request, context), context);
  };

  it("a hundred anonymous page views insert nothing; each visitor's cookie gives back its own token", async () => {
    const foer = await antall();
    const besoek = [];
    for (let i = 0; i < 100; i++) besoek.push(await sidevisning());
    expect(await antall()).toBe(foer);
    expect(new Set(besoek.map((b) => b.csrf)).size).toBe(100);

    const { csrf, setCookie } = besoek[0]!;
    const cookie = setCookie!.split(";")[0]!;
    // The cookie carries a signed id, not the token.
    expect(decodeURIComponent(cookie)).not.toContain(csrf);
    // The next page view of the same visitor: the same token, no new cookie, still no row.
    expect(await sidevisning(cookie)).toEqual({ csrf });
    expect(await antall()).toBe(foer);

    // The token works in a form, and a wrong one is refused.
    const post = (token: string) =>
      new Request("http://localhost/informasjonskapsler", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ [CSRF_FIELD]: token, valg: "alle" }),
      });
    const { formData } = await lesSkjema(post(csrf), context);
    expect(formData.get("valg")).toBe("alle");
    const avvist = await lesSkjema(post(besoek[1]!.csrf), context).catch((e: Response) => e);
    expect((avvist as Response).status).toBe(403);
    expect(await antall()).toBe(foer);
  });

  it("an anonymous id cannot be made up: without the signature it is a new visitor", async () => {
    const { setCookie } = await sidevisning();
    const ekte = setCookie!.split(";")[0]!;
    const navn = ekte.slice(0, ekte.indexOf("="));
    const laget = `${navn}=${encodeURIComponent(btoa(JSON.stringify("a.funnet-paa")))}`;
    const svar = await sidevisning(laget);
    expect(svar.setCookie).toBeDefined();
    expect(svar.csrf).not.toBe((await sidevisning(ekte)).csrf);
  });

  it("starting a login stores the session (one row, a new id) and keeps the page's token", async () => {
    const { csrf, setCookie } = await sidevisning();
    const cookie = setCookie!.split(";")[0]!;
    const foer = await antall();
    const session = await getSession(
      new Request("http://localhost/", { headers: { Cookie: cookie } }),
      context,
    );
    session.set("returnTo", "/sertifikater");
    const lagret = (await commitSession(session, context)).split(";")[0]!;
    expect(await antall()).toBe(foer + 1);
    expect(lagret).not.toBe(cookie);
    const etter = await les(lagret);
    expect(etter.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(etter.get("csrf")).toBe(csrf);
    expect(etter.get("returnTo")).toBe("/sertifikater");
  });

  it("a browser that was logged in still gets a stored session with the marker", async () => {
    const { cookie, id } = await innloggetSesjon();
    await gjoerInaktiv(id);
    const foer = await antall();
    const svar = await sidevisning(cookie);
    expect(svar.setCookie).toBeDefined();
    const ny = await les(svar.setCookie!.split(";")[0]!);
    expect(ny.get("varInnlogget")).toBe(true);
    expect(ny.get("csrf")).toBe(svar.csrf);
    expect(await antall()).toBe(foer + 1);
  });
});
