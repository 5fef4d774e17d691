import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { contentSecurityPolicy, FormActionOpphav, oidcOpphav, securityHeaders } from "./security-headers";

const formAction = (csp: string) => csp.split("; ").find((d) => d.startsWith("form-action"));

describe("Content-Security-Policy", () => {
  it("har nonce for skript, frame-ancestors 'none' og form-action med de oppgitte opphavene", () => {
    const csp = contentSecurityPolicy({
      nonce: "abc123",
      dev: false,
      formAction: ["https://idporten.no", "https://login.idporten.no", "https://idporten.no"],
    });
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(formAction(csp)).toBe("form-action 'self' https://idporten.no https://login.idporten.no");
  });

  it("tillater innebygde skript bare for Vites utviklingsserver", () => {
    const csp = contentSecurityPolicy({ nonce: "x", dev: true, formAction: [] });
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain("nonce-");
    expect(formAction(csp)).toBe("form-action 'self'");
  });

  it("tar med opphavet til utsteder, autorisasjons- og utloggingsendepunktet", () => {
    expect(
      oidcOpphav("https://idporten.no/", {
        authorization_endpoint: "https://login.idporten.no/authorize",
        end_session_endpoint: "https://logout.idporten.no/logout?x=1",
      }),
    ).toEqual(["https://idporten.no", "https://login.idporten.no", "https://logout.idporten.no"]);
    expect(oidcOpphav("https://idporten.no", { end_session_endpoint: "ikke en adresse" })).toEqual([
      "https://idporten.no",
    ]);
  });
});

describe("sikkerhetshodene med en ekte utsteder over HTTP", () => {
  let idp: Server;
  let issuer: string;
  let app: Server;
  let appUrl: string;
  let svarMedDiscovery = false;

  beforeAll(async () => {
    idp = createServer((req, res) => {
      if (req.url === "/.well-known/openid-configuration" && svarMedDiscovery) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            issuer: `${issuer}/`,
            authorization_endpoint: "https://login.idp.example/authorize",
            end_session_endpoint: "https://utlogging.idp.example/endsession",
            token_endpoint: "https://login.idp.example/token",
          }),
        );
        return;
      }
      res.writeHead(503).end();
    });
    idp.listen(0, "127.0.0.1");
    await new Promise((r) => idp.once("listening", r));
    issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => idp.close(r));
    if (app) await new Promise((r) => app.close(r));
  });

  it("slipper login- og utloggingsendepunktene på andre verter til i form-action når de er oppdaget", async () => {
    const config = loadConfig({ OIDC_ISSUER: `${issuer}/`, APP_URL: "https://app.example" });
    const opphav = new FormActionOpphav(config.oidc.issuer);
    const e = express();
    e.use(securityHeaders(config, opphav));
    e.get("/", (_req, res) => {
      res.send(String(res.locals.cspNonce));
    });
    app = e.listen(0, "127.0.0.1");
    await new Promise((r) => app.once("listening", r));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;

    // the provider is down: only the issuer's origin, and the failure is reported
    expect(await opphav.oppdag()).toBe(false);
    let svar = await fetch(appUrl);
    expect(formAction(svar.headers.get("content-security-policy") ?? "")).toBe(
      `form-action 'self' ${issuer}`,
    );

    svarMedDiscovery = true;
    expect(await opphav.oppdag()).toBe(true);
    svar = await fetch(appUrl);
    const csp = svar.headers.get("content-security-policy") ?? "";
    expect(formAction(csp)).toBe(
      `form-action 'self' ${issuer} https://login.idp.example https://utlogging.idp.example`,
    );
    // a fresh nonce per response, the same one the page gets
    const nonce = await svar.text();
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect((await fetch(appUrl)).headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
    expect(svar.headers.get("x-content-type-options")).toBe("nosniff");
    expect(svar.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(svar.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
