// A submitted notification as the authority's case system reads it (issue 32 item 2, ADR 045): by its number,
// with the certificate (parties, goods lines with stated and actual quantities, attachments, the risk assessment
// and the ruleset it was made under), the document control's answers, the arrival, the reception control, the
// automatic decision, the authority's own assessment and the whole history. Built from the importers' detail
// view and history (one set of queries and rules), in a shape of its own that does not follow the web app.
import type { Db } from "../../db";
import type { AutomatiskVurdering } from "../../db/schema";
import type { HendelseVisning } from "../../domain/historikk";
import type {
  Innmelder,
  KontrollAdresse,
  KontrollspoersmaalVisning,
  PartVisning,
  SertifikatTilleggserklaeringVisning,
  VarelinjeVisning,
} from "../../domain/importmelding";
import type { SvarKode } from "../../domain/kontrollspoersmaal";
import type { RisikoFunn, Risikovurdering, SertifikatVurdering } from "../../domain/risiko/vurder";
import type { Alvorlighetsgrad, ImportmeldingStatus, MeldepliktigVurdering } from "../../domain/status";
import { notFound } from "../http/feil";
import { helHistorikk } from "../importmelding/historikk";
import { FANT_IKKE_MELDING } from "../importmelding/tilstand";
import { hentImportmeldingVisning } from "../importmelding/visning";

/** Drafts and deleted drafts are not the authority's: never found through its API. */
export const IKKE_INNSENDT = ["UNDER_REGISTRERING", "SLETTET"] as const;

export interface Virksomhet {
  organisasjonsnummer: string;
  navn: string;
}

/** One control question with its answer. */
export interface MyndighetKontrollsvar {
  kode: string;
  spoersmaal: string;
  referanse: string | null;
  svar: SvarKode | null;
  svarTekst: string | null;
  kommentar: string | null;
  avvik: boolean;
}

export interface MyndighetImportmelding {
  nummer: string;
  status: ImportmeldingStatus;
  statusTekst: string;
  statusEndret: string;
  opprettet: string;
  /** When it was sent in (the first REGISTRERT). */
  innsendt: string | null;
  kunDokumentkontroll: boolean;
  ansvarligImportoer: Virksomhet;
  ansvarligDokumentkontroll: Virksomhet | null;
  innmelder: Innmelder | null;
  /** The service's own decision after submission or arrival (ADR 046); null before any. */
  automatiskVurdering: { resultat: AutomatiskVurdering; regelsettVersjon: number | null } | null;
  /** The authority's assessment; null until assessed (an automatic release is `automatiskVurdering`). */
  vurdering: {
    status: "FRIGITT" | "AVVIST" | "DELVIS_AVVIST";
    begrunnelse: string | null;
    vedtaksbrevReferanse: string | null;
    tidspunkt: string;
  } | null;
  sertifikat: {
    nummer: string;
    eksportland: string;
    utstedtDato: string;
    type: string;
    statusKode: string | null;
    avsender: PartVisning;
    mottaker: PartVisning;
    tilleggserklaering: SertifikatTilleggserklaeringVisning;
    vedlegg: {
      filnavn: string | null;
      mimetype: string;
      identifikator: string | null;
      informasjon: string | null;
    }[];
    risiko: {
      alvorlighetsgrad: Alvorlighetsgrad;
      meldepliktigVurdering: MeldepliktigVurdering;
      /** The approved ruleset the assessment was made under; null: the bundled tables, none approved. */
      regelsettVersjon: number | null;
      risikoVurdering: Risikovurdering[];
    };
    varelinjer: (VarelinjeVisning & {
      risiko: { alvorlighetsgrad: Alvorlighetsgrad; eppoKode: string | null; funn: RisikoFunn[] } | null;
    })[];
  };
  dokumentkontroll: MyndighetKontrollsvar[];
  ankomst: {
    forventetAnkomst: string | null;
    kontrollsted: KontrollAdresse;
    mottakskontrolloer: {
      organisasjonsnummer: string | null;
      virksomhet: string | null;
      navn: string | null;
      telefonnummer: string | null;
    } | null;
  } | null;
  mottakskontroll: { ankommet: string | null; svar: MyndighetKontrollsvar[] };
  historikk: HendelseVisning[];
}

function kontrollsvar(s: KontrollspoersmaalVisning): MyndighetKontrollsvar {
  return {
    kode: s.kode,
    spoersmaal: s.kontrollSpoersmaal,
    referanse: s.referanse,
    svar: s.kontrollSvar?.kontrollSvar ?? null,
    svarTekst: s.kontrollSvar?.tekst ?? null,
    kommentar: s.kontrollSvar?.kommentar ?? null,
    avvik: s.kontrollSvar?.avvik ?? false,
  };
}

const ER_VURDERING = ["FRIGITT", "AVVIST", "DELVIS_AVVIST"] as const;
type Vurdering = (typeof ER_VURDERING)[number];
const erVurdering = (s: string): s is Vurdering => (ER_VURDERING as readonly string[]).includes(s);

