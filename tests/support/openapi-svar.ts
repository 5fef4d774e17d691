// Every answer the API tests get through TestApi.fetch is checked against the OpenAPI document (ADR 040):
// a documented status's body against its documented schema and media type, every error against the one
// Problem shape, and a success the document does not name for a documented operation fails. The schemas
// are the document's JSON Schema (OpenAPI 3.1 = JSON Schema 2020-12), checked with ajv.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { type ApiDokument, apiDokument } from "../../api/openapi/dokument";
import { PROBLEM_TYPE } from "../../domain/problem";

const METODER = ["get", "post", "put", "patch", "delete"] as const;
type Skjema = { enum?: string[]; pattern?: string };
type Operasjon = { responses?: Record<string, { content?: Record<string, unknown> }> };

interface Sti {
  mal: string;
  moenster: RegExp;
  /** Literal segments: of several templates matching a path, the most literal wins (/arkiv over /{id}). */
  bokstavelige: number;
}

let oppsett: { dok: ApiDokument; ajv: Ajv2020; stier: Sti[] } | undefined;

function hentOppsett() {
  if (oppsett) return oppsett;
  const dok = apiDokument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(dok as object, "api");
  const stier = Object.entries(dok.paths ?? {}).map(([mal, item]) => ({
    mal,
    moenster: new RegExp(
      `^${mal.replace(/\{(\w+)\}/g, (_, navn: string) => parameterMoenster(item, navn))}$`,
    ),
    bokstavelige: mal.split("/").filter((s) => s && !s.startsWith("{")).length,
  }));
  oppsett = { dok, ajv, stier };
  return oppsett;
}

/**
 * What a path parameter matches, from its documented schema (an enum, or a pattern like ^\d+$), so that
 * /oversikt is not taken for {id} as Express's :id(\d+) would not take it either.
 */
function parameterMoenster(item: unknown, navn: string): string {
  for (const m of METODER) {
    const op = (item as Record<string, { parameters?: { name: string; in: string; schema?: Skjema }[] }>)[m];
    const skjema = op?.parameters?.find((p) => p.in === "path" && p.name === navn)?.schema;
    if (Array.isArray(skjema?.enum)) return `(?:${skjema.enum.join("|")})`;
    if (typeof skjema?.pattern === "string")
      return `(?:${skjema.pattern.replace(/^\^/, "").replace(/\$$/, "")})`;
  }
  return "[^/]+";
}

/** The document's path template for a request path, or undefined when the document has none. */
export function dokumentSti(sti: string): string | undefined {
  return hentOppsett()
    .stier.filter((s) => s.moenster.test(sti))
    .sort((a, b) => b.bokstavelige - a.bokstavelige)[0]?.mal;
}

const peker = (...deler: string[]) =>
  deler.map((d) => d.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

function valider(ref: string, body: unknown, hva: string): void {
  const { ajv } = hentOppsett();
  const sjekk = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  if (!sjekk(body)) {
    throw new Error(
      `${hva}: svaret stemmer ikke med OpenAPI-dokumentet: ${ajv.errorsText(sjekk.errors, { separator: "; " })}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}

/** Throws when the answer to `metode sti` does not match what the document says of it. */
export async function sjekkSvarMotDokument(metode: string, url: string, res: Response): Promise<void> {
  if (res.status === 204 || res.status === 304 || metode === "HEAD") return;
  const sti = new URL(url).pathname;
  const hva = `${metode} ${sti} ${res.status}`;
  const type = (res.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  const mal = dokumentSti(sti);
  const m = metode.toLowerCase() as (typeof METODER)[number];
  const op = mal ? (hentOppsett().dok.paths?.[mal]?.[m] as Operasjon | undefined) : undefined;
  const dokumentert = op?.responses?.[String(res.status)];
  if (!dokumentert) {
    if (res.status < 400) {
      if (op) throw new Error(`${hva}: statusen står ikke i OpenAPI-dokumentet for operasjonen`);
      return; // a route the document leaves out on purpose (tests/openapi.test.ts lists them)
    }
    // Every error, documented or not and on any route, is the one Problem shape.
    if (type !== PROBLEM_TYPE)
      throw new Error(`${hva}: feilsvar med ${type || "ingen"} Content-Type, ikke ${PROBLEM_TYPE}`);
    valider("api#/components/schemas/Problem", await res.clone().json(), hva);
    return;
  }
  const innhold = dokumentert.content ?? {};
  if (!(type in innhold)) {
    throw new Error(
      `${hva}: Content-Type ${type} står ikke i dokumentet (${Object.keys(innhold).join(", ")})`,
    );
  }
  if (type === "application/json" || type === PROBLEM_TYPE) {
    valider(
      `api#/${peker("paths", mal as string, m, "responses", String(res.status), "content", type, "schema")}`,
      await res.clone().json(),
      hva,
    );
  }
}
