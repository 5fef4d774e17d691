// The risk rules when the `api` role starts (docs/decisions/046-godkjente-risikoregler.md): development and a
// demo load today's tables as the approved development set (as before: `npm start` releases what it released);
// production proper without an approved ruleset starts, says so in the log and in the metric
// forhaandsmelding_regelsett_versjon (0), and releases nothing by itself: every notification waits for the
// authority, and the importer is told so.

import { gjeldendeRegelsett } from "../api/regelsett/gjeldende";
import { sikreUtviklingssett } from "../api/regelsett/lager";
import type { Db } from "../db";
import type { Config } from "./config";
import type { Logger } from "./logg";

export async function regelsettVedOppstart(db: Db, config: Config, logg: Logger): Promise<void> {
  try {
    if (config.utviklingssettTillatt) {
      const lastet = await sikreUtviklingssett(db);
      if (lastet) logg.info({ regelsett: lastet }, "Risikoreglene i koden er lastet som utviklingssett");
    }
    const gjeldende = await gjeldendeRegelsett(db, config.utviklingssettTillatt);
    if (gjeldende)
      logg.info({ regelsett: gjeldende.versjon }, "Risikoregler godkjent av Mattilsynet gjelder");
    else {
      logg.warn(
        "Ingen risikoregler er godkjent av Mattilsynet: ingen forhåndsmeldinger frigis automatisk, alle venter på Mattilsynets vurdering (ADR 046)",
      );
    }
  } catch (feil) {
    // A schema left to `npm run db:migrate` has no ruleset table yet: nothing is released until it has.
    logg.warn({ err: feil }, "Kunne ikke lese risikoreglene (er databasen migrert?)");
  }
}

/** The number of the ruleset in force now (null: none), for the metric forhaandsmelding_regelsett_versjon. */
export async function gjeldendeVersjonsnummer(db: Db, config: Config): Promise<number | null> {
  return (await gjeldendeRegelsett(db, config.utviklingssettTillatt))?.versjon ?? null;
}
