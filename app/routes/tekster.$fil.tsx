import type { LoaderFunctionArgs } from "@remix-run/node";
import { erSprak } from "../../sprak/sprak";
import { fellesfil } from "../lib/tekster.server";

const FIL = /^felles\.([a-z]{2})\.([\w-]+)\.json$/;

/**
 * The shell's messages as a JSON file per language and content (app/components/fellestekster.ts, ADR 069):
 * /tekster/felles.<sprak>.<hash>.json. Its name changes with its content, so it is cached a year. Another
 * hash (a page of an earlier deploy, during a rolling update) gets this build's texts, not cached: its shell keeps
 * working with the texts both builds share instead of showing message ids.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const [, sprak, hash] = FIL.exec(params.fil ?? "") ?? [];
  const fil = erSprak(sprak) ? fellesfil(sprak) : undefined;
  if (!fil) return new Response(null, { status: 404 });
  return new Response(fil.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": fil.ref.hash === hash ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
