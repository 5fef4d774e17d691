// The certificate as a PDF (SPEC §2 "Certificate page"): an A4 document in Norwegian with the header,
// replacement notes, assessment, transport, parties, declarations, the goods-line table (rows are never
// cut by a page break and the header row repeats), line details, total quantity, treatments, attachments,
// the export/re-export/financial declarations and the signature. Tagged (structure tree, lang nb-NO) with
// page decoration marked as artifacts; the footer gives "Side N av M" and the generation time.
//
// Fonts: the built-in Helvetica (WinAnsi). Every text goes through `pdfTekst`, which keeps what WinAnsi
// can show (æøå, en dash, °, ³, €) and replaces the rest, so no character becomes garbage in the PDF.

import { ordFor } from "../../domain/antall";
import { harSammeBehandlinger } from "../../domain/behandlinger";
import { formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import { plantedelVisning } from "../../domain/kodeverk";
import type { SertifikatVurdering } from "../../domain/risiko/vurder";
import {
  datoTekst,
  EKSPORTERKLAERING,
  finansiellErklaering,
  friForPestTekst,
  landListeTekst,
  landTekst,
  mengdeLinjer,
  reeksportErklaering,
  refererteDokumenterTekster,
  tekst,
  tekster,
  totalMengde,
  transportutstyrTekster,
  UKJENT_AARSAK,
  UKJENT_NUMMER,
} from "../../domain/sertifikat-tekst";
import { oversetter } from "../../sprak/katalog.server";
import type { Sprak } from "../../sprak/sprak";
import type { Behandling, LagretSertifikat, Varelinje } from "../ephyto/parse";
import {
  ALVORLIGHETSGRAD_TEKST,
  adresseLinjer,
  alleOpprinnelsesland,
  ankomststedTekst,
  behandlingVisning,
  beroerteLinjer,
  dokumenttittel,
  erReeksport,
  identifikatorTekster,
  kortet,
  linjevurderinger,
  linjevurderingTekst,
  meldepliktTekst,
  opprinnelseTekst,
  pakkerTekst,
  statusTekst,
  tilsiktetBrukTekst,
  tilstandTekst,
  transportTekster,
  typeTekst,
  utstedtTekst,
  varelinjeErklaeringer,
  varelinjeNavn,
} from "./felles";
import {
  BANNER,
  FONT_FET,
  FONT_KURSIV,
  type Kolonne,
  type Lenketekst,
  MAKS_CELLETEKST,
  type Skriver,
  skrivPdf,
} from "./pdf-oppsett";
import { pdfTekst } from "./pdf-tekst";

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

const VARELINJE_KOLONNER: Kolonne[] = [
  { tittel: "Nr.", vekt: 4 },
  { tittel: "Navn", vekt: 10.5 },
  { tittel: "Botanisk navn", vekt: 12 },
  { tittel: "Beskrivelse", vekt: 11 },
  { tittel: "HS-kode", vekt: 8.5 },
  { tittel: "Plantedel", vekt: 8.5 },
  { tittel: "Tilsiktet bruk", vekt: 8.5 },
  { tittel: "Mengde", vekt: 17 },
  { tittel: "Pakker", vekt: 9 },
  { tittel: "Opprinnelse", vekt: 11 },
];

function varelinjeRad(l: Varelinje): string[] {
  return [
    String(l.sorteringsnummer),
    tekst(l.navn) ?? "",
    tekst(l.botaniskNavn) ?? "",
    tekst(l.beskrivelse) ?? "",
    tekst(l.klassifisering.hsKode) ?? "",
    plantedelVisning(l.klassifisering.plantedel) ?? "",
    tilsiktetBrukTekst(l) ?? "",
    mengdeLinjer(l).join("\n"),
    pakkerTekst(l.pakker) ?? "",
    opprinnelseTekst(l) ?? "",
  ];
}

function linjeoverskrift(l: Varelinje): string {
  const navn = varelinjeNavn(l);
  return navn ? `Varelinje ${l.sorteringsnummer}: ${navn}` : `Varelinje ${l.sorteringsnummer}`;
}

function skrivHode(s: Skriver, input: SertifikatPdfInput, nummer: string): void {
  const sert = input.sertifikat;
  s.overskrift(dokumenttittel(sert), 1);
  s.avsnitt(`Sertifikatnummer ${nummer}`, { font: FONT_FET, stoerrelse: 12, luftEtter: 8 });
  s.felter([
    ["Status", statusTekst(sert)],
    ["Type", typeTekst(sert)],
    ["Utstedt", utstedtTekst(sert) ?? "Ikke oppgitt"],
    ["Utstedt av", tekst(sert.utsteder)],
    ["Dokumentnavn", tekst(sert.dokumentnavn)],
  ]);
  s.doc.y += 4;

  if (sert.erstatter) {
    const dato = datoTekst(sert.erstatter.dato);
    s.banner(BANNER.INFO, `Erstatter sertifikat ${tekst(sert.erstatter.nummer) ?? UKJENT_NUMMER}`, [
      { tekst: `Årsak: ${tekst(sert.erstatter.aarsak) ?? UKJENT_AARSAK}` },
      ...(dato ? [{ tekst: `Dato: ${dato}` }] : []),
    ]);
  }
  if (input.erstattetAv) {
    s.banner(BANNER.VARSEL, `Erstattet av sertifikat ${tekst(input.erstattetAv.nummer) ?? UKJENT_NUMMER}`, [
      { tekst: "Dette sertifikatet er erstattet av et nytt sertifikat." },
    ]);
  }
}

function skrivVurdering(s: Skriver, input: SertifikatPdfInput): void {
  const meldeplikt = meldepliktTekst(input.meldepliktigVurdering, input.vurdering);
  const vurdering = input.vurdering;
  if (meldeplikt === undefined && vurdering === undefined) return;
  s.seksjon("Vurdering", () => {
    s.felter([["Meldeplikt", meldeplikt]]);
    if (!vurdering) return;
    if (vurdering.risikoVurdering.length === 0) {
      s.avsnitt("Ingen funn i risikovurderingen.");
      return;
    }
    for (const r of vurdering.risikoVurdering) {
      const linjer: Lenketekst[] = r.beskrivelse.flatMap((b) => {
        const lenke = tekst(b.lenke);
        return lenke ? [{ tekst: b.tekst }, { tekst: `Regelverk: ${lenke}`, lenke }] : [{ tekst: b.tekst }];
      });
      if (r.varelinjer.length > 0) {
        const ord = ordFor(r.varelinjer.length, { en: "varelinje", flere: "varelinjene" });
        linjer.push({
          tekst: `Gjelder ${ord} ${beroerteLinjer(input.sertifikat, vurdering, r.varelinjer)}.`,
        });
      }
      s.banner(
        BANNER[r.alvorlighetsgrad],
        `${ALVORLIGHETSGRAD_TEKST[r.alvorlighetsgrad]}: ${r.tittel}`,
        linjer,
      );
    }
  });
}

function skrivTransport(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Transport", () => {
    const transport = transportTekster(sert);
    s.felter([
      ["Opprinnelsesland", alleOpprinnelsesland(sert) ?? "Ikke oppgitt"],
      ["Eksportland", landTekst(sert.eksportLand) ?? "Ikke oppgitt"],
      ["Transittland", landListeTekst(sert.transittland) ?? "Ingen"],
      ["Importland", landTekst(sert.importLand) ?? "Ikke oppgitt"],
      ["Transportmåte og -middel", transport.length > 0 ? transport : "Ikke oppgitt"],
      ["Ankomststed", ankomststedTekst(sert) ?? "Ikke oppgitt"],
      ["Container og plomber", transportutstyrTekster(sert)],
      ["Inspeksjonssted", tekst(sert.inspeksjonssted)],
      ["Kjennetegn", tekster(sert.kjennetegn)],
    ]);
  });
}

