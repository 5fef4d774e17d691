// What a document request gives the document lane (basseng.ts, ADR 018): whose it is, for the per-person
// limits, and a signal that aborts when the client goes away before the answer is sent (the app gives up
// after its deadline, or the browser closes), so the job leaves the queue or its worker is stopped.
import type { Request, Response } from "express";
import type { AuthedRequest } from "../auth";

export function dokumentjobb(req: Request, res: Response): { person: string; signal: AbortSignal } {
  const avbryt = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) avbryt.abort();
  });
  return { person: (req as AuthedRequest).innlogget.pid, signal: avbryt.signal };
}
