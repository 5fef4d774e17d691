import { describe, expect, it } from "vitest";
import { lagVarselEpost, meldefrist, sertifikatLenke, type VarselSertifikat } from "./melding";
import { feilType } from "./sender";

const s = (nummer: string, endringer: Partial<VarselSertifikat> = {}): VarselSertifikat => ({
  nummer,
  eksportland: "NL",
  utstedtDato: "2026-12-25",
  meldepliktigVurdering: "MELDEPLIKTIG",
  erstatterNummer: null,
  ...endringer,
});

describe("e-postvarselet", () => {
  it("fristen er utstedelsesdatoen pluss 14 dager, også over årsskiftet", () => {
    expect(meldefrist("2026-12-25")).toBe("2027-01-08");
    const e = lagVarselEpost({
      appUrl: "https://app.example",
      importoerNavn: "Hageland AS",
      sertifikater: [s("A1")],
    });
    expect(e.tekst).toContain("Frist for forhåndsmelding: 08.01.2027");
    expect(e.tekst).toContain("Meldeplikt: Meldepliktig");
    expect(e.html).toContain("<dt>Frist for forhåndsmelding</dt><dd>08.01.2027</dd>");
  });

  it("lenken går til sertifikatsiden med nummer, dato og land, kodet", () => {
    expect(sertifikatLenke("https://app.example", s("PHYTO NL/1&2"))).toBe(
      "https://app.example/sertifikat?sertifikatnummer=PHYTO+NL%2F1%262&dato=2026-12-25&avsenderland=NL",
    );
  });

  it("flere sertifikater i én e-post: emnet teller dem, hvert har sin overskrift og lenke", () => {
    const e = lagVarselEpost({
      appUrl: "https://app.example",
      importoerNavn: "Hageland AS",
      sertifikater: [s("A1"), s("B2", { eksportland: "DE", erstatterNummer: "B1" })],
    });
    expect(e.emne).toBe("2 nye sertifikater i Digital forhåndsmelding");
    expect(e.html).toContain("<h1>2 nye sertifikater til Hageland AS</h1>");
    expect(e.html.match(/<h2>/g)).toHaveLength(2);
    expect(e.html).toContain(">Åpne sertifikat B2 i Digital forhåndsmelding</a>");
    expect(e.tekst).toContain("Sertifikat B2\nErstatter sertifikat B1.\nEksportland: Tyskland");
  });

  it("tekst fra sertifikatet og registeret blir aldri HTML", () => {
    const e = lagVarselEpost({
      appUrl: "https://app.example",
      importoerNavn: 'Ond <script>alert("x")</script> AS',
      sertifikater: [s('<img src=x onerror="y">')],
    });
    expect(e.html).not.toContain("<script>");
    expect(e.html).not.toContain("<img");
    expect(e.html).toContain("Ond &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; AS");
  });

  it("viser ingen styretegn eller retningsoverstyring fra registeret eller sertifikatet (SPEC §5)", () => {
    const e = lagVarselEpost({
      appUrl: "https://app.example",
      importoerNavn: "Hage\u202Eland\u0007 AS",
      sertifikater: [s("NL-\u2066RE\u2069-1", { erstatterNummer: "NL-\u202ERE-0" })],
    });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point.
    const styretegn = /[\u0007\u202E\u2066\u2069]/;
    for (const del of [e.emne, e.tekst, e.html]) expect(del).not.toMatch(styretegn);
    expect(e.tekst).toContain("Nytt sertifikat til Hageland AS");
    expect(e.tekst).toContain("Sertifikat NL-RE-1");
    expect(e.tekst).toContain("Erstatter sertifikat NL-RE-0.");
  });

  it("sorterer SMTP-feil i tilkobling (prøv igjen) og avvist", () => {
    expect(feilType(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" }))).toBe(
      "TILKOBLING",
    );
    expect(feilType(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" }))).toBe("TILKOBLING");
    expect(feilType(Object.assign(new Error("421"), { code: "EENVELOPE", responseCode: 421 }))).toBe(
      "TILKOBLING",
    );
    expect(feilType(Object.assign(new Error("550"), { code: "EENVELOPE", responseCode: 550 }))).toBe(
      "AVVIST",
    );
    expect(feilType(Object.assign(new Error("ingen mottakere"), { code: "EENVELOPE" }))).toBe("AVVIST");
  });
});
