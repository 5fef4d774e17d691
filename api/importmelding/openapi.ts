// The notification routes in the API's OpenAPI document (ADR 040), beside router.ts, arkiv.ts and
// oversikt.ts: a new route is documented here. Bodies are the domain schemas the routes validate with;
// answers are described by schemas checked (`dekker`) against the types the handlers return.
import { z } from "zod";
import type { HistorikkSide } from "../../domain/historikk";
import { AKTOER_TYPER, HENDELSE_TYPER } from "../../domain/historikk";
import type { ImportmeldingVisning, MottakskontrolloerValg, StatusSvar } from "../../domain/importmelding";
import type { ImportmeldingListe } from "../../domain/importmelding-liste";
import { SVAR_KODER } from "../../domain/kontrollspoersmaal";
import {
  ankomstinfoBodySkjema,
  egenReferanseBodySkjema,
  innmelderBodySkjema,
  kontrollsvarBodySkjema,
  mottakskontrollBodySkjema,
  mottakskontrolloerAnkomstBodySkjema,
  opprettImportmeldingBodySkjema,
  statusBodySkjema,
} from "../../domain/schemas/importmelding";
import { ImportmeldingListeSoek } from "../../domain/schemas/listefilter";
import { IMPORTMELDING_STATUSER } from "../../domain/status";
import {
  aapentObjekt,
  dato,
  dekker,
  Eksportland,
  fasett,
  feil,
  ImportoerKort,
  importoerSti,
  ingenInnhold,
  json,
  jsonKropp,
  Land,
  Paginering,
  type Stier,
  tidspunkt,
} from "../openapi/felles";

const TAG = "Forhåndsmeldinger";
const BASE = "/import/importmelding/v2/{orgnr}/{importoerId}";
const medId = importoerSti.extend({
  id: z.string().regex(/^\d+$/).meta({ description: "Forhåndsmeldingens id" }),
});

export const Status = z.enum(IMPORTMELDING_STATUSER).meta({ id: "ImportmeldingStatus" });
export const AutomatiskVurderingSkjema = z.enum(["FRIGITT", "VENTER", "UTEN_REGELSETT"]);
const Farge = z.enum(["success", "info", "danger", "neutral", "warning"]);
const Kategori = z.enum(["PAABEGYNT", "REGISTRERT", "TIL_VURDERING", "VURDERT"]);
const tekstEllerNull = z.string().nullable();

const Adresse = z.object({
  linje1: tekstEllerNull,
  linje2: tekstEllerNull,
  linje3: tekstEllerNull,
  linje4: tekstEllerNull,
  linje5: tekstEllerNull,
});
export const Part = z.object({ navn: tekstEllerNull, adresse: Adresse });
const Importoer = z.object({ id: z.number().int(), navn: z.string(), organisasjonsnummer: z.string() });

const Ankomstinfo = z.object({
  id: z.number().int(),
  ankomsttid: tekstEllerNull.meta({ description: "Ankomsttidspunktet (UTC), null når det ikke er gitt" }),
  ankomstTid: z
    .object({ dato, klokkeslett: z.string().meta({ description: "Tidsrommets start, Oslo-tid (HH:MM)" }) })
    .nullable(),
  kontrollAdresse: z.object({
    linje1: tekstEllerNull,
    linje2: tekstEllerNull,
    postnummer: tekstEllerNull,
    poststed: tekstEllerNull,
  }),
  mottakskontrolloer: z
    .object({
      importoerId: z.number().int(),
      navn: tekstEllerNull,
      telefonnummer: tekstEllerNull,
      virksomhetNavn: tekstEllerNull.optional(),
      organisasjonsnummer: tekstEllerNull.optional(),
      utfoertAv: z
        .object({ importoerId: z.number().int(), navn: z.string(), organisasjonsnummer: z.string() })
        .nullable()
        .optional(),
      erUtnevnt: z.boolean().optional(),
    })
    .nullable(),
  sendingAnkommet: z.boolean(),
  erRegistrert: z.boolean(),
});

