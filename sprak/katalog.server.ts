// The catalogues on the server (docs/sprak.md): every namespace in every language, compiled once with Lingui's
// message compiler (ICU MessageFormat: placeholders, plurals, select) and kept. Server-only (`.server.ts`):
// the app's loaders hand the browser the compiled messages of a page (app/lib/tekster.server.ts); api/ resolves
// its problem details and documents with `oversetter`. A new namespace: its three JSON files, an import line
// per language below, and its entry in sprak/navnerom.ts.
import { compileMessage } from "@lingui/message-utils/compileMessage";
import pino, { type Logger } from "pino";
import api_en from "./katalog/en/api.json";
import dokumenter_en from "./katalog/en/dokumenter.json";
import epost_en from "./katalog/en/epost.json";
import felles_en from "./katalog/en/felles.json";
import forside_en from "./katalog/en/forside.json";
import hjelp_en from "./katalog/en/hjelp.json";
import importmelding_en from "./katalog/en/importmelding.json";
import innlogging_en from "./katalog/en/innlogging.json";
import innstillinger_en from "./katalog/en/innstillinger.json";
import kodeverk_en from "./katalog/en/kodeverk.json";
import sertifikat_en from "./katalog/en/sertifikat.json";
import validering_en from "./katalog/en/validering.json";
import virksomhet_en from "./katalog/en/virksomhet.json";
import api_nb from "./katalog/nb/api.json";
import dokumenter_nb from "./katalog/nb/dokumenter.json";
import epost_nb from "./katalog/nb/epost.json";
import felles_nb from "./katalog/nb/felles.json";
import forside_nb from "./katalog/nb/forside.json";
import hjelp_nb from "./katalog/nb/hjelp.json";
import importmelding_nb from "./katalog/nb/importmelding.json";
import innlogging_nb from "./katalog/nb/innlogging.json";
import innstillinger_nb from "./katalog/nb/innstillinger.json";
import kodeverk_nb from "./katalog/nb/kodeverk.json";
import sertifikat_nb from "./katalog/nb/sertifikat.json";
import validering_nb from "./katalog/nb/validering.json";
import virksomhet_nb from "./katalog/nb/virksomhet.json";
import api_nn from "./katalog/nn/api.json";
import dokumenter_nn from "./katalog/nn/dokumenter.json";
import epost_nn from "./katalog/nn/epost.json";
import felles_nn from "./katalog/nn/felles.json";
import forside_nn from "./katalog/nn/forside.json";
import hjelp_nn from "./katalog/nn/hjelp.json";
import importmelding_nn from "./katalog/nn/importmelding.json";
import innlogging_nn from "./katalog/nn/innlogging.json";
import innstillinger_nn from "./katalog/nn/innstillinger.json";
import kodeverk_nn from "./katalog/nn/kodeverk.json";
import sertifikat_nn from "./katalog/nn/sertifikat.json";
import validering_nn from "./katalog/nn/validering.json";
import virksomhet_nn from "./katalog/nn/virksomhet.json";
import { NAVNEROM, type Navnerom } from "./navnerom";
import type { KompilerteMeldinger, T, VedMangler } from "./oversetter";
import { lagOversetter, manglerTekst } from "./oversetter";
import { SPRAK, type Sprak } from "./sprak";

/** A catalogue file: key → ICU message. Keys starting with "@" are notes for the tests, not messages. */
export type Katalogfil = Record<string, string | string[]>;

/** Every catalogue file as written: language → namespace → file. */
export const KATALOGER: Record<Sprak, Record<Navnerom, Katalogfil>> = {
  nb: {
    api: api_nb,
    dokumenter: dokumenter_nb,
    epost: epost_nb,
    felles: felles_nb,
    forside: forside_nb,
    hjelp: hjelp_nb,
    importmelding: importmelding_nb,
    innlogging: innlogging_nb,
    innstillinger: innstillinger_nb,
    kodeverk: kodeverk_nb,
    sertifikat: sertifikat_nb,
    validering: validering_nb,
    virksomhet: virksomhet_nb,
  },
  nn: {
    api: api_nn,
    dokumenter: dokumenter_nn,
    epost: epost_nn,
    felles: felles_nn,
    forside: forside_nn,
    hjelp: hjelp_nn,
    importmelding: importmelding_nn,
    innlogging: innlogging_nn,
    innstillinger: innstillinger_nn,
    kodeverk: kodeverk_nn,
    sertifikat: sertifikat_nn,
    validering: validering_nn,
    virksomhet: virksomhet_nn,
  },
  en: {
    api: api_en,
    dokumenter: dokumenter_en,
    epost: epost_en,
    felles: felles_en,
    forside: forside_en,
    hjelp: hjelp_en,
    importmelding: importmelding_en,
    innlogging: innlogging_en,
    innstillinger: innstillinger_en,
    kodeverk: kodeverk_en,
    sertifikat: sertifikat_en,
    validering: validering_en,
    virksomhet: virksomhet_en,
  },
};

/** The key that lists, in an nn or en file, the messages that are rightly the same as in bokmål. */
export const SAMME_SOM_BOKMAAL = "@samme";

const kompilert = new Map<string, KompilerteMeldinger>();

/** The compiled messages of one namespace in one language, by full id ("felles.loggUt"). */
export function kompilerteMeldinger(sprak: Sprak, navnerom: Navnerom): KompilerteMeldinger {
  const noekkel = `${sprak}/${navnerom}`;
  let meldinger = kompilert.get(noekkel);
  if (!meldinger) {
    meldinger = {};
    for (const [k, tekst] of Object.entries(KATALOGER[sprak][navnerom])) {
      if (k.startsWith("@") || typeof tekst !== "string") continue;
      meldinger[`${navnerom}.${k}`] = compileMessage(tekst);
    }
    kompilert.set(noekkel, meldinger);
  }
  return meldinger;
}

const oversettere = new Map<Sprak, T>();

let logg: Logger | undefined;

/**
 * A missing message in a server translator: an error line in the process's JSON log, in the shape of
 * server/logg.ts (sprak/ imports nothing of ours). These translators are made once per language and shared by
 * every request and worker thread, so they have no request of their own to log under.
 */
const iLoggen: VedMangler = (id, sprak) => {
  logg ??= pino({
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  logg.error({ tekst: id, sprak }, manglerTekst(id, sprak));
};

/**
 * The translator with every namespace of `sprak`, for the server: api/ (problem details, documents, e-mails),
 * the app's loaders and actions where they make text, and the tests.
 */
export function oversetter(sprak: Sprak): T {
  let t = oversettere.get(sprak);
  if (!t) {
    const alle: KompilerteMeldinger = {};
    for (const n of NAVNEROM) Object.assign(alle, kompilerteMeldinger(sprak, n));
    t = lagOversetter(sprak, alle, iLoggen);
    oversettere.set(sprak, t);
  }
  return t;
}

/** The same text in every language, for checks and tests: `{ nb, nn, en }`. */
export function iAlleSprak(tekst: string): Record<Sprak, string> {
  return Object.fromEntries(SPRAK.map((s) => [s, oversetter(s).melding(tekst)])) as Record<Sprak, string>;
}
