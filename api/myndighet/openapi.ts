// The authority's case-system API in the OpenAPI document (ADR 040, ADR 045, ADR 046), beside router.ts: its own
// tag and its own security (a Maskinporten token of Mattilsynet's organisation with the authority's scopes; no
// person's token). Query and bodies are the schemas the routes validate with; answers are checked (`dekker`)
// against the types the handlers return.
import { z } from "zod";
import { MYNDIGHET_HENDELSESTYPER, type MyndighetHendelseData } from "../../domain/hendelser";
import { SVAR_KODER } from "../../domain/kontrollspoersmaal";
import { regelsettSkjema } from "../../domain/risiko/regelsett";
import { RISIKO_KODER } from "../../domain/risiko/vurder";
import { vurderingBodySkjema } from "../../domain/schemas/importmelding";
import { ALVORLIGHETSGRADER, MELDEPLIKTIG_VURDERINGER } from "../../domain/status";
import { MYNDIGHET_SCOPES, type MyndighetScope } from "../auth";
import { feedSoek } from "../hendelser/kontrakt";
import {
  AutomatiskVurderingSkjema,
  HistorikkHendelse,
  Part,
  Status,
  Varelinje,
} from "../importmelding/openapi";
import { dato, dekker, feil, json, jsonKropp, type Stier, tidspunkt } from "../openapi/felles";
import type { RegelsettVisning } from "../regelsett/lager";
import { listeSoek, type MyndighetListe } from "./liste";
import { BASE, godkjenningBody, regelsettListeSoek } from "./router";
import type { MyndighetImportmelding } from "./visning";

export const MYNDIGHET_TAG = "Mattilsynets saksbehandling";

const tekstEllerNull = z.string().nullable();
const Virksomhet = z.strictObject({ organisasjonsnummer: z.string(), navn: z.string() });
const Alvorlighetsgrad = z.enum(ALVORLIGHETSGRADER);

const nummerSti = z.object({
  nummer: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,49}$/)
    .meta({ description: "Forhåndsmeldingens nummer, slik importøren ser det", example: "IM-2026-1001" }),
});
const versjonSti = z.object({
  versjon: z.string().regex(/^\d+$/).meta({ description: "Regelsettets versjon", example: "2" }),
});

const ListeSkjema = dekker<MyndighetListe>()(
  z
    .strictObject({
      importmeldinger: z.array(
        z.strictObject({
          nummer: z.string(),
          status: Status,
          statusTekst: z.string(),
          statusEndret: tidspunkt,
          opprettet: tidspunkt,
          kunDokumentkontroll: z.boolean(),
          forventetAnkomst: tidspunkt.nullable(),
          automatiskVurdering: AutomatiskVurderingSkjema.nullable(),
          sertifikat: z.strictObject({ nummer: z.string(), eksportland: z.string() }),
          ansvarligImportoer: Virksomhet,
        }),
      ),
      neste: z
        .string()
        .nullable()
        .meta({ description: "Markøren til neste side (`etter=`); null på siste side" }),
    })
    .meta({ id: "MyndighetImportmeldingListe" }),
);

const Kontrollsvar = z.strictObject({
  kode: z.string().meta({ description: "Spørsmålets kode, f.eks. DOKUMENT_TILSIKTET_BRUK" }),
  spoersmaal: z.string(),
  referanse: tekstEllerNull,
  svar: z.enum(SVAR_KODER).nullable(),
  svarTekst: tekstEllerNull,
  kommentar: tekstEllerNull,
  avvik: z.boolean(),
});

const RisikoFunn = z.object({
  kode: z.enum(RISIKO_KODER),
  alvorlighetsgrad: Alvorlighetsgrad,
  regelId: z.string().optional().meta({ description: "Regelen i regelsettet som slo til" }),
  lovdataList: z.array(z.object({ nummer: z.string() })),
  tekst: z.string(),
  lenke: z.string().optional(),
});

const Risikovurdering = z.object({
  type: z.enum(["INGEN_VARELINJER", "RAMORUM", "PLANTEHELSE", "UIDENTIFISERT"]),
  alvorlighetsgrad: Alvorlighetsgrad,
  tittel: z.string(),
  beskrivelse: z.array(z.object({ tekst: z.string(), lenke: z.string().optional() })),
  varelinjer: z.array(z.union([z.string(), z.number()])),
});