const Kontrollspoersmaal = z.object({
  id: z.number().int(),
  kategori: z.enum(["DOKUMENT", "MOTTAK"]),
  kode: z.string(),
  path: z.string(),
  kontrollSpoersmaal: z.string(),
  referanse: tekstEllerNull,
  rekkefoelge: z.number().int(),
  svarAlternativer: z.array(
    z.object({ kontrollSvar: z.enum(SVAR_KODER), tekst: z.string(), erAvvik: z.boolean() }),
  ),
  kontrollSvar: z
    .object({
      kontrollSvar: z.enum(SVAR_KODER),
      tekst: z.string(),
      kommentar: tekstEllerNull,
      avvik: z.boolean(),
    })
    .nullable(),
});

const Mengde = z.object({
  verdi: z.number(),
  enhet: tekstEllerNull,
  faktiskVerdi: z.number().nullable(),
  visningsMengde: tekstEllerNull,
});

export const Varelinje = z.object({
  sorteringsnummer: z.number().int(),
  navn: tekstEllerNull,
  botaniskNavn: tekstEllerNull,
  beskrivelse: tekstEllerNull,
  klassifisering: aapentObjekt("Varelinjens klassifisering fra ePhyto-sertifikatet"),
  mengde: z.object({
    antall: Mengde.optional(),
    nettoVekt: Mengde.optional(),
    bruttoVekt: Mengde.optional(),
    nettoVolum: Mengde.optional(),
    bruttoVolum: Mengde.optional(),
  }),
  opprinnelsesland: z.array(
    z.object({ kode: tekstEllerNull, navn: tekstEllerNull, landsdel: tekstEllerNull }),
  ),
  harTilleggserklaeringer: z.boolean(),
  varelinjeTilleggserklaering: aapentObjekt("Tilleggserklæringer fra sertifikatet"),
});

const ImportmeldingVisningSkjema = dekker<ImportmeldingVisning>()(
  z
    .object({
      id: z.number().int(),
      nummer: z.string(),
      egenReferanse: tekstEllerNull,
      status: Status,
      statusTekst: z.string(),
      statusFarge: Farge,
      statusEndret: tidspunkt,
      kategori: Kategori,
      versjon: z
        .number()
        .int()
        .meta({ description: "Send den med en endring: 409 når noen har endret siden" }),
      opprettet: tidspunkt,
      utstedtDato: dato,
      eksportLand: Land,
      alleOpprinnelsesland: z.array(Land),
      avsender: Part,
      mottaker: Part,
      ansvarligImportoer: Importoer,
      ansvarligDokumentkontroll: Importoer.nullable(),
      harLestRegelverk: z.boolean(),
      innmelder: z.object({ navn: z.string(), epost: z.string(), telefonnummer: tekstEllerNull }).nullable(),
      kunDokumentkontroll: z.boolean(),
      ankomstInfo: z.array(Ankomstinfo),
      dokumentkontrollSpoersmaal: z.array(Kontrollspoersmaal),
      mottakskontrollSpoersmaal: z.array(Kontrollspoersmaal),
      varelinjer: z.array(Varelinje),
      vedlegg: z.array(
        z.object({
          id: z.string().meta({ description: "Filen hentes med GET /import/v1/vedlegg/{id}" }),
          filnavn: tekstEllerNull,
          mimetype: z.string(),
          filtype: z.string(),
          kanAapneVedlegg: z.boolean(),
          identifikator: tekstEllerNull,
          informasjon: tekstEllerNull,
        }),
      ),
      tilleggserklaering: z.object({
        tilleggserklaeringer: z.array(z.string()),
        offisiellTilleggsinformasjon: z.array(z.string()),
        importtillatelse: tekstEllerNull,
        datoForInspeksjon: tekstEllerNull,
      }),
      sertifikat: z.object({
        id: z.number().int(),
        nummer: z.string(),
        utstedtDato: dato,
        avsenderland: z.string(),
        type: z.enum(["Eksport", "Reeksport"]).nullable(),
      }),
      erRegistrert: z.boolean(),
      erAnkommet: z.boolean(),
      erVurdert: z.boolean(),
      vurdertFoerAnkomst: z.boolean().meta({
        description:
          "Mattilsynet frigav eller avviste sendingen før den var meldt ankommet, selv om den skulle hatt fysisk mottakskontroll. Da skal det ikke gjøres mottakskontroll, og erAnkommet er false",
      }),
      dokumentkontrollFerdig: z.boolean(),
      mottakskontrollFerdig: z.boolean(),
      ankomstRegistrert: z.boolean(),
      kanSendesInn: z.boolean(),
      faktiskAnkommet: tekstEllerNull,
      vurderingBegrunnelse: tekstEllerNull,
      vedtaksbrevReferanse: tekstEllerNull.meta({
        description: "Referansen til Mattilsynets vedtaksbrev ved avvisning (brevet kommer separat)",
      }),
      automatiskVurdering: AutomatiskVurderingSkjema.nullable().meta({
        description:
          "Tjenestens egen vurdering ved innsending og ankomst: `FRIGITT`; `VENTER` på Mattilsynet etter risikoreglene; `UTEN_REGELSETT`: venter på Mattilsynet fordi ingen risikoregler er godkjent. null før innsending.",
      }),
      ansvarligPaaSertifikatet: z.boolean().meta({
        description:
          "Ansvarlig importør står som mottaker på sertifikatet (organisasjonsnummer eller eksakt navn). Hvis ikke, frigis forhåndsmeldingen aldri automatisk, men venter på Mattilsynet, og den viker for mottakerens egen forhåndsmelding til Mattilsynet har vurdert den",
      }),
      tilgang: z.object({ eier: z.boolean(), mottakskontrolloer: z.boolean() }),
    })
    .meta({ id: "Importmelding" }),
);

