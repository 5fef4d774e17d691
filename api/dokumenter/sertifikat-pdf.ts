// The certificate as a PDF (SPEC §2 "Certificate page"): an A4 document with the header,
// replacement notes, assessment, transport, parties, declarations, the goods-line table (rows are never
// cut by a page break and the header row repeats), line details, total quantity, treatments, attachments,
// the export/re-export/financial declarations and the signature. Tagged (structure tree, lang nb-NO) with
// page decoration marked as artifacts; the footer gives "Side N av M" and the generation time. Headings, labels
// and the texts domain/sertifikat-tekst.ts, sertifikattekst.ts and vurderingstekst.ts make (declarations, statuses, quantities) are in the
// language of the person who downloads it (docs/sprak.md); the certificate's data as written.
//
// Fonts: the built-in Helvetica (WinAnsi). Every text goes through `pdfTekst`, which keeps what WinAnsi
// can show (æøå, en dash, °, ³, €) and replaces the rest, so no character becomes garbage in the PDF.

import { formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import { plantedelVisning } from "../../domain/kodeverk";
import type { SertifikatVurdering } from "../../domain/risiko/vurder";
import {
  datoTekst,
  landListeTekst,
  landTekst,
  mengdeLinjer,
  refererteDokumenterTekster,
  tekst,
  tekster,
  totalMengde,
  transportutstyrTekster,
  UKJENT_AARSAK,
  UKJENT_NUMMER,
} from "../../domain/sertifikat-tekst";
import { oversetter } from "../../sprak/katalog.server";
import type { T } from "../../sprak/oversetter";
import type { Sprak } from "../../sprak/sprak";
import type { LagretSertifikat, Varelinje } from "../ephyto/parse";
import {
  BANNER,
  FONT_FET,
  type Kolonne,
  type Lenketekst,
  MAKS_CELLETEKST,
  type Skriver,
  skrivPdf,
} from "./pdf-oppsett";
import { kortet, pdfTekst } from "./pdf-tekst";
import { linjeoverskrift, skrivBehandlinger, skrivErklaeringer, skrivSignatur } from "./sertifikat-pdf-deler";
import {
  adresseLinjer,
  alleOpprinnelsesland,
  ankomststedTekst,
  dokumenttittel,
  identifikatorTekster,
  opprinnelseTekst,
  pakkerTekst,
  statusTekst,
  tilsiktetBrukTekst,
  tilstandTekst,
  transportTekster,
  typeTekst,
  utstedtTekst,
  varelinjeErklaeringer,
} from "./sertifikattekst";
import { mengdeFeltTekst } from "./tekst";
import {
  alvorlighetsgradTekst,
  beroerteLinjer,
  linjevurderinger,
  linjevurderingTekst,
  meldepliktTekst,
} from "./vurderingstekst";

export { pdfTekst } from "./pdf-tekst";

export interface SertifikatPdfVedlegg {
  filnavn?: string | null;
  mimetype: string;
  identifikator?: string | null;
}

export interface SertifikatPdfInput {
  sertifikat: LagretSertifikat;
  /** The risk assessment; its banners and per-line findings are shown when given. */
  vurdering?: SertifikatVurdering;
  /** The notification-requirement assessment: a code (MELDEPLIKTIG, ...) or a text to show as it is. */
  meldepliktigVurdering?: string;
  /** The certificate that replaces this one. */
  erstattetAv?: { nummer: string };
  /** The stored attachments; default: the certificate's own attachment list. */
  vedlegg?: SertifikatPdfVedlegg[];
  /** Generation time for the footer; default now. */
  generert?: Date;
  /** The language of the person who downloads it; bokmål when not given. */
  sprak?: Sprak;
}

// ---------------------------------------------------------------------------------------------------------
// The certificate
// ---------------------------------------------------------------------------------------------------------

const varelinjeKolonner = (t: T): Kolonne[] => [
  { tittel: t("dokumenter.sertifikat.kolonne.nr"), vekt: 4 },
  { tittel: t("dokumenter.sertifikat.kolonne.navn"), vekt: 10.5 },
  { tittel: t("dokumenter.sertifikat.kolonne.botaniskNavn"), vekt: 12 },
  { tittel: t("dokumenter.sertifikat.kolonne.beskrivelse"), vekt: 11 },
  { tittel: t("dokumenter.sertifikat.kolonne.hsKode"), vekt: 8.5 },
  { tittel: t("dokumenter.sertifikat.kolonne.plantedel"), vekt: 8.5 },
  { tittel: t("dokumenter.sertifikat.kolonne.tilsiktetBruk"), vekt: 8.5 },
  { tittel: t("dokumenter.sertifikat.pdf.mengde"), vekt: 17 },
  { tittel: t("dokumenter.sertifikat.kolonne.pakker"), vekt: 9 },
  { tittel: t("dokumenter.sertifikat.pdf.opprinnelse"), vekt: 11 },
];

function varelinjeRad(t: T, l: Varelinje): string[] {
  return [
    String(l.sorteringsnummer),
    tekst(l.navn) ?? "",
    tekst(l.botaniskNavn) ?? "",
    tekst(l.beskrivelse) ?? "",
    tekst(l.klassifisering.hsKode) ?? "",
    plantedelVisning(t, l.klassifisering.plantedel) ?? "",
    tilsiktetBrukTekst(t, l) ?? "",
    mengdeLinjer(t, l).join("\n"),
    pakkerTekst(l.pakker) ?? "",
    opprinnelseTekst(l) ?? "",
  ];
}

function skrivHode(s: Skriver, input: SertifikatPdfInput, nummer: string): void {
  const sert = input.sertifikat;
  s.overskrift(dokumenttittel(s.t, sert), 1);
  s.avsnitt(s.t("dokumenter.sertifikat.pdf.sertifikatnummer", { nummer }), {
    font: FONT_FET,
    stoerrelse: 12,
    luftEtter: 8,
  });
  s.felter([
    [s.t("dokumenter.sertifikat.felt.status"), statusTekst(s.t, sert)],
    [s.t("dokumenter.sertifikat.felt.type"), typeTekst(s.t, sert)],
    [
      s.t("dokumenter.sertifikat.felt.utstedt"),
      utstedtTekst(sert) ?? s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"),
    ],
    [s.t("dokumenter.sertifikat.felt.utstedtAv"), tekst(sert.utsteder)],
    [s.t("dokumenter.sertifikat.pdf.dokumentnavn"), tekst(sert.dokumentnavn)],
  ]);
  s.doc.y += 4;

  if (sert.erstatter) {
    const dato = datoTekst(sert.erstatter.dato);
    s.banner(
      BANNER.INFO,
      s.t("dokumenter.sertifikat.pdf.erstatter", { nummer: tekst(sert.erstatter.nummer) ?? UKJENT_NUMMER }),
      [
        {
          tekst: s.t("dokumenter.sertifikat.pdf.aarsak", {
            aarsak: tekst(sert.erstatter.aarsak) ?? UKJENT_AARSAK,
          }),
        },
        ...(dato ? [{ tekst: s.t("dokumenter.sertifikat.pdf.datoVerdi", { dato }) }] : []),
      ],
    );
  }
  if (input.erstattetAv) {
    s.banner(
      BANNER.VARSEL,
      s.t("dokumenter.sertifikat.pdf.erstattetAv", {
        nummer: tekst(input.erstattetAv.nummer) ?? UKJENT_NUMMER,
      }),
      [{ tekst: s.t("dokumenter.sertifikat.pdf.erstattetTekst") }],
    );
  }
}

function skrivVurdering(s: Skriver, input: SertifikatPdfInput): void {
  const meldeplikt = meldepliktTekst(s.t, input.meldepliktigVurdering, input.vurdering);
  const vurdering = input.vurdering;
  if (meldeplikt === undefined && vurdering === undefined) return;
  s.seksjon(s.t("dokumenter.sertifikat.pdf.vurdering"), () => {
    s.felter([[s.t("dokumenter.sertifikat.felt.meldeplikt"), meldeplikt]]);
    if (!vurdering) return;
    if (vurdering.risikoVurdering.length === 0) {
      s.avsnitt(s.t("dokumenter.sertifikat.pdf.ingenFunn"));
      return;
    }
    for (const r of vurdering.risikoVurdering) {
      const linjer: Lenketekst[] = r.beskrivelse.flatMap((b) => {
        const lenke = tekst(b.lenke);
        return lenke
          ? [{ tekst: b.tekst }, { tekst: s.t("dokumenter.sertifikat.pdf.regelverk", { lenke }), lenke }]
          : [{ tekst: b.tekst }];
      });
      if (r.varelinjer.length > 0) {
        linjer.push({
          tekst: s.t("dokumenter.sertifikat.pdf.gjelder", {
            antall: r.varelinjer.length,
            linjer: beroerteLinjer(input.sertifikat, vurdering, r.varelinjer),
          }),
        });
      }
      s.banner(
        BANNER[r.alvorlighetsgrad],
        `${alvorlighetsgradTekst(s.t, r.alvorlighetsgrad)}: ${r.tittel}`,
        linjer,
      );
    }
  });
}

function skrivTransport(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon(s.t("dokumenter.sertifikat.felt.transport"), () => {
    const transport = transportTekster(s.t, sert);
    s.felter([
      [
        s.t("dokumenter.sertifikat.felt.opprinnelsesland"),
        alleOpprinnelsesland(sert) ?? s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"),
      ],
      [
        s.t("dokumenter.sertifikat.felt.eksportland"),
        landTekst(sert.eksportLand) ?? s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"),
      ],
      [
        s.t("dokumenter.sertifikat.felt.transittland"),
        landListeTekst(sert.transittland) ?? s.t("dokumenter.sertifikat.pdf.ingen"),
      ],
      [
        s.t("dokumenter.sertifikat.felt.importland"),
        landTekst(sert.importLand) ?? s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"),
      ],
      [
        s.t("dokumenter.sertifikat.pdf.transportmaate"),
        transport.length > 0 ? transport : s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"),
      ],
      [
        s.t("dokumenter.sertifikat.felt.ankomststed"),
        ankomststedTekst(sert) ?? s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"),
      ],
      [s.t("dokumenter.sertifikat.felt.containere"), transportutstyrTekster(s.t, sert)],
      [s.t("dokumenter.sertifikat.pdf.inspeksjonssted"), tekst(sert.inspeksjonssted)],
      [s.t("dokumenter.sertifikat.kolonne.kjennetegn"), tekster(sert.kjennetegn)],
    ]);
  });
}

function skrivParter(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon(s.t("dokumenter.sertifikat.pdf.parter"), () => {
    s.overskrift(s.t("dokumenter.sertifikat.pdf.eksportoerAvsender"), 3);
    if (sert.avsender) {
      s.felter([
        [
          s.t("dokumenter.sertifikat.kolonne.navn"),
          tekst(sert.avsender.navn) ?? s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"),
        ],
        [s.t("dokumenter.sertifikat.pdf.adresse"), adresseLinjer(sert.avsender.adresse)],
        [s.t("dokumenter.sertifikat.pdf.identifikator"), identifikatorTekster(sert.avsender)],
      ]);
    } else {
      s.avsnitt(s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"));
    }
    s.overskrift(s.t("dokumenter.sertifikat.pdf.importoerMottaker"), 3);
    if (sert.mottaker) {
      const orgnr = tekst(sert.mottaker.organisasjonsnummer);
      s.felter([
        [
          s.t("dokumenter.sertifikat.kolonne.navn"),
          tekst(sert.mottaker.navn) ?? s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"),
        ],
        [s.t("dokumenter.sertifikat.pdf.adresse"), adresseLinjer(sert.mottaker.adresse)],
        [
          s.t("dokumenter.sertifikat.pdf.organisasjonsnummer"),
          orgnr ? formaterOrganisasjonsnummer(orgnr) : undefined,
        ],
        [s.t("dokumenter.sertifikat.pdf.identifikator"), identifikatorTekster(sert.mottaker)],
      ]);
    } else {
      s.avsnitt(s.t("dokumenter.sertifikat.pdf.ikkeOppgitt"));
    }
  });
}

function skrivTilleggserklaeringer(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon(s.t("dokumenter.sertifikat.pdf.tilleggserklaeringer"), () => {
    const t = sert.tilleggserklaering;
    const erklaeringer = tekster(t.tilleggserklaeringer);
    const offisiell = tekster(t.offisiellTilleggsinformasjon);
    const tillatelse = tekst(t.importtillatelse);
    const inspeksjon = datoTekst(t.datoForInspeksjon);
    if (erklaeringer.length + offisiell.length === 0 && !tillatelse && !inspeksjon) {
      s.avsnitt(s.t("dokumenter.sertifikat.pdf.ingenTilleggserklaeringer"));
      return;
    }
    if (erklaeringer.length > 0) s.liste(erklaeringer);
    s.felter([
      [s.t("dokumenter.sertifikat.pdf.offisiellTilleggsinformasjon"), offisiell],
      [s.t("dokumenter.sertifikat.pdf.importtillatelse"), tillatelse],
      [s.t("dokumenter.sertifikat.pdf.datoForInspeksjon"), inspeksjon],
    ]);
  });
}

function skrivVarelinjer(s: Skriver, input: SertifikatPdfInput): void {
  const sert = input.sertifikat;
  const linjer = sert.varelinjer;
  s.seksjon(s.t("dokumenter.sertifikat.pdf.varelinjer", { antall: linjer.length }), () => {
    if (linjer.length === 0) {
      s.avsnitt(s.t("dokumenter.kvittering.ingenVarelinjer"));
      return;
    }
    s.tabell(
      varelinjeKolonner(s.t),
      linjer.map((l) => varelinjeRad(s.t, l)),
    );
  });

  const vurderinger = linjevurderinger(sert, input.vurdering);
  const detaljer = linjer.flatMap((l, i) => {
    const rad = varelinjeRad(s.t, l);
    const kortetTekst = (kolonne: number, etikett: string): [string, string | undefined] => {
      const verdi = rad[kolonne] ?? "";
      return [etikett, kortet(verdi, MAKS_CELLETEKST).kortet ? verdi : undefined];
    };
    const vurdering = vurderinger[i];
    const felt: [string, string | readonly string[] | undefined][] = [
      kortetTekst(1, s.t("dokumenter.sertifikat.kolonne.navn")),
      kortetTekst(2, s.t("dokumenter.sertifikat.kolonne.botaniskNavn")),
      kortetTekst(3, s.t("dokumenter.sertifikat.kolonne.beskrivelse")),
      kortetTekst(9, s.t("dokumenter.sertifikat.pdf.opprinnelse")),
      [s.t("dokumenter.sertifikat.kolonne.tilstand"), tilstandTekst(l)],
      [
        s.t("dokumenter.sertifikat.pdf.eppoKode"),
        tekster(l.klassifisering.eppoKoder).join(", ") || undefined,
      ],
      [
        s.t("dokumenter.sertifikat.pdf.andreKlassifiseringer"),
        l.klassifisering.andre.flatMap((a) => {
          const verdi = tekster([a.kode, a.navn]).join(" ");
          if (verdi === "") return [];
          return [tekst(a.system) ? `${tekst(a.system)}: ${verdi}` : verdi];
        }),
      ],
      [s.t("dokumenter.sertifikat.kolonne.kjennetegn"), tekster(l.kjennetegn)],
      [s.t("dokumenter.sertifikat.pdf.pakkebeskrivelse"), tekst(l.pakkebeskrivelse)],
      ...varelinjeErklaeringer(s.t, l),
      [
        s.t("dokumenter.sertifikat.kolonne.risikovurdering"),
        vurdering && (vurdering.funn.length > 0 || vurdering.alvorlighetsgrad !== "ALT_OK")
          ? linjevurderingTekst(s.t, vurdering)
          : undefined,
      ],
    ];
    const synlige = felt.filter(([, v]) => (typeof v === "string" ? tekst(v) : tekster(v ?? []).length > 0));
    return synlige.length > 0 ? [{ linje: l, felt: synlige }] : [];
  });
  if (detaljer.length > 0) {
    s.seksjon(s.t("dokumenter.sertifikat.pdf.detaljer"), () => {
      for (const { linje, felt } of detaljer) {
        s.overskrift(linjeoverskrift(s.t, linje), 3);
        s.felter(felt);
      }
    });
  }

  s.seksjon(s.t("dokumenter.sertifikat.pdf.totalMengde"), () => {
    const total = totalMengde(s.t, linjer);
    s.felter([
      [s.t("dokumenter.sertifikat.felt.antallVarelinjer"), String(linjer.length)],
      ...total.map((t): [string, string] => [mengdeFeltTekst(s.t, t.felt), t.tekst]),
    ]);
    if (total.length === 0) s.avsnitt(s.t("dokumenter.sertifikat.pdf.ingenMengder"));
  });
}

function skrivVedlegg(s: Skriver, input: SertifikatPdfInput): void {
  const sert = input.sertifikat;
  s.seksjon(s.t("dokumenter.sertifikat.pdf.vedlegg"), () => {
    const vedlegg: {
      filnavn?: string | null;
      mimetype: string;
      identifikator?: string | null;
      informasjon?: string;
    }[] = input.vedlegg ?? sert.vedlegg;
    if (vedlegg.length === 0) {
      s.avsnitt(s.t("dokumenter.sertifikat.pdf.ingenVedlegg"));
    } else {
      s.liste(
        vedlegg.map((v, i) => {
          const filnavn = tekst(v.filnavn);
          const id = tekst(v.identifikator);
          const navn = filnavn ?? id ?? s.t("dokumenter.sertifikat.pdf.vedleggNummer", { nummer: i + 1 });
          const info =
            tekst(v.informasjon) ??
            tekst(
              sert.vedlegg.find(
                (sv) => (id && tekst(sv.identifikator) === id) || (filnavn && tekst(sv.filnavn) === filnavn),
              )?.informasjon,
            );
          const deler = [tekst(v.mimetype), filnavn && id && id !== filnavn ? `id ${id}` : undefined, info];
          const ekstra = deler.filter((d): d is string => d !== undefined);
          return ekstra.length > 0 ? `${navn} (${ekstra.join(", ")})` : navn;
        }),
      );
    }
    const refererte = refererteDokumenterTekster(s.t, sert);
    if (refererte.length > 0) {
      s.overskrift(s.t("dokumenter.sertifikat.pdf.refererteDokumenter"), 3);
      s.liste(refererte);
    }
  });
}

/** The certificate as an A4 PDF in Norwegian. */
export async function lagSertifikatPdf(input: SertifikatPdfInput): Promise<Buffer> {
  const sert = input.sertifikat;
  const nummer = tekst(sert.nummer) ?? UKJENT_NUMMER;
  const generert = input.generert ?? new Date();
  const t = oversetter(input.sprak ?? "nb");
  const tittel = dokumenttittel(t, sert);

  return skrivPdf(
    {
      Title: pdfTekst(`${tittel} ${nummer}`),
      Subject: pdfTekst(
        tekst(sert.utsteder)
          ? t("dokumenter.sertifikat.pdf.emne", { tittel, nummer, utsteder: tekst(sert.utsteder) ?? "" })
          : `${tittel} ${nummer}`,
      ),
      Keywords: t("dokumenter.sertifikat.pdf.noekkelord"),
      CreationDate: generert,
      ModDate: generert,
    },
    (s) => {
      skrivHode(s, input, nummer);
      skrivVurdering(s, input);
      skrivTransport(s, sert);
      skrivParter(s, sert);
      skrivTilleggserklaeringer(s, sert);
      skrivVarelinjer(s, input);
      skrivBehandlinger(s, sert);
      skrivVedlegg(s, input);
      skrivErklaeringer(s, sert);
      skrivSignatur(s, sert);
      s.bunntekst(
        t("dokumenter.felles.generert", { tidspunkt: formaterDatoTid(generert, t.sprak) }),
        `${tittel} ${nummer}`,
      );
    },
    t,
  );
}
