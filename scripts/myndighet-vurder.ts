// `npm run myndighet:vurder -- ID STATUS [BEGRUNNELSE]`: the authority's assessment of a notification
// (FRIGITT, AVVIST or DELVIS_AVVIST; a reason is required for a rejection). The same rules as
// POST /myndighet/v1/importmelding/{id}/vurdering. With DATABASE_URL it writes to that PostgreSQL; with the
// embedded database it opens data/ only when no other process owns it, and otherwise posts to that
// endpoint of the running service (docs/decisions/016-en-eier-av-den-innebygde-databasen.md).
import { ApiError } from "../api/http";
import { vurderImportmelding } from "../api/importmelding/handlinger";
import { vurderingBodySkjema } from "../domain/schemas/importmelding";
import { loadConfig } from "../server/config";
import { oversetter } from "../sprak/katalog.server";
import { databaseEllerTjeneste, KanIkkeKjoere, medImportApi, postTilTjenesten } from "./tjeneste";

const [idTekst, status, ...begrunnelse] = process.argv.slice(2);
if (!idTekst || !/^\d+$/.test(idTekst) || !status) {
  console.error("Bruk: npm run myndighet:vurder -- ID FRIGITT|AVVIST|DELVIS_AVVIST [BEGRUNNELSE]");
  process.exit(2);
}
const body = vurderingBodySkjema.safeParse({ status, begrunnelse: begrunnelse.join(" ") || undefined });
if (!body.success) {
  // the schema gives message references (sprak/melding.ts): the command speaks bokmål
  console.error(oversetter("nb").melding(body.error.issues[0]?.message ?? "validering.vurdering.ugyldig"));
  process.exit(2);
}

const config = loadConfig();
let kode = 0;
try {
  const tilgang = await databaseEllerTjeneste(config, "npm run myndighet:vurder");
  if ("database" in tilgang) {
    const { db, close } = tilgang.database;
    try {
      const rad = await vurderImportmelding(db, {
        id: Number(idTekst),
        status: body.data.status,
        begrunnelse: body.data.begrunnelse,
        aktoer: { type: "MYNDIGHET", kilde: "kommandolinje" },
      });
      console.log(`Forhåndsmelding ${rad.nummer} har nå status ${rad.status}.`);
    } finally {
      await close();
    }
  } else {
    const url = `${medImportApi(tilgang.tjeneste)}/myndighet/v1/importmelding/${idTekst}/vurdering`;
    console.error(`Tjenesten kjører og eier den innebygde databasen: sender vurderingen til ${url}.`);
    const svar = await postTilTjenesten(url, JSON.stringify(body.data), {
      "content-type": "application/json",
      "x-api-key": config.myndighetApiKey,
    });
    console.log(`Forhåndsmelding (id ${idTekst}) har nå status ${String(svar.status)}.`);
  }
} catch (feil) {
  if (feil instanceof KanIkkeKjoere) {
    console.error(feil.message);
    kode = 2;
  } else {
    const status = feil instanceof ApiError ? feil.status : (feil as { status?: number }).status;
    console.error(status ? `${status}: ${oversetter("nb").melding((feil as Error).message)}` : feil);
    kode = 1;
  }
}
// Set after closing: PGlite's runtime resets process.exitCode when it shuts down.
process.exit(kode);
