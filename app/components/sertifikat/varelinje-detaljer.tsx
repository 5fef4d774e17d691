// One goods line's details on the certificate page (app/components/sertifikat/varelinjer.tsx): a
// <details> with everything the certificate says about the line.
import { formaterDato } from "../../../domain/format";
import { eppoLenke } from "../../../domain/risiko/eppo-lenke";
import { useT } from "../sprak";
import { Opplysninger } from "../ui";
import { BehandlingListe, Funn, type Landnavn, landTekst, Mengder, TOLLTARIFF_URL } from "./deler";
import type { SideVerdier as Side } from "./typer";

type Linje = Side["linjer"][number];

export function VarelinjeDetaljer({
  l,
  v,
  flagg,
  sammeBehandlinger,
  landnavn,
  tekster,
}: {
  l: Linje;
  landnavn: Landnavn;
  /** The line's code-list words, named by the loader (routes/sertifikat.tsx `linjetekster`). */
  tekster: { plantedel?: string; tilsiktetBruk?: string; pakker?: string } | undefined;
  /** The line's risk assessment, when there is one. */
  v: ReturnType<Side["linjeVurdering"]["get"]>;
} & Pick<Side, "flagg" | "sammeBehandlinger">) {
  const t = useT();
  const dato = (d: string | undefined) => (d ? formaterDato(d, t.sprak) || d : undefined);
  const eppo = v?.eppoKode ?? l.klassifisering.eppoKoder[0];
  return (
    <details className="ds-details varelinje-detaljer">
      <summary>
        {t("sertifikat.detaljer.oppsummering", {
          nummer: l.sorteringsnummer,
          navn: l.navn ?? l.botaniskNavn ?? t("sertifikat.detaljer.utenNavn"),
        })}
      </summary>
      <div className="varelinje-detaljer__innhold">
        <Opplysninger
          rader={[
            [t("sertifikat.varelinjer.navn"), l.navn],
            [t("sertifikat.varelinjer.botaniskNavn"), l.botaniskNavn],
            [t("sertifikat.detaljer.beskrivelse"), l.beskrivelse],
            [
              t("sertifikat.detaljer.eppoKode"),
              eppo ? (
                <a key="eppo" className="ds-link" href={eppoLenke(eppo)}>
                  {t("sertifikat.detaljer.eppoLenke", { kode: eppo })}
                </a>
              ) : undefined,
            ],
            [
              t("sertifikat.detaljer.hsKode"),
              l.klassifisering.hsKode ? (
                <a
                  key="hs"
                  className="ds-link"
                  href={`${TOLLTARIFF_URL}/${encodeURIComponent(l.klassifisering.hsKode)}`}
                >
                  {l.klassifisering.hsKode}
                </a>
              ) : undefined,
            ],
            [t("sertifikat.detaljer.plantedel"), tekster?.plantedel],
            [t("sertifikat.detaljer.tilstand"), l.klassifisering.tilstander.join(", ") || undefined],
            [t("sertifikat.detaljer.tilsiktetBruk"), tekster?.tilsiktetBruk],
            [t("sertifikat.varelinjer.mengde"), <Mengder key="m" linje={l} />],
            [t("sertifikat.detaljer.pakker"), tekster?.pakker],
            [t("sertifikat.detaljer.pakkebeskrivelse"), l.pakkebeskrivelse],
            [t("sertifikat.detaljer.kjennetegn"), l.kjennetegn.join(", ") || undefined],
            [
              t("sertifikat.varelinjer.opprinnelse"),
              l.opprinnelsesland
                .map((o) => [landTekst(landnavn, o), o.landsdel].filter(Boolean).join(", "))
                .join("; ") || t("sertifikat.varelinjer.mangler"),
            ],
            [
              t("sertifikat.tillegg.tittel"),
              l.varelinjeTilleggserklaering.tilleggserklaeringer.join(" ") || undefined,
            ],
            [
              t("sertifikat.tillegg.importtillatelse"),
              l.varelinjeTilleggserklaering.importtillatelseserklaering,
            ],
            [t("sertifikat.detaljer.inspeksjonsdato"), dato(l.varelinjeTilleggserklaering.inspeksjonsdato)],
            [
              t("sertifikat.detaljer.offisiellTilleggsinformasjon"),
              l.varelinjeTilleggserklaering.offisiellTilleggsInformasjon.join(" ") || undefined,
            ],
          ]}
        />
        {!sammeBehandlinger ? (
          <>
            <h3 className="ds-heading" data-size="2xs">
              {t("sertifikat.behandlinger.tittel")}
            </h3>
            <BehandlingListe behandlinger={l.behandlinger} />
          </>
        ) : null}
        {l.reeksportSertifiseringsErklaering ? (
          <>
            <h3 className="ds-heading" data-size="2xs">
              {t("sertifikat.detaljer.reeksport")}
            </h3>
            <Reeksport r={l.reeksportSertifiseringsErklaering} landnavn={landnavn} />
          </>
        ) : null}
        {flagg.visRisikovurdering && v?.funn.length ? (
          <>
            <h3 className="ds-heading" data-size="2xs">
              {t("sertifikat.detaljer.risikovurdering")}
            </h3>
            <Funn funn={v.funn} />
          </>
        ) : null}
      </div>
    </details>
  );
}

/** What a re-export certificate says about the line's original certificate and handling. */
function Reeksport({
  r,
  landnavn,
}: {
  r: NonNullable<Linje["reeksportSertifiseringsErklaering"]>;
  landnavn: Landnavn;
}) {
  const t = useT();
  return (
    <Opplysninger
      rader={[
        [t("sertifikat.reeksport.opprinneligSertifikat"), r.ephytoSertifikatReferanse],
        [t("sertifikat.hode.utstedtAv"), landTekst(landnavn, r.kontraktsinngaaendePart)],
        [
          t("sertifikat.reeksport.grunnlag"),
          r.originalSertifikat
            ? t("sertifikat.reeksport.originalt")
            : r.bekreftetKopi
              ? t("sertifikat.reeksport.bekreftetKopi")
              : undefined,
        ],
        [
          t("sertifikat.reeksport.pakking"),
          r.ompakket
            ? t("sertifikat.reeksport.ompakket")
            : r.pakket
              ? t("sertifikat.reeksport.pakket")
              : undefined,
        ],
        [
          t("sertifikat.reeksport.containere"),
          r.nyeContainere
            ? t("sertifikat.reeksport.nyeContainere")
            : r.originaleContainere
              ? t("sertifikat.reeksport.originaleContainere")
              : undefined,
        ],
        [
          t("sertifikat.reeksport.tilleggsinspeksjon"),
          r.tilleggsinspeksjon === undefined
            ? undefined
            : t(r.tilleggsinspeksjon ? "sertifikat.ja" : "sertifikat.nei"),
        ],
      ]}
    />
  );
}
