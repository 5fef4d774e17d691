// The call itself: its language and the wrapper every async handler goes through.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { type Sprak, sprakFraAcceptLanguage } from "../../sprak/sprak";

/** The language of an API call: its Accept-Language (the web app sends its user's), bokmål when absent. */
export const sprakForKall = (req: Request): Sprak => sprakFraAcceptLanguage(req.get("Accept-Language"));

/** Wraps an async handler so rejections reach the error middleware. */
export function ah<R extends Request = Request>(
  fn: (req: R, res: Response, next: NextFunction) => Promise<unknown>,
): RequestHandler {
  return (req, res, next) => {
    fn(req as R, res, next).catch(next);
  };
}
