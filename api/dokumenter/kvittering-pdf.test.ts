import { describe, expect, it } from "vitest";
import {
  type ImportmeldingVisning,
  type KontrollspoersmaalVisning,
  spoersmaalVisning,
  type VarelinjeVisning,
} from "../../domain/importmelding";
import { SPOERSMAAL, SVAR_TEKST, type SvarKode } from "../../domain/kontrollspoersmaal";
import { bokmaalIgjen } from "../../tests/support/bokmaal-igjen";
import { antallSider, pdfSider } from "../../tests/support/dokument-testdata";
import { lagKvitteringPdf } from "./kvittering-pdf";

const GENERERT = new Date("2026-03-05T12:00:00Z");

/** All text of the PDF, one text run per line (a label run ends in a space so readers keep label and value apart). */
const alleTekster = (pdf: Buffer) =>
  pdfSider(pdf)
    .flat()
    .map((t) => t.trimEnd())
    .join("\n");

/** A question as the detail view shows it, through the same builder as the API. */
function spoersmaal(
  id: number,
  kode: keyof typeof SPOERSMAAL,
  rekkefoelge: number,
  svar?: { kode: SvarKode; kommentar?: string; avvik?: boolean },
): KontrollspoersmaalVisning {
  return spoersmaalVisning({
    id,
    kategori: SPOERSMAAL[kode].kategori,
    kode,
    rekkefoelge,
    svar: svar?.kode ?? null,
    kommentar: svar?.kommentar ?? null,
    avvik: svar?.avvik ?? false,
  })!;
}

function linje(
  sorteringsnummer: number,
  navn: string,
  botaniskNavn: string,
  mengde: VarelinjeVisning["mengde"],
): VarelinjeVisning {
  return {
    sorteringsnummer,
    navn,
    botaniskNavn,
    beskrivelse: null,
    klassifisering: {
      tilstander: [],
      plantedel: "Plants",
      tilsiktetBruk: "Planting",
      eppoKoder: [],
      andre: [],
    },
    mengde,
    opprinnelsesland: [{ kode: "NL", navn: "Nederland", landsdel: null }],
    harTilleggserklaeringer: false,
    varelinjeTilleggserklaering: { tilleggserklaeringer: [], offisiellTilleggsInformasjon: [] },
  };
}

