// The current approved ruleset, as the risk assessment and the automatic release use it (docs/decisions/
// 046-godkjente-risikoregler.md).
//
// Certificates at intake: `gjeldendeRegelsett(db)` answers from this process's memory and asks the database which
// version is current (one index read) at most once every SJEKK_MS, so a warm ingest costs no query for it. After
// an approval every process uses the new version within SJEKK_MS (this process at once); each certificate
// records the version it was assessed under. The automatic release (`gjeldendeRegelsettI`) asks the database
// exactly, in the transaction of the status change, so every process decides by the same version; a
// certificate assessed under another version is assessed again then (api/importmelding/handlinger.ts).
//
// A version's content never changes, so the compiled rules are kept by their content's sha256, shared by every
// database handle of the process, and built once (loaded through whichever handle asked first).
import type { Db } from "../../db";
import { lagRegelsett, type Regelsett, type RegelsettInnhold } from "../../domain/risiko/regelsett";
import type { Trx } from "../importmelding/tilstand";
import { gjeldendeVersjon, hentInnhold } from "./lager";

export interface GjeldendeRegelsett {
  versjon: number;
  sha256: string;
  regelsett: Regelsett;
  /** The content as JSON text: the worker threads build their copy from it (api/arbeid, ADR 018). */
  json: string;
}

/** How long this process answers from memory before it asks which version is current again. */
export const SJEKK_MS = 1000;

const kompilerte = new Map<string, Promise<GjeldendeRegelsett>>();
const MAKS_KOMPILERTE = 8;

function kompilert(db: Db | Trx, versjon: number, sha256: string): Promise<GjeldendeRegelsett> {
  let verdi = kompilerte.get(sha256);
  if (!verdi) {
    verdi = hentInnhold(db, versjon).then((innhold: RegelsettInnhold) => ({
      versjon,
      sha256,
      regelsett: lagRegelsett(innhold),
      json: JSON.stringify(innhold),
    }));
    // A failed load is not kept.
    verdi.catch(() => kompilerte.delete(sha256));
    kompilerte.set(sha256, verdi);
    if (kompilerte.size > MAKS_KOMPILERTE) kompilerte.delete(kompilerte.keys().next().value as string);
  }
  // The same content under another number (loaded again): the number asked for.
  return verdi.then((v) => (v.versjon === versjon ? v : { ...v, versjon }));
}

/**
 * What each handle was last told, for each answer to whether the development set counts: the two are different
 * questions (the seed's intake counts it on a database whose service does not), so neither answers for the other.
 */
const sjekket = new WeakMap<
  Db,
  Map<boolean, { versjon: { versjon: number; sha256: string } | null; tid: number; gen: number }>
>();
let generasjon = 0;

/** After an approval in this process: every handle asks again at its next use. */
export function glemGjeldendeRegelsett(): void {
  generasjon++;
}

/**
 * The current approved ruleset (null: none), from memory when it was checked less than SJEKK_MS ago.
 * `utviklingssett`: whether the development set counts as approved — in development and a demo, not in
 * production proper (config.utviklingssettTillatt, server/config.ts; every caller is given it).
 */
export async function gjeldendeRegelsett(
  db: Db,
  utviklingssett: boolean,
): Promise<GjeldendeRegelsett | null> {
  const naa = Date.now();
  const svar = sjekket.get(db) ?? new Map();
  sjekket.set(db, svar);
  const forrige = svar.get(utviklingssett);
  let gjeldende = forrige?.versjon ?? null;
  if (!forrige || forrige.gen !== generasjon || naa - forrige.tid >= SJEKK_MS) {
    gjeldende = await gjeldendeVersjon(db, utviklingssett);
    svar.set(utviklingssett, { versjon: gjeldende, tid: naa, gen: generasjon });
  }
  return gjeldende ? kompilert(db, gjeldende.versjon, gjeldende.sha256) : null;
}

/** The current approved ruleset as the database says it now, inside a transaction (the automatic release). */
export async function gjeldendeRegelsettI(
  trx: Trx,
  utviklingssett: boolean,
): Promise<GjeldendeRegelsett | null> {
  const gjeldende = await gjeldendeVersjon(trx, utviklingssett);
  return gjeldende ? kompilert(trx, gjeldende.versjon, gjeldende.sha256) : null;
}
