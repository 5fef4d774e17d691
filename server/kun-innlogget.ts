// The development mail catcher's pages (/dev/epost) show every alert the service has sent, to anyone's
// address: they are only for a person logged in through the development ID-porten beside them (issue 22).
// Anyone else is sent to log in and back.
import type { AppLoadContext } from "@remix-run/node";
import type { RequestHandler } from "express";
import { getSessionStorage } from "../app/lib/session.server";
import type { Db } from "../db";
import type { Config } from "./config";

export function kunInnlogget(config: Config, db: Db): RequestHandler {
  const storage = getSessionStorage({ config, db } as AppLoadContext);
  return (req, res, next) => {
    storage.getSession(req.headers.cookie).then((session) => {
      if (session.get("bruker")) return next();
      res.redirect(302, `/logg-inn?${new URLSearchParams({ returnTo: req.originalUrl })}`);
    }, next);
  };
}
