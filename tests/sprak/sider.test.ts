// The converted pages in nynorsk and English (issue 33 "How it is shown"): each page state below is rendered,
// through the real loaders and components, in bokmål, nynorsk and English, and no visible text (text nodes and
// aria-label, title, alt, placeholder) of the nynorsk or English page may be identical to the bokmål page's,
// apart from data and names (DATA and a state's own), text marked with a `lang` of its own (a language's name,
// a bokmål document title), and what the catalogues mark as the same (@samme). A forgotten text, or one left in
// bokmål, fails here. The conversions add their pages' states to SIDER (docs/sprak.md).

import { type AppLoadContext, createCookie } from "@remix-run/node";
import { createElement, type ReactElement } from "react";
import { Outlet, type RouteObject } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Skall } from "../../app/components/skall";
import { SprakProvider } from "../../app/components/sprak";
import type { Importoer } from "../../app/lib/bruker.server";
import { FLAGG_COOKIE, settCookie } from "../../app/lib/preferanser.server";
import { settSprakCookie } from "../../app/lib/tekster.server";
import type { Avgiver } from "../../domain/avgiver";
import { formaterDato } from "../../domain/format";
import type { HendelseVisning } from "../../domain/historikk";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { ImportmeldingListe } from "../../domain/importmelding-liste";
import { landNavn } from "../../domain/kodeverk";
import type { Forside, OversiktImportmelding } from "../../domain/oversikt";
import type { SystemtilgangDto } from "../../domain/schemas/systemtilgang";
import { REGELVERK_AVKRYSSING_TEKST, REGELVERK_MELDING } from "../../domain/schemas/tekster";
import type { Eksportland, SertifikatListe, SertifikatVisning } from "../../domain/sertifikat-visning";
import { SOKELAND } from "../../domain/sertifikatsok";
import { KATALOGER, SAMME_SOM_BOKMAAL } from "../../sprak/katalog.server";
import { melding } from "../../sprak/melding";
import { NAVNEROM } from "../../sprak/navnerom";
import { erSprak, type Sprak } from "../../sprak/sprak";
import { testSertifikatVisning } from "../app/sertifikat";
import {
  type ApiKall,
  type ApiSvar,
  hentSide,
  MELDING_BASE,
  startFalskApi,
  TEST_AVGIVER,
  testKontekst,
  testMelding,
} from "../app/side";
import { Feilside, feilLoader, Skjemadeler, skjemaLoader } from "./sider-testruter";

/** Names and addresses shown as they are in every language. */
const DATA = [
  "Digital forhåndsmelding",
  "planteimport@mattilsynet.no",
  "Mattilsynet",
  "mattilsynet.no",
  "Kari Nordmann",
  "Hageland Import AS avd. Drammen",
];

interface Tilstand {
  /** The path with its query string. */
  sti: string;
  /** Logged in with a chosen organisation (testKontekst), or an anonymous visitor. */
  innlogget?: boolean;
  /** More cookies (the open menu: "meny=…"). */
  cookie?: string;
  /** The page's own data shown as it is. */
  data?: string[];
  /** A form posted to the page (its action's answer shown): the fields, the CSRF token is added. */
  skjema?: Record<string, string>;
}

interface Side {
  navn: string;
  /** The route under the root, as app/routes has it. */
  rute: RouteObject;
  tilstander: Tilstand[];
}

const modul = async (navn: string) => import(`../../app/routes/${navn}.tsx`);
const rute = async (path: string, navn: string): Promise<RouteObject> => {
  const m = await modul(navn);
  return {
    id: `routes/${navn}`,
    path,
    loader: m.loader,
    action: m.action,
    handle: m.handle,
    element: createElement(m.default),
  };
};

/** The certificate list the fake API answers (tests/e2e/sertifikater.spec.ts sees lists like it). */
const SERTIFIKATLISTE: SertifikatListe = {
  sertifikatListe: [
    {
      id: 1,
      nummer: "NL-2026-000123",
      utstedtDato: "2026-11-20",
      type: "Eksport",
      eksportLand: { kode: "NL", navn: "Nederland" },
      avsender: "Bloemen Export B.V.",
      mottaker: "Hageland Import AS",
      meldepliktigVurdering: { kode: "MELDEPLIKTIG", visningstekst: "Meldepliktig" },
      alvorlighetsgrad: "VARSEL",
      antallVarelinjer: 3,
      erstattet: true,
      importMeldingId: 42,
      importMeldingStatus: "REGISTRERT",
      mottatt: "2026-11-20T10:00:00Z",
    },
    {
      id: 2,
      nummer: "AT-2026-000456",
      utstedtDato: "2026-11-21",
      type: "Reeksport",
      eksportLand: { kode: "AT", navn: "Østerrike" },
      avsender: null,
      mottaker: null,
      meldepliktigVurdering: { kode: "IKKE_VURDERT", visningstekst: "Mulig meldepliktig" },
      alvorlighetsgrad: "UFULLSTENDIG",
      antallVarelinjer: 1,
      erstattet: false,
      importMeldingId: null,
      importMeldingStatus: null,
      mottatt: "2026-11-21T10:00:00Z",
    },
  ],
  paginering: {
    sidenummer: 0,
    antallSider: 1,
    antallElementer: 2,
    antallElementerPerSide: 15,
    flereEnnMaks: false,
  },
};
const EKSPORTLAND: Eksportland[] = [
  { kode: "NL", navn: "Nederland", antall: 1, flereEnnMaks: false },
  { kode: "AT", navn: "Østerrike", antall: 1, flereEnnMaks: false },
];

/** The fake import API: the certificate list and its countries; everything else 404 («Fant ikke»). */
function apiSvar(k: ApiKall): ApiSvar | undefined {
  if (k.sti.endsWith("/sertifikater")) return { status: 200, json: SERTIFIKATLISTE };
  if (k.sti === "/import/v2/eksportland") return { status: 200, json: EKSPORTLAND };
  // the notification list: its rows, its countries, no importer it controls for
  if (k.sti === `${MELDING_BASE}/arkiv`) return { status: 200, json: IMPORTMELDINGLISTE };
  if (k.sti === `${MELDING_BASE}/eksportland`)
    return { status: 200, json: [{ ...LAND_SOM_SKILLER, antall: 2, flereEnnMaks: false }] };
  if (k.sti.endsWith("/mottakskontrolloerfor")) return { status: 200, json: [] };
  return undefined;
}

