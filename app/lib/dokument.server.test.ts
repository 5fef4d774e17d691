// Item 10 of the hardening issue: the no-access panel for a 403 on /innstillinger, and a broken upstream
// document is never passed on as a 200 document. Against a real HTTP server and the real import API.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { loadConfig } from "../../server/config";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { loader as innstillinger } from "../routes/innstillinger";
import { videresendDokument } from "./dokument.server";
import { commitSession, getSession } from "./session.server";

let server: Server;
let base: string;
const ZIP = Buffer.from(
  zipSync({ "innhold.txt": new TextEncoder().encode("x".repeat(100_000)) }, { level: 0 }),
);
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200_000, 0x41), Buffer.from("\n%%EOF\n")]);

beforeAll(async () => {
  server = createServer((req, res) => {
    const sti = req.url ?? "";
    if (sti === "/pdf") return res.writeHead(200, { "content-type": "application/pdf" }).end(PDF);
    if (sti === "/html-som-pdf")
      return res.writeHead(200, { "content-type": "application/pdf" }).end("<html>Feil</html>");
    if (sti === "/html") return res.writeHead(200, { "content-type": "text/html" }).end("<html>Feil</html>");
    if (sti === "/tom") return res.writeHead(200, { "content-type": "application/pdf" }).end();
    if (sti === "/500") return res.writeHead(500, { "content-type": "application/pdf" }).end("%PDF-");
    if (sti === "/zip") return res.writeHead(200, { "content-type": "application/zip" }).end(ZIP);
    if (sti === "/pdf-som-zip") return res.writeHead(200, { "content-type": "application/zip" }).end(PDF);
    if (sti === "/pdf-som-excel") {
      return res
        .writeHead(200, {
          "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        })
        .end(PDF);
    }
    res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function feil(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("forventet et feilsvar");
}

describe("dokumenter fra import-API-et", () => {
  it("strømmer en ekte PDF videre uendret", async () => {
    const res = await videresendDokument(await fetch(`${base}/pdf`), "pdf");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("strømmer dokumentasjonspakken (ZIP) videre uendret", async () => {
    const res = await videresendDokument(await fetch(`${base}/zip`), "zip");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(Buffer.from(await res.arrayBuffer()).equals(ZIP)).toBe(true);
  });

  it.each(["/html-som-pdf", "/html", "/tom", "/500", "/pdf-som-excel", "/pdf-som-zip"])(
    "%s gir 502 med norsk tekst, ikke et 200-dokument",
    async (sti) => {
      const format = sti === "/pdf-som-excel" ? "excel" : sti === "/pdf-som-zip" ? "zip" : "pdf";
      const res = await feil(videresendDokument(await fetch(`${base}${sti}`), format));
      expect(res.status).toBe(502);
      expect(await res.text()).toBe("Klarte ikke å lage dokumentet. Prøv igjen senere.");
    },
  );
});

describe("innstillinger", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it("403 fra import-API-et under lasting gir 'Ingen tilgang' (403), ikke 'Noe gikk feil'", async () => {
    const context: AppLoadContext = {
      config: { ...loadConfig({ SESSION_SECRET: "test" }), importApiUrl: api.url },
      db: api.handle.db,
      cspNonce: "",
    };
    // A person without delegations, with an organisation in the session (e.g. the delegation was withdrawn).
    const per = DEMO_PERSONER[3]!.pid;
    const session = await getSession(new Request("http://localhost/"), context);
    session.set("csrf", "token");
    session.set("bruker", {
      pid: per,
      navn: "Per",
      idToken: "id",
      accessToken: await api.token(per),
      accessTokenUtloeper: Date.now() + 60 * 60 * 1000,
    });
    session.set("avgiver", {
      navn: "Hageland Drammen",
      organisasjonsnummer: ORG.hagelandDrammen,
      formatertOrganisasjonsnummer: "912 345 742",
      adresse: null,
      hovedenhet: null,
      hovedenhetnavn: null,
      importoerId: 1,
    });
    const cookie = (await commitSession(session, context)).split(";")[0]!;
    const request = new Request("http://localhost/innstillinger", { headers: { Cookie: cookie } });
    const svar = await feil(
      Promise.resolve(innstillinger({ request, context, params: {} } as LoaderFunctionArgs)),
    );
    expect(svar.status).toBe(403);
  });
});
