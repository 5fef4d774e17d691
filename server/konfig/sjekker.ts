// What makes a configuration one the service refuses to start with, per role (ADR 066; docs/decisions/
// 009-production-configuration.md, 028-roller-og-drift.md). Every check reads the environment as ./miljo.ts read
// it and gives its problems in Norwegian, for the operator; the schema (./skjema.ts) runs the common checks and
// those of each role in ROLES, and the service lists them all at once.
import { manglerFil, privatNoekkel, type Rolle, satt, UTVIKLINGSVERDIER } from "./felles";
import type { Miljo } from "./miljo";

/** Whether this is production proper (NODE_ENV=production without DEMO_MODE). */
export const produksjon = (m: Miljo) => m.NODE_ENV === "production" && !m.DEMO_MODE;

type Sjekk = (m: Miljo, roller: ReadonlySet<Rolle>) => string[];

/** In every mode: the roles, the ports, the proxies and what a role needs from the others. */
const grunnlag: Sjekk = (m, roller) => {
  const p: string[] = [];
  const { ukjente } = m.ROLES;
  if (ukjente.length > 0)
    p.push(`ROLES inneholder ukjente roller (${ukjente.join(", ")}); gyldige roller er web, api og sender.`);
  const lytteport = m.PORT ?? 3000;
  if (Number.isNaN(lytteport)) p.push("PORT må være et portnummer (0–65535).");
  if (Number.isNaN(m.METRICS_PORT)) p.push("METRICS_PORT må være et portnummer (0–65535).");
  else if (m.METRICS_PORT !== undefined && m.METRICS_PORT !== 0 && m.METRICS_PORT === lytteport) {
    p.push(
      "METRICS_PORT må være en annen port enn PORT (målingene skal ikke være på den offentlige porten).",
    );
  }
  if (roller.size === 0) p.push("ROLES må inneholde minst én rolle: web, api eller sender.");
  if (satt(m.MYNDIGHET_ORGNR) && !/^\d{9}$/.test(m.MYNDIGHET_ORGNR.trim())) {
    p.push("MYNDIGHET_ORGNR må være et organisasjonsnummer (ni siffer).");
  }
  if (roller.has("web") && !roller.has("api") && !satt(m.IMPORT_API_URL)) {
    p.push(
      "IMPORT_API_URL må settes når rollen web kjører uten rollen api i samme prosess (adressen til api-prosessene).",
    );
  }
  return p;
};

/** After the roles' checks, in every mode. */
const tilSlutt: Sjekk = (m) => {
  const p: string[] = [];
  if (m.NODE_ENV === "production" && m.DEMO_MODE && !satt(m.SESSION_SECRET))
    p.push("SESSION_SECRET må settes.");
  if (m.TRUST_PROXY.ugyldige.length > 0) {
    p.push(
      `TRUST_PROXY må være et antall ledd eller en kommaliste med mellomtjenernes adresser eller nett (f.eks. 10.0.0.0/8, loopback, uniquelocal), ikke ${m.TRUST_PROXY.ugyldige.join(", ")}: X-Forwarded-For tros bare fra mellomtjenerne den nevner.`,
    );
  }
  // Webhooks to http and loopback are for development and tests only: never in production, DEMO_MODE or not,
  // nor under any other NODE_ENV (issue 34 item 10).
  if (m.WEBHOOK_TILLAT_LOKAL && !["", "development", "test"].includes(m.NODE_ENV ?? "")) {
    p.push(
      "WEBHOOK_TILLAT_LOKAL kan bare slås på i utvikling og tester (NODE_ENV=development eller test): webhooker skal ellers bare gå til offentlige https-adresser, også med DEMO_MODE.",
    );
  }
  return p;
};

