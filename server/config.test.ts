import { describe, expect, it } from "vitest";
import { discoveryUrl, sammeUtsteder } from "../domain/oidc";
import { KonfigurasjonsFeil, loadConfig } from "./config";

/** A complete production configuration against real services. */
const PRODUKSJON = {
  NODE_ENV: "production",
  APP_URL: "https://forhaandsmelding.example.no",
  SESSION_SECRET: "a".repeat(64),
  OIDC_ISSUER: "https://idporten.no",
  OIDC_CLIENT_ID: "forhaandsmelding-klient",
  OIDC_CLIENT_SECRET: "en-ekte-klienthemmelighet",
  IMPORT_API_URL: "https://api.example.no/",
  DATABASE_URL: "postgres://db.example.no/forhaandsmelding",
  SMTP_URL: "smtp://smtp.example.no:587",
  EPOST_AVSENDER: "Mattilsynet <ikke-svar@mattilsynet.no>",
};

function feilVed(env: Record<string, string | undefined>): KonfigurasjonsFeil {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof KonfigurasjonsFeil) return e;
    throw e;
  }
  throw new Error("forventet at oppsettet ble avvist");
}

describe("loadConfig uten NODE_ENV=production", () => {
  it("har innebygde standardverdier for alt, med utviklings-ID-porten og det innebygde API-et", () => {
    const c = loadConfig({});
    expect(c.production).toBe(false);
    expect(c.demo).toBe(false);
    expect(c.embeddedIdporten).toBe(true);
    expect(c.embeddedApi).toBe(true);
    expect(c.oidc.issuer).toBe("http://localhost:3000/idporten");
    expect(c.importApiUrl).toBe("http://127.0.0.1:3000");
    expect(c.secureCookies).toBe(false);
    expect(c.seedDemoData).toBe(true);
    expect(c.hubApiKey).toBe("dev-hub-nokkel");
    expect(c.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(c.embeddedEpost).toBe(true);
    expect(c.epost).toMatchObject({
      fangerPort: 0,
      samlevinduMs: 30_000,
      maksForsoek: 8,
      nedeVarselMs: 900_000,
    });
  });

  it("leser e-postinnstillingene i sekunder og faller tilbake på standardverdiene ved ugyldige tall", () => {
    const c = loadConfig({
      SMTP_URL: "smtp://relé.example:25",
      EPOST_SAMLEVINDU_SEKUNDER: "0.5",
      EPOST_MAKS_FORSOEK: "3",
      EPOST_VENTETID_SEKUNDER: "-1",
      EPOST_NEDE_VARSEL_SEKUNDER: "tull",
    });
    expect(c.embeddedEpost).toBe(false);
    expect(c.epost).toMatchObject({
      samlevinduMs: 500,
      maksForsoek: 3,
      ventetidMs: 30_000,
      nedeVarselMs: 900_000,
    });
  });

  it("slår på Secure-cookies når APP_URL er https", () => {
    expect(loadConfig({ APP_URL: "https://lokal.example/" }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: "https://lokal.example/" }).appUrl).toBe("https://lokal.example");
  });

  it("beholder utstederen slik den er oppgitt, også med skråstrek til slutt", () => {
    expect(loadConfig({ OIDC_ISSUER: "https://idp.example/" }).oidc.issuer).toBe("https://idp.example/");
    expect(loadConfig({ OIDC_ISSUER: "https://idp.example/" }).embeddedIdporten).toBe(false);
  });

  it("leser funksjonsbrytere og ignorerer DEMO_MODE", () => {
    const c = loadConfig({
      FEATURE_VIS_IMPORTMELDING: "nei",
      FEATURE_VIS_RISIKOVURDERING: "ja",
      DEMO_MODE: "1",
    });
    expect(c.features).toEqual({ visImportmelding: false, visRisikovurdering: true });
    expect(c.demo).toBe(false);
  });
});