const StatusSvarSkjema = dekker<StatusSvar>()(
  z.object({ status: Status, statusEndret: tidspunkt }).meta({ id: "StatusSvar" }),
);

export const HistorikkHendelse = z.object({
  id: z.number().int(),
  tidspunkt,
  type: z.enum(HENDELSE_TYPER),
  fraStatus: Status.nullable(),
  tilStatus: Status.nullable(),
  aktoer: z.object({
    type: z.enum(AKTOER_TYPER),
    navn: tekstEllerNull,
    virksomhet: tekstEllerNull,
    organisasjonsnummer: tekstEllerNull,
  }),
  detaljer: z
    .object({
      del: z.string().optional(),
      endringer: z.array(z.object({ felt: z.string(), fra: tekstEllerNull, til: tekstEllerNull })).optional(),
      sertifikat: z.object({ nummer: z.string(), eksportland: z.string() }).optional(),
      ansvarligImportoer: z.object({ navn: z.string(), organisasjonsnummer: z.string() }).optional(),
      ansvarligDokumentkontroll: z
        .object({ navn: z.string(), organisasjonsnummer: z.string() })
        .nullable()
        .optional(),
      avvik: z
        .array(z.object({ spoersmaal: z.string(), svar: z.string(), kommentar: tekstEllerNull }))
        .optional(),
      erstattetAv: z.string().optional(),
      regelsett: z
        .object({ versjon: z.number().int() })
        .optional()
        .meta({ description: "Automatisk frigitt: versjonen av risikoreglene (godkjent av Mattilsynet)" }),
      vedtaksbrev: z.string().optional().meta({ description: "Avvist: referansen til vedtaksbrevet" }),
      venterPaaMyndighet: z
        .enum(["ANSVARLIG_IKKE_PAA_SERTIFIKATET"])
        .optional()
        .meta({ description: "Hvorfor forhåndsmeldingen venter på Mattilsynet uansett svar" }),
      vek: z
        .object({
          opprettetAv: z.object({ navn: z.string(), organisasjonsnummer: z.string() }),
          til: z.enum(["SLETTET", "TILBAKETRUKKET"]),
        })
        .optional()
        .meta({ description: "En annen virksomhets forhåndsmelding som vek for denne" }),
      vurdertFoerAnkomst: z
        .boolean()
        .optional()
        .meta({ description: "Mattilsynets vurdering kom før sendingen var ankommet" }),
      kopiertFra: z
        .object({ id: z.number().int(), nummer: z.string() })
        .optional()
        .meta({ description: "Svar kopiert: forhåndsmeldingen svarene ble hentet fra" }),
      kontrolloerIkkeKopiert: z.string().optional().meta({
        description:
          "Svar kopiert: mottakskontrolløren som ikke lenger kan velges, og derfor ikke ble kopiert",
      }),
    })
    .meta({ description: "Strukturerte detaljer; hver hendelsestype bruker sine felt" }),
  utfoertAv: z.string(),
  tittel: z.string(),
  linjer: z.array(z.string()),
});

