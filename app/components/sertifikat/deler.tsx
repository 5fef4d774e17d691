import { formaterDato } from "../../../domain/format";
import type { RisikoFunn } from "../../../domain/risiko/vurder";
import type { Adresse, Behandling, Varelinje } from "../../../domain/sertifikat";
import { behandlingBeskrivelse, mengdeLinjer } from "../../../domain/sertifikat-tekst";
import { ALVORLIGHETSGRAD_FARGE, alvorlighetsgradRekkefoelge } from "../../../domain/status";
import { useT } from "../sprak";
import { Merke } from "../ui";

export const TOLLTARIFF_URL = "https://tolltariffen.toll.no/tolltariff/2024";

/**
 * The loader's names of the countries the page shows by code, in the reader's language (routes/sertifikat.tsx
 * `landnavn`): the country table stays on the server.
 */
export type Landnavn = Readonly<Record<string, string>>;

/** A country the certificate gives by code, named in the reader's language; one given by name only, as written. */
export function landTekst(landnavn: Landnavn, land: { kode?: string; navn?: string } | undefined) {
  if (!land) return undefined;
  return land.kode ? (landnavn[land.kode] ?? land.kode) : land.navn;
}

export function AdresseLinjer({ adresse, landnavn }: { adresse?: Adresse; landnavn: Landnavn }) {
  if (!adresse) return null;
  const linjer = [
    adresse.linje1,
    adresse.linje2,
    adresse.linje3,
    adresse.linje4,
    adresse.linje5,
    [adresse.postnummer, adresse.poststed].filter(Boolean).join(" "),
    adresse.land ?? landTekst(landnavn, { kode: adresse.landkode }),
  ].filter((l): l is string => !!l);
  return (
    <>
      {linjer.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines have no identity of their own
        <span key={i} className="adresselinje">
          {l}
        </span>
      ))}
    </>
  );
}

/** The quantities of a line that may be shown (SPEC §5: with a unit, not negative); "–" when none. */
export function Mengder({ linje }: { linje: Pick<Varelinje, "mengde"> }) {
  const t = useT();
  const deler = mengdeLinjer(t, linje);
  return deler.length ? deler.join(", ") : <>–</>;
}

/** Several texts as a list, one as it is, none as missing (undefined). */
export function Tekster({ tekster: t }: { tekster: string[] }) {
  if (t.length <= 1) return t[0] ?? null;
  return (
    <ul className="ds-list">
      {t.map((x, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the texts are listed in certificate order
        <li key={i}>{x}</li>
      ))}
    </ul>
  );
}

export const tekstListe = (t: string[]) => (t.length ? <Tekster tekster={t} /> : undefined);

export function BehandlingListe({ behandlinger }: { behandlinger: Behandling[] }) {
  const t = useT();
  const dato = (d: string) => formaterDato(d, t.sprak) || d;
  if (behandlinger.length === 0) return <p className="ds-paragraph">{t("sertifikat.behandlinger.ingen")}</p>;
  return (
    <ul className="ds-list">
      {behandlinger.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: treatments are listed in certificate order
        <li key={i}>
          {behandlingBeskrivelse(t, b) ?? b.beskrivelse ?? t("sertifikat.behandlinger.behandling")}
          {b.kjemikalier.length ? `, ${b.kjemikalier.join(", ")}` : ""}
          {b.startdato ? ` (${dato(b.startdato)}${b.sluttdato ? `–${dato(b.sluttdato)}` : ""})` : ""}
          {b.tilleggsbeskrivelse ? `. ${b.tilleggsbeskrivelse}` : ""}
        </li>
      ))}
    </ul>
  );
}

export function Funn({ funn }: { funn: RisikoFunn[] }) {
  const t = useT();
  const sortert = [...funn].sort(
    (a, b) =>
      alvorlighetsgradRekkefoelge(a.alvorlighetsgrad) - alvorlighetsgradRekkefoelge(b.alvorlighetsgrad),
  );
  return (
    <ul className="ds-list funnliste">
      {sortert.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: findings are listed in display order
        <li key={i}>
          <Merke farge={ALVORLIGHETSGRAD_FARGE[f.alvorlighetsgrad]}>
            {f.alvorlighetsgrad === "FORBUD" || f.alvorlighetsgrad === "VARSEL"
              ? t(`sertifikat.alvorlighet.${f.alvorlighetsgrad}`)
              : t("sertifikat.funn.kanIkkeVurderes")}
          </Merke>{" "}
          {/* the rule set's finding, as Mattilsynet wrote it (data, bokmål) */}
          <span lang="nb">{f.tekst}</span>
          {f.lenke ? (
            <>
              {" "}
              <a className="ds-link" href={f.lenke}>
                {t("sertifikat.lesRegelverket")}
              </a>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A page of goods lines (1-based), in the order shown. */
export function varelinjesideLenke(
  sok: { sertifikatnummer: string; dato: string; avsenderland: string },
  sortering: "ASC" | "DESC" | null,
  side: number,
) {
  const p = new URLSearchParams(sok);
  if (sortering) p.set("sortering", sortering);
  p.set("varelinjeside", String(side));
  return `/sertifikat?${p}#varelinjer`;
}

export function sorteringsLenke(
  sok: { sertifikatnummer: string; dato: string; avsenderland: string },
  retning: "ASC" | "DESC",
) {
  const p = new URLSearchParams({ ...sok, sortering: retning });
  return `/sertifikat?${p}#varelinjer`;
}