function melding(endringer: Partial<ImportmeldingVisning> = {}): ImportmeldingVisning {
  return {
    id: 42,
    nummer: "2026-000123",
    egenReferanse: "PO-2026-77",
    status: "ANKOMMET",
    statusTekst: "Avventer vurdering",
    statusFarge: "info",
    statusEndret: "2026-03-04T13:30:00.000Z",
    kategori: "TIL_VURDERING",
    versjon: 9,
    opprettet: "2026-03-02T08:00:00.000Z",
    utstedtDato: "2026-03-01",
    eksportLand: { kode: "NL", navn: "Nederland" },
    alleOpprinnelsesland: [{ kode: "NL", navn: "Nederland" }],
    avsender: {
      navn: "Zaadhandel Westland B.V.",
      adresse: { linje1: "Naaldwijkseweg 5", linje2: null, linje3: null, linje4: null, linje5: null },
    },
    mottaker: {
      navn: "Hageland Import AS avd. Drammen",
      adresse: { linje1: "Tollbugata 40", linje2: "3044 Drammen", linje3: null, linje4: null, linje5: null },
    },
    ansvarligImportoer: { id: 1, navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
    ansvarligDokumentkontroll: null,
    harLestRegelverk: true,
    innmelder: { navn: "Kari Nordmann", epost: "kari@hageland.example.no", telefonnummer: "91234567" },
    kunDokumentkontroll: false,
    ankomstInfo: [
      {
        id: 7,
        ankomsttid: "2026-03-04T13:00:00.000Z",
        ankomstTid: { dato: "2026-03-04", klokkeslett: "14:00" },
        kontrollAdresse: {
          linje1: "Lierstranda 12",
          linje2: null,
          postnummer: "3414",
          poststed: "Lierstranda",
        },
        mottakskontrolloer: {
          importoerId: 2,
          navn: "Ola Hansen",
          telefonnummer: "92345678",
          virksomhetNavn: "Grønt Mottak AS avd. Alnabru",
          organisasjonsnummer: "912346021",
        },
        sendingAnkommet: true,
        erRegistrert: true,
      },
    ],
    dokumentkontrollSpoersmaal: [
      spoersmaal(1, "DOKUMENT_TILSIKTET_BRUK", 1, { kode: "DOKUMENT_TILSIKTET_BRUK_RIKTIG" }),
    ],
    mottakskontrollSpoersmaal: [
      spoersmaal(2, "MOTTAK_INNHOLD_SAMSVARER", 1, {
        kode: "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
        avvik: true,
      }),
      spoersmaal(3, "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE", 2, {
        kode: "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK",
        kommentar: "Funnet bladlus på tre planter.",
        avvik: true,
      }),
    ],
    varelinjer: [
      linje(1, "Rose", "Rosa canina", {
        antall: { verdi: 100, enhet: "H87", faktiskVerdi: 80, visningsMengde: "100 stk" },
        nettoVekt: { verdi: 50, enhet: "KGM", faktiskVerdi: 42.5, visningsMengde: "50 kg" },
      }),
      linje(2, "Buksbom", "Buxus sempervirens", {
        antall: { verdi: 40, enhet: "H87", faktiskVerdi: null, visningsMengde: "40 stk" },
      }),
    ],
    vedlegg: [],
    tilleggserklaering: {
      tilleggserklaeringer: [],
      offisiellTilleggsinformasjon: [],
      importtillatelse: null,
      datoForInspeksjon: null,
    },
    sertifikat: {
      id: 5,
      nummer: "PHYTO.NL.2026.0001234",
      utstedtDato: "2026-03-01",
      avsenderland: "NL",
      type: "Eksport",
    },
    erRegistrert: true,
    erAnkommet: true,
    erVurdert: false,
    dokumentkontrollFerdig: true,
    mottakskontrollFerdig: true,
    ankomstRegistrert: true,
    kanSendesInn: false,
    faktiskAnkommet: "2026-03-04T13:30:00.000Z",
    vurderingBegrunnelse: null,
    vedtaksbrevReferanse: null,
    automatiskVurdering: null,
    ansvarligPaaSertifikatet: true,
    vurdertFoerAnkomst: false,
    tilgang: { eier: true, mottakskontrolloer: false },
    ...endringer,
  };
}

const HENDELSER = [
  { tidspunkt: "2026-03-02T08:00:00.000Z", tilStatus: "UNDER_REGISTRERING" },
  { tidspunkt: "2026-03-02T09:15:00.000Z", tilStatus: "REGISTRERT" },
  { tidspunkt: "2026-03-04T13:30:00.000Z", tilStatus: "ANKOMMET" },
];

describe("lagKvitteringPdf", () => {
  it("is a valid PDF with the number, status, submission time, arrival, answers and actual quantities", async () => {
    const pdf = await lagKvitteringPdf(melding(), { hendelser: HENDELSER, generert: GENERERT });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    expect(antallSider(pdf)).toBeGreaterThanOrEqual(1);
    const tekst = alleTekster(pdf);

    expect(tekst).toContain("Kvittering for digital forhåndsmelding");
    expect(tekst).toContain("Forhåndsmelding 2026-000123");
    expect(tekst).toMatch(/Nummer\n2026-000123/);
    expect(tekst).toMatch(/Status\nAvventer vurdering/);
    // Submitted: the REGISTRERT event in Oslo time (UTC+1 in March).
    expect(tekst).toMatch(/Sendt inn\n02\.03\.2026,? 10:15/);
    expect(tekst).toContain("PO-2026-77");
    expect(tekst).toMatch(/Ankommet\n04\.03\.2026,? 14:30/);

    // Arrival info
    expect(tekst).toMatch(/Forventet ankomst\n04\.03\.2026 ettermiddag \(12-16\)/);
    expect(tekst).toContain("Lierstranda 12, 3414 Lierstranda");
    expect(tekst).toMatch(/Mottakskontrollør\nGrønt Mottak AS avd\. Alnabru, org\.nr\. 912 346 021\n/);
    expect(tekst).toMatch(/Mottakskontroll utført av\nGrønt Mottak AS avd\. Alnabru, Ola Hansen, 92345678/);
    expect(tekst).toMatch(/Sendingen er ankommet\nJa/);

    // Answers, with deviations and their messages
    expect(tekst).toContain(`Svar: ${SVAR_TEKST.DOKUMENT_TILSIKTET_BRUK_RIKTIG}`);
    expect(tekst).toContain("Mottakskontroll");
    expect(tekst).toContain("Svar: Det er færre varer enn oppgitt i sertifikatet (avvik)");
    expect(tekst).toContain("Melding til Mattilsynet: Ingen melding");
    expect(tekst.replace(/\n/g, " ")).toContain(
      `Svar: ${SVAR_TEKST.MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK} (avvik)`,
    );
    expect(tekst).toContain("Melding til Mattilsynet: Funnet bladlus på tre planter.");

    // Goods lines with stated and actual quantities
    expect(tekst).toContain("1. Rosa canina – Rose");
    expect(tekst).toContain("Antall: 100 stk (faktisk: 80); Nettovekt: 50 kg (faktisk: 42,5)");
    expect(tekst).toContain("2. Buxus sempervirens – Buksbom");
    expect(tekst).toContain("Antall: 40 stk");
    expect(tekst).not.toMatch(/40 stk \(faktisk/);
    expect(tekst).toContain("Generert 05.03.2026");
  });

  it("leaves out reception control before it is done and shows '--' for what is missing", async () => {
    const m = melding({
      status: "REGISTRERT",
      statusTekst: "Registrert",
      faktiskAnkommet: null,
      mottakskontrollSpoersmaal: melding().mottakskontrollSpoersmaal.map((s) => ({
        ...s,
        kontrollSvar: null,
      })),
      ankomstInfo: [
        { ...melding().ankomstInfo[0]!, ankomstTid: null, ankomsttid: null, sendingAnkommet: false },
      ],
    });
    const tekst = alleTekster(
      await lagKvitteringPdf(m, { hendelser: HENDELSER.slice(0, 2), generert: GENERERT }),
    );
    expect(tekst).toMatch(/Status\nRegistrert/);
    expect(tekst).toMatch(/Forventet ankomst\n--/);
    expect(tekst).toMatch(/Sendingen er ankommet\nNei/);
    expect(tekst).not.toContain("Det er færre varer");
    expect(tekst).not.toMatch(/^Ankommet$/m);
  });
});

describe("lagKvitteringPdf på nynorsk og engelsk (issue 33 punkt 2)", () => {
  const valg = { hendelser: HENDELSER, generert: GENERERT };
  const KATALOG = [
    "dokumenter.felles",
    "dokumenter.kvittering",
    "kodeverk.status",
    "kodeverk.svar",
    "kodeverk.spoersmaal",
    "kodeverk.tidsromSmaa",
    "kodeverk.tilsiktetBruk",
    "sertifikat.verdi.plantedel",
    "felles.enhet",
  ];

  it.each([
    ["nn", "Kvittering for digital førehandsmelding", /Sendinga er komen\nJa/, "nn-NO"],
    ["en", "Receipt for digital prior notification", /The consignment has arrived\nYes/, "en-GB"],
  ] as const)(
    "%s: ingen bokmålstekst fra katalogene igjen, dokumentspråket satt",
    async (sprak, tittel, ankommet, lokale) => {
      const pdf = await lagKvitteringPdf(melding(), { ...valg, sprak });
      const tekst = alleTekster(pdf);
      expect(tekst).toContain(tittel);
      expect(tekst).toMatch(ankommet);
      expect(bokmaalIgjen(tekst, sprak, KATALOG)).toEqual([]);
      // the document language (/Lang) in the catalogue dictionary
      expect(pdf.toString("latin1")).toContain(`/Lang (${lokale})`);
    },
  );

  it("en: ingen linje som i bokmål utenom data, og datoer, tall og statusnavn for engelsk", async () => {
    const linjer = (pdf: Buffer) => alleTekster(pdf).split("\n");
    const bokmaal = new Set(linjer(await lagKvitteringPdf(melding(), valg)));
    const pdf = await lagKvitteringPdf(melding(), { ...valg, sprak: "en" });
    // what the receipt shows as written in every language: the notifier's and the certificate's data, «Status»
    const data = new Set([
      "2026-000123",
      "PO-2026-77",
      "PHYTO.NL.2026.0001234",
      "Eksport",
      "Kari Nordmann",
      "kari@hageland.example.no",
      "91234567",
      "1. Rosa canina – Rose",
      "2. Buxus sempervirens – Buksbom",
      "Lierstranda 12, 3414 Lierstranda",
      "Zaadhandel Westland B.V., Naaldwijkseweg 5",
      "Hageland Import AS avd. Drammen, Tollbugata 40, 3044 Drammen",
      "Grønt Mottak AS avd. Alnabru, Ola Hansen, 92345678",
      "--",
      "Status",
      "Type",
    ]);
    expect(linjer(pdf).filter((l) => l.trim() !== "" && bokmaal.has(l) && !data.has(l))).toEqual([]);
    const tekst = alleTekster(pdf);
    expect(tekst).toMatch(/Status\nAwaiting decision/);
    expect(tekst).toMatch(/Submitted\n02\/03\/2026,? 10:15/);
    expect(tekst).toContain("Number: 100 pcs (actual: 80); Net weight: 50 kg (actual: 42.5)");
    expect(tekst).toMatch(/Exporting country\nNetherlands/);
    expect(tekst).toContain("Plant part: Plants");
    expect(tekst).toContain("Message to Mattilsynet: No message");
    expect(tekst).toMatch(/Page 1 of \d/);
    expect(tekst).toContain("Generated 05/03/2026");
  });

  it("bokmål er standard, og dokumentspråket er nb-NO", async () => {
    const pdf = await lagKvitteringPdf(melding(), valg);
    expect(pdf.toString("latin1")).toContain("/Lang (nb-NO)");
    expect(alleTekster(pdf)).toMatch(/Side 1 av \d/);
    // the check above finds the bokmål texts when they are there
    expect(bokmaalIgjen(alleTekster(pdf), "en", KATALOG).length).toBeGreaterThan(30);
    expect(bokmaalIgjen(alleTekster(pdf), "nn", KATALOG).length).toBeGreaterThan(15);
  });
});
