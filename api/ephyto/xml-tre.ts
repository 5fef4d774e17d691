// XML text to the tree the ePhyto reader reads (api/ephyto/xml.ts helpers), in one pass by saxes: a maintained
// XML 1.0 parser that checks well-formedness as it reads (ADR 079; DTDs and entity declarations are refused
// before, `tilTekst`). What XML 1.0 calls not well-formed is refused with saxes' message and the line: among
// others an undeclared entity (`&nbsp;`), a control character, `&#0;` and a second root. The tree is the one
// the reader has read since ADR 017: namespace prefixes dropped, every element an array, attributes as "@_name"
// (xmlns declarations left out, values trimmed), text as "#text" (each run between markup trimmed, a comment
// does not end a run, CDATA as written), an element without text or children `"#text": ""`; names that would
// reach an object's prototype are refused, those of its methods get "__" in front, at most 100 open elements.
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { EphytoParseError } from "./feil";

/** A parsed element: child elements (always arrays), attributes ("@_name") and text ("#text"). */
export interface XmlNode {
  [navn: string]: XmlNode[] | string | undefined;
}

const KRITISKE_NAVN = new Set(["__proto__", "constructor", "prototype"]);
const FARLIGE_NAVN = new Set([
  "hasOwnProperty",
  "toString",
  "valueOf",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
]);
const MAKS_DYBDE = 100;

function elementnavn(raatt: string): string {
  const navn = raatt.slice(raatt.indexOf(":") + 1);
  if (KRITISKE_NAVN.has(navn)) throw new Error(`element name not allowed: ${raatt}`);
  return FARLIGE_NAVN.has(navn) ? `__${navn}` : navn;
}

/** "@_name" of an attribute, or undefined for a namespace declaration (one prefix is dropped). */
function attributtnavn(raatt: string): string | undefined {
  const deler = raatt.split(":");
  if (deler[0] === "xmlns") return undefined;
  return `@_${deler.length === 2 ? deler[1] : raatt}`;
}

interface Aapent {
  node: XmlNode;
  tekst: string | undefined;
  attributter: Record<string, string>;
}

function lukk({ node, tekst, attributter }: Aapent): void {
  if (tekst !== undefined && tekst.length > 0) node["#text"] = tekst;
  else if (Object.keys(node).length === 0) node["#text"] = "";
  for (const raatt in attributter) {
    const navn = attributtnavn(raatt);
    if (navn !== undefined) node[navn] = (attributter[raatt] ?? "").trim();
  }
}

/** The tree of an XML document; throws EphytoParseError (UGYLDIG_XML, with the line) when it is not XML. */
export function tolkXml(xml: string): XmlNode {
  const rot: XmlNode = {};
  const aapne: Aapent[] = [];
  // the text since the last markup that ends a run (comments do not)
  let loep = "";
  const lagreLoep = () => {
    const t = loep.trim();
    const gjeldende = aapne[aapne.length - 1];
    if (gjeldende && t.length > 0) gjeldende.tekst = (gjeldende.tekst ?? "") + t;
    loep = "";
  };
  const parser = new SaxesParser({ xmlns: false });
  parser.on("text", (t) => {
    loep += t;
  });
  parser.on("processinginstruction", lagreLoep);
  parser.on("cdata", (t) => {
    lagreLoep();
    const gjeldende = aapne[aapne.length - 1];
    if (gjeldende) gjeldende.tekst = (gjeldende.tekst ?? "") + t;
  });
  parser.on("opentag", (tag: SaxesTagPlain) => {
    lagreLoep();
    if (!tag.isSelfClosing && aapne.length > MAKS_DYBDE) throw new Error("more than 100 nested elements");
    const navn = elementnavn(tag.name);
    const node: XmlNode = {};
    const forelder = aapne[aapne.length - 1]?.node ?? rot;
    const soesken = forelder[navn];
    if (Array.isArray(soesken)) soesken.push(node);
    else forelder[navn] = [node];
    aapne.push({ node, tekst: undefined, attributter: tag.attributes });
  });
  parser.on("closetag", () => {
    lagreLoep();
    const aapent = aapne.pop();
    if (aapent) lukk(aapent);
  });
  try {
    parser.write(xml).close();
  } catch (feil) {
    // saxes writes "line:column: message"; the position is the parser's (the same for our own refusals)
    const melding = (feil instanceof Error ? feil.message : String(feil)).replace(/^\d+:\d+: /, "");
    const detaljer = `${melding} (linje ${parser.line}, kolonne ${parser.column})`;
    throw new EphytoParseError("UGYLDIG_XML", "Dokumentet er ikke gyldig XML", detaljer, { cause: feil });
  }
  return rot;
}