function skrivParter(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Eksportør og importør", () => {
    s.overskrift("Eksportør (avsender)", 3);
    if (sert.avsender) {
      s.felter([
        ["Navn", tekst(sert.avsender.navn) ?? "Ikke oppgitt"],
        ["Adresse", adresseLinjer(sert.avsender.adresse)],
        ["Identifikator", identifikatorTekster(sert.avsender)],
      ]);
    } else {
      s.avsnitt("Ikke oppgitt");
    }
    s.overskrift("Importør (mottaker)", 3);
    if (sert.mottaker) {
      const orgnr = tekst(sert.mottaker.organisasjonsnummer);
      s.felter([
        ["Navn", tekst(sert.mottaker.navn) ?? "Ikke oppgitt"],
        ["Adresse", adresseLinjer(sert.mottaker.adresse)],
        ["Organisasjonsnummer", orgnr ? formaterOrganisasjonsnummer(orgnr) : undefined],
        ["Identifikator", identifikatorTekster(sert.mottaker)],
      ]);
    } else {
      s.avsnitt("Ikke oppgitt");
    }
  });
}

function skrivTilleggserklaeringer(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Tilleggserklæringer", () => {
    const t = sert.tilleggserklaering;
    const erklaeringer = tekster(t.tilleggserklaeringer);
    const offisiell = tekster(t.offisiellTilleggsinformasjon);
    const tillatelse = tekst(t.importtillatelse);
    const inspeksjon = datoTekst(t.datoForInspeksjon);
    if (erklaeringer.length + offisiell.length === 0 && !tillatelse && !inspeksjon) {
      s.avsnitt("Ingen tilleggserklæringer");
      return;
    }
    if (erklaeringer.length > 0) s.liste(erklaeringer);
    s.felter([
      ["Offisiell tilleggsinformasjon", offisiell],
      ["Importtillatelse", tillatelse],
      ["Dato for inspeksjon", inspeksjon],
    ]);
  });
}

