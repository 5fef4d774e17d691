// The development Hub's certificates (docs/decisions/044-sertifikater-fra-huben.md): a CA of its own, the
// Hub's server certificate (for localhost, 127.0.0.1 and the names it is given) and client certificates for
// the national systems that call it, each with the NPPO's country code as its common name (the real Hub knows
// an NPPO by its registered certificate). Kept in a directory when one is given, so a restart keeps the same
// ones; EC P-256 keys, made in milliseconds. Development only: the CA key sits beside the certificates.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import selfsigned from "selfsigned";

export interface Noekkelpar {
  cert: string;
  key: string;
}

/** The common name of the development exporter, which may deliver as any exporting country. */
export const UTVIKLINGSEKSPORTOER = "UTVIKLING-EKSPORT";

const GYLDIG_DAGER = 825;

async function lag(
  cn: string,
  opts: { ca?: Noekkelpar; bruk: "ca" | "server" | "klient"; navn?: string[] },
): Promise<Noekkelpar> {
  const ip = (n: string) => /^[\d.]+$|:/.test(n);
  const utvidelser = {
    ca: [
      { name: "basicConstraints" as const, cA: true, critical: true },
      { name: "keyUsage" as const, keyCertSign: true, cRLSign: true, critical: true },
    ],
    server: [
      { name: "basicConstraints" as const, cA: false },
      { name: "keyUsage" as const, digitalSignature: true, critical: true },
      { name: "extKeyUsage" as const, serverAuth: true },
      {
        name: "subjectAltName" as const,
        altNames: (opts.navn ?? []).map((n) =>
          ip(n) ? { type: 7 as const, ip: n } : { type: 2 as const, value: n },
        ),
      },
    ],
    klient: [
      { name: "basicConstraints" as const, cA: false },
      { name: "keyUsage" as const, digitalSignature: true, critical: true },
      { name: "extKeyUsage" as const, clientAuth: true },
    ],
  }[opts.bruk];
  const naa = new Date();
  const pem = await selfsigned.generate([{ name: "commonName", value: cn }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate: new Date(naa.getTime() - 60_000),
    notAfterDate: new Date(naa.getTime() + GYLDIG_DAGER * 86_400_000),
    extensions: utvidelser,
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  return { cert: pem.cert, key: pem.private };
}

export interface HubSertifikater {
  ca: Noekkelpar;
  server: Noekkelpar;
  /** A client certificate for an NPPO (or the development exporter), made on first use and kept. */
  klient(cn: string): Promise<Noekkelpar>;
}

/**
 * The CA, the server certificate for `navn` and a way to the client certificates; read from `mappe` when they
 * are there (and the server certificate covers `navn`), else made and written there.
 */
export async function hubSertifikater(mappe: string | undefined, navn: string[]): Promise<HubSertifikater> {
  const fil = (n: string) => (mappe ? path.join(mappe, n) : undefined);
  const les = (n: string): Noekkelpar | undefined => {
    const f = fil(n);
    if (!f || !existsSync(`${f}.pem`) || !existsSync(`${f}-key.pem`)) return undefined;
    return { cert: readFileSync(`${f}.pem`, "utf8"), key: readFileSync(`${f}-key.pem`, "utf8") };
  };
  const skriv = (n: string, par: Noekkelpar) => {
    const f = fil(n);
    if (!f) return;
    mkdirSync(path.dirname(f), { recursive: true });
    writeFileSync(`${f}.pem`, par.cert);
    writeFileSync(`${f}-key.pem`, par.key, { mode: 0o600 });
  };
  const hent = async (n: string, lagNy: () => Promise<Noekkelpar>, gyldig = (_: Noekkelpar) => true) => {
    const lagret = les(n);
    if (lagret && gyldig(lagret)) return lagret;
    const ny = await lagNy();
    skriv(n, ny);
    return ny;
  };
  const ca = await hent("ca", () => lag("Utviklingshuben (ePhyto Hub) CA", { bruk: "ca" }));
  const alleNavn = [...new Set(["localhost", "127.0.0.1", "::1", ...navn])];
  const { X509Certificate } = await import("node:crypto");
  const caX = new X509Certificate(ca.cert);
  const avCa = (par: Noekkelpar) => {
    const x = new X509Certificate(par.cert);
    return x.checkIssued(caX) && x.verify(caX.publicKey);
  };
  const dekker = (par: Noekkelpar) =>
    avCa(par) && alleNavn.every((n) => (new X509Certificate(par.cert).subjectAltName ?? "").includes(n));
  const server = await hent("hub", () => lag("hub", { ca, bruk: "server", navn: alleNavn }), dekker);
  const klienter = new Map<string, Promise<Noekkelpar>>();
  return {
    ca,
    server,
    klient(cn) {
      if (!/^[A-Z0-9-]{2,40}$/.test(cn)) throw new Error(`Ugyldig NPPO-navn for et klientsertifikat: ${cn}`);
      let par = klienter.get(cn);
      if (!par) {
        par = hent(`klient-${cn}`, () => lag(cn, { ca, bruk: "klient" }), avCa);
        klienter.set(cn, par);
      }
      return par;
    },
  };
}
