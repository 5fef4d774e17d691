// Registers a client with the development Maskinporten (`npx tsx dev/maskinporten/registrer.ts --klient-id
// demo-lager --navn Lagersystemet --orgnr 999999999`): makes a key pair, writes the private key to
// data/maskinporten/<klient-id>.jwk.json (for scripts/eksempelklient.ts --noekkel) and adds the public key to
// the client file the development Maskinporten reads (MASKINPORTEN_DEV_KLIENTER, dev/maskinporten/klientfil.ts).
// The importer must then give the client access on Innstillinger → Integrasjoner.
import { parseArgs } from "node:util";
import { KLIENT_ID } from "../../domain/schemas/systemtilgang";
import { lagNoekkelfil, registrerKlient, STANDARD_KLIENTFIL } from "./klientfil";

const { values } = parseArgs({
  options: {
    "klient-id": { type: "string" },
    navn: { type: "string" },
    orgnr: { type: "string" },
    /** Comma-separated; default the importers' two (the authority's: MYNDIGHET_SCOPES in api/auth.ts). */
    scopes: { type: "string" },
    klientfil: { type: "string", default: process.env.MASKINPORTEN_DEV_KLIENTER || STANDARD_KLIENTFIL },
  },
});
const klientId = values["klient-id"] ?? "";
if (!KLIENT_ID.test(klientId) || !values.navn || !/^\d{9}$/.test(values.orgnr ?? "")) {
  console.error(
    "Bruk: --klient-id <id> --navn <systemets navn> --orgnr <ni siffer> [--scopes a,b] [--klientfil fil]",
  );
  process.exit(2);
}
const noekkelfil = `data/maskinporten/${klientId}.jwk.json`;
await registrerKlient(values.klientfil, {
  client_id: klientId,
  navn: values.navn,
  orgnr: values.orgnr as string,
  jwk: await lagNoekkelfil(klientId, noekkelfil),
  ...(values.scopes ? { scopes: values.scopes.split(",").map((s) => s.trim()) } : {}),
});
console.log(`Klienten ${klientId} er registrert i ${values.klientfil}; privat nøkkel i ${noekkelfil}.`);
