// No user-facing text in app/ bypasses the catalogues (issue 33, docs/sprak.md): a parser-based check with the
// TypeScript compiler (like tests/struktur.test.ts). It finds, in every .tsx file of app/:
//   - JSX text with a letter in it ("<h1>Logg inn</h1>");
//   - a string with a letter as a JSX child expression ({"Ja"}, {ok ? "Ja" : "Nei"}, {`Side ${n}`});
//   - a string with a letter in a text prop: the HTML ones (title, aria-label, placeholder, alt, …) and our
//     components' (etikett, legende, tittel, tekst, …), as a JSX attribute or an object property;
//   - a page title in `meta` ({ title: "…" }), and a breadcrumb or title in `handle` that is not a message id.
// A message id ("felles.loggUt", the argument of t() or <Tekst id>) is no text. The exceptions are listed in
// UNNTAK with the reason. Pages not yet converted are in IKKE_KONVERTERT: the conversions empty it, and the
// test fails when a listed file has nothing left to convert (take it off the list then).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { erNavnerom } from "../../sprak/navnerom";

/** Props whose string value is shown to the user (or read out by a screen reader). */
const TEKSTPROPS = new Set([
  "title",
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "placeholder",
  "alt",
  "label",
  // our components' text props
  "etikett",
  "legende",
  "tittel",
  "tekst",
  "beskrivelse",
  "hint",
  "feiltekst",
  "feilTittel",
  "brodsmule",
  "melding",
]);

/** Strings with letters that are rightly not from a catalogue: the text → why. */
const UNNTAK: Record<string, string> = {};

/**
 * Files not yet converted (the conversions take them off, docs/sprak.md «Ta en fil av listen»). Each still
 * has text written in the component.
 */
const IKKE_KONVERTERT: readonly string[] = [];

const harBokstav = (s: string) => /\p{L}/u.test(s);
const erMeldingsId = (s: string) => {
  const m = /^([a-z]+)\.[A-Za-z0-9_.]+$/.exec(s);
  return !!m && erNavnerom(m[1]!);
};

function tsxFiler(mappe: string): string[] {
  return readdirSync(mappe).flatMap((navn) => {
    const sti = path.join(mappe, navn);
    if (statSync(sti).isDirectory()) return tsxFiler(sti);
    return navn.endsWith(".tsx") && !/\.(test|spec)\.tsx$/.test(navn) ? [sti] : [];
  });
}

interface Funn {
  linje: number;
  tekst: string;
  hva: string;
}

/** The text of a string-like literal, or undefined. */
function literal(n: ts.Node): string | undefined {
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
  if (ts.isTemplateExpression(n))
    return [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(" ");
  return undefined;
}

/** The strings an expression shows directly (through ?:, ??, ||, && and parentheses, not through a call). */
function visteStrenger(n: ts.Expression): ts.Node[] {
  if (literal(n) !== undefined) return [n];
  if (ts.isParenthesizedExpression(n)) return visteStrenger(n.expression);
  if (ts.isConditionalExpression(n)) return [...visteStrenger(n.whenTrue), ...visteStrenger(n.whenFalse)];
  if (ts.isBinaryExpression(n)) return [...visteStrenger(n.left), ...visteStrenger(n.right)];
  return [];
}

function finnTekst(fil: string): Funn[] {
  const kilde = ts.createSourceFile(
    fil,
    readFileSync(fil, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const funn: Funn[] = [];
  const legg = (n: ts.Node, tekst: string, hva: string) => {
    const t = tekst.replace(/\s+/g, " ").trim();
    if (!harBokstav(t) || erMeldingsId(t) || UNNTAK[t]) return;
    funn.push({ linje: kilde.getLineAndCharacterOfPosition(n.getStart()).line + 1, tekst: t, hva });
  };
  const strenger = (e: ts.Expression | undefined, hva: string) => {
    if (e) for (const s of visteStrenger(e)) legg(s, literal(s)!, hva);
  };
  const besoek = (n: ts.Node, iMeta: boolean): void => {
    if (ts.isJsxText(n)) legg(n, n.text, "JSX-tekst");
    else if (ts.isJsxExpression(n) && (ts.isJsxElement(n.parent) || ts.isJsxFragment(n.parent)))
      strenger(n.expression, "JSX-uttrykk");
    else if (ts.isJsxAttribute(n) && TEKSTPROPS.has(n.name.getText(kilde)) && n.initializer) {
      const v = n.initializer;
      if (ts.isStringLiteral(v)) legg(v, v.text, n.name.getText(kilde));
      else if (ts.isJsxExpression(v)) strenger(v.expression, n.name.getText(kilde));
    } else if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name)) {
      const navn = n.name.text;
      if (TEKSTPROPS.has(navn) || (iMeta && navn === "title")) strenger(n.initializer, navn);
    }
    const meta =
      iMeta ||
      (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && ["meta", "handle"].includes(n.name.text));
    ts.forEachChild(n, (b) => besoek(b, meta));
  };
  besoek(kilde, false);
  return funn;
}

describe("tekst i app/ kommer fra katalogene", () => {
  const filer = tsxFiler("app").sort();
  const resultat = new Map(filer.map((f) => [f, finnTekst(f)]));

  it("ingen tekst skrevet i komponentene utenom filene som ikke er konvertert ennå", () => {
    const feil = filer
      .filter((f) => !IKKE_KONVERTERT.includes(f))
      .flatMap((f) => resultat.get(f)!.map((x) => `${f}:${x.linje} (${x.hva}) «${x.tekst}»`));
    expect(feil).toEqual([]);
  });

  it("listen over filer som ikke er konvertert, har bare filer med tekst igjen (ta ferdige av listen)", () => {
    const ferdige = IKKE_KONVERTERT.filter((f) => !resultat.has(f) || resultat.get(f)!.length === 0);
    expect(ferdige).toEqual([]);
  });

  it("finner teksten den skal finne (testen av testen)", () => {
    const eksempel = path.join("tests", "sprak", "eksempel-med-tekst.tsx");
    const funn = finnTekst(eksempel).map((f) => `${f.hva}: ${f.tekst}`);
    expect(funn).toEqual([
      "title: Hjelp",
      "aria-label: Hovedmeny",
      "JSX-tekst: Logg inn",
      "JSX-uttrykk: Ja",
      "JSX-uttrykk: Nei",
      "JSX-uttrykk: Side",
      "etikett: Navn",
      "tekst: Bokmål i et objekt",
      "title: Tittel – Digital forhåndsmelding",
      "brodsmule: Hjelp",
    ]);
  });
});