/**
 * The API's country (its bokmål name) on the lists and home: one whose nynorsk and English names differ from
 * bokmål's (Austerrike, Austria), so a page that shows the API's name fails here.
 */
const LAND_SOM_SKILLER = { kode: "AT", navn: "Østerrike" };
/**
 * Bokmål country names that no page in nynorsk or English may show, not even inside a sentence (a list row's line
 * is one message, so the comparison of whole texts would not see it): LAND_SOM_SKILLER's and the certificate's
 * Norway (medLandkoder).
 */
const BOKMAAL_LANDNAVN = ["Østerrike", "Norge"];

/** One notification of home's lists (its status name comes from the API: data). */
const hjemMelding = (id: number, ekstra: Partial<OversiktImportmelding> = {}): OversiktImportmelding => ({
  id,
  nummer: `IM-2026-00${id}`,
  egenReferanse: "Tulipaner uke 12",
  avsender: "Bloemen BV",
  eksportLand: LAND_SOM_SKILLER,
  kunDokumentkontroll: false,
  status: "REGISTRERT",
  statusTekst: "Frigitt",
  statusFarge: "success",
  statusEndret: "2026-03-20T10:00:00.000Z",
  kategori: "REGISTRERT",
  vurdertFoerAnkomst: false,
  url: `/importmelding/${id}`,
  forventetAnkomst: null,
  ...ekstra,
});

/** The notification list (GET …/arkiv, tests/e2e/importmeldinger.spec.ts sees lists like it): home's rows. */
const IMPORTMELDINGLISTE: ImportmeldingListe = {
  importmeldingListevisningElementer: [
    hjemMelding(3),
    hjemMelding(5, { status: "FRIGITT", statusTekst: "Frigitt", kategori: "VURDERT" }),
  ].map(({ forventetAnkomst: _, ...m }) => m),
  paginering: {
    sidenummer: 0,
    antallSider: 1,
    antallElementer: 2,
    antallElementerPerSide: 15,
    flereEnnMaks: false,
  },
};

/** Home (GET …/forside): every section with something in it, and the onboarding's first step (or none). */
const forside = (oppstart: boolean): Forside => ({
  oversikt: {
    paabegynteImportMeldinger: [hjemMelding(1, { avsender: null })],
    nyeSertifikater: [
      {
        id: 7,
        nummer: "AT-2026-77",
        utstedtDato: "2026-03-18",
        eksportLand: LAND_SOM_SKILLER,
        avsender: "Bloemen BV",
        meldepliktigVurdering: { kode: "IKKE_VURDERT", visningstekst: "Mulig meldepliktig" },
        alvorlighetsgrad: "ALT_OK",
      },
    ],
    forventetAnkomstImportMeldinger: [
      hjemMelding(2, {
        forventetAnkomst: { dato: "2026-03-25", klokkeslett: "06:00", forventetAnkomstHarPassert: true },
      }),
      hjemMelding(3),
    ],
    tilVurderingImportMeldinger: [hjemMelding(4)],
    // the API's status name is bokmål (for its readers): the page names the code
    vurderteImportMeldinger: [
      hjemMelding(5, { status: "TILBAKETRUKKET", statusTekst: "Tilbaketrukket", kategori: "VURDERT" }),
    ],
    flere: {
      paabegynteImportMeldinger: true,
      nyeSertifikater: false,
      forventetAnkomstImportMeldinger: true,
      tilVurderingImportMeldinger: true,
      vurderteImportMeldinger: false,
    },
  },
  eksportland: [{ ...LAND_SOM_SKILLER, antall: 3, flereEnnMaks: false }],
  oppstart: { harLestRegelverk: !oppstart, harEpostadresse: true },
  epostSendingFeiler: true,
});
/**
 * The API's data on home, shown as it is in every language, and the search's countries whose name is the same in
 * nynorsk or English as in bokmål (Intl.DisplayNames). The status names and the assessment are the page's.
 */
const HJEMDATA = [
  "Bloemen BV",
  "Tulipaner uke 12",
  "· Tulipaner uke 12",
  "AT-2026-77",
  ...[1, 2, 3, 4, 5].map((id) => `IM-2026-00${id}`),
  ...SOKELAND.filter((l) =>
    ["nn-NO", "en-GB"].some(
      (lokale) => new Intl.DisplayNames([lokale], { type: "region" }).of(l.kode) === landNavn(l.kode),
    ),
  ).map((l) => landNavn(l.kode)),
];

/** The test notification (tests/app/side.ts), from Austria: the pages name its countries in the reader's language. */
function meldingFraAT(endringer: Partial<ImportmeldingVisning> = {}): ImportmeldingVisning {
  const m = testMelding(endringer);
  return {
    ...m,
    eksportLand: LAND_SOM_SKILLER,
    alleOpprinnelsesland: [LAND_SOM_SKILLER],
    varelinjer: m.varelinjer.map((l) => ({
      ...l,
      opprinnelsesland: [{ ...LAND_SOM_SKILLER, landsdel: null }],
    })),
  };
}

/** A notification in the wizard, as the fake import API gives it (the notification pages). */
const UTKAST = meldingFraAT({ status: "UNDER_REGISTRERING", kategori: "PAABEGYNT", statusTekst: "Påbegynt" });
/** The notification's own data, shown as it is in every language. */
const MELDINGSDATA = ["Zaadhandel Westland B.V.", "PHYTO.NL.2026.0001234", "Rose", "Rosa canina"];