/** Production proper, whatever the roles: a shared PostgreSQL and no demo data. */
const produksjonFelles: Sjekk = (m) => {
  const p: string[] = [];
  if (!satt(m.DATABASE_URL)) {
    p.push(
      "DATABASE_URL må settes til en PostgreSQL-server (postgres://…): den innebygde databasen kan bare åpnes av én prosess, og webappens sesjoner, import-API-et og e-postsenderen må dele data.",
    );
  } else if (!/^postgres(ql)?:\/\//.test(m.DATABASE_URL)) {
    p.push("DATABASE_URL må være en postgres://-adresse.");
  }
  if (m.SEED_DEMO_DATA) p.push("SEED_DEMO_DATA kan ikke slås på i produksjon.");
  return p;
};

/** APP_URL: the web role's cookies and the sender's links go there. */
function appUrlProblemer(m: Miljo, hvorfor: string): string[] {
  if (!satt(m.APP_URL)) return ["APP_URL må settes til tjenestens offentlige https-adresse."];
  return m.APP_URL.startsWith("https://") ? [] : [`APP_URL må begynne med https:// (${hvorfor}).`];
}

/** Production proper, the `web` role. */
const produksjonWeb: Sjekk = (m, roller) => {
  const p = appUrlProblemer(m, "informasjonskapslene er Secure med prefikset __Host-");
  if (!satt(m.SESSION_SECRET)) p.push("SESSION_SECRET må settes (rollen web).");
  else if (m.SESSION_SECRET.length < 32) p.push("SESSION_SECRET må være minst 32 tegn (tilfeldig).");
  if (!satt(m.OIDC_CLIENT_ID) || m.OIDC_CLIENT_ID === UTVIKLINGSVERDIER.clientId) {
    p.push("OIDC_CLIENT_ID må settes til klient-id-en hos ID-porten.");
  }
  if (!satt(m.OIDC_CLIENT_SECRET) || m.OIDC_CLIENT_SECRET === UTVIKLINGSVERDIER.clientSecret) {
    p.push("OIDC_CLIENT_SECRET må settes til klienthemmeligheten hos ID-porten (ikke utviklingsverdien).");
  }
  if (!satt(m.OIDC_ISSUER)) {
    p.push(
      "OIDC_ISSUER må settes (uten den starter utviklings-ID-porten, som godtar hvilket som helst fødselsnummer).",
    );
  }
  if (!satt(m.OIDC_RESOURCE)) {
    p.push(
      "OIDC_RESOURCE må settes til import-API-ets ressursindikator hos ID-porten (tilgangstokenet får den som audience).",
    );
  }
  if (
    roller.has("api") &&
    satt(m.OIDC_RESOURCE) &&
    satt(m.API_AUDIENCE) &&
    m.OIDC_RESOURCE !== m.API_AUDIENCE
  ) {
    p.push("OIDC_RESOURCE og API_AUDIENCE må være like når web og api kjører i samme prosess.");
  }
  return p;
};

/** WEBHOOK_NOEKKEL, which the `api` and `sender` roles share. */
function webhookNoekkelProblemer(m: Miljo): string[] {
  if (!satt(m.WEBHOOK_NOEKKEL) || m.WEBHOOK_NOEKKEL === UTVIKLINGSVERDIER.webhookNoekkel) {
    return [
      "WEBHOOK_NOEKKEL må settes (minst 32 tilfeldige tegn, den samme for rollene api og sender): webhook-hemmelighetene krypteres med den.",
    ];
  }
  return m.WEBHOOK_NOEKKEL.length < 32 ? ["WEBHOOK_NOEKKEL må være minst 32 tegn (tilfeldig)."] : [];
}