const HistorikkSkjema = dekker<HistorikkSide>()(
  z
    .object({
      hendelser: z.array(HistorikkHendelse),
      eldre: z
        .number()
        .int()
        .nullable()
        .meta({ description: "Verdien av ?foer= for neste side; null på siste" }),
    })
    .meta({ id: "Historikk" }),
);

const ListeSkjema = dekker<ImportmeldingListe>()(
  z
    .object({
      importmeldingListevisningElementer: z.array(
        z.object({
          id: z.number().int(),
          nummer: z.string(),
          egenReferanse: tekstEllerNull,
          avsender: tekstEllerNull,
          eksportLand: Land,
          kunDokumentkontroll: z.boolean(),
          status: Status,
          statusTekst: z.string(),
          statusFarge: Farge,
          statusEndret: tidspunkt,
          kategori: Kategori,
          vurdertFoerAnkomst: z
            .boolean()
            .meta({ description: "Vurdert av Mattilsynet før sendingen ankom; statusTekst sier det" }),
          url: z.string(),
        }),
      ),
      paginering: Paginering,
      eksportland: fasett(z.array(Eksportland), "GET …/eksportland med samme importoer"),
      mottakskontrolloerFor: fasett(z.array(ImportoerKort), "GET …/mottakskontrolloerfor"),
    })
    .meta({ id: "ImportmeldingListe" }),
);

const KontrolloerValg = dekker<MottakskontrolloerValg[]>()(
  z.array(z.object({ importoerId: z.number().int(), navn: z.string(), organisasjonsnummer: z.string() })),
);

const fil = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string().meta({ format: "binary" }) } },
});