/** Settings (GET …/register/v1/{orgnr} and the lists of its sides), as the e2e tests see them. */
const REGISTER = `/import/register/v1/${TEST_AVGIVER.organisasjonsnummer}`;
const IMPORTOER: Importoer = {
  id: TEST_AVGIVER.importoerId,
  organisasjonsnummer: TEST_AVGIVER.organisasjonsnummer,
  navn: TEST_AVGIVER.navn,
  harLestRegelverk: false,
  erMottakskontrolloer: true,
  skalHaEpost: true,
  varsleVurderinger: false,
  epostSprak: "nn",
  epostadresser: [{ id: 1, epostadresse: "varsel@hageland.no" }],
  mottakskontrolloerer: [{ id: 21, navn: "Grønt Mottak AS", organisasjonsnummer: "912346021" }],
  mottakskontrolloerFor: [{ id: 22, navn: "Blomsterhuset AS", organisasjonsnummer: "912346039" }],
};
const KONTROLLOERER = [
  ...IMPORTOER.mottakskontrolloerer,
  { id: 23, navn: "Fjordkontroll AS", organisasjonsnummer: "912346047" },
];
const SYSTEMER: SystemtilgangDto[] = [
  {
    id: 5,
    klientId: "lager-klient-1",
    klientNavn: "Lagersystemet",
    scopes: ["read"],
    lagtTilAv: "Kari Nordmann",
    lagtTil: "2026-11-20T10:00:00.000Z",
  },
];
const WEBHOOK_URL = "https://system.firma.no/webhook";
const WEBHOOKER = {
  webhooker: [
    {
      id: 7,
      url: WEBHOOK_URL,
      typer: ["sertifikat.mottatt", "importmelding.vurdert"],
      aktiv: false,
      feilPaaRad: 5,
      pauset: "2026-11-21T10:00:00.000Z",
      opprettet: "2026-11-20T10:00:00.000Z",
    },
    {
      id: 8,
      url: `${WEBHOOK_URL}/2`,
      typer: ["importmelding.status_endret"],
      aktiv: true,
      feilPaaRad: 0,
      pauset: null,
      opprettet: "2026-11-20T10:00:00.000Z",
    },
  ],
  logg: [
    {
      tidspunkt: "2026-11-21T10:00:00.000Z",
      webhookId: 7,
      url: WEBHOOK_URL,
      hendelseType: "sertifikat.mottatt",
      hendelseNummer: 3,
      forsoek: 5,
      ok: false,
      httpStatus: 500,
      feil: null,
      feilSprak: null,
    },
    // an attempt logged before the languages: its stored bokmål text, marked lang="nb" on the page
    {
      tidspunkt: "2026-11-20T12:00:00.000Z",
      webhookId: 7,
      url: WEBHOOK_URL,
      hendelseType: "sertifikat.mottatt",
      hendelseNummer: 3,
      forsoek: 4,
      ok: false,
      httpStatus: 502,
      feil: "Mottakeren svarte 502",
      feilSprak: "nb",
    },
    {
      tidspunkt: "2026-11-20T10:00:00.000Z",
      webhookId: 8,
      url: `${WEBHOOK_URL}/2`,
      hendelseType: "importmelding.status_endret",
      hendelseNummer: 2,
      forsoek: 1,
      ok: true,
      httpStatus: 200,
      feil: null,
      feilSprak: null,
    },
  ],
};
/** The data the settings pages show as it is. */
const INNSTILLINGERDATA = [
  "Grønt Mottak AS",
  "Blomsterhuset AS",
  "Fjordkontroll AS",
  "varsel@hageland.no",
  "lager-klient-1",
  "Lagersystemet",
  WEBHOOK_URL,
  `${WEBHOOK_URL}/2`,
  `/import/v2/${TEST_AVGIVER.organisasjonsnummer}/${TEST_AVGIVER.importoerId}/hendelser`,
];

const REGISTRERE = "Registrere%20mottakskontroll%C3%B8r";
const LEGG_TIL = "Legg%20til%20mottakskontroll%C3%B8r";
/** A state of the settings page, logged in; `skjema` posts to its action. */
const innstilling = (sti: string, skjema?: Record<string, string>): Tilstand => ({
  sti,
  skjema,
  innlogget: true,
  data: INNSTILLINGERDATA,
});

/** Home's refused onboarding step as app/routes/_index.tsx carries it over its redirect (oppstartFeilCookie). */
const oppstartFeil = async (regelverk: Record<string, unknown>) =>
  (
    await createCookie("oppstart-feil").serialize({ steg: "regelverk", feil: "", epost: "", regelverk })
  ).split(";")[0];

/** The certificate of tests/app/sertifikat.ts: its page, or its create form posted with `skjema`. */
const SERTIFIKAT = { sertifikatnummer: "BO-5845145424", dato: "2022-01-21", avsenderland: "BO" };
const sertifikatTilstand = (skjema?: Record<string, string>): Tilstand => ({
  sti: `/sertifikat?${new URLSearchParams(SERTIFIKAT)}`,
  skjema: skjema && { intent: "opprett", regelverk: "ja", ...SERTIFIKAT, ...skjema },
  innlogget: true,
  data: SERTIFIKATDATA,
});
/**
 * What the fake API answers as it is stored, not the page's own texts: the certificate's words as the exporting
 * country wrote them (number, parties, places, goods, signature), country names that are the same in the
 * language, and what the API stores in bokmål at delivery (the plant part, the transport mode, the assessment's
 * banner); the page's texts around them are checked.
 */
const SERTIFIKATDATA = [
  "BO-5845145424",
  "Servicio Nacional Agropecuario e Inucuidad Alimentaria",
  "Moxos Agropecuario",
  "Arroyo San Juan",
  "Comercial Moxos Agropecuario - Trinidad",
  "Avenidad Moxos",
  "Positos Argentina",
  "tall wheatgrass",
  "Elymus elongatus",
  "Agropiro seed",
  "200 Bag",
  "The consignment is free from Trifolium repens",
  "Jorge Candia",
  "Ciudad Trinidad",
  "Bolivia",
  "Argentina",
  "Frø",
  "Veitransport, TRAPORTADORA MOXOS",
  "1 varelinje kan ikke identifiseres eller vurderes",
  "Tilsiktet bruk mangler på 1 varelinje.",
  "Risikoen for disse varelinjene må vurderes ut fra opplysningene i sertifikatet.",
];

/** Velg virksomhet: a main unit with a sub-unit, one without, a sub-unit without its main unit, a person. */
const enhet = (
  type: Avgiver["altinn"]["type"],
  navn: string,
  organisasjonsnummer: string | null,
  hovedenhet: string | null = null,
): Avgiver => ({
  altinn: { type, navn, organisasjonsnummer, hovedenhet, organisasjonsform: null, personnummer: null },
  brreg: { adresse: null },
});
const AVGIVERE: Avgiver[] = [
  enhet("Foretak", "Hageland Import AS", "912345602"),
  enhet("Bedrift", TEST_AVGIVER.navn, TEST_AVGIVER.organisasjonsnummer, "912345602"),
  enhet("Foretak", "Tom Holding AS", "912345998"),
  enhet("Bedrift", "Frittstående Filial", "912346013", "999999999"),
  enhet("Person", "Ola Nordmann", null),
];

const VIRKSOMHETSDATA = ["Hageland Import AS", "Tom Holding AS", "Frittstående Filial", "Ola Nordmann"];

