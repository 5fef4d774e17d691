// `npm run myndighet:vurder -- NUMMER STATUS [BEGRUNNELSE] [--vedtaksbrev REFERANSE]`: the authority's assessment
// of a notification by its number (FRIGITT, AVVIST or DELVIS_AVVIST; a rejection needs the reason and the
// decision letter's reference), through the authority's API exactly as its case system posts it (ADR 045): a
// Maskinporten token for Mattilsynet, POST /myndighet/v2/importmeldinger/{nummer}/vurdering. It never opens a
// database (ADR 016). In development it finds the running service, the development Maskinporten and the
// authority's development client by itself; elsewhere --api, --token-endepunkt, --aud, --klient-id and --noekkel
// (scripts/eksempelklient-myndighet.ts `oppsett`).
import { parseArgs } from "node:util";
import { vurderingBodySkjema } from "../domain/schemas/importmelding";
import { oversetter } from "../sprak/katalog.server";
import { MyndighetApiFeil, myndighetApi, oppsett } from "./eksempelklient-myndighet";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    vedtaksbrev: { type: "string" },
    api: { type: "string" },
    "token-endepunkt": { type: "string" },
    aud: { type: "string" },
    "klient-id": { type: "string" },
    noekkel: { type: "string" },
  },
});
const [nummer, status, ...begrunnelse] = positionals;
if (!nummer || !status) {
  console.error(
    "Bruk: npm run myndighet:vurder -- NUMMER FRIGITT|AVVIST|DELVIS_AVVIST [BEGRUNNELSE] [--vedtaksbrev REFERANSE]",
  );
  process.exit(2);
}
const body = vurderingBodySkjema.safeParse({
  status,
  begrunnelse: begrunnelse.join(" ") || undefined,
  vedtaksbrevReferanse: values.vedtaksbrev,
});
if (!body.success) {
  // the schema's message references in bokmål, as the service would answer them (docs/sprak.md)
  console.error(oversetter("nb").melding(body.error.issues[0]?.message ?? "validering.vurdering.ugyldig"));
  process.exit(2);
}

let kode = 0;
try {
  const { apiUrl, klient } = await oppsett(values);
  const svar = await myndighetApi(apiUrl, klient).vurder(nummer, body.data);
  console.log(`Forhåndsmelding ${svar.nummer} har nå status ${svar.status}.`);
} catch (feil) {
  if (feil instanceof MyndighetApiFeil) {
    console.error(feil.status ? `${feil.status}: ${feil.message}` : feil.message);
    kode = feil.status ? 1 : 2;
  } else {
    console.error(feil);
    kode = 1;
  }
}
process.exit(kode);
