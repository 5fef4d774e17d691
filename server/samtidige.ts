// At most N pages in progress in a web process; the rest wait their turn in arrival order (issue 35 item 3,
// docs/decisions/083-folk-cpu-per-forespoersel.md). A saturated process that starts every request at once
// interleaves hundreds of renders and API calls: each holds its buffers while it waits its turn on the one main
// thread, so the heap grows and garbage collection costs every request more, and every request finishes late.
// With a bound, a request waits before it has cost anything (a queued callback), and what runs finishes sooner.
// Nothing is shared with other processes: each web process bounds its own work.
import type { NextFunction, Request, Response } from "express";

interface Samtidige {
  (req: Request, res: Response, next: NextFunction): void;
  /** Pages in progress and waiting now. */
  tilstand(): { iGang: number; venter: number };
}

/** A page that has taken this long gives up its place: it waits on something else (a document from the API, a slow
 * client), not on this process's main thread, and must not hold the pages behind it. */
const SLIPP_ETTER_MS = 2000;

/** At most `maks` GET and HEAD requests in progress (0: no bound); other methods are not counted. */
export function samtidigeSider(maks: number, slippEtterMs = SLIPP_ETTER_MS): Samtidige {
  let iGang = 0;
  const koe: (() => void)[] = [];
  let foerste = 0;
  const slipp = () => {
    iGang -= 1;
    while (foerste < koe.length && iGang < maks) {
      const neste = koe[foerste]!;
      koe[foerste++] = () => undefined;
      neste();
    }
    if (foerste === koe.length) {
      koe.length = 0;
      foerste = 0;
    }
  };
  const mellomvare = ((req: Request, res: Response, next: NextFunction) => {
    if (maks <= 0 || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const start = () => {
      iGang += 1;
      let ferdig = false;
      const slutt = () => {
        if (ferdig) return;
        ferdig = true;
        clearTimeout(frist);
        slipp();
      };
      const frist = setTimeout(slutt, slippEtterMs);
      frist.unref();
      res.once("finish", slutt);
      res.once("close", slutt);
      next();
    };
    if (iGang < maks) return start();
    // a client that gives up while waiting is not served (its socket is closed): its turn is skipped
    let avbrutt = false;
    res.once("close", () => {
      avbrutt = true;
    });
    koe.push(() => {
      if (!avbrutt) start();
    });
  }) as Samtidige;
  mellomvare.tilstand = () => ({ iGang, venter: koe.length - foerste });
  return mellomvare;
}