/** The settings pages' and Velg virksomhet's calls (undefined: 404). */
function innstillingerSvar({ method, sti }: ApiKall): ApiSvar | undefined {
  if (method === "GET" && sti === REGISTER) return { status: 200, json: IMPORTOER };
  if (method === "GET" && sti === "/import/mottakskontrolloerer/v1")
    return { status: 200, json: KONTROLLOERER };
  if (method === "GET" && sti === `${REGISTER}/systemtilgang`) return { status: 200, json: SYSTEMER };
  if (method === "GET" && sti === `${REGISTER}/${TEST_AVGIVER.importoerId}/webhooker`)
    return { status: 200, json: WEBHOOKER };
  if (method === "PUT" && sti === `${REGISTER}/${TEST_AVGIVER.importoerId}/mottakskontrolloer`)
    return { status: 204 };
  if (method === "GET" && sti === "/gateway/auth/avgiver") return { status: 200, json: AVGIVERE };
  return undefined;
}

/** The standard goods with an actual number counted (80 of 100), so the arrived page's table has one row of actual quantities. */
const mottattLinjer = (): ImportmeldingVisning["varelinjer"] => {
  const linjer = meldingFraAT().varelinjer;
  linjer[0]!.mengde.antall!.faktiskVerdi = 80;
  return linjer;
};

/**
 * The notifications after submission (ids 43…), as the fake import API gives them: registered with physical
 * control, registered with document control only while no ruleset is approved, partly rejected after the
 * reception control (with the decision letter), released before arrival, and withdrawn.
 */
const INNSENDTE: Record<number, ImportmeldingVisning> = {
  43: meldingFraAT({ id: 43, egenReferanse: "Tulipaner uke 12" }),
  44: meldingFraAT({
    id: 44,
    kunDokumentkontroll: true,
    mottakskontrollSpoersmaal: [],
    automatiskVurdering: "UTEN_REGELSETT",
  }),
  45: meldingFraAT({
    id: 45,
    status: "DELVIS_AVVIST",
    statusTekst: "Delvis avvist",
    kategori: "VURDERT",
    erAnkommet: true,
    erVurdert: true,
    faktiskAnkommet: "2026-03-05T09:00:00.000Z",
    vurderingBegrunnelse: "Bladlus på buksbomplantene",
    vedtaksbrevReferanse: "2026/0815",
    varelinjer: mottattLinjer(),
  }),
  46: meldingFraAT({
    id: 46,
    status: "FRIGITT",
    statusTekst: "Frigitt før ankomst",
    kategori: "VURDERT",
    erVurdert: true,
    vurdertFoerAnkomst: true,
  }),
  47: meldingFraAT({ id: 47, status: "TILBAKETRUKKET", statusTekst: "Tilbaketrukket", kategori: "VURDERT" }),
};
/** The submitted notifications' own data, shown as it is in every language. */
const INNSENDT_DATA = [
  ...MELDINGSDATA,
  "2026-000123",
  "Tulipaner uke 12",
  "Bladlus på buksbomplantene",
  "Grønt Mottak AS avd. Alnabru",
  "Tollbugata 40, 3044 Drammen",
  "1: Rose",
  // the certificate's type as delivered, and the quantity as the import API words it (visningsMengde)
  "Eksport",
  "100 stk",
  // the expected arrival: the date, and the time of day, which nynorsk words as bokmål does (@samme)
  `${formaterDato(meldingFraAT().ankomstInfo[0]!.ankomstTid!.dato)}, ettermiddag (12-16)`,
];

/**
 * The summary's data, shown as it is: the notifier, the control place and controller, the quantity (nynorsk
 * writes «stk» too) and the arrival (nynorsk says «ettermiddag (12-16)» too).
 */
const OPPSUMMERINGSDATA = [
  ...MELDINGSDATA,
  "Kari Nordmann, kari@example.no",
  "Tollbugata 40, 3044 Drammen",
  "Grønt Mottak AS avd. Alnabru",
  "100 stk",
  `${formaterDato(UTKAST.ankomstInfo[0]!.ankomstTid!.dato)}, ettermiddag (12-16)`,
];

/**
 * A draft with nothing filled in whose responsible importer has not confirmed the regulations (the summary says
 * what is missing). The reception control's pages use the submitted notification 43 above.
 */
const TOMT_UTKAST = meldingFraAT({
  id: 48,
  status: "UNDER_REGISTRERING",
  kategori: "PAABEGYNT",
  statusTekst: "Påbegynt",
  harLestRegelverk: false,
  innmelder: null,
  dokumentkontrollFerdig: false,
  ankomstRegistrert: false,
  dokumentkontrollSpoersmaal: [],
  ankomstInfo: [],
});

/**
 * A history with its own reference changed three times after the submission (ADR 059): the changes one group
 * («… 3 ganger»), the submission a milestone. The API's texts (titles, lines, who) are its data here.
 */
const KARI_HAGELAND = "Kari Nordmann, Hageland Import AS avd. Drammen";
const hendelse = (id: number, tittel: string, linjer: string[]): HendelseVisning => ({
  id,
  tidspunkt: `2026-11-2${id % 10}T09:00:00.000Z`,
  type: tittel === "Sendt inn til Mattilsynet" ? "STATUS" : "ENDRET",
  fraStatus: null,
  tilStatus: tittel === "Sendt inn til Mattilsynet" ? "REGISTRERT" : null,
  aktoer: {
    type: "PERSON",
    navn: "Kari Nordmann",
    virksomhet: "Hageland Import AS avd. Drammen",
    organisasjonsnummer: null,
  },
  detaljer: {},
  utfoertAv: KARI_HAGELAND,
  tittel,
  linjer,
});
const GRUPPERT_HISTORIKK = [
  hendelse(7, "Egen referanse endret", ["Egen referanse: endret fra «Ordre 2» til «Ordre 3»"]),
  hendelse(6, "Egen referanse endret", ["Egen referanse: endret fra «Ordre 1» til «Ordre 2»"]),
  hendelse(5, "Egen referanse endret", ["Egen referanse: «Ordre 1»"]),
  hendelse(4, "Sendt inn til Mattilsynet", []),
  hendelse(3, "Ankomst endret", ["Kontrollsted: «Tollbugata 40, 3044 Drammen»"]),
];
const HISTORIKKDATA = [
  ...INNSENDT_DATA,
  KARI_HAGELAND,
  ...GRUPPERT_HISTORIKK.flatMap((h) => [h.tittel, ...h.linjer]),
];
/** Answers copied into draft 49 (as 48) from IM-2026-1007, its reception controller skipped (ADR 061). */
const SVAR_KOPIERT: HendelseVisning = {
  id: 1,
  tidspunkt: "2026-03-21T10:00:00.000Z",
  type: "SVAR_KOPIERT",
  fraStatus: null,
  tilStatus: null,
  aktoer: { type: "PERSON", navn: "Kari Nordmann", virksomhet: null, organisasjonsnummer: null },
  detaljer: {
    kopiertFra: { id: 7, nummer: "IM-2026-1007" },
    kontrolloerIkkeKopiert: "Grønt Mottak AS avd. Alnabru (org.nr. 912 346 021)",
  },
  utfoertAv: "Kari Nordmann",
  tittel: "Svar kopiert fra IM-2026-1007",
  linjer: [],
};

