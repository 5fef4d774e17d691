import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiFeil, createApiClient, erLoopback } from "./api.server";

let server: Server;
let base: string;
const seen: Array<{ method?: string; url?: string; auth?: string; koding?: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      seen.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        koding: req.headers["accept-encoding"],
        body,
      });
      const path = req.url?.split("?")[0];
      if (path === "/ok") return res.writeHead(200, { "content-type": "application/json" }).end('{"a":1}');
      if (path === "/tekst") return res.writeHead(200).end("hei");
      if (path === "/ugyldig")
        return res.writeHead(200, { "content-type": "application/json" }).end("{ikke json");
      if (path === "/feil") {
        return res
          .writeHead(400, { "content-type": "application/json" })
          .end('{"type":"about:blank","title":"Bad Request","status":400,"detail":"Ugyldig svar"}');
      }
      if (path === "/html-feil") return res.writeHead(502).end("<html>Bad gateway</html>");
      if (path === "/uautorisert") return res.writeHead(401).end();
      if (path === "/for-mange") {
        return res
          .writeHead(429, { "content-type": "application/json", "retry-after": "540" })
          .end(
            '{"type":"about:blank","title":"Too Many Requests","status":429,"detail":"For mange sertifikatsøk uten treff på kort tid. Prøv igjen om 9 minutter."}',
          );
      }
      if (path === "/tom") return res.writeHead(204).end();
      // A stalling import API: no answer at all, or headers and then nothing more of the body.
      if (path === "/stopper") return;
      if (path === "/stopper-i-kroppen") {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"a":');
        return;
      }
      res.writeHead(404).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

async function fang(p: Promise<unknown>): Promise<ApiFeil & Response> {
  try {
    await p;
  } catch (e) {
    return e as ApiFeil & Response;
  }
  throw new Error("forventet en feil");
}

describe("kallhjelperen", () => {
  const api = () => createApiClient(base, "tok");

  it("sender token og søkeparametre, og leser JSON og tekst", async () => {
    expect(
      await api().getJson("/ok", { searchParams: { avsenderland: ["NL", "DE"], sidenummer: 0, tom: "" } }),
    ).toEqual({ a: 1 });
    const kall = seen.at(-1)!;
    expect(kall.auth).toBe("Bearer tok");
    expect(kall.url).toBe("/ok?avsenderland=NL&avsenderland=DE&sidenummer=0");
    expect(await api().getText("/tekst")).toBe("hei");
  });

  it("ber ikke om komprimerte svar fra API-et på samme maskin, men gjør det fra et annet", async () => {
    await api().getJson("/ok");
    expect(seen.at(-1)!.koding).toBe("identity");
    await createApiClient(base.replace("127.0.0.1", "localhost"), "tok").getJson("/ok");
    expect(seen.at(-1)!.koding).toBe("identity");
    expect(erLoopback("http://[::1]:3000")).toBe(true);
    // A separate API server (IMPORT_API_URL) over the network keeps fetch's compressed replies.
    expect(erLoopback("https://api.mattilsynet.no")).toBe(false);
    expect(erLoopback("http://localhost.eksempel.no")).toBe(false);
  });

  it("sender JSON-kropp på PUT og POST, og godtar svar uten innhold", async () => {
    await api().put("/tom", { egenReferanse: "X" });
    expect(seen.at(-1)).toMatchObject({ method: "PUT", body: '{"egenReferanse":"X"}' });
    await api().post("/tom", { a: 1 });
    await api().delete("/tom");
    expect(seen.at(-1)?.method).toBe("DELETE");
  });

  it("kaster 'Parsing data failed' når et vellykket svar ikke er JSON", async () => {
    await expect(api().getJson("/ugyldig")).rejects.toThrow("Parsing data failed");
  });

  it("gir en feil med status og melding fra serveren", async () => {
    const feil = await fang(api().putJson("/feil", {}));
    expect(feil).toBeInstanceOf(ApiFeil);
    expect(feil.status).toBe(400);
    expect(feil.cause).toBe(400);
    expect(feil.message).toBe("Ugyldig svar");
    expect(feil.body).toEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "Ugyldig svar",
    });
  });

  it("gir bare status når feilsvaret ikke er JSON", async () => {
    const feil = await fang(api().getJson("/html-feil"));
    expect(feil.status).toBe(502);
    expect(feil.body).toBeUndefined();
    expect(feil.melding).toBeUndefined();
  });

  it("omdirigerer til oppgitt rute ved 401, ellers en feil med status 401", async () => {
    const svar = await fang(api().getJson("/uautorisert", { redirectOn401: "/mangler-autorisasjon" }));
    expect(svar).toBeInstanceOf(Response);
    expect(svar.status).toBe(302);
    expect(svar.headers.get("Location")).toBe("/mangler-autorisasjon");
    const feil = await fang(api().getJson("/uautorisert"));
    expect(feil.status).toBe(401);
  });

  it("gir opp et import-API som ikke svarer innen fristen (504, også midt i kroppen)", async () => {
    const kort = createApiClient(base, "tok", { tidsavbruddMs: 300 });
    for (const kall of [
      () => kort.getJson("/stopper"),
      () => kort.getJson("/stopper-i-kroppen"),
      () => kort.getText("/stopper-i-kroppen"),
      () => kort.put("/stopper", { a: 1 }),
      () => kort.getRaw("/stopper"),
    ]) {
      const start = Date.now();
      const feil = await fang(kall());
      expect(Date.now() - start).toBeLessThan(5000);
      expect(feil).toBeInstanceOf(ApiFeil);
      expect(feil.status).toBe(504);
    }
  });

  it("har en standardfrist", async () => {
    const { API_TIDSAVBRUDD_MS } = await import("./api.server");
    expect(API_TIDSAVBRUDD_MS).toBeGreaterThan(0);
    expect(API_TIDSAVBRUDD_MS).toBeLessThanOrEqual(15_000);
  });
});

describe("429 fra API-et (sak 22)", () => {
  it("blir siden 'For mange forsøk': et 429-svar med API-ets melding og Retry-After, ikke en ApiFeil", async () => {
    const api = createApiClient(base, "t");
    const feil = await api.getJson("/for-mange").catch((e: unknown) => e);
    expect(feil).toBeInstanceOf(Response);
    const svar = feil as Response;
    expect(svar.status).toBe(429);
    expect(svar.headers.get("Retry-After")).toBe("540");
    expect(await svar.text()).toBe(
      "For mange sertifikatsøk uten treff på kort tid. Prøv igjen om 9 minutter.",
    );
  });
});
