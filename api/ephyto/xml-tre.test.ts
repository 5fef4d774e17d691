// The tree the reader reads (tolkXml, saxes and our handler, ADR 079): a document written to hit every rule
// (text runs, comments, CDATA, entities, namespaces, attributes, line ends, names that reach an object's
// prototype, depth), and what is not well-formed XML refused with a message and the line, nothing read.
import { describe, expect, it } from "vitest";
import { EphytoParseError } from "./feil";
import { tolkXml } from "./xml";

const VANSKELIG = [
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- før roten -->\r\n',
  '<rsm:SPSCertificate xmlns:rsm="urn:x" xmlns="urn:y" xmlns:ram="urn:z" a:b:c="3">',
  '<ram:ID  schemeID = \' NO \' ram:unitCode="KGM" languageID="a &amp; b &#65;">  A-1 </ram:ID>',
  "<ram:ID>B&lt;2&gt;&quot;&apos;&#x263A;</ram:ID>",
  "<Tekst> før <!-- midt i --> etter <b/> siste <c x='1>2' /> </Tekst>",
  '<Tom/><Tom></Tom><Tom>   </Tom><Tom a="1"/><Tom a="1">\r\n</Tom>',
  "<Cdata><![CDATA[ <ikke & tolket> ]]>rundt<![CDATA[]]></Cdata><Cdata><![CDATA[]]></Cdata>",
  "<Blandet>a<x>1</x>b<?pi data?>c<x>2</x></Blandet>",
  "<toString>t</toString><valueOf v='1'/><isPrototypeOf/><isPrototypeOf>2</isPrototypeOf>",
  "<Linjer>\r\nén\r\nto\rtre</Linjer>",
  '<ns:El xmlns:ns="urn:n" ns:attr="p" attr="q"/>',
  "</rsm:SPSCertificate>\n",
].join("");

const tom = { "#text": "" };

/** The UGYLDIG_XML error of `xml`, which must be refused. */
function avvist(xml: string): EphytoParseError {
  try {
    tolkXml(xml);
  } catch (feil) {
    if (feil instanceof EphytoParseError) return feil;
    throw feil;
  }
  throw new Error(`Godtatt: ${xml}`);
}

describe("tolkXml", () => {
  it("builds the tree the reader reads, rule by rule", () => {
    expect(tolkXml(VANSKELIG)).toStrictEqual({
      SPSCertificate: [
        {
          ID: [
            { "#text": "A-1", "@_schemeID": "NO", "@_unitCode": "KGM", "@_languageID": "a & b A" },
            { "#text": "B<2>\"'☺" },
          ],
          // each run trimmed, a comment does not end one, an element does
          Tekst: [{ b: [tom], c: [{ ...tom, "@_x": "1>2" }], "#text": "før  ettersiste" }],
          Tom: [tom, tom, tom, { ...tom, "@_a": "1" }, { ...tom, "@_a": "1" }],
          Cdata: [{ "#text": " <ikke & tolket> rundt" }, tom],
          Blandet: [{ x: [{ "#text": "1" }, { "#text": "2" }], "#text": "abc" }],
          __toString: [{ "#text": "t" }],
          __valueOf: [{ ...tom, "@_v": "1" }],
          isPrototypeOf: [tom, { "#text": "2" }],
          Linjer: [{ "#text": "én\nto\ntre" }],
          El: [{ ...tom, "@_attr": "q" }],
          "@_a:b:c": "3",
        },
      ],
    });
  });

  it("refuses names that reach an object's prototype, and more than 100 open elements", () => {
    for (const navn of ["__proto__", "constructor", "prototype", "p:constructor"]) {
      expect(avvist(`<a><${navn}>x</${navn}></a>`).detaljer).toMatch(
        /^element name not allowed: .* \(linje 1,/,
      );
    }
    expect(avvist(`${"<b>".repeat(102)}${"</b>".repeat(102)}`).detaljer).toMatch(/more than 100 nested/);
    const grensen = tolkXml(`${"<b>".repeat(101)}<c/>${"</b>".repeat(101)}`);
    let node = grensen;
    for (let i = 0; i < 101; i++) node = (node.b as (typeof grensen)[])[0] as typeof grensen;
    expect(node).toStrictEqual({ c: [tom] });
  });

  it("refuses what is not well-formed XML with saxes' message and the line", () => {
    const tilfeller: [string, RegExp][] = [
      ["<a>\n<b>\n</a>", /^unexpected close tag\. \(linje 3, kolonne 4\)$/],
      ["<a>\n  <b>", /^unclosed tag: b \(linje 2,/],
      ["<a x=1></a>", /^unquoted attribute value\. \(linje 1,/],
      ["dette er ikke xml", /^text data outside of root node\. \(linje 1,/],
      // XML 1.0 says these are not well-formed either (fast-xml-parser's validator let them through before)
      ["<a>\n&nbsp;</a>", /^undefined entity\. \(linje 2,/],
      ["<a>x\u0001y</a>", /^disallowed character\. \(linje 1,/],
      ["<a>\n\n&#0;</a>", /^malformed character entity\. \(linje 3,/],
      ["<a/>\n<b/>", /^documents may contain only one root\. \(linje 2,/],
    ];
    for (const [xml, detaljer] of tilfeller) {
      const feil = avvist(xml);
      expect(feil.kode, xml).toBe("UGYLDIG_XML");
      expect(feil.message, xml).toBe("Dokumentet er ikke gyldig XML");
      expect(feil.detaljer, xml).toMatch(detaljer);
    }
  });
});