/** Production proper, the `api` role. */
const produksjonApi: Sjekk = (m, roller) => {
  const p: string[] = [];
  if (!roller.has("web") && !satt(m.OIDC_ISSUER)) {
    p.push("OIDC_ISSUER må settes (import-API-et sjekker tilgangstokenene mot utstederens nøkler).");
  }
  if (!satt(m.HUB_API_KEY) || m.HUB_API_KEY === UTVIKLINGSVERDIER.hubApiKey) {
    p.push("HUB_API_KEY må settes til ePhyto Hub-nøkkelen (ikke utviklingsverdien dev-hub-nokkel).");
  } else if (m.HUB_API_KEY.length < 24) p.push("HUB_API_KEY må være minst 24 tegn (tilfeldig).");
  // The authority's case system (ADR 045): Maskinporten tokens of its organisation, no shared key.
  if (satt(m.MYNDIGHET_API_KEY)) {
    p.push(
      "MYNDIGHET_API_KEY brukes ikke lenger: Mattilsynets saksbehandlingssystem bruker Maskinporten-token (ADR 045). Fjern variabelen.",
    );
  }
  if (!satt(m.MYNDIGHET_ORGNR)) {
    p.push("MYNDIGHET_ORGNR må settes til Mattilsynets organisasjonsnummer (985399077).");
  }
  if (!satt(m.MASKINPORTEN_ISSUER)) {
    p.push(
      "MASKINPORTEN_ISSUER må settes (f.eks. https://maskinporten.no/): Mattilsynets saksbehandlingssystem kommer bare inn med Maskinporten-token.",
    );
    if (satt(m.MASKINPORTEN_JWKS_URI) || satt(m.MASKINPORTEN_AUDIENCE)) {
      p.push(
        "MASKINPORTEN_ISSUER må settes når MASKINPORTEN_JWKS_URI eller MASKINPORTEN_AUDIENCE er satt (ellers er maskintilgang av).",
      );
    }
  } else {
    // Machine access: MASKINPORTEN_ISSUER, and then it needs Maskinporten's keys.
    if (!m.MASKINPORTEN_ISSUER.startsWith("https://")) p.push("MASKINPORTEN_ISSUER må begynne med https://.");
    if (!satt(m.MASKINPORTEN_JWKS_URI)) {
      p.push(
        "MASKINPORTEN_JWKS_URI må settes når MASKINPORTEN_ISSUER er satt (Maskinportens nøkler, f.eks. https://maskinporten.no/jwk).",
      );
    } else if (!m.MASKINPORTEN_JWKS_URI.startsWith("https://")) {
      p.push("MASKINPORTEN_JWKS_URI må begynne med https://.");
    }
  }
  if (!satt(m.API_AUDIENCE)) {
    p.push("API_AUDIENCE må settes til audience-en ID-porten gir tilgangstokenene for import-API-et.");
  }
  return [...p, ...webhookNoekkelProblemer(m)];
};

/** What is wrong with the Hub settings of a `sender` (every mode when HUB_URL is set; production always). */
function hubProblemer(m: Miljo, iProduksjon: boolean): string[] {
  if (!m.HUB_HENTING) return [];
  const p: string[] = [];
  if (!satt(m.HUB_URL)) {
    if (iProduksjon) {
      p.push(
        "HUB_URL må settes til ePhyto-hubens DeliveryService (https://hub.ephytoexchange.org/hub/DeliveryService), eller HUB_HENTING=av når en relé leverer til Hub-endepunktet (rollen sender).",
      );
    }
    return p;
  }
  if (iProduksjon && !m.HUB_URL.startsWith("https://")) p.push("HUB_URL må begynne med https://.");
  for (const [navn, hva] of [
    ["HUB_KLIENTSERTIFIKAT", "NPPO-ens klientsertifikat for huben (PEM, eller en fil med det)"],
    ["HUB_KLIENTNOEKKEL", "den private nøkkelen til klientsertifikatet (PEM, eller en fil med den)"],
  ] as const) {
    if (!satt(m[navn])) p.push(`${navn} må settes til ${hva} når HUB_URL er satt.`);
    else if (manglerFil(m[navn])) p.push(`${navn} peker på en fil som ikke finnes (${m[navn]}).`);
  }
  if (manglerFil(m.HUB_CA)) p.push(`HUB_CA peker på en fil som ikke finnes (${m.HUB_CA}).`);
  return p;
}

