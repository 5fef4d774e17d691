// The API reference as one server-rendered HTML page made from the OpenAPI document (ADR 040): readable
// without JavaScript, no external resources (the CSP allows none), operations grouped by tag, each with its
// parameters, body and answers, then the schemas they name.
import { esc } from "../../domain/text";
import type { ApiDokument } from "./dokument";

type Skjema = Record<string, unknown>;
const METODER = ["get", "post", "put", "patch", "delete"] as const;

/** `code` and **bold** of the document's descriptions, everything else as text; a blank line starts a paragraph. */
function tekst(md: string | undefined): string {
  if (!md) return "";
  return md
    .split(/\n\s*\n/)
    .map(
      (avsnitt) =>
        `<p>${esc(avsnitt)
          .replace(/`([^`]+)`/g, "<code>$1</code>")
          .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")}</p>`,
    )
    .join("\n");
}

const skjemaNavn = (ref: string) => ref.replace("#/components/schemas/", "");
const anker = (navn: string) => `skjema-${navn.replace(/[^A-Za-z0-9-]/g, "-")}`;
const taggAnker = (tagg: string) => `tagg-${tagg.replace(/[^A-Za-z0-9-]+/g, "-")}`;

/** A schema as a nested list: each property with its type, whether it is required, and its description. */
function skjemaHtml(s: Skjema | undefined): string {
  if (!s) return "<span>vilkårlig</span>";
  if (typeof s.$ref === "string") {
    const navn = skjemaNavn(s.$ref);
    return `<a href="#${anker(navn)}">${esc(navn)}</a>`;
  }
  const beskrivelse = typeof s.description === "string" ? ` – ${esc(s.description)}` : "";
  const varianter = (s.anyOf ?? s.oneOf) as Skjema[] | undefined;
  if (varianter) {
    const ikkeNull = varianter.filter((v) => v.type !== "null");
    const kanVaereNull = ikkeNull.length < varianter.length ? " eller null" : "";
    if (ikkeNull.length === 1) return `${skjemaHtml(ikkeNull[0])}${kanVaereNull}${beskrivelse}`;
    return `én av${kanVaereNull}${beskrivelse}:<ul>${ikkeNull.map((v) => `<li>${skjemaHtml(v)}</li>`).join("")}</ul>`;
  }
  const typer = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  const kanVaereNull = typer.includes("null") ? " eller null" : "";
  const type = typer.find((t) => t !== "null");
  if (type === "object" || s.properties) {
    const props = (s.properties ?? {}) as Record<string, Skjema>;
    const paakrevd = new Set((s.required ?? []) as string[]);
    const aapent = s.additionalProperties !== false && Object.keys(props).length === 0;
    const linjer = Object.entries(props).map(
      ([navn, p]) =>
        `<li><code>${esc(navn)}</code>${paakrevd.has(navn) ? " (påkrevd)" : ""}: ${skjemaHtml(p)}</li>`,
    );
    return `objekt${kanVaereNull}${beskrivelse}${aapent ? " (vilkårlige felt)" : ""}${linjer.length ? `<ul>${linjer.join("")}</ul>` : ""}`;
  }
  if (type === "array")
    return `liste${kanVaereNull} av ${skjemaHtml(s.items as Skjema | undefined)}${beskrivelse}`;
  const detaljer = [
    Array.isArray(s.enum)
      ? `én av ${(s.enum as unknown[]).map((v) => `<code>${esc(String(v))}</code>`).join(", ")}`
      : "",
    typeof s.format === "string" ? `format ${esc(s.format)}` : "",
    typeof s.pattern === "string" ? `mønster <code>${esc(s.pattern)}</code>` : "",
    typeof s.maxLength === "number" ? `høyst ${s.maxLength} tegn` : "",
  ].filter(Boolean);
  return `${esc(type ?? "vilkårlig")}${kanVaereNull}${detaljer.length ? ` (${detaljer.join("; ")})` : ""}${beskrivelse}`;
}

interface Operasjon {
  metode: string;
  sti: string;
  op: Skjema;
  /** A webhook (the document's `webhooks`): `sti` is the event type, the request is ours to the receiver. */
  webhook?: boolean;
}

const opAnker = (o: Operasjon) =>
  `${o.webhook ? "webhook-" : ""}${o.metode}-${o.sti}`.replace(/[^A-Za-z0-9-]+/g, "-");

/** Who may call: a person's token, and a system's with the scope the operation names. */
function tilgangHtml(op: Skjema): string {
  const krav = op.security as Record<string, string[]>[] | undefined;
  if (!krav) return "";
  const system = krav.find((k) => "maskinporten" in k)?.maskinporten;
  if (!krav.some((k) => "bearerAuth" in k)) {
    const scopes = krav.flatMap((k) => k.maskinporten ?? []);
    return `<p class="tilgang">Tilgang: bare Mattilsynets system, med scopet ${scopes.map((s) => `<code>${esc(s)}</code>`).join(" eller ")} (<code>maskinporten</code>); personer og importørenes systemer avvises.</p>`;
  }
  return system
    ? `<p class="tilgang">Tilgang: person (<code>bearerAuth</code>), eller system med scopet ${system.map((s) => `<code>${esc(s)}</code>`).join(", ")} (<code>maskinporten</code>).</p>`
    : `<p class="tilgang">Tilgang: bare person (<code>bearerAuth</code>); et systemtoken avvises.</p>`;
}

function operasjonHtml(o: Operasjon): string {
  const { op } = o;
  const parametre = (op.parameters ?? []) as Skjema[];
  const parametreHtml = parametre.length
    ? `<table><caption>Parametre</caption><thead><tr><th scope="col">Navn</th><th scope="col">I</th><th scope="col">Påkrevd</th><th scope="col">Type og beskrivelse</th></tr></thead><tbody>${parametre
        .map(
          (p) =>
            `<tr><td><code>${esc(String(p.name))}</code></td><td>${esc(String(p.in))}</td><td>${p.required ? "ja" : "nei"}</td><td>${skjemaHtml({ ...(p.schema as Skjema), description: (p.description as string | undefined) ?? (p.schema as Skjema | undefined)?.description })}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : "";
  const kropp = (op.requestBody as Skjema | undefined)?.content as Record<string, Skjema> | undefined;
  const kroppHtml = kropp
    ? `<h4>Forespørsel</h4>${Object.entries(kropp)
        .map(
          ([type, c]) =>
            `<p><code>${esc(type)}</code>:</p><div class="skjema">${skjemaHtml(c.schema as Skjema)}</div>`,
        )
        .join("")}`
    : "";
  const svar = Object.entries((op.responses ?? {}) as Record<string, Skjema>)
    .map(([status, r]) => {
      const innhold = Object.entries((r.content ?? {}) as Record<string, Skjema>)
        .map(([type, c]) => `<code>${esc(type)}</code>: ${skjemaHtml(c.schema as Skjema)}`)
        .join("<br>");
      return `<tr><td>${esc(status)}</td><td>${esc(String(r.description ?? ""))}</td><td>${innhold || "–"}</td></tr>`;
    })
    .join("");
  return `<section id="${opAnker(o)}" aria-labelledby="${opAnker(o)}-tittel">
<h3 id="${opAnker(o)}-tittel">${o.webhook ? `Webhook <code>${esc(o.sti)}</code>` : `<code>${o.metode.toUpperCase()} ${esc(o.sti)}</code>`}</h3>
${tekst(op.summary as string | undefined)}${tilgangHtml(op)}${tekst(op.description as string | undefined)}
${parametreHtml}${kroppHtml}
<table><caption>${o.webhook ? "Mottakerens svar" : "Svar"}</caption><thead><tr><th scope="col">Status</th><th scope="col">Betyr</th><th scope="col">Innhold</th></tr></thead><tbody>${svar}</tbody></table>
</section>`;
}

export const STIL = `body{font-family:system-ui,sans-serif;line-height:1.5;margin:0 auto;max-width:70rem;padding:1rem;color:#1a1a1a}
code{font-family:ui-monospace,monospace;background:#f2f2f2;padding:0 .2em;overflow-wrap:anywhere}
h1,h2,h3,p,li,td,th,caption,dt,dd{overflow-wrap:anywhere;min-width:0}
dd{margin-left:1rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere}
table{display:block;overflow-x:auto}
h3 code{background:none;font-size:1.05em}
table{border-collapse:collapse;margin:.5rem 0 1rem;max-width:100%}
caption{text-align:left;font-weight:bold;padding:.25rem 0}
th,td{border:1px solid #8c8c8c;padding:.25rem .5rem;text-align:left;vertical-align:top}
section{border-top:1px solid #8c8c8c;margin-top:1.5rem}
ul{margin:.25rem 0;padding-left:1.25rem}
a{color:#0a4f99}`;

export function referanseSide(dok: ApiDokument, stilSti: string): string {
  const tagger = (dok.tags ?? []).map((t) => t.name);
  const operasjoner: Operasjon[] = [];
  for (const [sti, item] of Object.entries(dok.paths ?? {})) {
    for (const metode of METODER) {
      const op = (item as Record<string, Skjema | undefined>)[metode];
      if (op) operasjoner.push({ metode, sti, op });
    }
  }
  const webhooker: Operasjon[] = Object.entries(dok.webhooks ?? {}).flatMap(([type, item]) => {
    const op = (item as Record<string, Skjema | undefined>).post;
    return op ? [{ metode: "post", sti: type, op, webhook: true }] : [];
  });
  const iTagg = (tagg: string) => operasjoner.filter((o) => ((o.op.tags ?? []) as string[])[0] === tagg);
  const innhold = tagger
    .map(
      (t) =>
        `<li><a href="#${taggAnker(t)}">${esc(t)}</a><ul>${iTagg(t)
          .map(
            (o) =>
              `<li><a href="#${opAnker(o)}"><code>${o.metode.toUpperCase()} ${esc(o.sti)}</code></a></li>`,
          )
          .join("")}</ul></li>`,
    )
    .join("");
  const grupper = tagger
    .map((t) => {
      const beskrivelse = dok.tags?.find((x) => x.name === t)?.description;
      return `<section id="${taggAnker(t)}" aria-labelledby="${taggAnker(t)}-tittel"><h2 id="${taggAnker(t)}-tittel">${esc(t)}</h2>${tekst(beskrivelse)}
${iTagg(t).map(operasjonHtml).join("\n")}</section>`;
    })
    .join("\n");
  const skjemaer = Object.entries((dok.components?.schemas ?? {}) as Record<string, Skjema>)
    .sort(([a], [b]) => a.localeCompare(b, "nb"))
    .map(
      ([navn, s]) =>
        `<section id="${anker(navn)}" aria-labelledby="${anker(navn)}-tittel"><h3 id="${anker(navn)}-tittel">${esc(navn)}</h3><div class="skjema">${skjemaHtml(s)}</div></section>`,
    )
    .join("\n");
  const sikkerhet = Object.entries(dok.components?.securitySchemes ?? {})
    .map(([navn, s]) => {
      const ordning = s as unknown as Skjema;
      return `<dt><code>${esc(navn)}</code></dt><dd>HTTP ${esc(String(ordning.scheme ?? ""))} (${esc(String(ordning.bearerFormat ?? ""))}). ${esc(String(ordning.description ?? ""))}</dd>`;
    })
    .join("");
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(dok.info.title)} – referanse</title>
<link rel="stylesheet" href="${esc(stilSti)}">
</head>
<body>
<header><p>Digital forhåndsmelding · <a href="/import/openapi.json">OpenAPI-dokumentet (JSON)</a></p></header>
<main>
<h1>${esc(dok.info.title)}</h1>
<p>OpenAPI ${esc(dok.openapi)}, versjon ${esc(dok.info.version)}.</p>
${tekst(dok.info.description)}
<h2>Autentisering</h2>
<dl>${sikkerhet}</dl>
<nav aria-labelledby="innhold-tittel"><h2 id="innhold-tittel">Innhold</h2><ul>${innhold}${
    webhooker.length
      ? `<li><a href="#webhooker-tittel">Webhooker</a><ul>${webhooker.map((o) => `<li><a href="#${opAnker(o)}"><code>${esc(o.sti)}</code></a></li>`).join("")}</ul></li>`
      : ""
  }<li><a href="#skjemaer-tittel">Skjemaer</a></li></ul></nav>
${grupper}
${
  webhooker.length
    ? `<section aria-labelledby="webhooker-tittel"><h2 id="webhooker-tittel">Webhooker</h2><p>Det vi sender til importørens webhooker (POST til adressen den abonnerer med), én per hendelsestype.</p>
${webhooker.map(operasjonHtml).join("\n")}</section>`
    : ""
}
<section aria-labelledby="skjemaer-tittel"><h2 id="skjemaer-tittel">Skjemaer</h2>
${skjemaer}
</section>
</main>
</body>
</html>
`;
}