/**
 * The certificate with countries given by code whose nynorsk and English names differ from bokmål's (Noreg/Norway,
 * Austerrike/Austria): the page names them in the reader's language (a name the certificate wrote stays).
 */
function medLandkoder(s: SertifikatVisning): SertifikatVisning {
  // the consignee's address names its country by code only
  const { land: _, ...adresse } = { ...s.mottaker?.adresse, landkode: "NO" };
  return {
    ...s,
    importLand: { kode: "NO", navn: "Noruega" },
    transittland: [{ kode: "AT", navn: "Austria" }],
    mottaker: s.mottaker && { ...s.mottaker, adresse },
    varelinjer: s.varelinjer.map((l) => ({
      ...l,
      opprinnelsesland: [{ kode: "AT" }, ...l.opprinnelsesland],
    })),
    varelinjeOppsummering: s.varelinjeOppsummering && {
      ...s.varelinjeOppsummering,
      opprinnelsesland: ["AT", ...s.varelinjeOppsummering.opprinnelsesland],
    },
  };
}

/** The fake import API's answers for the pages below (undefined: 404). */
function falskeSvar({ method, sti, sok, sprak }: ApiKall): ApiSvar | undefined {
  if (method === "GET" && sti === "/import/register/v1/912345742") return { status: 200, json: IMPORTOER };
  // a certificate the importer, which has not confirmed the regulations, may notify (ADR 060)
  if (method === "GET" && sti.endsWith("/sertifikat") && sok?.includes(SERTIFIKAT.sertifikatnummer))
    return { status: 200, json: medLandkoder(testSertifikatVisning(sprak && erSprak(sprak) ? sprak : "nb")) };
  if (method === "GET" && sti.endsWith("/epoststatus")) return { status: 200, json: { sendingFeiler: true } };
  if (method === "GET" && sti === `${MELDING_BASE}/42`) return { status: 200, json: UTKAST };
  // the fake sees the path without the query: 44's history is the grouped one
  if (method === "GET" && sti === `${MELDING_BASE}/44/historikk`)
    return { status: 200, json: { hendelser: GRUPPERT_HISTORIKK, eldre: null } };
  const innsendt = /\/(4[3-7])(\/historikk)?$/.exec(sti);
  if (method === "GET" && innsendt && sti.startsWith(MELDING_BASE)) {
    const json = innsendt[2] ? { hendelser: [], eldre: null } : INNSENDTE[Number(innsendt[1])];
    return { status: 200, json };
  }
  if (method === "GET" && sti === `${MELDING_BASE}/48`) return { status: 200, json: TOMT_UTKAST };
  // «Bruk svarene fra IM-…» (ADR 061): the offer on the fresh draft, and the copy as its history has it
  if (method === "GET" && sti === `${MELDING_BASE}/49`)
    return { status: 200, json: { ...TOMT_UTKAST, id: 49 } };
  if (method === "GET" && sti === `${MELDING_BASE}/49/svarkilde`)
    return {
      status: 200,
      json: { kilde: { id: 7, nummer: "IM-2026-1007", sendtInn: "2026-03-20T10:00:00.000Z" } },
    };
  if (method === "GET" && sti === `${MELDING_BASE}/49/historikk`)
    return { status: 200, json: { hendelser: [SVAR_KOPIERT], eldre: null } };
  // the history: one page of none, with older ones behind it
  if (method === "GET" && /^\/import\/importmelding\/v2\/.+\/historikk(\?.*)?$/.test(sti))
    return { status: 200, json: { hendelser: [], eldre: 3 } };
  if (method === "GET" && sti === "/gateway/auth/session/brukerInfo")
    return { status: 200, json: { navn: "Kari Nordmann", telefonnummer: null } };
  if (method === "GET" && /^\/import\/register\/v1\/\d+$/.test(sti))
    return { status: 200, json: { harLestRegelverk: false } };
  if (method === "GET" && sti === `${MELDING_BASE}/42/mottakskontrolloerer`)
    return {
      status: 200,
      json: [{ importoerId: 12, navn: "Grønt Mottak AS", organisasjonsnummer: "912346021" }],
    };
  return undefined;
}

/** A notification page: the route importmelding/:id with the page under it (tests/app/side.ts). */
async function meldingsrute(sider: Record<string, string>): Promise<RouteObject> {
  const melding = await rute("importmelding/:id", "importmelding.$id");
  melding.children = await Promise.all(Object.entries(sider).map(([sti, navn]) => rute(sti, navn)));
  return melding;
}

