// The notification detail (domain/importmelding ImportmeldingVisning) built from the notification, its
// questions, arrival info and actual quantities, and the stored certificate.
import type { Db } from "../../db";
import { kortFritekst } from "../../domain/fritekst";
import {
  type AnkomstInfoVisning,
  alleBesvart,
  ankomstErRegistrert,
  type ImportmeldingVedlegg,
  type ImportmeldingVisning,
  type KontrollspoersmaalVisning,
  type LandKodeNavn,
  MENGDE_FELTER,
  type PartVisning,
  spoersmaalVisning,
  type VarelinjeVisning,
} from "../../domain/importmelding";
import { finnEnhet, finnLand, landNavn } from "../../domain/kodeverk";
import { visningsMengde } from "../../domain/mengde";
import type { LagretSertifikat, SertifikatPart } from "../../domain/sertifikat";
import {
  erAnkommet,
  erInnsendt,
  erVurdert,
  erVurdertFoerAnkomst,
  type ImportmeldingStatus,
  kategori,
  statusFarge,
  statusTekst,
} from "../../domain/status";
import { fraAnkomsttid } from "../../domain/tidsrom";
import { oversetter } from "../../sprak/katalog.server";
import { type Sprak, STANDARD_SPRAK } from "../../sprak/sprak";
import { notFound } from "../http/feil";
import { mottakskontrolloerValg } from "./kontrolloervalg";
import { erMottaker } from "./mottaker";
import { FANT_IKKE_MELDING, type ImportmeldingRad } from "./tilstand";

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const tomTilNull = (s: string | null | undefined) =>
  s === undefined || s === null || s.trim() === "" ? null : s;

function part(p: SertifikatPart | undefined): PartVisning {
  const a = p?.adresse;
  return {
    navn: tomTilNull(p?.navn),
    adresse: {
      linje1: tomTilNull(a?.linje1),
      linje2: tomTilNull(a?.linje2),
      linje3: tomTilNull(a?.linje3),
      linje4: tomTilNull(a?.linje4),
      linje5: tomTilNull(a?.linje5),
    },
  };
}

function land(kode: string | undefined, navn: string | undefined): LandKodeNavn | undefined {
  const alpha2 = finnLand(kode)?.alpha2 ?? kode;
  if (!alpha2) return navn ? { kode: "", navn } : undefined;
  return { kode: alpha2, navn: landNavn(alpha2) ?? navn ?? alpha2 };
}

/** The stated quantities of the certificate's goods lines, with the actual values registered. */
export function varelinjeVisninger(
  sertifikat: LagretSertifikat,
  faktiske: readonly { varelinje: number; felt: string; faktisk_verdi: number }[],
): VarelinjeVisning[] {
  return sertifikat.varelinjer.map((l) => {
    const mengde: VarelinjeVisning["mengde"] = {};
    for (const felt of MENGDE_FELTER) {
      const m = l.mengde[felt];
      if (!m) continue;
      const faktisk = faktiske.find((f) => f.varelinje === l.sorteringsnummer && f.felt === felt);
      mengde[felt] = {
        verdi: m.verdi,
        enhet: m.enhet ?? null,
        faktiskVerdi: faktisk ? faktisk.faktisk_verdi : null,
        visningsMengde: visningsMengde(m.verdi, m.enhet, (k) => finnEnhet(k)?.visning) ?? null,
      };
    }
    return {
      sorteringsnummer: l.sorteringsnummer,
      navn: tomTilNull(l.navn),
      botaniskNavn: tomTilNull(l.botaniskNavn),
      beskrivelse: tomTilNull(l.beskrivelse),
      klassifisering: l.klassifisering,
      mengde,
      opprinnelsesland: l.opprinnelsesland.map((o) => ({
        kode: tomTilNull(o.kode),
        navn: o.kode ? landNavn(o.kode) : tomTilNull(o.navn),
        landsdel: tomTilNull(o.landsdel),
      })),
      harTilleggserklaeringer: l.harTilleggserklaeringer,
      varelinjeTilleggserklaering: l.varelinjeTilleggserklaering,
    };
  });
}

