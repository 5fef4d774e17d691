import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import type { DatabaseHandle } from "../../db";
import { createTestDatabase } from "../../db/test-db";
import {
  ABSOLUTE_TIMEOUT_MS,
  commitSession,
  destroySession,
  getSession,
  IDLE_TIMEOUT_MS,
  sessionCookieName,
  slettUtloepteSesjoner,
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
        SESSION_SECRET: "test",
        APP_URL: "https://forhaandsmelding.example",
        NODE_ENV: "production",
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

  it("utlogging sletter sesjonen på serveren", async () => {
    const { cookie, id } = await nySesjon();
    const session = await les(cookie);
    await destroySession(session, context);
    expect(
      await handle.db.selectFrom("sesjon").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await les(cookie)).get("csrf")).toBeUndefined();
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