/** The converted pages and the states of them the e2e tests visit; the conversions extend it. */
async function sider(flagg: string): Promise<Side[]> {
  const hjem = { innlogget: true, cookie: flagg, data: HJEMDATA };
  return [
    {
      navn: "hjem",
      rute: { ...(await rute("", "_index")), path: undefined, index: true } as RouteObject,
      tilstander: [
        { ...hjem, sti: "/?slettet=1" },
        { ...hjem, sti: "/?avsender=Ingen&land=AT" },
        { ...hjem, sti: "/?sok=1&avsenderland=&sertifikatnummer=&dato=" },
        // a country chosen: its help text is the page's (the placeholder is an example number: data)
        {
          ...hjem,
          sti: "/?sok=1&avsenderland=NL&sertifikatnummer=&dato=",
          data: [...HJEMDATA, "PHYTO.NL.2026.0012345"],
        },
        // the onboarding's regulation step refused (no choice, 'Ja' without the box) and answered 'Nei' (ADR 060)
        {
          ...hjem,
          sti: "/",
          cookie: `${flagg}; ${await oppstartFeil({ feil: { bekreftelse: REGELVERK_MELDING } })}`,
        },
        {
          ...hjem,
          sti: "/",
          cookie: `${flagg}; ${await oppstartFeil({ bekreftelse: "bekreftet", feil: { harLestRegelverk: REGELVERK_AVKRYSSING_TEKST } })}`,
        },
        {
          ...hjem,
          sti: "/",
          cookie: `${flagg}; ${await oppstartFeil({ bekreftelse: "vil-ikke-melde", melding: melding("felles.regelverk.ikkeLagret") })}`,
        },
      ],
    },
    {
      navn: "logg inn",
      rute: await rute("logg-inn", "logg-inn"),
      tilstander: [{ sti: "/logg-inn" }, { sti: "/logg-inn?utloept=1&returnTo=%2Fsertifikater" }],
    },
    { navn: "logget ut", rute: await rute("utlogget", "utlogget"), tilstander: [{ sti: "/utlogget" }] },
    {
      navn: "mangler tilgang",
      rute: await rute("mangler-autorisasjon", "mangler-autorisasjon"),
      tilstander: [{ sti: "/mangler-autorisasjon", innlogget: true, cookie: "meny=ImFhcGVuIg%3D%3D" }],
    },
    {
      navn: "nyttig info",
      rute: await rute("nyttig-info", "nyttig-info"),
      tilstander: [{ sti: "/nyttig-info?visMerInfo=sok" }, { sti: "/nyttig-info", innlogget: true }],
    },
    {
      navn: "tilgjengelighetserklæring",
      rute: await rute("tilgjengelighetserklaering", "tilgjengelighetserklaering"),
      tilstander: [{ sti: "/tilgjengelighetserklaering" }],
    },
    {
      navn: "dokumentet kan ikke lages (503)",
      rute: await rute("dokument-opptatt", "dokument-opptatt"),
      tilstander: [{ sti: "/dokument-opptatt?tilbake=%2Fimportmelding%2F42" }, { sti: "/dokument-opptatt" }],
    },
    {
      navn: "sertifikater",
      rute: await rute("sertifikater", "sertifikater"),
      tilstander: [
        {
          sti: "/sertifikater",
          innlogget: true,
          data: [
            "NL-2026-000123",
            "AT-2026-000456",
            "Bloemen Export B.V.",
            // Netherlands: nynorsk's name is bokmål's (Intl nn-NO); Austria's differs in both (Austerrike)
            "Nederland (1)",
            // app/components/liste.tsx, the shared list parts (namespace felles, not yet converted): take these
            // off when it is
            "Filter",
            "Bruk filter",
            "2 sertifikater",
          ],
        },
        {
          // filtered: the folded panel's summary of the filters in use (issue 36 item 11)
          sti: "/sertifikater?meldepliktigVurdering=MELDEPLIKTIG&avsenderland=NL&avsender=Bloemen",
          innlogget: true,
          data: [
            "NL-2026-000123",
            "AT-2026-000456",
            "Bloemen Export B.V.",
            "Bloemen",
            // the requirement's label and value are the same in nynorsk (both under @samme)
            "Meldeplikt: Meldepliktig",
            "Nederland (1)",
            "Nederland",
            "Filter",
            "Bruk filter",
            "2 sertifikater",
          ],
        },
      ],
    },
    {
      navn: "forhåndsmeldinger",
      rute: await rute("importmeldinger", "importmeldinger"),
      tilstander: ["/importmeldinger", "/importmeldinger?avsenderland=AT&avsender=Bloemen"].map((sti) => ({
        sti,
        innlogget: true,
        cookie: flagg,
        // the hit count's word is the same in nynorsk (felles.liste.antall, «treff»)
        data: [...HJEMDATA, "Bloemen", "2 treff"],
      })),
    },
    {
      navn: "sertifikat",
      rute: await rute("sertifikat", "sertifikat"),
      tilstander: [
        {
          sti: "/sertifikat?sertifikatnummer=NL-1&dato=2026-11-20&avsenderland=NL",
          innlogget: true,
          // the API's own message (in the reader's language when the API has it: the fake one has not)
          data: ["Fant ikke"],
        },
        // «Opprett» for an importer that has not confirmed the regulations: the one confirmation form, and
        // its answers (no choice, 'Ja' without the box, 'Nei'), ADR 060
        sertifikatTilstand(),
        sertifikatTilstand({}),
        sertifikatTilstand({ bekreftelse: "bekreftet" }),
        sertifikatTilstand({ bekreftelse: "vil-ikke-melde" }),
      ],
    },
    {
      navn: "vedlegg feilet",
      rute: await rute("vedlegg-feil", "vedlegg-feil"),
      tilstander: [{ sti: "/vedlegg-feil" }],
    },
    {
      navn: "feilsidene (401, 403, 404, 413, 429, 500, 503 fra registrene)",
      rute: {
        id: "test-feil",
        path: "test-feil/:status",
        loader: feilLoader as never,
        element: createElement(Feilside),
        errorElement: createElement(Feilside),
      },
      tilstander: ["401", "403", "404", "413", "429", "500", "503"].map((s) => ({ sti: `/test-feil/${s}` })),
    },
    {
      navn: "skjemadelene (feiloppsummering, sidevelger, lagringsfeil)",
      rute: {
        id: "test-skjema",
        path: "test-skjema",
        loader: skjemaLoader as never,
        element: createElement(Skjemadeler),
      },
      tilstander: [{ sti: "/test-skjema" }],
    },
    {
      navn: "innstillinger",
      rute: await rute("innstillinger", "innstillinger"),
      tilstander: [
        innstilling("/innstillinger?side=Varslinger"),
        innstilling("/innstillinger?side=Varslinger&slettEpost=1"),
        innstilling("/innstillinger"),
        innstilling("/innstillinger?lagret=regelverk"),
        innstilling(`/innstillinger?side=${REGISTRERE}`),
        innstilling(`/innstillinger?side=${LEGG_TIL}`),
        innstilling(`/innstillinger?side=${LEGG_TIL}&fjernKontrolloer=21`),
        innstilling(`/innstillinger?side=${LEGG_TIL}&sok=finnes%20ikke`),
        innstilling("/innstillinger?side=Integrasjoner"),
        innstilling("/innstillinger?side=Integrasjoner&fjernSystem=5&lagret=system-lagt-til"),
        innstilling("/innstillinger?side=Integrasjoner&slettWebhook=7"),
        innstilling("/innstillinger?side=Integrasjoner&endreSystem=5&lagret=system-endret"),
        innstilling("/innstillinger?side=Integrasjoner&endreSystem=5", {
          intent: "endre-system",
          id: "5",
          scopes: "admin",
        }),
        // the actions' answers: a refused choice, a toggle saved, forms with errors
        innstilling("/innstillinger?side=Profil", { intent: "bekreft-regelverk" }),
        innstilling("/innstillinger?side=Profil", {
          intent: "bekreft-regelverk",
          bekreftelse: "vil-ikke-melde",
        }),
        innstilling("/innstillinger?side=Profil", { intent: "bekreft-regelverk", bekreftelse: "bekreftet" }),
        innstilling(`/innstillinger?side=${REGISTRERE}`, {
          intent: "mottakskontrolloer",
          erMottakskontrolloer: "ja",
        }),
        innstilling(`/innstillinger?side=${LEGG_TIL}`, {
          intent: "legg-til-kontrolloer",
          mottakskontrolloerId: "x",
        }),
        innstilling("/innstillinger?side=Integrasjoner", {
          intent: "legg-til-system",
          klientId: "",
          klientNavn: "",
        }),
        innstilling("/innstillinger?side=Integrasjoner", { intent: "opprett-webhook", url: "" }),
        innstilling("/innstillinger?side=Integrasjoner", { intent: "opprett-webhook", url: WEBHOOK_URL }),
      ],
    },
    {
      navn: "velg virksomhet",
      rute: await rute("velg-virksomhet", "velg-virksomhet"),
      tilstander: [
        { sti: "/velg-virksomhet", innlogget: true, data: VIRKSOMHETSDATA },
        {
          sti: "/velg-virksomhet",
          skjema: { organisasjonsnummer: "912345998", returnTo: "/" },
          innlogget: true,
          data: VIRKSOMHETSDATA,
        },
      ],
    },
    {
      navn: "forhåndsmeldingen: veiviseren, oppsummeringen, registrert, ankommet og mottakskontrollen",
      rute: await meldingsrute({
        avsender: "importmelding.$id.avsender",
        innmelder: "importmelding.$id.innmelder",
        "dokumentkontroll/:spoersmaal": "importmelding.$id.dokumentkontroll.$spoersmaal",
        "ankomst-info": "importmelding.$id.ankomst-info",
        registrert: "importmelding.$id.registrert",
        ankommet: "importmelding.$id.ankommet",
        // one layout route with every notification page under it (a route id is unique)
        oppsummering: "importmelding.$id.oppsummering",
        mottakskontrolloer: "importmelding.$id.mottakskontrolloer",
        "mottakskontroll/:spoersmaal": "importmelding.$id.mottakskontroll.$spoersmaal",
      }),
      tilstander: [
        { sti: "/importmelding/42/avsender", innlogget: true, data: MELDINGSDATA },
        { sti: "/importmelding/42/avsender?slett=1", innlogget: true, data: MELDINGSDATA },
        { sti: "/importmelding/42/innmelder", innlogget: true, data: MELDINGSDATA },
        { sti: "/importmelding/42/dokumentkontroll/tilsiktetbruk", innlogget: true, data: MELDINGSDATA },
        { sti: "/importmelding/42/ankomst-info", innlogget: true, data: MELDINGSDATA },
        ...[
          "/importmelding/43/registrert?sendt=1",
          "/importmelding/43/registrert?trekk=1",
          "/importmelding/43/registrert?alleredeSendt=1",
          "/importmelding/43/registrert?endre=referanse",
          "/importmelding/45/ankommet",
          "/importmelding/46/ankommet?frigitt=1",
          "/importmelding/47/registrert?trukket=1",
        ].map((sti) => ({ sti, innlogget: true, data: INNSENDT_DATA })),
        // the history's milestones and a group of changes (ADR 059)
        { sti: "/importmelding/44/registrert", innlogget: true, data: HISTORIKKDATA },
        // the summary, the regulation dialog and the history
        { sti: "/importmelding/42/oppsummering", innlogget: true, data: OPPSUMMERINGSDATA },
        { sti: "/importmelding/42/oppsummering?ikkeSendt=1", innlogget: true, data: OPPSUMMERINGSDATA },
        { sti: "/importmelding/42/oppsummering?foer=9", innlogget: true, data: OPPSUMMERINGSDATA },
        { sti: "/importmelding/48/oppsummering", innlogget: true, data: OPPSUMMERINGSDATA },
        { sti: "/importmelding/48/oppsummering?regelverk=1", innlogget: true, data: OPPSUMMERINGSDATA },
        // «Bruk svarene fra IM-…»: the offer, and the notifier step after the copy (ADR 061)
        { sti: "/importmelding/49/avsender", innlogget: true, data: [...MELDINGSDATA, "IM-2026-1007"] },
        {
          sti: "/importmelding/49/innmelder?svarFra=7",
          innlogget: true,
          data: [...MELDINGSDATA, "IM-2026-1007", "Grønt Mottak AS avd. Alnabru (org.nr. 912 346 021)"],
        },
        // the reception control: its controller and the questions
        { sti: "/importmelding/43/mottakskontrolloer", innlogget: true, data: INNSENDT_DATA },
        {
          sti: "/importmelding/43/mottakskontroll/innhold-samsvarer",
          innlogget: true,
          data: INNSENDT_DATA,
        },
        { sti: "/importmelding/43/mottakskontroll/skadegjoerere", innlogget: true, data: INNSENDT_DATA },
      ],
    },
    {
      navn: "funksjonsbryterne",
      rute: await rute("test/importmelding", "test.importmelding"),
      tilstander: [
        { sti: "/test/importmelding" },
        { sti: "/test/importmelding?lagret=1" },
        { sti: "/test/importmelding?tilbakestilt=1" },
      ],
    },
  ];
}