export const importmeldingStier: Stier = {
  [BASE]: {
    post: {
      tags: [TAG],
      summary: "Opprett en forhåndsmelding fra et sertifikat",
      requestParams: { path: importoerSti },
      requestBody: jsonKropp(opprettImportmeldingBodySkjema),
      responses: {
        "201": json("Opprettet", z.object({ id: z.number().int() })),
        ...feil(400, 403, 404, 409),
      },
    },
  },
  [`${BASE}/arkiv`]: {
    get: {
      tags: [TAG],
      summary: "Forhåndsmeldingene importøren eier eller kontrollerer, nyeste først",
      description: "Med fasetter=true også landene og mottakskontrolloerFor, med én tilgangskontroll.",
      requestParams: { path: importoerSti, query: ImportmeldingListeSoek },
      responses: { "200": json("En side av listen", ListeSkjema), ...feil(400, 403) },
    },
  },
  [`${BASE}/eksportland`]: {
    get: {
      tags: [TAG],
      summary: "Forhåndsmeldingenes eksportland med antall",
      requestParams: { path: importoerSti, query: z.object({ importoer: z.string().optional() }) },
      responses: { "200": json("Land med antall", z.array(Eksportland)), ...feil(400, 403) },
    },
  },
  [`${BASE}/{id}`]: {
    get: {
      tags: [TAG],
      summary: "Les en forhåndsmelding",
      requestParams: { path: medId },
      responses: { "200": json("Forhåndsmeldingen", ImportmeldingVisningSkjema), ...feil(400, 403, 404) },
    },
    delete: {
      tags: [TAG],
      summary: "Slett et utkast (UNDER_REGISTRERING)",
      requestParams: { path: medId },
      responses: { "204": ingenInnhold, ...feil(400, 403, 404, 409) },
    },
  },
  [`${BASE}/{id}/innmelder`]: {
    put: {
      tags: [TAG],
      summary: "Sett innmelder (og egen referanse)",
      requestParams: { path: medId },
      requestBody: jsonKropp(innmelderBodySkjema),
      responses: { "204": ingenInnhold, ...feil(400, 403, 404, 409) },
    },
  },
  [`${BASE}/{id}/egenreferanse`]: {
    put: {
      tags: [TAG],
      summary: "Sett egen referanse",
      requestParams: { path: medId },
      requestBody: jsonKropp(egenReferanseBodySkjema),
      responses: { "204": ingenInnhold, ...feil(400, 403, 404, 409) },
    },
  },
  [`${BASE}/{id}/kontrollspoersmaal/{spoersmaalId}`]: {
    put: {
      tags: [TAG],
      summary: "Svar på et kontrollspørsmål (dokumentkontroll eller mottakskontroll)",
      description: "Tillatte svar (`kontrollSvar`) står i spørsmålets `svarAlternativer`.",
      requestParams: {
        path: medId.extend({ spoersmaalId: z.string().regex(/^\d+$/) }),
      },
      requestBody: jsonKropp(kontrollsvarBodySkjema("DOKUMENT_REEKSPORT")),
      responses: { "204": ingenInnhold, ...feil(400, 403, 404, 409) },
    },
  },
  [`${BASE}/{id}/ankomstinfo/{ankomstInfoId}`]: {
    put: {
      tags: [TAG],
      summary: "Sett ankomst: tidspunkt, kontrolladresse og mottakskontrollør",
      description:
        "Den ansvarlige importøren sender hele ankomstinformasjonen. En utnevnt mottakskontrollør sender bare `mottakskontrolloer` med seg selv, navn og telefon.",
      requestParams: {
        path: medId.extend({ ankomstInfoId: z.string().regex(/^\d+$/) }),
      },
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: z.union([
              ankomstinfoBodySkjema({ kunDokumentkontroll: false }),
              mottakskontrolloerAnkomstBodySkjema,
            ]),
          },
        },
      },
      responses: { "204": ingenInnhold, ...feil(400, 403, 404, 409) },
    },
  },
  [`${BASE}/{id}/mottakskontrolloerer`]: {
    get: {
      tags: [TAG],
      summary: "Mottakskontrollørene som kan velges for forhåndsmeldingen",
      requestParams: { path: medId },
      responses: { "200": json("Valgbare mottakskontrollører", KontrolloerValg), ...feil(400, 403, 404) },
    },
  },
  [`${BASE}/{id}/mottakskontroll`]: {
    put: {
      tags: [TAG],
      summary: "Registrer faktiske mengder ved mottakskontrollen",
      requestParams: {
        path: medId,
        query: z.object({ versjon: z.string().regex(/^\d+$/).optional() }),
      },
      requestBody: jsonKropp(mottakskontrollBodySkjema),
      responses: { "204": ingenInnhold, ...feil(400, 403, 404, 409, 413) },
    },
  },
  [`${BASE}/{id}/status`]: {
    put: {
      tags: [TAG],
      summary: "Send inn (REGISTRERT), meld ankomst (ANKOMMET) eller trekk tilbake (TILBAKETRUKKET)",
      requestParams: { path: medId },
      requestBody: jsonKropp(statusBodySkjema),
      responses: { "200": json("Ny status", StatusSvarSkjema), ...feil(400, 403, 404, 409) },
    },
  },
  [`${BASE}/{id}/historikk`]: {
    get: {
      tags: [TAG],
      summary: "Forhåndsmeldingens historikk, nyeste først, en side om gangen",
      requestParams: {
        path: medId,
        query: z.object({
          foer: z.string().regex(/^\d+$/).optional().meta({ description: "Hendelses-id: eldre enn denne" }),
          antall: z.string().regex(/^\d+$/).optional().meta({ description: "1–100, standard 20" }),
        }),
      },
      responses: { "200": json("En side av historikken", HistorikkSkjema), ...feil(400, 403, 404) },
    },
  },
  [`${BASE}/{id}/kvittering`]: {
    get: {
      tags: [TAG],
      summary: "Kvittering for en innsendt forhåndsmelding (PDF)",
      requestParams: { path: medId },
      responses: { "200": fil("application/pdf", "Kvitteringen"), ...feil(400, 403, 404, 503) },
    },
  },
  [`${BASE}/{id}/dokumentasjon`]: {
    get: {
      tags: [TAG],
      summary: "Dokumentasjonspakken for en innsendt forhåndsmelding (ZIP)",
      requestParams: { path: medId },
      responses: {
        "200": fil("application/zip", "Alle dokumentene i én ZIP-fil"),
        ...feil(400, 403, 404, 503),
      },
    },
  },
};