const ImportmeldingSkjema = dekker<MyndighetImportmelding>()(
  z
    .strictObject({
      nummer: z.string(),
      status: Status,
      statusTekst: z.string(),
      statusEndret: tidspunkt,
      opprettet: tidspunkt,
      innsendt: tidspunkt.nullable().meta({ description: "Da den ble sendt inn (første REGISTRERT)" }),
      kunDokumentkontroll: z.boolean(),
      ansvarligImportoer: Virksomhet,
      ansvarligDokumentkontroll: Virksomhet.nullable(),
      innmelder: z
        .strictObject({ navn: z.string(), epost: z.string(), telefonnummer: tekstEllerNull })
        .nullable(),
      automatiskVurdering: z
        .strictObject({
          resultat: AutomatiskVurderingSkjema,
          regelsettVersjon: z.number().int().nullable(),
        })
        .nullable()
        .meta({
          description:
            "Tjenestens egen vurdering ved innsending eller ankomst: `FRIGITT` (automatisk frigitt), `VENTER` (risikoreglene sier at Mattilsynet vurderer) eller `UTEN_REGELSETT` (ingen godkjente risikoregler: Mattilsynet vurderer), og versjonen av risikoreglene den ble gjort etter",
        }),
      vurdering: z
        .strictObject({
          status: z.enum(["FRIGITT", "AVVIST", "DELVIS_AVVIST"]),
          begrunnelse: tekstEllerNull,
          vedtaksbrevReferanse: tekstEllerNull,
          tidspunkt,
        })
        .nullable()
        .meta({ description: "Mattilsynets vurdering; null til den er gjort" }),
      sertifikat: z.strictObject({
        nummer: z.string(),
        eksportland: z.string().meta({ description: "Eksportlandets landkode (ISO 3166-1 alfa-2)" }),
        utstedtDato: dato,
        type: z.string(),
        statusKode: tekstEllerNull,
        avsender: Part,
        mottaker: Part,
        tilleggserklaering: z.object({
          tilleggserklaeringer: z.array(z.string()),
          offisiellTilleggsinformasjon: z.array(z.string()),
          importtillatelse: tekstEllerNull,
          datoForInspeksjon: tekstEllerNull,
        }),
        vedlegg: z.array(
          z.strictObject({
            filnavn: tekstEllerNull,
            mimetype: z.string(),
            identifikator: tekstEllerNull,
            informasjon: tekstEllerNull,
          }),
        ),
        risiko: z.strictObject({
          alvorlighetsgrad: Alvorlighetsgrad,
          meldepliktigVurdering: z.enum(MELDEPLIKTIG_VURDERINGER),
          regelsettVersjon: z
            .number()
            .int()
            .nullable()
            .meta({ description: "Risikoreglene vurderingen ble gjort etter; null: ingen var godkjent" }),
          risikoVurdering: z.array(Risikovurdering),
        }),
        varelinjer: z.array(
          Varelinje.extend({
            risiko: z
              .strictObject({
                alvorlighetsgrad: Alvorlighetsgrad,
                eppoKode: tekstEllerNull,
                funn: z.array(RisikoFunn),
              })
              .nullable(),
          }),
        ),
      }),
      dokumentkontroll: z.array(Kontrollsvar),
      ankomst: z
        .strictObject({
          forventetAnkomst: tidspunkt.nullable(),
          kontrollsted: z.strictObject({
            linje1: tekstEllerNull,
            linje2: tekstEllerNull,
            postnummer: tekstEllerNull,
            poststed: tekstEllerNull,
          }),
          mottakskontrolloer: z
            .strictObject({
              organisasjonsnummer: tekstEllerNull,
              virksomhet: tekstEllerNull,
              navn: tekstEllerNull,
              telefonnummer: tekstEllerNull,
            })
            .nullable(),
        })
        .nullable(),
      mottakskontroll: z.strictObject({
        ankommet: tidspunkt.nullable().meta({ description: "Da sendingen ble registrert som ankommet" }),
        svar: z.array(Kontrollsvar),
      }),
      historikk: z.array(HistorikkHendelse).meta({ description: "Hele historikken, eldste først" }),
    })
    .meta({ id: "MyndighetImportmelding" }),
);

const HendelseData = dekker<MyndighetHendelseData>()(
  z
    .strictObject({
      importmelding: z.strictObject({ nummer: z.string(), fraStatus: Status.nullable(), status: Status }),
      sertifikat: z.strictObject({ nummer: z.string(), eksportland: z.string() }),
      ansvarligImportoer: Virksomhet,
      forventetAnkomst: tidspunkt.nullable(),
    })
    .meta({ id: "MyndighetHendelseData" }),
);

