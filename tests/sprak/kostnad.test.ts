// The language costs no database query per request (issue 33, ADR 048): it is read from the language cookie
// or Accept-Language, never from the database (the stored preference is read once, at login). A page in
// nynorsk or English makes exactly the queries the same page makes in bokmål, for an anonymous visitor (none)
// and for a logged-in person (the session's).
import type { AppLoadContext } from "@remix-run/node";
import type { KyselyPlugin } from "kysely";
import { createElement } from "react";
import { Outlet, type RouteObject } from "react-router-dom";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SprakProvider } from "../../app/components/sprak";
import { settSprakCookie } from "../../app/lib/tekster.server";
import { hentSide, startFalskApi, testKontekst } from "../app/side";

let api: Awaited<ReturnType<typeof startFalskApi>>;
let kontekst: Awaited<ReturnType<typeof testKontekst>>;
let sporringer = 0;
const teller: KyselyPlugin = {
  transformQuery(a) {
    sporringer += 1;
    return a.node;
  },
  transformResult: async (a) => a.result,
};

beforeAll(async () => {
  api = await startFalskApi(() => undefined);
  kontekst = await testKontekst(api.url);
});
afterAll(async () => {
  await kontekst?.close();
  await api?.close();
});

it("en side koster like mange spørringer på nynorsk og engelsk som på bokmål, innlogget eller ikke", async () => {
  const rot = await import("../../app/root");
  const side = await import("../../app/routes/nyttig-info");
  const ruter: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: rot.loader as never,
      element: createElement(SprakProvider, null, createElement(Outlet)),
      children: [
        {
          id: "routes/nyttig-info",
          path: "nyttig-info",
          loader: side.loader as never,
          element: createElement(side.default),
        },
      ],
    },
  ];
  const context = { ...kontekst.context, db: kontekst.context.db.withPlugin(teller) } as AppLoadContext;
  const nn = (await settSprakCookie({ sprak: "nn", valgt: 1 }, context)).split(";")[0]!;
  const tell = async (cookie: string, acceptLanguage?: string) => {
    sporringer = 0;
    const ctx = { ...context, sesjonPerForespoersel: new Map() } as AppLoadContext;
    const s = await hentSide(ruter, { context: ctx, cookie }, "/nyttig-info", undefined, acceptLanguage);
    expect(s.status).toBe(200);
    return sporringer;
  };
  // anonymous: no query at all, whatever the language
  expect([await tell(""), await tell(nn), await tell("", "en-GB")]).toEqual([0, 0, 0]);
  // logged in: the session's read, the same in every language
  const innlogget = await tell(kontekst.cookie);
  expect(innlogget).toBeGreaterThan(0);
  expect([await tell(`${kontekst.cookie}; ${nn}`), await tell(kontekst.cookie, "en")]).toEqual([
    innlogget,
    innlogget,
  ]);
});
