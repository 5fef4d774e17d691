// The certificate routes in the API's OpenAPI document (ADR 040), beside router.ts: a new route is
// documented here. The certificate page is described at its top level and in what a system acts on; the
// parts that are the ePhyto certificate as received are open objects.
import { z } from "zod";
import { SertifikatListeSoek } from "../../domain/schemas/listefilter";
import type { SertifikatListe, SertifikatVisning } from "../../domain/sertifikat-visning";
import { ALVORLIGHETSGRADER, IMPORTMELDING_STATUSER, MELDEPLIKTIG_VURDERINGER } from "../../domain/status";
import {
  aapentObjekt,
  dato,
  dekker,
  Eksportland,
  fasett,
  feil,
  importoerSti,
  json,
  Land,
  orgnr,
  Paginering,
  type Stier,
  tidspunkt,
} from "../openapi/felles";

const TAG = "Sertifikater";
const Status = z.enum(IMPORTMELDING_STATUSER);
const Type = z.enum(["Eksport", "Reeksport"]);
const tekstEllerNull = z.string().nullable();
const Meldeplikt = z.object({ kode: z.enum(MELDEPLIKTIG_VURDERINGER), visningstekst: z.string() });
const Alvorlighetsgrad = z.enum(ALVORLIGHETSGRADER);

const ListeSkjema = dekker<SertifikatListe>()(
  z
    .object({
      sertifikatListe: z.array(
        z.object({
          id: z.number().int(),
          nummer: z.string(),
          utstedtDato: dato,
          type: Type.nullable(),
          eksportLand: Land,
          avsender: tekstEllerNull,
          mottaker: tekstEllerNull,
          meldepliktigVurdering: Meldeplikt,
          alvorlighetsgrad: Alvorlighetsgrad,
          antallVarelinjer: z.number().int(),
          erstattet: z.boolean(),
          importMeldingId: z.number().int().nullable(),
          importMeldingStatus: Status.nullable(),
          mottatt: tidspunkt,
        }),
      ),
      paginering: Paginering,
      eksportland: fasett(z.array(Eksportland), "GET /import/v2/eksportland?orgnr&importoerId"),
    })
    .meta({ id: "SertifikatListe" }),
);

const Mengde = z.object({ verdi: z.number(), enhet: z.string().optional() });

const VisningSkjema = dekker<SertifikatVisning>()(
  z
    .object({
      id: z.number().int(),
      nummer: z.string(),
      type: Type.optional(),
      statusKode: z.string().optional(),
      statusTekst: z.string().optional(),
      utstedtDato: z.string().optional().meta({ description: "Utstedelsestidspunktet fra sertifikatet" }),
      utstedtDag: dato
        .optional()
        .meta({ description: "Utstedelsesdatoen slik den står (søkenøkkelen `dato`)" }),
      avsender: aapentObjekt("Avsender (navn, adresse, identifikatorer)").optional(),
      mottaker: aapentObjekt("Mottaker (navn, adresse, identifikatorer, organisasjonsnummer)").optional(),
      eksportLand: z.object({ kode: z.string().optional(), navn: z.string().optional() }).optional(),
      varelinjer: z
        .array(aapentObjekt("En varelinje som i ePhyto-sertifikatet"))
        .meta({ description: "Én side av varelinjene (?varelinjeside=, fra 0); se varelinjeOppsummering" }),
      vurdering: aapentObjekt("Risikovurderingen: bannere og funn per varelinje"),
      meldepliktigVurdering: Meldeplikt,
      alvorlighetsgrad: Alvorlighetsgrad,
      mottatt: tidspunkt,
      statusSistEndret: tidspunkt,
      vedlegg: z.array(
        z.object({
          id: z.string().meta({ description: "Filen hentes med GET /import/v1/vedlegg/{id}" }),
          filnavn: tekstEllerNull,
          mimetype: z.string(),
          filtype: z.string(),
          kanAapneVedlegg: z.boolean(),
          identifikator: tekstEllerNull,
          informasjon: tekstEllerNull,
          stoerrelse: z.number().int(),
        }),
      ),
      mengdeOppsummering: z.object({
        totaltAntall: z.array(Mengde),
        totalNettoVekt: z.array(Mengde),
        totalBruttoVekt: z.array(Mengde),
        totalNettoVolum: z.array(Mengde),
        totalBruttoVolum: z.array(Mengde),
      }),
      varelinjeOppsummering: aapentObjekt("Om alle varelinjene: antall, sider, sortering").optional(),
      erPapirloest: z.boolean(),
      forkortedeFelt: z.array(z.string()).meta({
        description:
          "Fritekstfelt lengre enn 2000 tegn, etter sti («avsender.navn»): teksten deres er kortet og merket i dette svaret og i dokumentene; hele teksten står i sertifikatets XML.",
      }),
      erForGammel: z.boolean().meta({ description: "Utstedt for mer enn 14 dager siden: kan ikke meldes" }),
      importMeldingId: z.number().int().nullable(),
      importMeldingStatus: Status.nullable(),
      kanEndreImportmelding: z.boolean(),
      kanOppretteImportmelding: z.boolean(),
      harLestRegelverk: z.boolean().meta({
        description: "Om importøren i adressen har bekreftet at den kjenner regelverket (SPEC §5)",
      }),
      kandidatImportoerer: z.array(
        z.object({
          id: z.number().int(),
          navn: z.string(),
          organisasjonsnummer: z.string(),
          paaSertifikatet: z.boolean(),
          harLestRegelverk: z.boolean(),
        }),
      ),
      annenForhaandsmelding: z
        .object({
          opprettetAv: z.object({ navn: z.string(), organisasjonsnummer: z.string() }),
          status: Status,
          vedNyMelding: z.enum(["SLETTET", "TILBAKETRUKKET"]).nullable(),
        })
        .nullable(),
    })
    .meta({
      id: "Sertifikat",
      // the rest of the certificate's fields are not listed: any other member is allowed
      override: { additionalProperties: true },
      description:
        "Sertifikatsiden. Feltene som ikke er beskrevet her, er sertifikatets innhold slik det kom fra ePhyto-huben.",
    }),
);

