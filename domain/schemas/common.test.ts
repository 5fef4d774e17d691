import { describe, expect, it } from "vitest";
import { z } from "zod";
import { oversetter } from "../../sprak/katalog.server";
import { epost, isoDato, postnummer, tekstFelt, valgfriTekst } from "./common";

/** The messages of a failed parse, or the parsed value. */
function sjekk(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  return r.success
    ? { verdi: r.data }
    : { feil: r.error.issues.map((i) => oversetter("nb").melding(i.message)) };
}

describe("tekstFelt", () => {
  const schema = tekstFelt("Du må angi ditt navn");

  it.each([[undefined], [""], ["   "], [null], [42]])("%j gives the message once", (v) => {
    expect(sjekk(schema, v)).toEqual({ feil: ["Du må angi ditt navn"] });
  });

  it("trims", () => {
    expect(sjekk(schema, "  Kari Nordmann ")).toEqual({ verdi: "Kari Nordmann" });
  });

  it("works inside an object whose field is missing (conform's empty field)", () => {
    const r = z.object({ navn: schema }).safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues).toMatchObject([{ path: ["navn"], message: "Du må angi ditt navn" }]);
  });
});

describe("valgfriTekst", () => {
  const schema = valgfriTekst();

  it.each([
    [undefined, undefined],
    ["", undefined],
    ["  ", undefined],
    [" ref-1 ", "ref-1"],
  ])("%j → %j", (inn, ut) => {
    expect(sjekk(schema, inn)).toEqual({ verdi: ut });
  });

  it("leaves a missing object field out", () => {
    expect(z.object({ egenReferanse: schema }).parse({})).toEqual({ egenReferanse: undefined });
  });

  it("rejects non-strings", () => {
    expect(schema.safeParse(5).success).toBe(false);
  });
});

describe("epost", () => {
  const melding = "Du må angi en gyldig e-post";
  const schema = epost(melding);

  it.each([
    [undefined],
    [""],
    ["  "],
    ["kari"],
    ["kari@"],
    ["@eksempel.no"],
    ["kari@eksempel"],
    ["a b@c.no"],
  ])("%j gives the message once", (v) => {
    expect(sjekk(schema, v)).toEqual({ feil: [melding] });
  });

  it.each([
    ["kari@eksempel.no", "kari@eksempel.no"],
    [" ola.nordmann+test@firma.example.com ", "ola.nordmann+test@firma.example.com"],
  ])("%j is valid", (inn, ut) => {
    expect(sjekk(schema, inn)).toEqual({ verdi: ut });
  });
});

describe("postnummer", () => {
  it.each([
    [undefined, ["Postnummer er påkrevd"]],
    ["", ["Postnummer er påkrevd"]],
    ["   ", ["Postnummer er påkrevd"]],
    ["12345", ["Postnummer kan ikke være lengre enn 4 tegn"]],
    ["12a4", ["Postnummer må bestå av siffer"]],
    ["abcde", ["Postnummer kan ikke være lengre enn 4 tegn", "Postnummer må bestå av siffer"]],
    ["-123", ["Postnummer må bestå av siffer"]],
  ])("%j → %j", (v, feil) => {
    expect(sjekk(postnummer, v)).toEqual({ feil });
  });

  it.each([
    ["0150", "0150"],
    [" 7030 ", "7030"],
    ["1", "1"],
  ])("%j is valid", (inn, ut) => {
    expect(sjekk(postnummer, inn)).toEqual({ verdi: ut });
  });
});

describe("isoDato", () => {
  const schema = isoDato("Dato er påkrevd", "Ugyldig dato");

  it.each([
    [undefined, "Dato er påkrevd"],
    ["", "Dato er påkrevd"],
    ["2026-02-30", "Ugyldig dato"],
    ["21.11.2026", "Ugyldig dato"],
    ["2026-1-5", "Ugyldig dato"],
    ["2026-13-01", "Ugyldig dato"],
  ])("%j → %s", (v, melding) => {
    expect(sjekk(schema, v)).toEqual({ feil: [melding] });
  });

  it("uses the required message for an invalid date by default", () => {
    expect(sjekk(isoDato("Dato er påkrevd"), "2026-02-30")).toEqual({ feil: ["Dato er påkrevd"] });
  });

  it.each([
    ["2026-04-01", "2026-04-01"],
    [" 2028-02-29 ", "2028-02-29"],
  ])("%j is valid", (inn, ut) => {
    expect(sjekk(schema, inn)).toEqual({ verdi: ut });
  });
});