describe("loadConfig i produksjon", () => {
  it("godtar et fullstendig oppsett mot ekte tjenester, med Secure-cookies og uten demodata", () => {
    const c = loadConfig(PRODUKSJON);
    expect(c.production).toBe(true);
    expect(c.embeddedIdporten).toBe(false);
    expect(c.embeddedApi).toBe(false);
    expect(c.importApiUrl).toBe("https://api.example.no");
    expect(c.secureCookies).toBe(true);
    expect(c.seedDemoData).toBe(false);
    expect(c.oidc.clientSecret).toBe("en-ekte-klienthemmelighet");
    expect(c.embeddedEpost).toBe(false);
    expect(c.smtpUrl).toBe("smtp://smtp.example.no:587");
    expect(c.epost.avsender).toBe("Mattilsynet <ikke-svar@mattilsynet.no>");
  });

  it("nekter å starte uten SMTP_URL (ellers ville e-postfangeren for utvikling ta imot varslene) og avsender", () => {
    expect(feilVed({ ...PRODUKSJON, SMTP_URL: undefined }).problemer).toEqual([
      expect.stringContaining("SMTP_URL må settes"),
    ]);
    expect(feilVed({ ...PRODUKSJON, EPOST_AVSENDER: "" }).problemer).toEqual([
      expect.stringContaining("EPOST_AVSENDER må settes"),
    ]);
  });

  it("nekter å starte uten OIDC_ISSUER (ellers ville utviklings-ID-porten godta hvem som helst)", () => {
    const feil = feilVed({ ...PRODUKSJON, OIDC_ISSUER: undefined });
    expect(feil.problemer).toEqual([expect.stringContaining("OIDC_ISSUER må settes")]);
    expect(feil.message).toContain("DEMO_MODE=true");
  });

  it("nekter å starte uten IMPORT_API_URL (ellers gjelder de kjente API-nøklene)", () => {
    const feil = feilVed({ ...PRODUKSJON, IMPORT_API_URL: "" });
    expect(feil.problemer).toEqual([expect.stringMatching(/IMPORT_API_URL må settes.*dev-hub-nokkel/)]);
  });

  it("nekter å starte uten klienthemmelighet, eller med utviklingsverdien", () => {
    expect(feilVed({ ...PRODUKSJON, OIDC_CLIENT_SECRET: undefined }).problemer).toEqual([
      expect.stringContaining("OIDC_CLIENT_SECRET må settes"),
    ]);
    expect(
      feilVed({ ...PRODUKSJON, OIDC_CLIENT_SECRET: "dev-hemmelighet-ikke-for-produksjon" }).problemer,
    ).toEqual([expect.stringContaining("OIDC_CLIENT_SECRET")]);
    expect(feilVed({ ...PRODUKSJON, OIDC_CLIENT_ID: "forhaandsmelding-dev" }).problemer).toEqual([
      expect.stringContaining("OIDC_CLIENT_ID"),
    ]);
  });

  it("krever en lang SESSION_SECRET og en https-adresse", () => {
    expect(feilVed({ ...PRODUKSJON, SESSION_SECRET: undefined }).problemer).toEqual([
      "SESSION_SECRET må settes.",
    ]);
    expect(feilVed({ ...PRODUKSJON, SESSION_SECRET: "kort" }).problemer).toEqual([
      expect.stringContaining("minst 32 tegn"),
    ]);
    expect(feilVed({ ...PRODUKSJON, APP_URL: "http://forhaandsmelding.example.no" }).problemer).toEqual([
      expect.stringContaining("https://"),
    ]);
    expect(feilVed({ ...PRODUKSJON, APP_URL: undefined }).problemer).toEqual([
      expect.stringContaining("APP_URL må settes"),
    ]);
  });

  it("nekter demodata i produksjon", () => {
    expect(feilVed({ ...PRODUKSJON, SEED_DEMO_DATA: "true" }).problemer).toEqual([
      expect.stringContaining("SEED_DEMO_DATA"),
    ]);
  });

  it("lister alle problemene på én gang når ingenting er satt", () => {
    const feil = feilVed({ NODE_ENV: "production" });
    expect(feil.problemer).toHaveLength(8);
    expect(feil.message).toMatch(/^Ugyldig oppsett for produksjon/);
  });

  it("med DEMO_MODE kjører de innebygde tjenestene over http, med demodata, men krever SESSION_SECRET", () => {
    const c = loadConfig({ NODE_ENV: "production", DEMO_MODE: "true", SESSION_SECRET: "demo" });
    expect(c.demo).toBe(true);
    expect(c.embeddedIdporten).toBe(true);
    expect(c.embeddedApi).toBe(true);
    expect(c.embeddedEpost).toBe(true);
    expect(c.secureCookies).toBe(false);
    expect(c.seedDemoData).toBe(true);
    expect(feilVed({ NODE_ENV: "production", DEMO_MODE: "true" }).problemer).toEqual([
      "SESSION_SECRET må settes.",
    ]);
    // a demo behind https still gets Secure cookies
    expect(
      loadConfig({
        NODE_ENV: "production",
        DEMO_MODE: "ja",
        SESSION_SECRET: "demo",
        APP_URL: "https://demo.example",
      }).secureCookies,
    ).toBe(true);
  });
});

describe("utstederadresser", () => {
  it("lager discovery-adressen uten dobbel skråstrek", () => {
    expect(discoveryUrl("https://idporten.no")).toBe("https://idporten.no/.well-known/openid-configuration");
    expect(discoveryUrl("https://idporten.no/")).toBe("https://idporten.no/.well-known/openid-configuration");
  });

  it("sammenligner utstedere uten å bry seg om skråstrek til slutt", () => {
    expect(sammeUtsteder("https://idporten.no/", "https://idporten.no")).toBe(true);
    expect(sammeUtsteder("https://idporten.no", "https://test.idporten.no")).toBe(false);
  });
});