const HendelseSide = z
  .strictObject({
    hendelser: z.array(
      z.strictObject({
        id: z.string().meta({ description: "Hendelsens id (UUID), for å kjenne igjen en hendelse" }),
        nummer: z.number().int().meta({ description: "1, 2, 3 … uten hull: markøren" }),
        type: z.enum(MYNDIGHET_HENDELSESTYPER),
        timestamp: tidspunkt,
        data: HendelseData,
      }),
    ),
    neste: z.string().meta({ description: "Markøren til neste kall (`etter=`)" }),
    flere: z.boolean().meta({ description: "Flere hendelser venter: spør igjen med `neste` med en gang" }),
  })
  .meta({ id: "MyndighetHendelseSide" });

const Regelsett = dekker<RegelsettVisning>()(
  z
    .strictObject({
      versjon: z.number().int(),
      beskrivelse: z.string(),
      status: z.enum(["UTKAST", "GODKJENT"]),
      innholdSha256: z.string(),
      antallRegler: z.number().int(),
      lastetOpp: tidspunkt,
      lastetOppAv: z.string(),
      godkjent: tidspunkt.nullable(),
      godkjentAv: tekstEllerNull,
      utviklingssett: z.boolean().meta({
        description:
          "Utviklingssettet (tabellene i koden, for utvikling og test); gjelder aldri i produksjon",
      }),
    })
    .meta({ id: "Regelsett" }),
);
const RegelsettMedInnhold = Regelsett.extend({ innhold: regelsettSkjema }).meta({
  id: "RegelsettMedInnhold",
});
const RegelsettListe = z
  .strictObject({
    regelsett: z.array(Regelsett).meta({ description: "Nyeste først, høyst 50" }),
    eldre: z.number().int().nullable().meta({ description: "`foer=` for neste side; null på siste" }),
  })
  .meta({ id: "RegelsettListe" });

/** Each operation's access: the authority's token with (one of) the scope(s). */
const sikkerhet = (...scopes: MyndighetScope[]) => ({
  security: scopes.map((s) => ({ maskinporten: [MYNDIGHET_SCOPES[s]] })),
  tags: [MYNDIGHET_TAG],
});

