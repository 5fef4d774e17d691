// The embedded database's own thread (ADR 018): PGlite is PostgreSQL compiled to WebAssembly and runs every
// query synchronously in the thread that owns it. In the request thread a large value (a certificate's
// JSON, an attachment) held every other request for seconds; here it holds only other queries. Receives
// { id, sql, params } and answers { id, rows, affectedRows } or { id, feil }; { id, lukk } closes it.

import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { parsers } from "./parsere";
import type { FraTraad, TilTraad } from "./pglite-klient";

const port = parentPort;
if (!port) throw new Error("pglite-traad.ts kjører bare som arbeidstråd");

/** What the main thread needs of a database error: its message and PostgreSQL's fields (code, detail …). */
function feilSomData(e: unknown): { message: string; felt: Record<string, unknown> } {
  if (!(e instanceof Error)) return { message: String(e), felt: {} };
  const felt: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (v === undefined || typeof v !== "object") felt[k] = v;
  return { message: e.message, felt: { ...felt, name: e.name } };
}

const svar = (s: FraTraad) => port.postMessage(s);

try {
  const { dataDir } = workerData as { dataDir?: string };
  const pglite = await PGlite.create({ dataDir, parsers, extensions: { pg_trgm } });
  port.on("message", (m: TilTraad) => {
    if ("lukk" in m) {
      pglite.close().then(
        () => svar({ id: m.id, rows: [] }),
        (e: unknown) => svar({ id: m.id, feil: feilSomData(e) }),
      );
      return;
    }
    pglite.query(m.sql, m.params).then(
      (r) => svar({ id: m.id, rows: r.rows, affectedRows: r.affectedRows }),
      (e: unknown) => svar({ id: m.id, feil: feilSomData(e) }),
    );
  });
  svar({ klar: true });
} catch (e) {
  svar({ klar: false, feil: feilSomData(e) });
}