/** Production proper, the `sender` role. */
const produksjonSender: Sjekk = (m, roller) => {
  const p = roller.has("web") ? [] : appUrlProblemer(m, "lenkene i e-postvarslene går dit");
  if (!roller.has("api")) p.push(...webhookNoekkelProblemer(m));
  if (!satt(m.SMTP_URL)) {
    p.push(
      "SMTP_URL må settes (uten den starter utviklingsfangeren for e-post, og ingen e-postvarsler når fram).",
    );
  }
  if (!satt(m.EPOST_AVSENDER)) p.push("EPOST_AVSENDER må settes til avsenderadressen for e-postvarslene.");
  return [...p, ...hubProblemer(m, true)];
};

/**
 * What Altinn, Enhetsregisteret and the service's own Maskinporten client lack (ADR 042), for `api` and
 * `sender`. In production every setting; elsewhere only when the registers are set up by hand (ALTINN_URL or
 * ENHETSREGISTERET_URL given), and then only the client's key, which has no development value.
 */
const registre: Sjekk = (m, roller) => {
  const p: string[] = [];
  const altinn = roller.has("api");
  if (!altinn && !roller.has("sender")) return p;
  const iProduksjon = produksjon(m);
  const mangler = (navn: keyof Miljo & string, hva: string) => {
    if (!satt(m[navn] as string | undefined)) p.push(`${navn} må settes (${hva}).`);
  };
  if (iProduksjon) {
    mangler("ENHETSREGISTERET_URL", "Enhetsregisterets API, f.eks. https://data.brreg.no/enhetsregisteret");
    if (!altinn) return p;
    mangler("ALTINN_URL", "Altinn-plattformen, f.eks. https://platform.altinn.no");
    mangler("ALTINN_RESSURS", "tjenestens ressurs i Altinns ressursregister");
    mangler("ALTINN_ABONNEMENTSNOEKKEL", "API-abonnementet hos Altinn, Ocp-Apim-Subscription-Key");
    mangler("MASKINPORTEN_URL", "Maskinporten for tjenestens egen klient, f.eks. https://maskinporten.no/");
    mangler("MASKINPORTEN_KLIENT_ID", "tjenestens egen klient i Maskinporten");
  }
  if (altinn && (iProduksjon || satt(m.ALTINN_URL))) {
    if (!satt(m.MASKINPORTEN_KLIENT_NOEKKEL)) {
      p.push(
        "MASKINPORTEN_KLIENT_NOEKKEL må settes (den private nøkkelen til tjenestens klient i Maskinporten, JWK som JSON).",
      );
    } else if (!privatNoekkel(m.MASKINPORTEN_KLIENT_NOEKKEL)) {
      p.push("MASKINPORTEN_KLIENT_NOEKKEL må være en privat nøkkel som JWK i JSON (med kty og d).");
    }
  }
  if (!iProduksjon && altinn && satt(m.ALTINN_URL) && !satt(m.MASKINPORTEN_URL)) {
    p.push("MASKINPORTEN_URL må settes når ALTINN_URL er satt (tjenestens egen klient henter token der).");
  }
  return p;
};

/** Outside production proper, the `sender` role: the Hub's client when HUB_URL is set. */
const utviklingSender: Sjekk = (m) => hubProblemer(m, false);

/** The checks of one role, in production proper and elsewhere. */
const perRolle: Record<Rolle, { produksjon: Sjekk[]; ellers: Sjekk[] }> = {
  web: { produksjon: [produksjonWeb], ellers: [] },
  api: { produksjon: [produksjonApi], ellers: [] },
  sender: { produksjon: [produksjonSender], ellers: [utviklingSender] },
};

/** Every problem of this environment for these roles, in the order the operator reads them. */
export function problemer(m: Miljo): string[] {
  const roller = m.ROLES.roller;
  const iProduksjon = produksjon(m);
  const sjekker: Sjekk[] = [grunnlag];
  if (iProduksjon) sjekker.push(produksjonFelles);
  for (const rolle of ["web", "api", "sender"] as const) {
    if (roller.has(rolle)) sjekker.push(...perRolle[rolle][iProduksjon ? "produksjon" : "ellers"]);
  }
  sjekker.push(registre, tilSlutt);
  return sjekker.flatMap((sjekk) => sjekk(m, roller));
}