/** The submitted notification `nummer` (404 for none, a draft or a deleted one). */
export async function finnInnsendt(db: Db, nummer: string) {
  const rad = await db
    .selectFrom("importmelding")
    .select(["id", "status", "vurdering_begrunnelse", "vedtaksbrev_referanse", "sertifikat_id"])
    .where("nummer", "=", nummer)
    .where("status", "not in", IKKE_INNSENDT)
    .executeTakeFirst();
  if (!rad) throw notFound(FANT_IKKE_MELDING);
  return rad;
}

export async function hentForMyndighet(db: Db, nummer: string): Promise<MyndighetImportmelding> {
  const { id, sertifikat_id } = await finnInnsendt(db, nummer);
  const [m, historikk, sert, rad] = await Promise.all([
    hentImportmeldingVisning(db, id, { eier: false, mottakskontrolloer: false }),
    helHistorikk(db, id),
    db
      .selectFrom("sertifikat")
      .select(["eksportland", "type", "status_kode", "vurdering", "regelsett_versjon"])
      .where("id", "=", sertifikat_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("importmelding")
      .select(["regelsett_versjon", "automatisk_vurdering", "vedtaksbrev_referanse"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow(),
  ]);
  const vurdering = sert.vurdering as SertifikatVurdering;
  const linjerisiko = new Map(vurdering.varelinjer.map((l) => [String(l.id), l]));
  const virksomhet = (i: { navn: string; organisasjonsnummer: string } | null) =>
    i && { organisasjonsnummer: i.organisasjonsnummer, navn: i.navn };
  const vurdert = [...historikk].reverse().find((h) => h.type === "STATUS" && erVurdering(h.tilStatus ?? ""));
  const ankomst = m.ankomstInfo[0];
  const kontrolloer = ankomst?.mottakskontrolloer;
  return {
    nummer: m.nummer,
    status: m.status,
    statusTekst: m.statusTekst,
    statusEndret: m.statusEndret,
    opprettet: m.opprettet,
    innsendt: historikk.find((h) => h.type === "STATUS" && h.tilStatus === "REGISTRERT")?.tidspunkt ?? null,
    kunDokumentkontroll: m.kunDokumentkontroll,
    ansvarligImportoer: virksomhet(m.ansvarligImportoer) as Virksomhet,
    ansvarligDokumentkontroll: virksomhet(m.ansvarligDokumentkontroll),
    innmelder: m.innmelder,
    automatiskVurdering: rad.automatisk_vurdering
      ? { resultat: rad.automatisk_vurdering, regelsettVersjon: rad.regelsett_versjon }
      : null,
    vurdering:
      vurdert && erVurdering(m.status)
        ? {
            status: m.status,
            begrunnelse: m.vurderingBegrunnelse,
            vedtaksbrevReferanse: rad.vedtaksbrev_referanse,
            tidspunkt: vurdert.tidspunkt,
          }
        : null,
    sertifikat: {
      nummer: m.sertifikat.nummer,
      eksportland: sert.eksportland,
      utstedtDato: m.utstedtDato,
      type: sert.type,
      statusKode: sert.status_kode,
      avsender: m.avsender,
      mottaker: m.mottaker,
      tilleggserklaering: m.tilleggserklaering,
      vedlegg: m.vedlegg.map((v) => ({
        filnavn: v.filnavn,
        mimetype: v.mimetype,
        identifikator: v.identifikator,
        informasjon: v.informasjon,
      })),
      risiko: {
        alvorlighetsgrad: vurdering.alvorlighetsgrad,
        meldepliktigVurdering: vurdering.meldepliktigVurdering,
        regelsettVersjon: sert.regelsett_versjon,
        risikoVurdering: vurdering.risikoVurdering,
      },
      varelinjer: m.varelinjer.map((l) => {
        const r = linjerisiko.get(String(l.sorteringsnummer));
        return {
          ...l,
          risiko: r
            ? { alvorlighetsgrad: r.alvorlighetsgrad, eppoKode: r.eppoKode ?? null, funn: r.funn }
            : null,
        };
      }),
    },
    dokumentkontroll: m.dokumentkontrollSpoersmaal.map(kontrollsvar),
    ankomst: ankomst
      ? {
          forventetAnkomst: ankomst.ankomsttid,
          kontrollsted: ankomst.kontrollAdresse,
          mottakskontrolloer: kontrolloer
            ? {
                organisasjonsnummer: kontrolloer.organisasjonsnummer ?? null,
                virksomhet: kontrolloer.virksomhetNavn ?? null,
                navn: kontrolloer.navn,
                telefonnummer: kontrolloer.telefonnummer,
              }
            : null,
        }
      : null,
    mottakskontroll: { ankommet: m.faktiskAnkommet, svar: m.mottakskontrollSpoersmaal.map(kontrollsvar) },
    historikk,
  };
}
