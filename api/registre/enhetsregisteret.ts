// The service's client of Brønnøysundregistrene's open Enhetsregisteret API (ADR 042,
// docs/kontrakter/enhetsregisteret.openapi.json): a unit or sub-unit by organisation number, and a page of an
// update feed. Open data: no token.
import type { Adresse } from "../../db/schema";
import { hent, type Motstand } from "./motstand";

/** A unit as the service keeps it (the `enhet` table). */
export interface Registerenhet {
  organisasjonsnummer: string;
  navn: string;
  organisasjonsform: string | null;
  erUnderenhet: boolean;
  overordnet: string | null;
  adresse: Adresse | null;
  /** The deletion date, for a deleted unit. */
  slettet: string | null;
}

export type Feed = "enheter" | "underenheter";

export interface Oppdatering {
  oppdateringsid: number;
  organisasjonsnummer: string;
  endringstype: string;
}

export interface EnhetsregisterKlient {
  /** The unit or sub-unit; `hint` says which to ask first; undefined when the register has neither. */
  hentEnhet(
    orgnr: string,
    hint?: "enhet" | "underenhet",
    frist?: AbortSignal,
  ): Promise<Registerenhet | undefined>;
  /**
   * Up to `antall` updates of a feed, from and including `fraId`, or (the first time) from `fraDato`,
   * in order.
   */
  oppdateringer(
    feed: Feed,
    fra: { fraId: number } | { fraDato: Date },
    antall: number,
    frist?: AbortSignal,
  ): Promise<Oppdatering[]>;
}

interface RegisterAdresse {
  adresse?: unknown;
  postnummer?: unknown;
  poststed?: unknown;
  land?: unknown;
}

const tekst = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

function tilAdresse(a: RegisterAdresse | undefined | null): Adresse | null {
  if (!a) return null;
  const linjer = Array.isArray(a.adresse)
    ? a.adresse.filter((l): l is string => typeof l === "string" && !!l)
    : [];
  const ut: Adresse = {
    ...(linjer.length ? { adresselinje: linjer } : {}),
    ...(tekst(a.postnummer) ? { postnummer: tekst(a.postnummer) } : {}),
    ...(tekst(a.poststed) ? { poststed: tekst(a.poststed) } : {}),
    ...(tekst(a.land) ? { land: tekst(a.land) } : {}),
  };
  return Object.keys(ut).length ? ut : null;
}

/** A register answer (Enhet, Underenhet, SlettetEnhet) as a Registerenhet. */
export function tilRegisterenhet(
  svar: Record<string, unknown>,
  underenhet: boolean,
): Registerenhet | undefined {
  const orgnr = tekst(svar.organisasjonsnummer);
  const navn = tekst(svar.navn);
  if (!orgnr || !/^\d{9}$/.test(orgnr) || !navn) return undefined;
  const form = svar.organisasjonsform as { kode?: unknown } | undefined;
  return {
    organisasjonsnummer: orgnr,
    navn,
    organisasjonsform: tekst(form?.kode) ?? null,
    erUnderenhet: underenhet,
    overordnet: underenhet ? (tekst(svar.overordnetEnhet) ?? null) : null,
    adresse: tilAdresse(
      (underenhet ? svar.beliggenhetsadresse : svar.forretningsadresse) as RegisterAdresse | undefined,
    ),
    slettet: tekst(svar.slettedato) ?? null,
  };
}

export function lagEnhetsregisterKlient(opts: {
  url: string | (() => string);
  motstand: Motstand;
}): EnhetsregisterKlient {
  const base = () => (typeof opts.url === "string" ? opts.url : opts.url()).replace(/\/+$/, "");
  const les = (sti: string, frist?: AbortSignal) =>
    opts.motstand.kall(
      sti.startsWith("/api/oppdateringer") ? "oppdateringer" : "enhet",
      async (signal) => {
        const svar = await hent(
          `${base()}${sti}`,
          { headers: { Accept: "application/json" }, signal },
          [404, 410],
        );
        if (svar.status === 404) {
          await svar.body?.cancel();
          return undefined;
        }
        return (await svar.json()) as Record<string, unknown>;
      },
      frist,
    );

  return {
    async hentEnhet(orgnr, hint = "enhet", frist) {
      if (!/^\d{9}$/.test(orgnr)) return undefined;
      const rekkefoelge = hint === "underenhet" ? [true, false] : [false, true];
      for (const underenhet of rekkefoelge) {
        const svar = await les(`/api/${underenhet ? "underenheter" : "enheter"}/${orgnr}`, frist);
        if (!svar) continue;
        // 410 Gone: removed from open data (GoneEnhet has no name): as good as not there.
        const enhet = tilRegisterenhet(svar, underenhet);
        if (enhet) return enhet;
      }
      return undefined;
    },
    async oppdateringer(feed, fra, antall, frist) {
      const q = new URLSearchParams({ size: String(antall), page: "0", sort: "id,ASC" });
      if ("fraId" in fra) q.set("oppdateringsid", String(fra.fraId));
      else q.set("dato", fra.fraDato.toISOString());
      const svar = await les(`/api/oppdateringer/${feed}?${q}`, frist);
      const innhold = (svar?._embedded ?? {}) as Record<string, unknown>;
      const liste = innhold[feed === "enheter" ? "oppdaterteEnheter" : "oppdaterteUnderenheter"];
      return (Array.isArray(liste) ? liste : []).flatMap((o: Record<string, unknown>) => {
        const id = Number(o.oppdateringsid);
        const orgnr = tekst(o.organisasjonsnummer);
        return Number.isSafeInteger(id) && orgnr
          ? [
              {
                oppdateringsid: id,
                organisasjonsnummer: orgnr,
                endringstype: tekst(o.endringstype) ?? "Ukjent",
              },
            ]
          : [];
      });
    },
  };
}
