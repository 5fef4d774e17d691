// Development stand-in for ID-porten, built on oidc-provider 9.
// Mount with `app.use(new URL(issuer).pathname, await createDevIdporten(opts))`.
// Never use it in production: accounts are test persons and all state lives in memory.
import express from "express";
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import type {
  Account,
  Adapter,
  AdapterPayload,
  Grant,
  Interaction,
  KoaContextWithOIDC,
  Provider,
  ResourceServerInfo,
  TokenLike,
} from "oidc-provider";

export interface TestPerson {
  pid: string;
  navn: string;
  telefonnummer?: string;
}

export interface DevIdportenOptions {
  /** e.g. "http://localhost:3000/idporten": the router must be mounted at this URL's path. */
  issuer: string;
  clients: Array<{
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    post_logout_redirect_uris: string[];
  }>;
  persons: TestPerson[];
  /** Audience (`aud`) of the JWT access tokens, e.g. "import-api". */
  apiAudience: string;
  cookieKeys: string[];
  /** Access token lifetime; default 7200 (as ID-porten). */
  accessTokenTtlSeconds?: number;
  /** Optional private JWKS; otherwise an RS256 key is generated at start. */
  jwks?: { keys: object[] };
}

/** The acr values ID-porten issues; the first is the default. */
export const ACR_VALUES = ["idporten-loa-substantial", "idporten-loa-high"] as const;

/** Cookie names set by the provider (on the issuer's host, under the issuer's path). */
export const DEV_IDPORTEN_COOKIES = {
  session: "idporten_session",
  interaction: "idporten_interaction",
  resume: "idporten_interaction_resume",
} as const;

const PID_PATTERN = /^\d{11}$/;
const CLOCK_TOLERANCE_SECONDS = 15;

type OidcProviderModule = typeof import("oidc-provider");
let providerModule: Promise<OidcProviderModule> | undefined;

/** Load oidc-provider once (only when the development ID-porten runs). */
function loadOidcProvider(): Promise<OidcProviderModule> {
  providerModule ??= import("oidc-provider");
  return providerModule;
}

// ---------------------------------------------------------------------------------------------
// In-memory adapter (the provider's own one prints a warning on every start).

interface StoredItem {
  payload: AdapterPayload;
  expiresAt: number;
}

interface MemoryStore {
  items: Map<string, StoredItem>;
  grants: Map<string, Set<string>>;
  sessionUids: Map<string, string>;
  userCodes: Map<string, string>;
  writes: number;
}

const GRANTABLE = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
]);

class DevMemoryAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly store: MemoryStore,
  ) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  private get(key: string): AdapterPayload | undefined {
    const item = this.store.items.get(key);
    if (!item) return undefined;
    if (item.expiresAt <= Date.now()) {
      this.store.items.delete(key);
      return undefined;
    }
    return item.payload;
  }

  private prune(): void {
    this.store.writes += 1;
    if (this.store.writes % 200 !== 0) return;
    const now = Date.now();
    for (const [key, item] of this.store.items) {
      if (item.expiresAt <= now) this.store.items.delete(key);
    }
    for (const [grantId, keys] of this.store.grants) {
      for (const key of keys) if (!this.store.items.has(key)) keys.delete(key);
      if (keys.size === 0) this.store.grants.delete(grantId);
    }
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    this.prune();
    const key = this.key(id);
    const expiresAt =
      typeof expiresIn === "number" ? Date.now() + (expiresIn + CLOCK_TOLERANCE_SECONDS) * 1000 : Infinity;
    this.store.items.set(key, { payload, expiresAt });
    if (GRANTABLE.has(this.model) && typeof payload.grantId === "string") {
      const keys = this.store.grants.get(payload.grantId) ?? new Set<string>();
      keys.add(key);
      this.store.grants.set(payload.grantId, keys);
    }
    if (this.model === "Session" && typeof payload.uid === "string") {
      this.store.sessionUids.set(payload.uid, id);
    }
    if (typeof payload.userCode === "string") {
      this.store.userCodes.set(payload.userCode, id);
    }
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.get(this.key(id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = this.store.sessionUids.get(uid);
    return id === undefined ? undefined : this.find(id);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const id = this.store.userCodes.get(userCode);
    return id === undefined ? undefined : this.find(id);
  }

  async consume(id: string): Promise<void> {
    const payload = this.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.items.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const key of this.store.grants.get(grantId) ?? []) this.store.items.delete(key);
    this.store.grants.delete(grantId);
  }
}

