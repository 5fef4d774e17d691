// The translator the app, the API and the documents share (docs/decisions/047-sprakbibliotek.md): Lingui's
// runtime (@lingui/core) over compiled messages. The server compiles the catalogues (sprak/katalog.server.ts);
// the browser gets the compiled messages of its page with the loader data and builds the same translator, so
// the server's HTML and the browser's hydration say the same thing. Small enough for the browser's bundle.
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { lesMelding, type Verdier } from "./melding";
import type { Noekkel } from "./navnerom";
import { LOKALE, type Sprak } from "./sprak";

/** Compiled messages by id ("felles.loggUt"), as the server sends them with a page. */
export type KompilerteMeldinger = Messages;

/** What a route's loader hands the browser: its language and the compiled messages of its namespaces. */
export interface Tekster {
  sprak: Sprak;
  meldinger: KompilerteMeldinger;
}

export interface T {
  /** The message `id` in this language, its placeholders filled with `verdier`. */
  (id: Noekkel, verdier?: Verdier): string;
  /**
   * A text that may be a message reference (sprak/melding.ts, e.g. a validation message from domain/schemas):
   * the reference resolved, any other text as it is.
   */
  melding(tekst: string): string;
  /** Whether this translator has the message. */
  har(id: string): boolean;
  readonly sprak: Sprak;
  /** nb-NO, nn-NO or en-GB: for Intl and domain/format.ts. */
  readonly lokale: string;
  /** Lingui's instance (for @lingui/react's I18nProvider and <Trans>). */
  readonly i18n: I18n;
}

/** Told of a missing message: its id and the translator's language. */
export type VedMangler = (id: string, sprak: Sprak) => void;

/** What a missing message is called wherever it is reported (a log line, the browser's error). */
export function manglerTekst(id: string, sprak: Sprak): string {
  return `Mangler teksten ${id} (${sprak})`;
}

/**
 * A translator over `meldinger`. A missing message is a bug (a namespace the route did not load, a key not in
 * the catalogue): `vedMangler` is told, and the id is shown. Whoever makes the translator says who hears of it
 * (docs/decisions/071-ruter-og-konsoll.md): the server its log, the browser an error the e2e tests fail on.
 */
export function lagOversetter(sprak: Sprak, meldinger: KompilerteMeldinger, vedMangler: VedMangler): T {
  const lokale = LOKALE[sprak];
  const i18n = setupI18n({ locale: lokale, messages: { [lokale]: meldinger } });
  return bygg(sprak, i18n, (id: string) => Object.hasOwn(meldinger, id), vedMangler);
}

/**
 * The same translator telling another `vedMangler` of a missing message: it shares `t`'s messages and Lingui
 * instance, so it costs a function and an object (the server makes one per request for the request's log).
 */
export function medVedMangler(t: T, vedMangler: VedMangler): T {
  return bygg(t.sprak, t.i18n, t.har, vedMangler);
}

function bygg(sprak: Sprak, i18n: I18n, har: (id: string) => boolean, vedMangler: VedMangler): T {
  const t = ((id: string, verdier?: Verdier) => {
    if (!har(id)) {
      vedMangler(id, sprak);
      return id;
    }
    return i18n._(id, verdier);
  }) as T;
  return Object.assign(t, {
    melding(tekst: string) {
      const ref = lesMelding(tekst);
      return ref ? t(ref.id, ref.verdier) : tekst;
    },
    har,
    sprak,
    lokale: LOKALE[sprak],
    i18n,
  });
}
