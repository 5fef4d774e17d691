// Minimal type declarations for the parts of oidc-provider 9 that dev/idporten uses.
// The package ships no types and @types/oidc-provider is not installed. If it is added
// later, delete this file and adjust dev/idporten/index.ts to the official types.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type UnknownObject = Record<string, unknown>;

  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
  }

  export interface ResourceServer {
    scope: string;
    audience?: string;
  }

  export interface Session {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface TokenLike {
    accountId?: string;
    clientId?: string;
    acr?: string;
    amr?: string[];
    scope?: string;
  }

  export interface OIDCContext {
    params: Record<string, string | string[] | undefined>;
    client?: Client;
    session?: Session;
    result?: InteractionResults;
    resourceServers: Record<string, ResourceServer>;
    requestParamOIDCScopes: Set<string>;
    requestParamClaims: Set<string>;
    entities: {
      AuthorizationCode?: TokenLike;
      RefreshToken?: TokenLike;
      [key: string]: unknown;
    };
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    body: unknown;
    type: string;
    status: number;
    set(field: string, value: string): void;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: UnknownObject, rejected: string[]): Promise<UnknownObject>;
  }

  export interface InteractionResults {
    [key: string]: unknown;
    login?: { accountId: string; acr?: string; amr?: string[]; remember?: boolean; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: UnknownObject };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    lastSubmission?: InteractionResults;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: "opaque" | "jwt";
    jwt?: { sign?: { alg?: string; kid?: string } };
  }

  export interface ClientMetadata {
    [key: string]: unknown;
    client_id: string;
    client_secret?: string;
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
  }

  export type CookieOptions = {
    httpOnly?: boolean;
    sameSite?: "lax" | "strict" | "none";
    path?: string;
    secure?: boolean;
  };

  export interface Configuration {
    [key: string]: unknown;
    acrValues?: string[];
    adapter?: (name: string) => Adapter;
    claims?: Record<string, string[] | null>;
    clientAuthMethods?: string[];
    clients?: ClientMetadata[];
    conformIdTokenClaims?: boolean;
    cookies?: {
      names?: { session?: string; interaction?: string; resume?: string };
      long?: CookieOptions;
      short?: CookieOptions;
      keys?: string[];
    };
    extraTokenClaims?: (
      ctx: KoaContextWithOIDC | undefined,
      token: TokenLike,
    ) => Promise<UnknownObject | undefined> | UnknownObject | undefined;
    features?: Record<string, UnknownObject>;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string> };
    jwks?: { keys: object[] };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => Promise<void>;
    responseTypes?: string[];
    routes?: Record<string, string>;
    scopes?: string[];
    ttl?: Record<string, number | ((...args: unknown[]) => number)>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantConstructor;
    readonly Client: { prototype: { includeSid(): boolean } };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
  };

  export default Provider;
}
