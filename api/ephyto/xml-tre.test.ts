// byggTre against fast-xml-parser's parse with the options the reader used before ADR 079: the same tree for
// the fixtures, the bench's certificates and XML written to hit every rule (text runs, CDATA, comments,
// entities, namespaces, attributes, line ends, names that reach an object's prototype, depth).
import { readFileSync } from "node:fs";
import { type X2jOptions, XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { innlesingSertifikat } from "../../scripts/bench-innlesing-data";
import { tolkXml } from "./xml";
import { byggTre, dekodEntiteter } from "./xml-tre";

const FOER: X2jOptions = {
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  alwaysCreateTextNode: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  entityDecoder: {
    setExternalEntities: () => {},
    addInputEntities: () => {},
    reset: () => {},
    setXmlVersion: () => {},
    decode: dekodEntiteter,
  },
  jPath: false,
  isArray: (_navn, _sti, _erBlad, erAttributt) => !erAttributt,
};

function somFoer(xml: string): unknown {
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser(FOER).parse(xml);
}

const fil = (navn: string) => readFileSync(new URL(`./fixtures/${navn}`, import.meta.url), "utf8");

const VANSKELIG = [
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- før roten -->\r\n',
  '<rsm:SPSCertificate xmlns:rsm="urn:x" xmlns="urn:y" xmlns:ram="urn:z" a:b:c="3">',
  '<ram:ID  schemeID = \' NO \' ram:unitCode="KGM" languageID="a &amp; b &#65;">  A-1 </ram:ID>',
  "<ram:ID>B&lt;2&gt;&quot;&apos;&#x263A;&#0;&ukjent;</ram:ID>",
  "<Tekst> før <!-- midt i --> etter <b/> siste <c x='1>2' /> </Tekst>",
  '<Tom/><Tom></Tom><Tom>   </Tom><Tom a="1"/><Tom a="1">\r\n</Tom>',
  "<Cdata><![CDATA[ <ikke & tolket> ]]>rundt<![CDATA[]]></Cdata><Cdata><![CDATA[]]></Cdata>",
  "<Blandet>a<x>1</x>b<?pi data?>c<x>2</x></Blandet>",
  "<toString>t</toString><valueOf v='1'/><isPrototypeOf/><isPrototypeOf>2</isPrototypeOf>",
  "<Linjer>\r\nén\r\nto\rtre</Linjer>",
  '<ns:El xmlns:ns="urn:n" ns:attr="p" attr="q"/>',
  "</rsm:SPSCertificate>\n",
].join("");

describe("byggTre", () => {
  it("builds fast-xml-parser's tree for the fixtures, the bench's certificates and the hard cases", () => {
    const dokumenter = [
      fil("hub-envelope-sample.xml"),
      fil("reeksport-nl.xml"),
      innlesingSertifikat("TRE", 0),
      innlesingSertifikat("TRE", 5),
      VANSKELIG,
      `<a>${"<b>".repeat(99)}<c/>${"</b>".repeat(99)}</a>`,
    ];
    for (const xml of dokumenter) expect(byggTre(xml)).toStrictEqual(somFoer(xml));
  });

  it("refuses what fast-xml-parser refused: prototype names and more than 100 open elements", () => {
    for (const navn of ["__proto__", "constructor", "prototype"]) {
      const xml = `<a><${navn}>x</${navn}></a>`;
      expect(() => new XMLParser(FOER).parse(xml)).toThrow();
      expect(() => byggTre(xml)).toThrow();
      expect(() => tolkXml(xml)).toThrow("Dokumentet er ikke gyldig XML");
    }
    const dyp = `${"<b>".repeat(102)}${"</b>".repeat(102)}`;
    expect(() => new XMLParser(FOER).parse(dyp)).toThrow();
    expect(() => byggTre(dyp)).toThrow();
    const grensen = `${"<b>".repeat(101)}<c/>${"</b>".repeat(101)}`;
    expect(byggTre(grensen)).toStrictEqual(somFoer(grensen));
  });

  it("leaves well-formedness to the validator: malformed XML gives the same error as before", () => {
    expect(() => tolkXml("<a><b></a>")).toThrow("Dokumentet er ikke gyldig XML");
    expect(() => tolkXml("<a>")).toThrow("Dokumentet er ikke gyldig XML");
    expect(() => tolkXml("<a x=1></a>")).toThrow("Dokumentet er ikke gyldig XML");
  });
});