export interface AnkomstinfoRad {
  id: number;
  ankomsttid: Date | null;
  adresse_linje1: string | null;
  adresse_linje2: string | null;
  postnummer: string | null;
  poststed: string | null;
  mottakskontrolloer_id: number | null;
  mottakskontrolloer_navn: string | null;
  mottakskontrolloer_telefon: string | null;
  sending_ankommet: boolean;
  kontrolloer_virksomhet?: string | null;
  kontrolloer_orgnr?: string | null;
  kontroll_utfoert_av_id?: number | null;
  utfoert_av_navn?: string | null;
  utfoert_av_orgnr?: string | null;
}

/**
 * `erUtnevnt`: whether the chosen controller is still one the responsible importer may choose (issue 23
 * item 5); a controller removed since is kept on the notification (ADR 011) but named as no longer appointed.
 */
export function ankomstVisning(a: AnkomstinfoRad, erUtnevnt = true): AnkomstInfoVisning {
  const tid = a.ankomsttid ? fraAnkomsttid(a.ankomsttid) : undefined;
  const info = {
    id: a.id,
    ankomsttid: a.ankomsttid ? iso(a.ankomsttid) : null,
    ankomstTid: tid ? { dato: tid.dato, klokkeslett: tid.klokkeslett } : null,
    kontrollAdresse: {
      linje1: a.adresse_linje1,
      linje2: a.adresse_linje2,
      postnummer: a.postnummer,
      poststed: a.poststed,
    },
    mottakskontrolloer:
      a.mottakskontrolloer_id === null
        ? null
        : {
            importoerId: a.mottakskontrolloer_id,
            navn: a.mottakskontrolloer_navn,
            telefonnummer: a.mottakskontrolloer_telefon,
            virksomhetNavn: a.kontrolloer_virksomhet ?? null,
            organisasjonsnummer: a.kontrolloer_orgnr ?? null,
            utfoertAv:
              a.kontroll_utfoert_av_id === null || a.kontroll_utfoert_av_id === undefined
                ? null
                : {
                    importoerId: a.kontroll_utfoert_av_id,
                    navn: a.utfoert_av_navn ?? "",
                    organisasjonsnummer: a.utfoert_av_orgnr ?? "",
                  },
            erUtnevnt,
          },
    sendingAnkommet: a.sending_ankommet,
  };
  return { ...info, erRegistrert: ankomstErRegistrert(info) };
}

export async function hentAnkomstinfo(
  db: Db,
  importmeldingId: number,
  ansvarligId: number,
): Promise<AnkomstInfoVisning[]> {
  const [rader, valg] = await Promise.all([
    hentAnkomstRader(db, importmeldingId),
    mottakskontrolloerValg(db, ansvarligId),
  ]);
  const utnevnt = new Set(valg.map((v) => v.importoerId));
  return rader.map((r) =>
    ankomstVisning(r, r.mottakskontrolloer_id === null || utnevnt.has(r.mottakskontrolloer_id)),
  );
}

function hentAnkomstRader(db: Db, importmeldingId: number) {
  return db
    .selectFrom("ankomstinfo as a")
    .leftJoin("importoer as k", "k.id", "a.mottakskontrolloer_id")
    .leftJoin("importoer as u", "u.id", "a.kontroll_utfoert_av_id")
    .select([
      "a.id",
      "a.ankomsttid",
      "a.adresse_linje1",
      "a.adresse_linje2",
      "a.postnummer",
      "a.poststed",
      "a.mottakskontrolloer_id",
      "a.mottakskontrolloer_navn",
      "a.mottakskontrolloer_telefon",
      "a.sending_ankommet",
      "k.navn as kontrolloer_virksomhet",
      "k.organisasjonsnummer as kontrolloer_orgnr",
      "a.kontroll_utfoert_av_id",
      "u.navn as utfoert_av_navn",
      "u.organisasjonsnummer as utfoert_av_orgnr",
    ])
    .where("a.importmelding_id", "=", importmeldingId)
    .orderBy("a.id")
    .execute();
}

export async function hentSpoersmaal(db: Db, importmeldingId: number): Promise<KontrollspoersmaalVisning[]> {
  const rader = await db
    .selectFrom("kontrollspoersmaal")
    .select(["id", "kategori", "kode", "rekkefoelge", "svar", "kommentar", "avvik"])
    .where("importmelding_id", "=", importmeldingId)
    .orderBy("kategori")
    .orderBy("rekkefoelge")
    .execute();
  return rader.flatMap((r) => spoersmaalVisning(r) ?? []);
}

