// Named prepared statements for the few fixed statements every certificate's intake runs (ADR 070). A
// statement whose text begins with FORBEREDT is sent with a name derived from its text, so each connection
// has PostgreSQL parse and analyse it once and later only binds and executes it (pg keeps the names parsed per
// connection). Only marked statements: the rest of the service sends its statements unnamed, as before.
// PostgreSQL re-plans a prepared statement itself when a table it uses changes (a migration); the marked
// statements' result columns are fixed, so such a change never alters their result type.
import { createHash } from "node:crypto";
import type pg from "pg";

/** The marker a statement's text begins with to be sent as a named prepared statement. */
export const FORBEREDT = "/* forberedt */";

/** At most this many distinct marked texts get a name (each is a prepared statement on every connection). */
const MAKS_NAVN = 256;
const navn = new Map<string, string>();

/** The name of a marked text: a hash of it (the same on every connection), or undefined past MAKS_NAVN. */
function navnPaa(tekst: string): string | undefined {
  let n = navn.get(tekst);
  if (n === undefined && navn.size < MAKS_NAVN) {
    n = `f_${createHash("sha1").update(tekst).digest("hex").slice(0, 24)}`;
    navn.set(tekst, n);
  }
  return n;
}

type Spoerring = (...argumenter: unknown[]) => unknown;

/** Sends the client's marked statements as named prepared statements (the pool's `connect`, db/index.ts). */
export function forberedMerkede(klient: pg.ClientBase): void {
  const query = klient.query.bind(klient) as Spoerring;
  const medNavn: Spoerring = (tekst, ...resten) => {
    const n = typeof tekst === "string" && tekst.startsWith(FORBEREDT) ? navnPaa(tekst) : undefined;
    if (n === undefined) return query(tekst, ...resten);
    const [verdier, tilbakekall] = resten;
    return query({ name: n, text: tekst, values: verdier }, tilbakekall);
  };
  (klient as unknown as { query: Spoerring }).query = medNavn;
}
