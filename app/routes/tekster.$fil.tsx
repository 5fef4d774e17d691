import type { LoaderFunctionArgs } from "@remix-run/node";
import { erNavnerom } from "../../sprak/navnerom";
import { erSprak } from "../../sprak/sprak";
import { teksterfilForNavn } from "../lib/tekster.server";

const FIL = /^([a-z]+(?:\+[a-z]+)*)\.([a-z]{2})\.([\w-]+)\.json$/;

/**
 * A page's messages as a JSON file per set of namespaces, language and content (app/components/fellestekster.ts,
 * ADR 069, ADR 080): /tekster/<namespaces>.<sprak>.<hash>.json, e.g. felles.nb.<hash>.json for the shell's. Its
 * name changes with its content, so it is cached a year. Another hash (a page of an earlier deploy, during a
 * rolling update) gets this build's texts, not cached: the page keeps working with the texts both builds share
 * instead of showing message ids.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const [, navn = "", sprak, hash] = FIL.exec(params.fil ?? "") ?? [];
  const navnerom = navn.split("+");
  // each namespace at most once: a name's file is at most the whole catalogue
  const gyldig = navnerom.every(erNavnerom) && new Set(navnerom).size === navnerom.length;
  const fil = erSprak(sprak) && gyldig ? teksterfilForNavn(sprak, navnerom) : undefined;
  if (!fil) return new Response(null, { status: 404 });
  return new Response(fil.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": fil.ref?.fil.endsWith(`.${hash}`) ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