// -----------------------------------------------------------------------------------------------------------

const ENTITETER: Record<string, string> = {
  amp: "&",
  quot: '"',
  "#x27": "'",
  "#39": "'",
  lt: "<",
  gt: ">",
  nbsp: " ",
};
const avkod = (s: string) => s.replace(/&(amp|quot|#x27|#39|lt|gt|nbsp);/g, (_, e: string) => ENTITETER[e]!);
const TOMME = new Set(["img", "input", "br", "hr", "meta", "link", "source", "area", "col", "wbr"]);
const TEKSTATTRIBUTTER = ["aria-label", "title", "alt", "placeholder"];

/** The visible texts of a page: its text nodes and text attributes, except inside an element with a `lang`. */
function synligTekst(html: string): string[] {
  // React's separators between text pieces (<!-- -->) split texts, as the browser shows them
  html = html.replace(/<!--.*?-->/gs, "<br>");
  const tekster: string[] = [];
  const stabel: Array<{ tagg: string; eget: boolean }> = [];
  const egetSprak = () => stabel.some((s) => s.eget);
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    if (m[4] !== undefined) {
      const t = avkod(m[4]).replace(/\s+/g, " ").trim();
      const forelder = stabel[stabel.length - 1]?.tagg;
      if (t && !egetSprak() && forelder !== "script" && forelder !== "style") tekster.push(t);
      continue;
    }
    const [, slutt, tagg = "", attributter = ""] = m;
    if (slutt) {
      const i = stabel.map((s) => s.tagg).lastIndexOf(tagg);
      if (i >= 0) stabel.length = i;
      continue;
    }
    const eget = /\slang="/.test(attributter);
    if (!eget && !egetSprak()) {
      for (const a of TEKSTATTRIBUTTER) {
        const v = new RegExp(`\\s${a}="([^"]*)"`).exec(attributter)?.[1];
        if (v && /\p{L}/u.test(v)) tekster.push(avkod(v));
      }
    }
    if (!TOMME.has(tagg) && !attributter.trim().endsWith("/")) stabel.push({ tagg, eget });
  }
  return tekster;
}

/** A message's text as a pattern: `{placeholder}` (and plural or select) matches anything. */
const mønster = (del: string) =>
  new RegExp(
    `^${del
      .replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, "§VERDI§")
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/§VERDI§/g, ".+?")}$`,
    "u",
  );
const utenVerdier = (del: string) => del.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, "");
/** The parts of a message between its markup tags that have text of their own (not only a placeholder). */
const deler = (tekst: string) => tekst.split(/<\/?\d+>/).filter((d) => /\p{L}/u.test(utenVerdier(d)));

