// Health (issue 26 point 3, docs/decisions/028-roller-og-drift.md). GET /healthz: the process is alive (its
// event loop answers). GET /readyz: it can serve — the database answers and has every migration this build
// knows; for `web`, the import API answers (when it runs elsewhere); for `sender`, the outbox can be read; and
// the process is not shutting down. Each check has a deadline so the answer comes within a second. No session,
// no login, no personal data: only the names of the checks and a Norwegian word on each.
import { type Request, type Response, Router } from "express";
import { sql } from "kysely";
import type { Db } from "../db";
import { manglendeMigreringer } from "../db/migrate";

const FRIST_MS = 800;

type Sjekk = () => Promise<void>;

/** A failed check: its message is shown as it is (Norwegian, no details from inside). */
class IkkeKlar extends Error {}

function medFrist(sjekk: Sjekk): Promise<void> {
  let tidsur: NodeJS.Timeout | undefined;
  const frist = new Promise<never>((_, reject) => {
    tidsur = setTimeout(() => reject(new IkkeKlar("svarte ikke innen fristen")), FRIST_MS);
  });
  return Promise.race([sjekk(), frist]).finally(() => clearTimeout(tidsur));
}

export interface Helse {
  router: Router;
  /** From now on /readyz answers 503 (the process is shutting down). */
  avslutter(): void;
  /** Runs the readiness checks once (the startup waits for a migrated schema with this). */
  klar(): Promise<{ klar: boolean; sjekker: Record<string, string> }>;
}

export function lagHelse(opts: {
  db: Db;
  /** The import API's base URL when `web` runs here and calls an API in other processes. */
  importApiUrl?: string;
  /** The `sender` role runs here: its outbox must be readable. */
  utboks: boolean;
}): Helse {
  let avslutter = false;
  const sjekker: Record<string, Sjekk> = {
    database: async () => {
      await sql`select 1`.execute(opts.db);
    },
    migrert: async () => {
      const mangler = await manglendeMigreringer(opts.db);
      if (mangler.length > 0) throw new IkkeKlar(`mangler ${mangler.length} migrering(er)`);
    },
  };
  const { importApiUrl } = opts;
  if (importApiUrl) {
    sjekker.importApi = async () => {
      const svar = await fetch(`${importApiUrl}/healthz`, { signal: AbortSignal.timeout(FRIST_MS) });
      if (!svar.ok) throw new IkkeKlar(`svarte ${svar.status}`);
    };
  }
  if (opts.utboks) {
    sjekker.utboks = async () => {
      await opts.db.selectFrom("epost_varsel").select("id").limit(1).execute();
    };
  }

  async function klar() {
    const resultat: Record<string, string> = {};
    await Promise.all(
      Object.entries(sjekker).map(async ([navn, sjekk]) => {
        try {
          await medFrist(sjekk);
          resultat[navn] = "ok";
        } catch (e) {
          resultat[navn] = e instanceof IkkeKlar ? e.message : "feilet";
        }
      }),
    );
    if (avslutter) resultat.prosess = "avslutter";
    return { klar: Object.values(resultat).every((v) => v === "ok"), sjekker: resultat };
  }

  const router = Router();
  const ingenCache = (res: Response) => res.setHeader("Cache-Control", "no-store");
  router.get("/healthz", (_req: Request, res: Response) => {
    ingenCache(res);
    res.json({ status: "lever" });
  });
  router.get("/readyz", (_req: Request, res: Response) => {
    ingenCache(res);
    if (avslutter) {
      res.status(503).json({ status: "ikke klar", sjekker: { prosess: "avslutter" } });
      return;
    }
    klar().then(
      (r) =>
        res.status(r.klar ? 200 : 503).json({ status: r.klar ? "klar" : "ikke klar", sjekker: r.sjekker }),
      () => res.status(503).json({ status: "ikke klar" }),
    );
  });
  return {
    router,
    klar,
    avslutter() {
      avslutter = true;
    },
  };
}