const noekler = z.object({
  sertifikatnummer: z.string().meta({ description: "Sertifikatnummeret" }),
  dato: dato.meta({ description: "Utstedelsesdatoen, ÅÅÅÅ-MM-DD" }),
  avsenderland: z.string().meta({ description: "Eksportlandets landkode" }),
});

export const sertifikatStier: Stier = {
  "/import/v2/eksportland": {
    get: {
      tags: [TAG],
      summary: "Land det finnes sertifikater fra, med antall",
      description:
        "Med ?orgnr&importoerId for den importøren; uten for alle importørene personen kan handle for.",
      requestParams: { query: z.object({ orgnr: orgnr.optional(), importoerId: z.string().optional() }) },
      responses: { "200": json("Land med antall", z.array(Eksportland)), ...feil(400, 403) },
    },
  },
  "/import/v2/{orgnr}/{importoerId}/sertifikater": {
    get: {
      tags: [TAG],
      summary: "Sertifikatene importøren ser, nyeste først, med filtre",
      description:
        "Med fasetter=true har svaret også eksportland: landene med antall for importøren, som GET /import/v2/eksportland?orgnr&importoerId, i samme kall.",
      requestParams: { path: importoerSti, query: SertifikatListeSoek },
      responses: { "200": json("En side av listen", ListeSkjema), ...feil(400, 403) },
    },
  },
  "/import/v2/{orgnr}/{importoerId}/sertifikat": {
    get: {
      tags: [TAG],
      summary: "Søk opp og les et sertifikat på nummer, dato og land",
      description:
        "Et sertifikat adressert til importøren blir synlig for den når den søker det opp. Søk uten treff telles (429 når grensen er nådd).",
      requestParams: {
        path: importoerSti,
        query: noekler.extend({
          varelinjeside: z
            .string()
            .regex(/^\d+$/)
            .optional()
            .meta({ description: "Side av varelinjene, fra 0" }),
          sortering: z
            .enum(["ASC", "DESC"])
            .optional()
            .meta({ description: "Varelinjene etter botanisk navn" }),
        }),
      },
      responses: { "200": json("Sertifikatet", VisningSkjema), ...feil(400, 403, 404) },
    },
  },
  "/import/v2/{orgnr}/{importoerId}/sertifikat/{format}": {
    get: {
      tags: [TAG],
      summary: "Sertifikatet som PDF, eller varelinjene som Excel (.xlsx)",
      requestParams: {
        path: importoerSti.extend({ format: z.enum(["pdf", "excel"]) }),
        query: noekler,
      },
      responses: {
        "200": {
          description: "Filen",
          content: {
            "application/pdf": { schema: z.string().meta({ format: "binary" }) },
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
              schema: z.string().meta({ format: "binary" }),
            },
          },
        },
        ...feil(400, 403, 404, 503),
      },
    },
  },
  "/import/v1/vedlegg/{id}": {
    get: {
      tags: [TAG],
      summary: "Et vedlegg til et sertifikat, som base64-tekst",
      description: "Filnavnet står i X-Filnavn (URL-kodet), filtypen i X-Mimetype.",
      requestParams: { path: z.object({ id: z.uuid().meta({ description: "Vedleggets id" }) }) },
      responses: {
        "200": { description: "Filen, base64-kodet", content: { "text/plain": { schema: z.string() } } },
        ...feil(400, 404),
      },
    },
  },
};