/**
 * What may be the same as bokmål on a page in `sprak`: a message the catalogue marks as the same (@samme), and
 * a part of a message with markup whose whole differs ("Kontakt <0>{epost}</0> dersom …": "Kontakt").
 */
function sammeMønstre(sprak: Sprak): RegExp[] {
  return NAVNEROM.flatMap((n) => {
    const samme = (KATALOGER[sprak][n][SAMME_SOM_BOKMAAL] as string[] | undefined) ?? [];
    const delvis = Object.entries(KATALOGER[sprak][n]).filter(
      ([k, v]) => !k.startsWith("@") && typeof v === "string" && /<\d+>/.test(v) && !samme.includes(k),
    );
    return [
      ...samme.flatMap((k) => deler(String(KATALOGER.nb[n][k]))),
      ...delvis.flatMap(([, v]) => deler(String(v))),
    ].map(mønster);
  });
}

describe("sidene på nynorsk og engelsk", () => {
  let api: Awaited<ReturnType<typeof startFalskApi>>;
  let kontekst: Awaited<ReturnType<typeof testKontekst>>;
  let ruter: RouteObject[];
  let alle: Side[];

  beforeAll(async () => {
    api = await startFalskApi((k) =>
      k.method === "GET" && k.sti === `${MELDING_BASE}/forside`
        ? { status: 200, json: forside(true) }
        : (falskeSvar(k) ?? innstillingerSvar(k) ?? apiSvar(k)),
    );
    kontekst = await testKontekst(api.url);
    const flagg = (await settCookie(FLAGG_COOKIE, { visImportmelding: true }, kontekst.context)).split(
      ";",
    )[0]!;
    const rot = await import("../../app/root");
    const skall = (innhold: ReactElement) =>
      createElement(SprakProvider, null, createElement(Skall, null, innhold));
    alle = await sider(flagg);
    ruter = [
      {
        id: "root",
        path: "/",
        loader: rot.loader as never,
        element: skall(createElement(Outlet)),
        children: alle.map((s) => ({ errorElement: createElement(rot.ErrorBoundary), ...s.rute })),
      },
    ];
  });
  afterAll(async () => {
    await kontekst?.close();
    await api?.close();
  });

  async function side(t: Tilstand, sprak: Sprak) {
    const sprakCookie = (await settSprakCookie({ sprak, valgt: 1 }, kontekst.context)).split(";")[0];
    const cookie = [t.innlogget ? kontekst.cookie : "", sprakCookie, t.cookie].filter(Boolean).join("; ");
    const skjema = t.skjema ? { ...t.skjema, csrf: kontekst.csrf } : undefined;
    const s = await hentSide(ruter, { context: kontekst.context as AppLoadContext, cookie }, t.sti, skjema);
    expect(s.til, `${t.sti} sendte videre`).toBeUndefined();
    return s.html;
  }

  it("hver side og tilstand: ingen synlig tekst er den samme som på bokmål", async () => {
    const funn: string[] = [];
    for (const s of alle) {
      for (const t of s.tilstander) {
        const nb = new Set(synligTekst(await side(t, "nb")));
        expect(nb.size, `${t.sti} på bokmål`).toBeGreaterThan(5);
        for (const sprak of ["nn", "en"] as const) {
          const html = await side(t, sprak);
          // the page is in the language: the language control says so
          expect(html, `${t.sti} (${sprak})`).toMatch(new RegExp(`lang="${sprak}"[^>]*aria-current="true"`));
          for (const navn of BOKMAAL_LANDNAVN)
            if (html.includes(navn))
              funn.push(`${s.navn} ${t.sti} (${sprak}): landnavnet «${navn}» er på bokmål`);
          const lov = [...DATA, ...(t.data ?? [])];
          const mønstre = sammeMønstre(sprak);
          for (const tekst of synligTekst(html)) {
            if (!nb.has(tekst) || !/\p{L}/u.test(tekst) || lov.includes(tekst)) continue;
            if (mønstre.some((m) => m.test(tekst))) continue;
            funn.push(`${s.navn} ${t.sti} (${sprak}): «${tekst}» er som på bokmål`);
          }
        }
      }
    }
    expect(funn).toEqual([]);
  }, 120_000);

  it("finner tekst som ble glemt (testen av testen)", () => {
    const nb = synligTekst('<p>Logg inn <a href="/">Hjelp</a></p><button lang="nn">Nynorsk</button>');
    expect(nb).toEqual(["Logg inn", "Hjelp"]);
    expect(synligTekst('<nav aria-label="Hovedmeny"><img alt="" /></nav>')).toEqual(["Hovedmeny"]);
    expect(sammeMønstre("nn").some((m) => m.test("Org.nr. 912 345 742"))).toBe(true);
    expect(sammeMønstre("nn").some((m) => m.test("Noe gikk feil"))).toBe(false);
  });
});
