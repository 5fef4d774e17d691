// A small OpenID provider for unit tests, over real HTTP: discovery, JWKS and a token endpoint whose
// answer each test chooses; tokens are signed with a local RSA key (jose). The issuer may end in "/".
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

type Nokkel = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];

export interface TokenKall {
  params: URLSearchParams;
  authorization: string | undefined;
}

export interface TestUtsteder {
  /** The issuer as the discovery document names it (with a trailing slash when asked for). */
  issuer: string;
  /** The server's base URL, without a trailing slash. */
  base: string;
  /** Every call to the token endpoint, in order. */
  tokenKall: TokenKall[];
  /** What the token endpoint answers next (status 200 unless given). */
  tokenSvar: (kall: TokenKall) => { status?: number; body: Record<string, unknown> };
  /** Overrides fields of the discovery document. */
  discovery: Record<string, unknown>;
  /** Signs a JWT with the provider's key (or another one: a bad signature). */
  signer(
    claims: JWTPayload,
    opts?: { utloeper?: number | string; nokkel?: Nokkel; iat?: number },
  ): Promise<string>;
  /** A key of the same kind the provider never published. */
  fremmedNokkel(): Promise<Nokkel>;
  close(): Promise<void>;
}

function lesKropp(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let kropp = "";
    req.on("data", (c) => {
      kropp += c;
    });
    req.on("end", () => resolve(kropp));
    req.on("error", reject);
  });
}

export async function startTestUtsteder(opts: { skraastrek?: boolean } = {}): Promise<TestUtsteder> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-nokkel", alg: "RS256", use: "sig" };
  let server: Server;
  const utsteder: TestUtsteder = {
    issuer: "",
    base: "",
    tokenKall: [],
    tokenSvar: () => ({ status: 400, body: { error: "invalid_grant" } }),
    discovery: {},
    async signer(claims, o = {}) {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "test-nokkel" })
        .setIssuedAt(o.iat)
        .setExpirationTime(o.utloeper ?? "5m");
      if (claims.iss === undefined) jwt.setIssuer(utsteder.issuer);
      return jwt.sign(o.nokkel ?? privateKey);
    },
    async fremmedNokkel() {
      return (await generateKeyPair("RS256")).privateKey;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  server = createServer((req, res) => {
    const sti = req.url?.split("?")[0];
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && sti === "/.well-known/openid-configuration") {
      return json(200, {
        issuer: utsteder.issuer,
        authorization_endpoint: `${utsteder.base}/authorize`,
        token_endpoint: `${utsteder.base}/token`,
        jwks_uri: `${utsteder.base}/jwks`,
        end_session_endpoint: `${utsteder.base}/endsession`,
        ...utsteder.discovery,
      });
    }
    if (req.method === "GET" && sti === "/jwks") return json(200, { keys: [jwk] });
    if (req.method === "POST" && sti === "/token") {
      lesKropp(req).then((kropp) => {
        const kall = { params: new URLSearchParams(kropp), authorization: req.headers.authorization };
        utsteder.tokenKall.push(kall);
        const svar = utsteder.tokenSvar(kall);
        json(svar.status ?? 200, svar.body);
      });
      return;
    }
    json(404, { error: "not_found" });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  utsteder.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  utsteder.issuer = opts.skraastrek ? `${utsteder.base}/` : utsteder.base;
  return utsteder;
}