export const myndighetStier: Stier = {
  [`${BASE}/importmeldinger`]: {
    get: {
      ...sikkerhet("read"),
      summary: "Innsendte forhåndsmeldinger etter status og tid",
      description:
        "Sortert etter siste statusendring (`eldste` først, eller `nyeste`), med markør: ta `neste` med som `etter` for neste side til den er null. Utkast og slettede utkast er ikke med.",
      requestParams: { query: listeSoek },
      responses: { "200": json("En side av listen", ListeSkjema), ...feil(400, 403) },
    },
  },
  [`${BASE}/importmeldinger/{nummer}`]: {
    get: {
      ...sikkerhet("read"),
      summary: "Les en forhåndsmelding etter nummer",
      description:
        "Med sertifikatet (parter, varelinjer med oppgitt og faktisk mengde, vedlegg, risikovurderingen og regelsettet den ble gjort etter), svarene i dokumentkontrollen, ankomsten, mottakskontrollen, den automatiske vurderingen, Mattilsynets vurdering og hele historikken.",
      requestParams: { path: nummerSti },
      responses: { "200": json("Forhåndsmeldingen", ImportmeldingSkjema), ...feil(400, 403, 404) },
    },
  },
  [`${BASE}/importmeldinger/{nummer}/sertifikat.xml`]: {
    get: {
      ...sikkerhet("read"),
      summary: "ePhyto-sertifikatet nøyaktig slik huben leverte det",
      requestParams: { path: nummerSti },
      responses: {
        "200": {
          description: "Sertifikatet som XML",
          content: { "application/xml": { schema: z.string() } },
        },
        ...feil(400, 403, 404),
      },
    },
  },
  [`${BASE}/importmeldinger/{nummer}/vurdering`]: {
    post: {
      ...sikkerhet("vurdering"),
      summary: "Mattilsynets vurdering: frigitt, avvist eller delvis avvist",
      description:
        "En avvisning (`AVVIST`, `DELVIS_AVVIST`) må ha `begrunnelse` (importøren ser den) og `vedtaksbrevReferanse` (vedtaksbrevet kommer separat). Importøren får utfallet på siden og på e-post. Samme vurdering sendt igjen (et nytt forsøk, eller to samtidig) gir samme svar og endrer ingenting; en annen vurdering av en vurdert forhåndsmelding gir 409, det samme gjør en som er trukket tilbake eller frigitt automatisk.",
      requestParams: { path: nummerSti },
      requestBody: jsonKropp(vurderingBodySkjema),
      responses: {
        "200": json("Forhåndsmeldingen etter vurderingen", ImportmeldingSkjema),
        ...feil(400, 403, 404, 409),
      },
    },
  },
  [`${BASE}/hendelser`]: {
    get: {
      ...sikkerhet("read"),
      summary:
        "Hendelsesstrømmen: innsendinger, endret ankomst, ankomster med mottakskontroll, tilbaketrekkinger og vurderinger",
      description:
        "Samme markør som importørenes strøm: numrene er 1, 2, 3 … uten hull i den rekkefølgen hendelsene ble lagret. Ta vare på `neste` og send den som `etter`; er `flere` true, spør igjen med en gang. Ingen hendelse hoppes over eller kommer to ganger. Typene: `importmelding.sendt_inn`, `importmelding.ankomst_endret`, `importmelding.ankommet` (mottakskontrollen er rapportert), `importmelding.trukket_tilbake` og `importmelding.vurdert` (også automatisk frigitt). Les forhåndsmeldingen etter nummer for detaljene.",
      requestParams: { query: feedSoek },
      responses: { "200": json("En side av strømmen", HendelseSide), ...feil(400, 403) },
    },
  },
  [`${BASE}/regelsett`]: {
    get: {
      ...sikkerhet("read", "regelsett"),
      summary: "Versjonene av risikoreglene, nyeste først",
      requestParams: { query: regelsettListeSoek },
      responses: { "200": json("Versjonene", RegelsettListe), ...feil(400, 403) },
    },
    post: {
      ...sikkerhet("regelsett"),
      summary: "Last opp en ny versjon av risikoreglene (et utkast)",
      description:
        "Hele regelsettet i ett dokument: reglene (hver med `kilde`), EPPO-tabellen og landgruppene, hver med kilde. Det kontrolleres før det lagres: ved feil svares 400 med hver feil og hvor den er (`feil`), og ingenting lagres. Lagres som neste versjon, et utkast som ikke brukes før det er godkjent. Samme innhold som den nyeste versjonen igjen lagrer ingenting og svarer 200 med den.",
      requestBody: jsonKropp(regelsettSkjema),
      responses: {
        "201": json("Lagret som et nytt utkast", Regelsett),
        "200": json("Samme innhold som den nyeste versjonen: ingenting nytt", Regelsett),
        ...feil(400, 403, 413),
      },
    },
  },
  [`${BASE}/regelsett/gjeldende`]: {
    get: {
      ...sikkerhet("read", "regelsett"),
      summary: "Risikoreglene som gjelder: den godkjente versjonen med høyest nummer, med innhold",
      responses: {
        "200": json("Det gjeldende regelsettet", RegelsettMedInnhold),
        ...feil(403, 404),
      },
    },
  },
  [`${BASE}/regelsett/{versjon}`]: {
    get: {
      ...sikkerhet("read", "regelsett"),
      summary: "Én versjon av risikoreglene, med innhold",
      requestParams: { path: versjonSti },
      responses: { "200": json("Versjonen", RegelsettMedInnhold), ...feil(400, 403, 404) },
    },
  },
  [`${BASE}/regelsett/{versjon}/godkjenning`]: {
    post: {
      ...sikkerhet("regelsett"),
      summary: "Godkjenn en versjon: fra da av gjelder den",
      description:
        "Oppgi hvem hos Mattilsynet som godkjenner (`godkjentAv`). Versjonen gjelder da for nye sertifikater og for den automatiske frigivelsen, i alle prosesser innen et sekund. Å godkjenne en godkjent versjon igjen endrer ingenting; en versjon eldre enn den gjeldende gir 409 (last den opp på nytt for å ta den i bruk igjen).",
      requestParams: { path: versjonSti },
      requestBody: jsonKropp(godkjenningBody),
      responses: { "200": json("Den godkjente versjonen", Regelsett), ...feil(400, 403, 404, 409) },
    },
  },
};