/**
 * The certificate's data with free text past its display length cut and marked in the reader's language, as on
 * the certificate page (domain/fritekst.ts, issue 34 item 5); the full text stays in the stored XML.
 */
function kortData(data: LagretSertifikat, sprak: Sprak): LagretSertifikat {
  return kortFritekst(data, oversetter(sprak)("sertifikat.forkortet.merke")).verdi;
}

/** Every country of origin of the goods lines, each once, in the order they first appear. */
function alleOpprinnelsesland(data: ReturnType<typeof kortData>): LandKodeNavn[] {
  const opprinnelsesland = new Map<string, LandKodeNavn>();
  for (const l of data.varelinjer) {
    for (const o of l.opprinnelsesland) {
      const x = land(o.kode, o.navn);
      if (x && !opprinnelsesland.has(x.kode || x.navn)) opprinnelsesland.set(x.kode || x.navn, x);
    }
  }
  return [...opprinnelsesland.values()];
}

/** The certificate's attachments as the view shows them: the stored row with what the parse said of its file. */
function vedleggVisninger(
  vedlegg: ReadonlyArray<Omit<ImportmeldingVedlegg, "filtype" | "kanAapneVedlegg"> & { rekkefoelge: number }>,
  data: ReturnType<typeof kortData>,
): ImportmeldingVedlegg[] {
  return vedlegg.map((v) => {
    const lagret = data.vedlegg[v.rekkefoelge - 1];
    return {
      id: v.id,
      filnavn: v.filnavn,
      mimetype: v.mimetype,
      filtype: lagret?.filtype ?? "",
      kanAapneVedlegg: lagret?.kanAapneVedlegg ?? false,
      identifikator: v.identifikator,
      informasjon: v.informasjon,
    };
  });
}

/**
 * The detail view of a notification, as the importer `importoerId` sees it. `lest`: the notification's row as the
 * access check (tilgang.ts) just read it, so it is not read twice.
 */
