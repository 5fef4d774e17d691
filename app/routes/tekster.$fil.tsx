import type { LoaderFunctionArgs } from "@remix-run/node";
import { erSprak } from "../../sprak/sprak";
import { fellesfil } from "../lib/tekster.server";

const FIL = /^felles\.([a-z]{2})\.([\w-]+)\.json$/;

/**
 * The shell's messages as a JSON file per language and content (app/components/fellestekster.ts, ADR 069):
 * /tekster/felles.<sprak>.<hash>.json. Its name changes with its content, so it is cached a year. Another
 * hash (a page of an earlier deploy) is not found.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const [, sprak, hash] = FIL.exec(params.fil ?? "") ?? [];
  const fil = erSprak(sprak) ? fellesfil(sprak) : undefined;
  if (!fil || fil.ref.hash !== hash) return new Response(null, { status: 404 });
  return new Response(fil.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
