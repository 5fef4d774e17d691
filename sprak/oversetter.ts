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

/**
 * A translator over `meldinger`. A missing message is a bug (a namespace the route did not load, a key not in
 * the catalogue): `vedMangler` is told (console.error by default, which fails the e2e tests with JavaScript
 * on), and the id is shown.
 */
export function lagOversetter(
  sprak: Sprak,
  meldinger: KompilerteMeldinger,
  vedMangler: (id: string, sprak: Sprak) => void = (id) =>
    console.error(`Mangler teksten «${id}» (${sprak}): er navnerommet lastet for siden?`),
): T {
  const lokale = LOKALE[sprak];
  const i18n = setupI18n({ locale: lokale, messages: { [lokale]: meldinger } });
  const har = (id: string) => Object.hasOwn(meldinger, id);
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
    lokale,
    i18n,
  });
}
