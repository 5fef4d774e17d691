// The lists' query-string filters as zod schemas (CONVENTIONS §6 "URL is state"). Each list has two: the
// API's query (SPEC §3 "List and search parameter names": zero-based page, status codes), where a value that
// makes no sense is a 400 with "Ugyldig <parameter>", and the app's page address (one-based page, the
// choices its filter form shows), read mildly: a value the form cannot have sent (a hand-edited address) is
// left out and the list still shows, as a server page should.

import { z } from "zod";
import { IMPORTMELDING_SIDESTOERRELSE, STATUS_GRUPPER, type StatusGruppe } from "../importmelding-liste";
import { finnLand } from "../kodeverk";
import { MELDEPLIKTIG_VURDERINGER, type MeldepliktigVurdering } from "../status";
import { renset } from "./common";

/** The certificate list's page size (SPEC §3) and the most one API call may ask for. */
export const STANDARD_SIDESTOERRELSE = 15;
export const MAKS_SIDESTOERRELSE = 100;

const STATUS_GRUPPE_NAVN = Object.keys(STATUS_GRUPPER) as [StatusGruppe, ...StatusGruppe[]];

/**
 * The certificate list's requirement filter on the page: 'Mulig meldepliktig' covers two codes (SPEC §4).
 * Here, not in status.ts, so the certificate pages' client code does not carry it.
 */
export const MELDEPLIKT_GRUPPER = {
  MELDEPLIKTIG: ["MELDEPLIKTIG"],
  UFULLSTENDIG: ["UFULLSTENDIG", "IKKE_VURDERT"],
  IKKE_MELDEPLIKTIG: ["IKKE_MELDEPLIKTIG"],
} as const satisfies Record<string, readonly MeldepliktigVurdering[]>;
export type MeldepliktGruppe = keyof typeof MELDEPLIKT_GRUPPER;
const MELDEPLIKT_GRUPPE_NAVN = Object.keys(MELDEPLIKT_GRUPPER) as [MeldepliktGruppe, ...MeldepliktGruppe[]];

/** A query value as Express (qs) gives it, or `fraSoekeparametre`: absent, one string or several. */
const somListe = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const trimmet = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/** A two-letter country code in any case, upper-cased. */
const alpha2 = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((s) => s.toUpperCase());
/** A country code the certificate register knows in any form (alpha-2, alpha-3, numeric), as alpha-2. */
const landkode = z.string().transform((kode) => finnLand(kode)?.alpha2 ?? kode.toUpperCase());

/** The field kinds, strict (the API) or mild (the page address: what cannot be read is left out). */
function felter(mild: boolean) {
  return {
    /** Free text, cleaned and trimmed (SPEC §5); empty is no filter. */
    tekst() {
      const felt = z.preprocess(
        (v) => (typeof v === "string" ? renset(v) || undefined : v),
        z.string().optional(),
      );
      return mild ? felt.catch(undefined) : felt;
    },
    /** Several values (`?land=SE&land=NL`): trimmed, empty ones left out, each checked, no duplicates. */
    flere<T>(verdi: z.ZodType<T, string>) {
      return z
        .preprocess((v) => {
          const rene = somListe(v)
            .map(trimmet)
            .filter((x) => x !== "");
          return mild ? rene.filter((x) => verdi.safeParse(x).success) : rene;
        }, z.array(verdi))
        .transform((a) => [...new Set(a)]);
    },
    /** A whole number in [min, max]; absent or empty is `standard`. */
    heltall(standard: number, min: number, max: number) {
      const felt = z
        .preprocess(
          (v) => (trimmet(v) === "" ? undefined : trimmet(v)),
          z
            .string()
            .regex(/^\d{1,15}$/)
            .transform(Number)
            .pipe(z.number().min(min).max(max))
            .optional(),
        )
        .transform((n) => n ?? standard);
      return mild ? felt.catch(standard) : felt;
    },
    /** Yes or no: "true" or "false"; absent or empty is no. */
    jaNei() {
      const felt = z
        .preprocess((v) => (trimmet(v) === "" ? undefined : trimmet(v)), z.enum(["true", "false"]).optional())
        .transform((v) => v === "true");
      return mild ? felt.catch(false) : felt;
    },
  };
}

const streng = felter(false);
const mild = felter(true);

/** GET /import/v2/{orgnr}/{importoerId}/sertifikater. */
export const SertifikatListeSoek = z.object({
  avsender: streng.tekst(),
  sertifikatnummer: streng.tekst(),
  avsenderland: streng.flere(landkode),
  meldepliktigVurdering: streng.flere(z.enum(MELDEPLIKTIG_VURDERINGER)),
  sidenummer: streng.heltall(0, 0, 1_000_000),
  antall: streng.heltall(STANDARD_SIDESTOERRELSE, 1, MAKS_SIDESTOERRELSE),
  /** With the country filter's counts in the answer (`eksportland`), as GET /import/v2/eksportland gives them. */
  fasetter: streng.jaNei(),
});
export type ListeParametre = z.output<typeof SertifikatListeSoek>;

/** GET /import/importmelding/v2/{orgnr}/{importoerId}/arkiv (`importoer`: a controlled importer's id). */
export const ImportmeldingListeSoek = z.object({
  nummer: streng.tekst(),
  internReferanse: streng.tekst(),
  avsender: streng.tekst(),
  status: streng.flere(z.enum(STATUS_GRUPPE_NAVN)),
  avsenderland: streng.flere(alpha2),
  importoer: streng.tekst(),
  sidenummer: streng.heltall(0, 0, 1_000_000),
  antall: streng.heltall(IMPORTMELDING_SIDESTOERRELSE, 1, 100),
  /** With the filters' choices in the answer: the countries with counts and whom the importer controls for. */
  fasetter: streng.jaNei(),
});

/** GET /import/importmelding/v2/{orgnr}/{importoerId}/oversikt. */
export const OversiktSoek = z.object({
  avsender: streng.tekst(),
  avsenderland: streng.flere(alpha2),
});

/** The page number in a page address: one-based, anything else is page 1 (the loader clamps to the last). */
const sidenummer = mild.heltall(1, 1, Number.MAX_SAFE_INTEGER);

/** `/sertifikater`. */
export const SertifikaterAdresse = z.object({
  avsender: mild.tekst(),
  sertifikatnummer: mild.tekst(),
  avsenderland: mild.flere(alpha2),
  meldepliktigVurdering: mild.flere(z.enum(MELDEPLIKT_GRUPPE_NAVN)),
  sidenummer,
});

/** `/importmeldinger`. */
export const ImportmeldingerAdresse = z.object({
  nummer: mild.tekst(),
  internReferanse: mild.tekst(),
  avsender: mild.tekst(),
  status: mild.flere(z.enum(STATUS_GRUPPE_NAVN)),
  avsenderland: mild.flere(alpha2),
  importoer: mild.tekst(),
  sidenummer,
});

/** The home dashboard's filter panel (`avsender`, `land`: not the certificate search's `avsenderland`). */
export const ForsideAdresse = z.object({
  avsender: mild.tekst(),
  land: mild.flere(alpha2).transform((l) => l[0]),
});

/** Page address parameters as the schemas read them: a key given once is a string, given more an array. */
export function fraSoekeparametre(p: URLSearchParams): Record<string, string | string[]> {
  const ut: Record<string, string | string[]> = {};
  for (const navn of new Set(p.keys())) {
    const alle = p.getAll(navn);
    ut[navn] = alle.length === 1 ? (alle[0] ?? "") : alle;
  }
  return ut;
}
