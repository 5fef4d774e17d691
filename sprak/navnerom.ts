// The catalogues' namespaces (docs/sprak.md): one catalogue file per namespace per language,
// sprak/katalog/<nb|nn|en>/<namespace>.json, so engineers converting different areas never edit the same file.
// A message id is "<namespace>.<key>". Only types come from the JSON files here: nothing of the catalogues
// reaches the browser's bundle (a route's messages are a file its loader data names, app/lib/tekster.server.ts).
import type api from "./katalog/nb/api.json";
import type dokumenter from "./katalog/nb/dokumenter.json";
import type epost from "./katalog/nb/epost.json";
import type felles from "./katalog/nb/felles.json";
import type forside from "./katalog/nb/forside.json";
import type hjelp from "./katalog/nb/hjelp.json";
import type importmelding from "./katalog/nb/importmelding.json";
import type innlogging from "./katalog/nb/innlogging.json";
import type innstillinger from "./katalog/nb/innstillinger.json";
import type kodeverk from "./katalog/nb/kodeverk.json";
import type sertifikat from "./katalog/nb/sertifikat.json";
import type validering from "./katalog/nb/validering.json";
import type virksomhet from "./katalog/nb/virksomhet.json";

/** The bokmål catalogue of each namespace: the keys every language must have (tests/sprak/katalog.test.ts). */
interface Kataloger {
  /** The shell (root layout, header, menu, footer, cookie banner, error panels) and the shared components. */
  felles: typeof felles;
  /** The validation messages of domain/schemas, used by the browser, the app's actions and the API. */
  validering: typeof validering;
  /** Logging in and out, missing authorisation. */
  innlogging: typeof innlogging;
  /** Nyttig info and the accessibility statement. */
  hjelp: typeof hjelp;
  /** The import API's problem details (api/). */
  api: typeof api;
  /** Home (_index) and its components. */
  forside: typeof forside;
  /** The certificate list and page. */
  sertifikat: typeof sertifikat;
  /** The notification list, the wizard, the registered and arrived pages, reception control. */
  importmelding: typeof importmelding;
  /** Settings (innstillinger and its components). */
  innstillinger: typeof innstillinger;
  /** Choosing an organisation (velg-virksomhet). */
  virksomhet: typeof virksomhet;
  /** PDFs, spreadsheets, CSV and the evidence pack (api/dokumenter). */
  dokumenter: typeof dokumenter;
  /** The alert and outcome e-mails (api/epost). */
  epost: typeof epost;
  /** Status names, severities, categories and code-list names the pages and documents show. */
  kodeverk: typeof kodeverk;
}

export type Navnerom = keyof Kataloger;

export const NAVNEROM = [
  "felles",
  "validering",
  "innlogging",
  "hjelp",
  "api",
  "forside",
  "sertifikat",
  "importmelding",
  "innstillinger",
  "virksomhet",
  "dokumenter",
  "epost",
  "kodeverk",
] as const satisfies readonly Navnerom[];

// Every namespace is listed above (a compile error names the one that is missing).
type Mangler = Exclude<Navnerom, (typeof NAVNEROM)[number]>;
const _alleListet: [Mangler] extends [never] ? true : Mangler = true;
void _alleListet;

/** A message id: "<namespace>.<key>", checked against the bokmål catalogue when the code compiles. */
export type Noekkel = {
  [N in Navnerom]: `${N}.${Extract<keyof Kataloger[N], string>}`;
}[Navnerom];

export function erNavnerom(verdi: string): verdi is Navnerom {
  return (NAVNEROM as readonly string[]).includes(verdi);
}
