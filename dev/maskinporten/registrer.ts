// Registers a client with the development Maskinporten (`npx tsx dev/maskinporten/registrer.ts --klient-id
// demo-lager --navn Lagersystemet --orgnr 999999999`): makes a key pair, writes the private key to
// data/maskinporten/<klient-id>.jwk.json (for scripts/eksempelklient.ts --noekkel) and adds the public key to
// the client file the development Maskinporten reads (MASKINPORTEN_DEV_KLIENTER, dev/maskinporten/klientfil.ts).
// The importer must then give the client access on Innstillinger → Integrasjoner.
import { mkdir, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { exportJWK, generateKeyPair } from "jose";
import { KLIENT_ID } from "../../domain/schemas/systemtilgang";
import { registrerKlient, STANDARD_KLIENTFIL } from "./klientfil";

const { values } = parseArgs({
  options: {
    "klient-id": { type: "string" },
    navn: { type: "string" },
    orgnr: { type: "string" },
    klientfil: { type: "string", default: process.env.MASKINPORTEN_DEV_KLIENTER || STANDARD_KLIENTFIL },
  },
});
const klientId = values["klient-id"] ?? "";
if (!KLIENT_ID.test(klientId) || !values.navn || !/^\d{9}$/.test(values.orgnr ?? "")) {
  console.error("Bruk: --klient-id <id> --navn <systemets navn> --orgnr <ni siffer> [--klientfil fil]");
  process.exit(2);
}
const kid = `${klientId}-1`;
const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
const privat = { ...(await exportJWK(privateKey)), kid, alg: "RS256" };
const offentlig = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
await mkdir("data/maskinporten", { recursive: true });
const noekkelfil = `data/maskinporten/${klientId}.jwk.json`;
await writeFile(noekkelfil, `${JSON.stringify(privat, null, 2)}\n`, { mode: 0o600 });
await registrerKlient(values.klientfil, {
  client_id: klientId,
  navn: values.navn,
  orgnr: values.orgnr as string,
  jwk: offentlig,
});
console.log(`Klienten ${klientId} er registrert i ${values.klientfil}; privat nøkkel i ${noekkelfil}.`);