function skrivVarelinjer(s: Skriver, input: SertifikatPdfInput): void {
  const sert = input.sertifikat;
  const linjer = sert.varelinjer;
  s.seksjon(`Varelinjer (${linjer.length})`, () => {
    if (linjer.length === 0) {
      s.avsnitt("Sertifikatet har ingen varelinjer.");
      return;
    }
    s.tabell(VARELINJE_KOLONNER, linjer.map(varelinjeRad));
  });

  const vurderinger = linjevurderinger(sert, input.vurdering);
  const detaljer = linjer.flatMap((l, i) => {
    const rad = varelinjeRad(l);
    const kortetTekst = (kolonne: number, etikett: string): [string, string | undefined] => {
      const verdi = rad[kolonne] ?? "";
      return [etikett, kortet(verdi, MAKS_CELLETEKST).kortet ? verdi : undefined];
    };
    const vurdering = vurderinger[i];
    const felt: [string, string | readonly string[] | undefined][] = [
      kortetTekst(1, "Navn"),
      kortetTekst(2, "Botanisk navn"),
      kortetTekst(3, "Beskrivelse"),
      kortetTekst(9, "Opprinnelse"),
      ["Tilstand", tilstandTekst(l)],
      ["EPPO-kode", tekster(l.klassifisering.eppoKoder).join(", ") || undefined],
      [
        "Andre klassifiseringer",
        l.klassifisering.andre.flatMap((a) => {
          const verdi = tekster([a.kode, a.navn]).join(" ");
          if (verdi === "") return [];
          return [tekst(a.system) ? `${tekst(a.system)}: ${verdi}` : verdi];
        }),
      ],
      ["Kjennetegn", tekster(l.kjennetegn)],
      ["Pakkebeskrivelse", tekst(l.pakkebeskrivelse)],
      ...varelinjeErklaeringer(l),
      [
        "Risikovurdering",
        vurdering && (vurdering.funn.length > 0 || vurdering.alvorlighetsgrad !== "ALT_OK")
          ? linjevurderingTekst(vurdering)
          : undefined,
      ],
    ];
    const synlige = felt.filter(([, v]) => (typeof v === "string" ? tekst(v) : tekster(v ?? []).length > 0));
    return synlige.length > 0 ? [{ linje: l, felt: synlige }] : [];
  });
  if (detaljer.length > 0) {
    s.seksjon("Detaljer for varelinjene", () => {
      for (const { linje, felt } of detaljer) {
        s.overskrift(linjeoverskrift(linje), 3);
        s.felter(felt);
      }
    });
  }

  s.seksjon("Total mengde", () => {
    const total = totalMengde(linjer);
    s.felter([
      ["Antall varelinjer", String(linjer.length)],
      ...total.map((t): [string, string] => [t.etikett, t.tekst]),
    ]);
    if (total.length === 0) s.avsnitt("Ingen mengder oppgitt.");
  });
}

