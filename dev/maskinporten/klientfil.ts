// The development Maskinporten's register of clients: a JSON list of DevKlient in a file (default
// data/maskinporten-klienter.json, MASKINPORTEN_DEV_KLIENTER), read on every token request so a client
// registered while the service runs (scripts/eksempelklient.ts registrer) can get a token at once.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { DevKlient } from "./index";

export const STANDARD_KLIENTFIL = "data/maskinporten-klienter.json";

export async function lesKlientfil(fil: string): Promise<DevKlient[]> {
  try {
    const innhold = JSON.parse(await readFile(fil, "utf8")) as unknown;
    return Array.isArray(innhold) ? (innhold as DevKlient[]) : [];
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
}

/** Adds the client to the file, replacing one with the same client_id. */
export async function registrerKlient(fil: string, klient: DevKlient): Promise<void> {
  const andre = (await lesKlientfil(fil)).filter((k) => k.client_id !== klient.client_id);
  await mkdir(path.dirname(fil), { recursive: true });
  await writeFile(fil, `${JSON.stringify([...andre, klient], null, 2)}\n`);
}

/** A new key pair for a client: the private key written to `noekkelfil` (mode 600), the public one returned. */
export async function lagNoekkelfil(klientId: string, noekkelfil: string): Promise<JWK> {
  const kid = `${klientId}-1`;
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  await mkdir(path.dirname(noekkelfil), { recursive: true });
  await writeFile(
    noekkelfil,
    `${JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: "RS256" }, null, 2)}\n`,
    {
      mode: 0o600,
    },
  );
  return { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
}

/**
 * The client registered with its key in `noekkelfil`: made (key pair and registration) when either is missing,
 * so a development command can get a token without a manual step (the authority's case system, ADR 045).
 */
export async function sikreKlient(
  fil: string,
  klient: Omit<DevKlient, "jwk">,
  noekkelfil: string,
): Promise<void> {
  const finnes = (await lesKlientfil(fil)).find((k) => k.client_id === klient.client_id);
  const harNoekkel = await readFile(noekkelfil, "utf8").then(
    () => true,
    () => false,
  );
  if (
    finnes &&
    harNoekkel &&
    JSON.stringify(finnes.scopes) === JSON.stringify(klient.scopes) &&
    finnes.orgnr === klient.orgnr
  )
    return;
  await registrerKlient(fil, { ...klient, jwk: await lagNoekkelfil(klient.client_id, noekkelfil) });
}

/** The public part of a private JWK given as JSON (a client's key as the client has it); throws on anything else. */
export function offentligJwk(json: string): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...offentlig } = JSON.parse(json) as JWK;
  if (typeof offentlig.kty !== "string") throw new Error("ikke en JWK");
  return { ...offentlig, use: "sig" };
}

/** A client's key pair as JWKs: the private one for the client, the public one to register (kid, RS256). */
export async function lagNoekkelpar(kid: string): Promise<{ privat: JWK; offentlig: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  return {
    privat: { ...(await exportJWK(privateKey)), kid, alg: "RS256" },
    offentlig: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" },
  };
}
