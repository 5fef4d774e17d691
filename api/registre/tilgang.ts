// Who may act for whom, from Altinn, cached briefly per person in PostgreSQL (ADR 042). Altinn's answer for a
// person (the parties with the service's resource, and the person's name) is kept in `altinn_oppslag` +
// `altinn_avgiver`, which every process shares; a request that acts for an organisation checks it in one indexed
// read (api/auth.ts) and asks Altinn only when the person's answer is missing or older than the cache's life
// (ALTINN_CACHE_SEKUNDER, 5 minutes): so a delegation revoked in Altinn stops working within that time. Login and
// «Velg virksomhet» ask Altinn every time (`oppfrisk`); when Altinn cannot answer then, an answer still within
// its life is used, so organisations chosen within the cache's life keep working through an outage.
import { sql } from "kysely";
import type { Db } from "../../db";
import type { AltinnKlient, AltinnSvar } from "./altinn";
import { hentNyeEnheter } from "./enheter";
import type { EnhetsregisterKlient } from "./enhetsregisteret";
import { RegisterUtilgjengelig } from "./motstand";

const PID = /^\d{11}$/;

export interface Tilgang {
  /** The cache's life in seconds (the per-request check compares with the database's clock). */
  readonly levetidSekunder: number;
  /** Asks Altinn now (login, «Velg virksomhet»); an answer within its life stands in when Altinn cannot answer. */
  oppfrisk(pid: string): Promise<void>;
  /** Asks Altinn when the person's cached answer is missing or past its life. */
  sikre(pid: string): Promise<void>;
  /** Asks Altinn now (the caller found the cached answer missing or past its life). */
  last(pid: string): Promise<void>;
  /** A single decision from Altinn's PDP (not cached). */
  avgjoer(pid: string, orgnr: string, handling: "read" | "write"): Promise<boolean>;
}

export interface TilgangOptions {
  db: Db;
  altinn: AltinnKlient;
  enhetsregister: EnhetsregisterKlient;
  levetidMs: number;
  /** The deadline of one refresh, every call to Altinn and the register included. */
  fristMs: number;
  logg?: { warn(obj: object, msg: string): void };
}

/** Whether the person's cached answer is within its life, by the database's clock (one clock for all processes). */
export const fersk = (levetidSekunder: number) =>
  sql<boolean>`o.hentet > now() - make_interval(secs => ${levetidSekunder})`;

export function lagTilgang(opts: TilgangOptions): Tilgang {
  const { db } = opts;
  const levetidSekunder = Math.max(0.001, opts.levetidMs / 1000);
  /** One refresh per person at a time in this process; requests that arrive meanwhile wait for it. */
  const paagaar = new Map<string, Promise<void>>();

  async function lagre(pid: string, svar: AltinnSvar): Promise<void> {
    const sett = new Set<string>();
    const avgivere = svar.avgivere.filter((a) => {
      if (!a.organisasjonsnummer) return true;
      if (sett.has(a.organisasjonsnummer)) return false;
      sett.add(a.organisasjonsnummer);
      return true;
    });
    await db.transaction().execute(async (trx) => {
      // The person's row first: a second refresh of the same person waits here until this one commits.
      await trx
        .insertInto("altinn_oppslag")
        .values({ pid, hentet: sql`now()` })
        .onConflict((oc) => oc.column("pid").doUpdateSet({ hentet: sql`now()` }))
        .execute();
      await trx.deleteFrom("altinn_avgiver").where("pid", "=", pid).execute();
      if (avgivere.length > 0) {
        await trx
          .insertInto("altinn_avgiver")
          .values(avgivere.map((a, nr) => ({ pid, nr, ...a })))
          .execute();
      }
      if (svar.navn) {
        await trx
          .insertInto("person")
          .values({ pid, navn: svar.navn, telefonnummer: null })
          .onConflict((oc) => oc.column("pid").doUpdateSet({ navn: svar.navn }))
          .execute();
      }
    });
  }

  function hentFraAltinn(pid: string): Promise<void> {
    let p = paagaar.get(pid);
    if (!p) {
      p = (async () => {
        const frist = AbortSignal.timeout(opts.fristMs);
        // Only a person's national identity number goes to Altinn (a system's caller id is nobody there).
        const svar: AltinnSvar = PID.test(pid)
          ? await opts.altinn.avgivere(pid, frist)
          : { avgivere: [], navn: null };
        // Units we have not met are fetched from the register on first use; without the register the list
        // still shows Altinn's names, and the unit is fetched next time.
        await hentNyeEnheter(
          db,
          opts.enhetsregister,
          svar.avgivere.flatMap((a) =>
            a.organisasjonsnummer
              ? [{ organisasjonsnummer: a.organisasjonsnummer, underenhet: a.type === "Bedrift" }]
              : [],
          ),
          frist,
        ).catch((e) =>
          opts.logg?.warn({ err: feilmelding(e) }, "Enhetsregisteret svarte ikke; bruker navnene fra Altinn"),
        );
        await lagre(pid, svar);
      })().finally(() => paagaar.delete(pid));
      paagaar.set(pid, p);
    }
    return p;
  }

  const erFersk = async (pid: string) =>
    (
      await db
        .selectFrom("altinn_oppslag as o")
        .select(fersk(levetidSekunder).as("fersk"))
        .where("o.pid", "=", pid)
        .executeTakeFirst()
    )?.fersk === true;

  return {
    levetidSekunder,
    async oppfrisk(pid) {
      try {
        await hentFraAltinn(pid);
      } catch (e) {
        if (!(e instanceof RegisterUtilgjengelig)) throw e;
        if (!(await erFersk(pid))) throw e;
        opts.logg?.warn({ err: e.message }, "Altinn svarte ikke; bruker svaret fra hurtigbufferen");
      }
    },
    async sikre(pid) {
      if (!(await erFersk(pid))) await hentFraAltinn(pid);
    },
    last: hentFraAltinn,
    avgjoer: (pid, orgnr, handling) =>
      opts.altinn.avgjoer(pid, orgnr, handling, AbortSignal.timeout(opts.fristMs)),
  };
}

/** No Altinn configured (an API built without registers): every lookup is unavailable. */
export const utenAltinn: Tilgang = {
  levetidSekunder: 300,
  oppfrisk: () => Promise.reject(new RegisterUtilgjengelig("altinn", "Altinn er ikke satt opp")),
  sikre: () => Promise.reject(new RegisterUtilgjengelig("altinn", "Altinn er ikke satt opp")),
  last: () => Promise.reject(new RegisterUtilgjengelig("altinn", "Altinn er ikke satt opp")),
  avgjoer: () => Promise.reject(new RegisterUtilgjengelig("altinn", "Altinn er ikke satt opp")),
};

const feilmelding = (e: unknown) => (e instanceof Error ? e.message : String(e));