function skrivBehandlingliste(s: Skriver, behandlinger: readonly Behandling[]): void {
  for (const b of behandlinger) {
    const v = behandlingVisning(b);
    s.avsnitt(v.tittel, { font: FONT_FET, luftEtter: 2 });
    s.felter(v.detaljer, 120);
  }
}

function skrivBehandlinger(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Behandlinger", () => {
    const linjer = sert.varelinjer;
    if (linjer.every((l) => l.behandlinger.length === 0)) {
      s.avsnitt("Ingen behandlinger");
      return;
    }
    const foerste = linjer.find((l) => l.behandlinger.length > 0);
    if (harSammeBehandlinger(linjer) && foerste) {
      s.avsnitt("Alle varelinjene har de samme behandlingene:", { font: FONT_KURSIV });
      skrivBehandlingliste(s, foerste.behandlinger);
      return;
    }
    for (const linje of linjer) {
      s.overskrift(linjeoverskrift(linje), 3);
      if (linje.behandlinger.length === 0) s.avsnitt("Ingen behandlinger");
      else skrivBehandlingliste(s, linje.behandlinger);
    }
  });
}

function skrivVedlegg(s: Skriver, input: SertifikatPdfInput): void {
  const sert = input.sertifikat;
  s.seksjon("Vedlegg", () => {
    const vedlegg: {
      filnavn?: string | null;
      mimetype: string;
      identifikator?: string | null;
      informasjon?: string;
    }[] = input.vedlegg ?? sert.vedlegg;
    if (vedlegg.length === 0) {
      s.avsnitt("Ingen vedlegg");
    } else {
      s.liste(
        vedlegg.map((v, i) => {
          const filnavn = tekst(v.filnavn);
          const id = tekst(v.identifikator);
          const navn = filnavn ?? id ?? `Vedlegg ${i + 1}`;
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
    const refererte = refererteDokumenterTekster(sert);
    if (refererte.length > 0) {
      s.overskrift("Refererte dokumenter", 3);
      s.liste(refererte);
    }
  });
}

function skrivErklaeringer(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Erklæringer", () => {
    s.felter([["Fri for skadegjørere", friForPestTekst(sert)]]);
    if (erReeksport(sert)) {
      s.overskrift("Reeksporterklæring", 3);
      const erklaering = reeksportErklaering(sert);
      if ("felles" in erklaering) s.avsnitt(erklaering.felles);
      else
        s.felter(
          erklaering.perLinje.map((l): [string, string] => [`Varelinje ${l.sorteringsnummer}`, l.tekst]),
        );
    } else {
      s.overskrift("Eksporterklæring", 3);
      s.avsnitt(EKSPORTERKLAERING);
    }
    s.overskrift("Finansiell erklæring", 3);
    s.avsnitt(finansiellErklaering(sert));
    const klausuler = (sert.signatur?.klausuler ?? []).flatMap((k) => tekst(k.innhold) ?? []);
    if (klausuler.length > 0) {
      s.overskrift("Sertifiseringsklausuler", 3);
      s.liste(klausuler);
    }
  });
}

function skrivSignatur(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Signatur", () => {
    const sig = sert.signatur;
    const felter: [string, string | undefined][] = [
      ["Navn", tekst(sig?.navn)],
      ["Sted", tekst(sig?.sted)],
      ["Dato", datoTekst(sig?.dato)],
      ["Myndighet", tekst(sig?.organisasjon) ?? tekst(sert.utsteder)],
    ];
    if (felter.every(([, v]) => v === undefined)) s.avsnitt("Ingen signaturopplysninger");
    else s.felter(felter);
  });
}

/** The certificate as an A4 PDF in Norwegian. */
export async function lagSertifikatPdf(input: SertifikatPdfInput): Promise<Buffer> {
  const sert = input.sertifikat;
  const nummer = tekst(sert.nummer) ?? UKJENT_NUMMER;
  const tittel = dokumenttittel(sert);
  const generert = input.generert ?? new Date();
  const t = oversetter(input.sprak ?? "nb");

  return skrivPdf(
    {
      Title: pdfTekst(`${tittel} ${nummer}`),
      Subject: pdfTekst(`${tittel} ${nummer}${tekst(sert.utsteder) ? ` fra ${tekst(sert.utsteder)}` : ""}`),
      Keywords: "ePhyto, plantesunnhetssertifikat",
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
