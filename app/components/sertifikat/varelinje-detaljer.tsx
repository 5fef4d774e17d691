// One goods line's details on the certificate page (app/components/sertifikat/varelinjer.tsx): a
// <details> with everything the certificate says about the line.
import { formaterDato } from "../../../domain/format";
import { landNavn, pakkeNavn, plantedelVisning, tilsiktetBrukVisning } from "../../../domain/kodeverk";
import { eppoLenke } from "../../../domain/risiko/eppo-lenke";
import { Opplysninger } from "../ui";
import { BehandlingListe, Funn, Mengder, TOLLTARIFF_URL } from "./deler";
import type { SideVerdier as Side } from "./typer";

type Linje = Side["linjer"][number];

export function VarelinjeDetaljer({
  l,
  v,
  flagg,
  sammeBehandlinger,
}: {
  l: Linje;
  /** The line's risk assessment, when there is one. */
  v: ReturnType<Side["linjeVurdering"]["get"]>;
} & Pick<Side, "flagg" | "sammeBehandlinger">) {
  const eppo = v?.eppoKode ?? l.klassifisering.eppoKoder[0];
  return (
    <details className="ds-details varelinje-detaljer">
      <summary>
        Detaljer for varelinje {l.sorteringsnummer}: {l.navn ?? l.botaniskNavn ?? "uten navn"}
      </summary>
      <div className="varelinje-detaljer__innhold">
        <Opplysninger
          rader={[
            ["Navn", l.navn],
            ["Botanisk navn", l.botaniskNavn],
            ["Beskrivelse", l.beskrivelse],
            [
              "EPPO-kode",
              eppo ? (
                <a key="eppo" className="ds-link" href={eppoLenke(eppo)}>
                  {eppo} (skadegjørerdatabasen)
                </a>
              ) : undefined,
            ],
            [
              "Varenummer (HS)",
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
            ["Plantedel", plantedelVisning(l.klassifisering.plantedel)],
            ["Tilstand", l.klassifisering.tilstander.join(", ") || undefined],
            ["Tilsiktet bruk", tilsiktetBrukVisning(l.klassifisering)],
            ["Mengde", <Mengder key="m" linje={l} />],
            [
              "Pakker",
              l.pakker
                .map((p) => `${p.antall ?? ""} ${p.pakkeKode ? pakkeNavn(p.pakkeKode) : ""}`.trim())
                .join(", ") || undefined,
            ],
            ["Pakkebeskrivelse", l.pakkebeskrivelse],
            ["Kjennetegn", l.kjennetegn.join(", ") || undefined],
            [
              "Opprinnelse",
              l.opprinnelsesland
                .map((o) => [o.kode ? landNavn(o.kode) : o.navn, o.landsdel].filter(Boolean).join(", "))
                .join("; ") || "Mangler",
            ],
            [
              "Tilleggserklæringer",
              l.varelinjeTilleggserklaering.tilleggserklaeringer.join(" ") || undefined,
            ],
            ["Importtillatelse", l.varelinjeTilleggserklaering.importtillatelseserklaering],
            [
              "Inspeksjonsdato",
              l.varelinjeTilleggserklaering.inspeksjonsdato
                ? formaterDato(l.varelinjeTilleggserklaering.inspeksjonsdato) ||
                  l.varelinjeTilleggserklaering.inspeksjonsdato
                : undefined,
            ],
            [
              "Offisiell tilleggsinformasjon",
              l.varelinjeTilleggserklaering.offisiellTilleggsInformasjon.join(" ") || undefined,
            ],
          ]}
        />
        {!sammeBehandlinger ? (
          <>
            <h3 className="ds-heading" data-size="2xs">
              Behandlinger
            </h3>
            <BehandlingListe behandlinger={l.behandlinger} />
          </>
        ) : null}
        {l.reeksportSertifiseringsErklaering ? (
          <>
            <h3 className="ds-heading" data-size="2xs">
              Reeksport
            </h3>
            <Reeksport r={l.reeksportSertifiseringsErklaering} />
          </>
        ) : null}
        {flagg.visRisikovurdering && v?.funn.length ? (
          <>
            <h3 className="ds-heading" data-size="2xs">
              Risikovurdering
            </h3>
            <Funn funn={v.funn} />
          </>
        ) : null}
      </div>
    </details>
  );
}

/** What a re-export certificate says about the line's original certificate and handling. */
function Reeksport({ r }: { r: NonNullable<Linje["reeksportSertifiseringsErklaering"]> }) {
  return (
    <Opplysninger
      rader={[
        ["Opprinnelig sertifikat", r.ephytoSertifikatReferanse],
        [
          "Utstedt av",
          r.kontraktsinngaaendePart?.kode
            ? landNavn(r.kontraktsinngaaendePart.kode)
            : r.kontraktsinngaaendePart?.navn,
        ],
        [
          "Grunnlag",
          r.originalSertifikat ? "Originalt sertifikat" : r.bekreftetKopi ? "Bekreftet kopi" : undefined,
        ],
        ["Pakking", r.ompakket ? "Ompakket" : r.pakket ? "Pakket" : undefined],
        [
          "Containere",
          r.nyeContainere ? "Nye containere" : r.originaleContainere ? "Originale containere" : undefined,
        ],
        [
          "Tilleggsinspeksjon",
          r.tilleggsinspeksjon === undefined ? undefined : r.tilleggsinspeksjon ? "Ja" : "Nei",
        ],
      ]}
    />
  );
}
