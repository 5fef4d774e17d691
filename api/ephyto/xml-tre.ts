// XML text to tree in one cheap pass (ADR 079), for text that fast-xml-parser's validator has already found
// well-formed (api/ephyto/xml.ts `tolkXml`; DTDs and entity declarations are refused before that). The tree
// is the one fast-xml-parser's `parse` built with the options this service used (xml-tre.test.ts compares
// them): namespace prefixes dropped, every element an array, attributes as "@_name" (xmlns declarations left
// out), text as "#text", each text run trimmed and its entities decoded, CDATA as written, comments and
// processing instructions skipped. It reads the text by `indexOf` and a few sticky expressions instead of
// character by character, and builds the objects directly instead of an ordered tree converted afterwards.

/** A parsed element: child elements (always arrays), attributes ("@_name") and text ("#text"). */
export interface XmlNode {
  [navn: string]: XmlNode[] | string | undefined;
}

const XML_ENTITETER: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes the five XML entities and character references in one pass (no other entities exist here). */
export function dekodEntiteter(tekst: string): string {
  if (!tekst.includes("&")) return tekst;
  return tekst.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (hele, ref: string) => {
    if (!ref.startsWith("#")) return XML_ENTITETER[ref] ?? hele;
    const kodepunkt = ref[1] === "x" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    const gyldig = kodepunkt > 0 && kodepunkt <= 0x10ffff && !(kodepunkt >= 0xd800 && kodepunkt <= 0xdfff);
    return gyldig ? String.fromCodePoint(kodepunkt) : "\uFFFD";
  });
}

// As fast-xml-parser: names that would reach an object's prototype are refused, and names of its methods
// get two underscores in front; at most 100 open elements.
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

/** An opening tag at the sticky position: name, attributes, and "/" when it closes itself. */
const START_TAGG = /<([^\s/>]+)((?:\s+[^\s=]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTT = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function elementnavn(raatt: string): string {
  const navn = raatt.slice(raatt.indexOf(":") + 1);
  if (KRITISKE_NAVN.has(navn)) throw new Error(`Ugyldig navn: ${navn}`);
  return FARLIGE_NAVN.has(navn) ? `__${navn}` : navn;
}

/** "@_name" of an attribute, or undefined for a namespace declaration (one prefix is dropped, as before). */
function attributtnavn(raatt: string): string | undefined {
  const deler = raatt.split(":");
  if (deler[0] === "xmlns") return undefined;
  return `@_${deler.length === 2 ? deler[1] : raatt}`;
}

interface Aapent {
  node: XmlNode;
  tekst: string | undefined;
  attributter: string;
}

function finn(tekst: string, hva: string, fra: number): number {
  const i = tekst.indexOf(hva, fra);
  if (i === -1) throw new Error(`Mangler ${hva}`);
  return i;
}

function lukk(aapent: Aapent): void {
  const { node, tekst, attributter } = aapent;
  if (tekst !== undefined && tekst.length > 0) node["#text"] = tekst;
  else if (Object.keys(node).length === 0) node["#text"] = "";
  for (const m of attributter.matchAll(ATTRIBUTT)) {
    const navn = attributtnavn(m[1] ?? "");
    if (navn !== undefined) node[navn] = dekodEntiteter((m[2] ?? m[3] ?? "").trim());
  }
}

/** The tree of well-formed XML text (checked before); throws on what it cannot read. */
export function byggTre(xml: string): XmlNode {
  const tekst = xml.includes("\r") ? xml.replace(/\r\n?/g, "\n") : xml;
  const rot: XmlNode = {};
  const aapne: Aapent[] = [];
  let gjeldende: Aapent | undefined;
  // the text since the last markup that ends a run (comments do not), as fast-xml-parser collected it
  let loep = "";
  const lagreLoep = () => {
    const t = loep.trim();
    if (gjeldende && t.length > 0) gjeldende.tekst = (gjeldende.tekst ?? "") + dekodEntiteter(t);
    loep = "";
  };
  let i = 0;
  while (i < tekst.length) {
    const lt = tekst.indexOf("<", i);
    if (lt === -1) break;
    if (lt > i) loep += tekst.slice(i, lt);
    const neste = tekst.charCodeAt(lt + 1);
    if (neste === 47 /* / */) {
      lagreLoep();
      if (!gjeldende) throw new Error("Sluttmerke uten start");
      lukk(gjeldende);
      gjeldende = aapne.pop();
      i = finn(tekst, ">", lt) + 1;
    } else if (neste === 63 /* ? */) {
      lagreLoep();
      i = finn(tekst, "?>", lt) + 2;
    } else if (tekst.startsWith("<!--", lt)) {
      i = finn(tekst, "-->", lt + 4) + 3;
    } else if (tekst.startsWith("<![CDATA[", lt)) {
      lagreLoep();
      const slutt = finn(tekst, "]]>", lt);
      if (gjeldende) gjeldende.tekst = (gjeldende.tekst ?? "") + tekst.slice(lt + 9, slutt);
      i = slutt + 3;
    } else {
      START_TAGG.lastIndex = lt;
      const m = START_TAGG.exec(tekst);
      if (!m) throw new Error(`Uleselig merke ved posisjon ${lt}`);
      if (gjeldende) lagreLoep();
      loep = "";
      const navn = elementnavn(m[1] ?? "");
      const node: XmlNode = {};
      const forelder = gjeldende?.node ?? rot;
      const soesken = forelder[navn];
      if (Array.isArray(soesken)) soesken.push(node);
      else forelder[navn] = [node];
      const aapent: Aapent = { node, tekst: undefined, attributter: m[2] ?? "" };
      if (m[3] === "/") lukk(aapent);
      else {
        if (aapne.length + (gjeldende ? 1 : 0) > MAKS_DYBDE) throw new Error("For mange nivåer");
        if (gjeldende) aapne.push(gjeldende);
        gjeldende = aapent;
      }
      i = START_TAGG.lastIndex;
    }
  }
  if (gjeldende) throw new Error("Uavsluttet element");
  return rot;
}
