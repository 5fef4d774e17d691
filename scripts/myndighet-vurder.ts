// `npm run myndighet:vurder -- ID STATUS [BEGRUNNELSE]`: the authority's assessment of a notification
// (FRIGITT, AVVIST or DELVIS_AVVIST; a reason is required for a rejection) against the configured database
// (PGlite in data/ or DATABASE_URL). The same rules as POST /myndighet/v1/importmelding/{id}/vurdering.
import { ApiError } from "../api/http";
import { vurderImportmelding } from "../api/importmelding/handlinger";
import { loadConfig } from "../config";
import { openDatabase } from "../db";
import { vurderingBodySkjema } from "../domain/schemas/importmelding";

const [idTekst, status, ...begrunnelse] = process.argv.slice(2);
if (!idTekst || !/^\d+$/.test(idTekst) || !status) {
  console.error("Bruk: npm run myndighet:vurder -- ID FRIGITT|AVVIST|DELVIS_AVVIST [BEGRUNNELSE]");
  process.exit(2);
}
const body = vurderingBodySkjema.safeParse({ status, begrunnelse: begrunnelse.join(" ") || undefined });
if (!body.success) {
  console.error(body.error.issues[0]?.message ?? "Ugyldig vurdering");
  process.exit(2);
}

const config = loadConfig();
const { db, close } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let kode = 0;
try {
  const rad = await vurderImportmelding(db, {
    id: Number(idTekst),
    status: body.data.status,
    begrunnelse: body.data.begrunnelse,
    utfoertAv: "myndighet:kommandolinje",
  });
  console.log(`Forhåndsmelding ${rad.nummer} har nå status ${rad.status}.`);
} catch (feil) {
  console.error(feil instanceof ApiError ? `${feil.status}: ${feil.message}` : feil);
  kode = 1;
} finally {
  await close();
}
// Set after closing: PGlite's runtime resets process.exitCode when it shuts down.
process.exit(kode);
