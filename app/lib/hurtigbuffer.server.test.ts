// Item 9 of the hardening issue: no cache keeps a page, loader data or an API answer; logging out also
// forgets the chosen organisation.
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER } from "../../dev/demo-data";
import { loadConfig } from "../../server/config";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { handleDataRequest } from "../entry.server";
import { action as loggUt } from "../routes/logout";
import { huskVirksomhetCookie, VALGT_VIRKSOMHET_COOKIE } from "./bruker.server";
import { commitSession, getSession } from "./session.server";

let api: TestApi;
let context: AppLoadContext;

beforeAll(async () => {
  api = await startTestApi();
  context = { config: loadConfig({ SESSION_SECRET: "test" }), db: api.handle.db, cspNonce: "" };
});
afterAll(async () => {
  await api?.close();
});

describe("Cache-Control: private, no-store", () => {
  it("på svar fra import-API-et, også feilsvar og svar uten token", async () => {
    const kari = DEMO_PERSONER[0]!.pid;
    for (const [sti, pid] of [
      ["/import/register/v1/finnes-ikke", kari],
      ["/import/altinn/v1/avgivere", kari],
      ["/import/altinn/v1/avgivere", undefined],
    ] as const) {
      const res = await api.fetch(sti, pid ? { pid } : {});
      await res.body?.cancel();
      expect(res.headers.get("Cache-Control"), sti).toBe("private, no-store");
    }
  });

  it("på loader-data, uten å overstyre en rutes egen verdi", () => {
    expect(handleDataRequest(Response.json({ a: 1 })).headers.get("Cache-Control")).toBe("private, no-store");
    const egen = new Response("x", { headers: { "Cache-Control": "no-cache" } });
    expect(handleDataRequest(egen).headers.get("Cache-Control")).toBe("no-cache");
  });
});

describe("utlogging", () => {
  it("sletter sesjonen og glemmer valgt virksomhet", async () => {
    const session = await getSession(new Request("http://localhost/"), context);
    session.set("csrf", "token");
    const cookie = (await commitSession(session, context)).split(";")[0]!;
    const request = new Request("http://localhost/logout", {
      method: "POST",
      headers: {
        Cookie: `${cookie}; ${(await huskVirksomhetCookie("912345742", context)).split(";")[0]}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrf: "token" }),
    });
    const res = (await loggUt({ request, context, params: {} } as ActionFunctionArgs)) as Response;
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie();
    const valgt = cookies.find((c) => c.startsWith(`${VALGT_VIRKSOMHET_COOKIE}=`));
    expect(valgt).toMatch(/^valgt-virksomhet=;/);
    expect(valgt?.split("; ").slice(1).sort()).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax"]);
    expect(
      cookies.some((c) => c.startsWith("forhaandsmelding=") && /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c)),
    ).toBe(true);
  });
});