export async function hentImportmeldingVisning(
  db: Db,
  id: number,
  tilgang: { eier: boolean; mottakskontrolloer: boolean },
  sprak: Sprak = STANDARD_SPRAK,
  lest?: ImportmeldingRad,
): Promise<ImportmeldingVisning> {
  const rad =
    lest?.id === id
      ? lest
      : await db.selectFrom("importmelding").selectAll().where("id", "=", id).executeTakeFirst();
  if (!rad) throw notFound(FANT_IKKE_MELDING);
  const [[sert, ansvarligPaaSertifikatet], importoerer, spoersmaal, ankomstInfo, faktiske, vedlegg] =
    await Promise.all([
      // whether the responsible importer is named on the certificate, from the certificate's row read here
      db
        .selectFrom("sertifikat")
        .selectAll()
        .where("id", "=", rad.sertifikat_id)
        .executeTakeFirstOrThrow()
        .then(async (s) => [s, await erMottaker(db, rad.ansvarlig_importoer_id, s)] as const),
      db
        .selectFrom("importoer")
        .select(["id", "navn", "organisasjonsnummer", "har_lest_regelverk"])
        .where(
          "id",
          "in",
          [rad.ansvarlig_importoer_id, rad.ansvarlig_dokumentkontroll_id].filter(
            (v): v is number => v !== null,
          ),
        )
        .execute(),
      hentSpoersmaal(db, id),
      hentAnkomstinfo(db, id, rad.ansvarlig_importoer_id),
      db
        .selectFrom("faktisk_mengde")
        .select(["varelinje", "felt", "faktisk_verdi"])
        .where("importmelding_id", "=", id)
        .execute(),
      db
        .selectFrom("vedlegg")
        .select(["id", "rekkefoelge", "filnavn", "mimetype", "identifikator", "informasjon"])
        .where("sertifikat_id", "=", rad.sertifikat_id)
        .orderBy("rekkefoelge")
        .execute(),
    ]);
  const data = kortData(sert.data as LagretSertifikat, sprak);
  const status = rad.status as ImportmeldingStatus;
  const vurdertFoerAnkomst = erVurdertFoerAnkomst({
    status,
    kunDokumentkontroll: rad.kun_dokumentkontroll,
    faktiskAnkommet: rad.faktisk_ankommet,
  });
  const importoer = (iid: number | null) => {
    const i = importoerer.find((x) => x.id === iid);
    return i ? { id: i.id, navn: i.navn, organisasjonsnummer: i.organisasjonsnummer } : null;
  };
  const ansvarlig = importoerer.find((x) => x.id === rad.ansvarlig_importoer_id);

  const dokument = spoersmaal.filter((s) => s.kategori === "DOKUMENT");
  const mottak = spoersmaal.filter((s) => s.kategori === "MOTTAK");
  const dokumentkontrollFerdig = alleBesvart(dokument);
  const foerste = ankomstInfo[0];
  const ankomstRegistrert =
    foerste?.erRegistrert === true &&
    (rad.kun_dokumentkontroll ||
      (foerste.mottakskontrolloer !== null && foerste.mottakskontrolloer.erUtnevnt !== false));

  return {
    id: rad.id,
    nummer: rad.nummer,
    egenReferanse: rad.egen_referanse,
    status,
    statusTekst: statusTekst(status, vurdertFoerAnkomst),
    statusFarge: statusFarge(status),
    statusEndret: iso(rad.status_endret),
    kategori: kategori(status),
    versjon: rad.versjon,
    opprettet: iso(rad.opprettet),
    utstedtDato: sert.utstedt_dato,
    eksportLand: { kode: sert.eksportland, navn: landNavn(sert.eksportland) },
    alleOpprinnelsesland: alleOpprinnelsesland(data),
    avsender: part(data.avsender),
    mottaker: part(data.mottaker),
    ansvarligImportoer: importoer(rad.ansvarlig_importoer_id) ?? {
      id: rad.ansvarlig_importoer_id,
      navn: "",
      organisasjonsnummer: "",
    },
    ansvarligDokumentkontroll: importoer(rad.ansvarlig_dokumentkontroll_id),
    harLestRegelverk: ansvarlig?.har_lest_regelverk === true,
    innmelder: rad.innmelder
      ? {
          navn: rad.innmelder.navn,
          epost: rad.innmelder.epost,
          telefonnummer: rad.innmelder.telefonnummer ?? null,
        }
      : null,
    kunDokumentkontroll: rad.kun_dokumentkontroll,
    ankomstInfo,
    dokumentkontrollSpoersmaal: dokument,
    mottakskontrollSpoersmaal: mottak,
    varelinjer: varelinjeVisninger(data, faktiske),
    vedlegg: vedleggVisninger(vedlegg, data),
    tilleggserklaering: {
      tilleggserklaeringer: data.tilleggserklaering?.tilleggserklaeringer ?? [],
      offisiellTilleggsinformasjon: data.tilleggserklaering?.offisiellTilleggsinformasjon ?? [],
      importtillatelse: tomTilNull(data.tilleggserklaering?.importtillatelse),
      datoForInspeksjon: tomTilNull(data.tilleggserklaering?.datoForInspeksjon),
    },
    sertifikat: {
      id: sert.id,
      nummer: sert.nummer,
      utstedtDato: sert.utstedt_dato,
      avsenderland: sert.eksportland,
      type: sert.type === "Eksport" || sert.type === "Reeksport" ? sert.type : null,
    },
    erRegistrert: erInnsendt(status),
    // SPEC §4 counts every decided status as arrived; one decided before arrival is not (ADR 041).
    erAnkommet: erAnkommet(status) && !vurdertFoerAnkomst,
    vurdertFoerAnkomst,
    erVurdert: erVurdert(status),
    dokumentkontrollFerdig,
    mottakskontrollFerdig: alleBesvart(mottak),
    ankomstRegistrert,
    kanSendesInn:
      status === "UNDER_REGISTRERING" &&
      rad.innmelder !== null &&
      dokumentkontrollFerdig &&
      ankomstRegistrert,
    faktiskAnkommet: rad.faktisk_ankommet ? iso(rad.faktisk_ankommet) : null,
    vurderingBegrunnelse: rad.vurdering_begrunnelse,
    vedtaksbrevReferanse: rad.vedtaksbrev_referanse,
    automatiskVurdering: rad.automatisk_vurdering,
    ansvarligPaaSertifikatet,
    tilgang,
  };
}