function createMemoryAdapterFactory(): (model: string) => Adapter {
  const store: MemoryStore = {
    items: new Map(),
    grants: new Map(),
    sessionUids: new Map(),
    userCodes: new Map(),
    writes: 0,
  };
  return (model) => new DevMemoryAdapter(model, store);
}

// ---------------------------------------------------------------------------------------------
// HTML

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1e2b3c;background:#f4f5f6}
header{background:#1e2b3c;color:#fff;padding:.75rem 1.5rem}
header p{margin:0;font-weight:600}
main{max-width:40rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.75rem;margin:0 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
ul.personer{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
form{margin:0}
button{font:inherit;cursor:pointer;border-radius:4px;border:2px solid #0062ba;padding:.625rem 1rem;background:#0062ba;color:#fff}
button.person{width:100%;text-align:left;background:#fff;color:#1e2b3c;display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem}
button.person:hover{background:#e6f0fa}
button.sekundaer{background:#fff;color:#0062ba}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1e2b3c;outline-offset:2px;box-shadow:0 0 0 5px #ffda06}
.navn{font-weight:600}
.pid{font-variant-numeric:tabular-nums}
.felt{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{font:inherit;padding:.5rem;border:2px solid #4a5563;border-radius:4px;width:100%;max-width:20rem;background:#fff;color:#1e2b3c}
input[aria-invalid="true"]{border-color:#c01b1b}
.feilmelding{color:#c01b1b;font-weight:600;margin:.25rem 0}
.feiloppsummering{border:3px solid #c01b1b;background:#fff;padding:1rem;margin:1rem 0}
.feiloppsummering h2{margin-top:0}
`;

function page(title: string, content: string): string {
  return `<!DOCTYPE html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>ID-porten – lokalt testmiljø</p></header>
<main>
${content}
</main>
</body>
</html>`;
}

const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
};

function sendHtml(res: express.Response, status: number, html: string): void {
  res.status(status).set(SECURITY_HEADERS).type("html").send(html);
}

function errorPage(title: string, message: string): string {
  return page(
    `${title} – ID-porten`,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>`,
  );
}

interface LoginPageInput {
  actionBase: string;
  persons: TestPerson[];
  error?: { message: string; field: "pid" | "navn" };
  typedPid?: string;
  typedNavn?: string;
}

function loginPage(input: LoginPageInput): string {
  const loginAction = escapeHtml(`${input.actionBase}/login`);
  const abortAction = escapeHtml(`${input.actionBase}/abort`);
  const { error } = input;
  const personItems = input.persons
    .map(
      (person) => `<li><form method="post" action="${loginAction}">
<input type="hidden" name="pid" value="${escapeHtml(person.pid)}">
<button type="submit" class="person"><span class="navn">${escapeHtml(person.navn)}</span> <span class="pid">Fødselsnummer ${escapeHtml(person.pid)}</span></button>
</form></li>`,
    )
    .join("\n");
  const pidError = error?.field === "pid";
  const navnError = error?.field === "navn";
  const errorSummary = error
    ? `<div class="feiloppsummering" role="alert">
<h2>Innloggingen kunne ikke fullføres</h2>
<p><a href="#${error.field}">${escapeHtml(error.message)}</a></p>
</div>`
    : "";
  const fieldError = (field: "pid" | "navn") =>
    error?.field === field
      ? `<p class="feilmelding" id="${field}-feil">${escapeHtml(error.message)}</p>`
      : "";
  const title = `${error ? "Feil: " : ""}Velg testperson – ID-porten`;
  return page(
    title,
    `<h1>Velg testperson</h1>
<p>Dette er en lokal erstatning for ID-porten for utvikling og test. Velg hvem du vil logge inn som.</p>
${errorSummary}
<h2 id="testpersoner">Testpersoner</h2>
${input.persons.length > 0 ? `<ul class="personer" aria-labelledby="testpersoner">\n${personItems}\n</ul>` : "<p>Ingen testpersoner er satt opp.</p>"}
<h2 id="annen-person">Annen testperson</h2>
<form method="post" action="${loginAction}" novalidate aria-labelledby="annen-person">
<div class="felt">
<label for="pid">Fødselsnummer (11 siffer)</label>
${fieldError("pid")}
<input id="pid" name="pid" type="text" inputmode="numeric" autocomplete="off" value="${escapeHtml(input.typedPid ?? "")}"${pidError ? ' aria-invalid="true" aria-describedby="pid-feil"' : ""}>
</div>
<div class="felt">
<label for="navn">Navn</label>
${fieldError("navn")}
<input id="navn" name="navn" type="text" autocomplete="off" maxlength="200" value="${escapeHtml(input.typedNavn ?? "")}"${navnError ? ' aria-invalid="true" aria-describedby="navn-feil"' : ""}>
</div>
<button type="submit">Logg inn</button>
</form>
<h2>Vil du ikke logge inn?</h2>
<form method="post" action="${abortAction}">
<button type="submit" class="sekundaer">Avbryt</button>
</form>`,
  );
}

// ---------------------------------------------------------------------------------------------

function formField(body: unknown, name: string): string {
  if (body === null || typeof body !== "object") return "";
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}

function chooseAcr(requested: unknown): string {
  if (typeof requested === "string") {
    for (const value of requested.split(" ")) {
      if ((ACR_VALUES as readonly string[]).includes(value)) return value;
    }
  }
  return ACR_VALUES[0];
}

function isSessionNotFound(err: unknown): boolean {
  return err instanceof Error && err.name === "SessionNotFound";
}

async function defaultJwks(): Promise<{ keys: object[] }> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: "RS256", use: "sig" }] };
}

export async function createDevIdporten(opts: DevIdportenOptions): Promise<express.Router> {
  const { Provider: OidcProvider, errors } = await loadOidcProvider();

  const issuerUrl = new URL(opts.issuer);
  const prefix = issuerUrl.pathname.replace(/\/+$/, "");
  const accessTokenTtl = opts.accessTokenTtlSeconds ?? 7200;
  // Resource indicators must be absolute URIs; a plain audience such as "import-api" gets a URN.
  const resourceIndicator = URL.canParse(opts.apiAudience)
    ? opts.apiAudience
    : `urn:dev-idporten:resource:${opts.apiAudience}`;

  const knownPersons = new Map(opts.persons.map((person) => [person.pid, person]));
  const typedNames = new Map<string, string>();

  function findPerson(pid: string): TestPerson | undefined {
    const known = knownPersons.get(pid);
    if (known) return known;
    const navn = typedNames.get(pid);
    return navn === undefined ? undefined : { pid, navn };
  }

  function addRequestedToGrant(grant: Grant, ctx: KoaContextWithOIDC): void {
    const oidcScopes = [...ctx.oidc.requestParamOIDCScopes].join(" ");
    if (oidcScopes) grant.addOIDCScope(oidcScopes);
    const claims = [...(ctx.oidc.requestParamClaims ?? [])];
    if (claims.length > 0) grant.addOIDCClaims(claims);
    for (const [indicator, server] of Object.entries(ctx.oidc.resourceServers)) {
      grant.addResourceScope(indicator, server.scope);
    }
  }

  const resourceServerInfo: ResourceServerInfo = {
    scope: "openid profile",
    audience: opts.apiAudience,
    accessTokenTTL: accessTokenTtl,
    accessTokenFormat: "jwt",
    jwt: { sign: { alg: "RS256" } },
  };

  let provider: Provider;

  const configuration = {
    adapter: createMemoryAdapterFactory(),
    clients: opts.clients.map((client) => ({
      client_id: client.client_id,
      client_secret: client.client_secret,
      redirect_uris: client.redirect_uris,
      post_logout_redirect_uris: client.post_logout_redirect_uris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      // client_secret_post is accepted as well (oidc-provider treats the two as one family).
      token_endpoint_auth_method: "client_secret_basic",
    })),
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    responseTypes: ["code"],
    scopes: ["openid", "profile"],
    acrValues: [...ACR_VALUES],
    claims: {
      iss: null,
      sid: null,
      // acr, amr and auth_time sit in the openid scope so they are always in the id_token, as in ID-porten.
      openid: ["sub", "pid", "locale", "acr", "amr", "auth_time"],
      profile: ["name"],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: {
      names: { ...DEV_IDPORTEN_COOKIES },
      long: { httpOnly: true, sameSite: "lax" as const, path: prefix || "/" },
      short: { httpOnly: true, sameSite: "lax" as const },
      keys: opts.cookieKeys,
    },
    jwks: opts.jwks ?? (await defaultJwks()),
    routes: {
      authorization: "/authorize",
      end_session: "/endsession",
      jwks: "/jwks",
      token: "/token",
      userinfo: "/userinfo",
    },
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: Interaction) => `${prefix}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      // The access token's audience is the API, so the userinfo endpoint could not accept it.
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resourceIndicator,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, indicator: string) => {
          if (indicator !== resourceIndicator) {
            throw new errors.InvalidTarget(`unknown resource indicator (use ${resourceIndicator})`);
          }
          return resourceServerInfo;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          // `form` is the provider's form (with its xsrf field); put a real submit button inside it.
          const formWithButton = form.replace(
            "</form>",
            '<button type="submit" name="logout" value="yes">Logg ut</button></form>',
          );
          ctx.set("Content-Security-Policy", SECURITY_HEADERS["Content-Security-Policy"] ?? "");
          ctx.type = "html";
          ctx.body = page(
            "Logg ut av ID-porten",
            `<h1>Logg ut av ID-porten</h1>
<p>Du blir logget ut av ID-porten og sendt tilbake til tjenesten.</p>
${formWithButton}`,
          );
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = "html";
          ctx.body = page(
            "Du er logget ut – ID-porten",
            "<h1>Du er logget ut</h1>\n<p>Du er nå logget ut av ID-porten. Du kan lukke dette vinduet.</p>",
          );
        },
      },
    },
    renderError: async (ctx: KoaContextWithOIDC, out: Record<string, string>) => {
      const details = Object.entries(out)
        .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(String(value))}</dd>`)
        .join("");
      ctx.type = "html";
      ctx.body = page(
        "Noe gikk galt – ID-porten",
        `<h1>Noe gikk galt</h1>
<p>Innloggingen kunne ikke fullføres. Gå tilbake til tjenesten og prøv igjen.</p>
<dl>${details}</dl>`,
      );
    },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
      const person = findPerson(sub);
      if (!person) return undefined;
      return {
        accountId: person.pid,
        claims: async () => ({ sub: person.pid, pid: person.pid, name: person.navn, locale: "nb" }),
      };
    },
    // Auto-consent: every login gets a grant for what was asked for, so no consent prompt appears.
    loadExistingGrant: async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
      let grant = grantId ? await provider.Grant.find(grantId) : undefined;
      if (!grant || grant.accountId !== accountId || grant.clientId !== clientId) {
        grant = new provider.Grant({ accountId, clientId });
      }
      addRequestedToGrant(grant, ctx);
      await grant.save();
      return grant;
    },
    extraTokenClaims: (ctx: KoaContextWithOIDC | undefined, token: TokenLike) => {
      const source = ctx?.oidc.entities.AuthorizationCode ?? ctx?.oidc.entities.RefreshToken;
      return {
        ...(token.accountId ? { pid: token.accountId } : {}),
        ...(source?.acr ? { acr: source.acr } : {}),
        ...(source?.amr ? { amr: source.amr } : {}),
      };
    },
  };

  provider = new OidcProvider(opts.issuer, configuration);
  provider.proxy = true;
  // ID-porten always puts `sid` in the id_token; oidc-provider does so only for clients with
  // back-channel logout (or a claims request), so say yes for every client.
  provider.Client.prototype.includeSid = () => true;
  provider.on("server_error", (_ctx: unknown, err: unknown) => {
    console.error("dev-idporten: server_error", err);
  });

  // ---- interaction routes (ours) -------------------------------------------------------------
  const router = express.Router();
  const parseForm = express.urlencoded({ extended: false, limit: "16kb" });

  /** The pending interaction for this browser, or undefined after an error page was sent. */
  async function pendingInteraction(
    req: express.Request<{ uid: string }>,
    res: express.Response,
  ): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(req, res);
      if (interaction.uid !== req.params.uid)
        throw Object.assign(new Error("uid mismatch"), { name: "SessionNotFound" });
      return interaction;
    } catch (err) {
      if (!isSessionNotFound(err)) throw err;
      sendHtml(
        res,
        400,
        errorPage(
          "Innloggingen er utløpt",
          "Innloggingen er utløpt eller ugyldig. Gå tilbake til tjenesten og start innloggingen på nytt.",
        ),
      );
      return undefined;
    }
  }

  /** Defensive: should a consent prompt ever appear, grant what is missing and go on. */
  async function finishConsent(
    req: express.Request<{ uid: string }>,
    res: express.Response,
    interaction: Interaction,
  ): Promise<void> {
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (!accountId || typeof clientId !== "string") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const details = interaction.prompt.details;
    if (Array.isArray(details.missingOIDCScope)) grant.addOIDCScope(details.missingOIDCScope.join(" "));
    if (Array.isArray(details.missingOIDCClaims)) grant.addOIDCClaims(details.missingOIDCClaims.map(String));
    const missingResourceScopes = details.missingResourceScopes;
    if (missingResourceScopes && typeof missingResourceScopes === "object") {
      for (const [indicator, scopes] of Object.entries(missingResourceScopes)) {
        if (Array.isArray(scopes)) grant.addResourceScope(indicator, scopes.join(" "));
      }
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  router.get("/interaction/:uid", (req, res, next) => {
    (async () => {
      const interaction = await pendingInteraction(req, res);
      if (!interaction) return;
      if (interaction.prompt.name === "consent") {
        await finishConsent(req, res, interaction);
        return;
      }
      sendHtml(
        res,
        200,
        loginPage({
          actionBase: `${prefix}/interaction/${interaction.uid}`,
          persons: opts.persons,
        }),
      );
    })().catch(next);
  });

  router.post("/interaction/:uid/login", parseForm, (req, res, next) => {
    (async () => {
      const interaction = await pendingInteraction(req, res);
      if (!interaction) return;
      const pid = formField(req.body, "pid").replace(/\s+/g, "");
      const navn = formField(req.body, "navn").trim();
      const known = knownPersons.get(pid);
      let error: LoginPageInput["error"];
      if (!PID_PATTERN.test(pid)) {
        error = { field: "pid", message: "Fødselsnummeret må bestå av nøyaktig 11 siffer." };
      } else if (!known && navn === "") {
        error = { field: "navn", message: "Skriv inn navnet til testpersonen." };
      }
      if (error) {
        sendHtml(
          res,
          400,
          loginPage({
            actionBase: `${prefix}/interaction/${interaction.uid}`,
            persons: opts.persons,
            error,
            typedPid: formField(req.body, "pid"),
            typedNavn: navn,
          }),
        );
        return;
      }
      if (!known) typedNames.set(pid, navn.slice(0, 200));
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: pid, acr: chooseAcr(interaction.params.acr_values), amr: ["TestID"] } },
        { mergeWithLastSubmission: false },
      );
    })().catch(next);
  });

  router.post("/interaction/:uid/abort", parseForm, (req, res, next) => {
    (async () => {
      const interaction = await pendingInteraction(req, res);
      if (!interaction) return;
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "Brukeren avbrøt innloggingen" },
        { mergeWithLastSubmission: false },
      );
    })().catch(next);
  });

  // Everything else belongs to the provider (no body parser in front of it).
  router.use(provider.callback());
  return router;
}
