// Demo data: the test persons, what the development stand-ins for Altinn (who may act for whom, dev/altinn) and
// Enhetsregisteret (the units, dev/enhetsregisteret) serve, and the importer register the seed writes. Test
// persons use synthetic national identity numbers (Tenor style, month + 80). The service reads the first two only
// through the stand-ins' HTTP APIs, as it reads the real ones (docs/decisions/042-altinn-og-enhetsregisteret.md).
import type { Adresse } from "../db/schema";

export interface DemoPerson {
  pid: string;
  navn: string;
  telefonnummer?: string;
  /** What this person is for, printed by `npm start`. */
  beskrivelse: string;
}

/** A unit (main unit) or, with `hovedenhet`, a sub-unit in Enhetsregisteret. */
export interface DemoEnhet {
  organisasjonsnummer: string;
  navn: string;
  /** The register's organisation form code: AS, ENK, … for units; BEDR or AAFY for sub-units. */
  organisasjonsform: string;
  hovedenhet?: string;
  adresse?: Adresse;
}

export const DEMO_PERSONER: DemoPerson[] = [
  {
    pid: "26849612378",
    navn: "Kari Nordmann",
    telefonnummer: "91234567",
    beskrivelse: "importør med flere virksomheter (hoved- og underenheter) og eget personforetak",
  },
  {
    pid: "04867199549",
    navn: "Ola Hansen",
    telefonnummer: "92345678",
    beskrivelse: "mottakskontrollør (Grønt Mottak AS) og importør for Hageland Import AS avd. Drammen",
  },
  {
    pid: "12825098397",
    navn: "Ingrid Berg",
    telefonnummer: "93456789",
    beskrivelse: "importør som ikke har bekreftet regelverket, og et enkeltpersonforetak",
  },
  {
    pid: "17912099997",
    navn: "Per Utentilgang",
    beskrivelse: "har ingen virksomheter delegert (viser 'Ingen enheter funnet')",
  },
  // Only for the language journey of the e2e tests (tests/e2e/sprak.spec.ts), one per Playwright project: their
  // stored language changes there, so no other test logs in as them.
  { pid: "03098530117", navn: "Nora Nynorsk", beskrivelse: "språkvalget i e2e-testene (med JavaScript)" },
  { pid: "03098550223", navn: "Nils Nynorsk", beskrivelse: "språkvalget i e2e-testene (uten JavaScript)" },
];

const adr = (linje: string, postnummer: string, poststed: string): Adresse => ({
  adresselinje: [linje],
  postnummer,
  poststed,
  land: "Norge",
});

export const ORG = {
  hagelandHoved: "912345602",
  hagelandDrammen: "912345742",
  hagelandStavanger: "912345815",
  nordiskPlantesalg: "912345882",
  /** Nordisk Plantesalg's main unit: nobody among the test persons may act for it. */
  nordiskPlantesalgHoved: "912346307",
  grontMottakHoved: "912345955",
  grontMottakOslo: "912346021",
  blomsterbudHoved: "912346099",
  blomsterbudBergen: "912346161",
  blomsterbudAalesund: "912346374",
  /** Two more of Ingrid's departments that have not confirmed the regulations: home starts with the onboarding. */
  blomsterbudFoerde: "912346412",
  blomsterbudMolde: "912346420",
  fjordblomster: "912346234",
  /** Not yet in the importer register, and has not confirmed the regulations. */
  blomsterbudHaugesund: "912346439",
  /**
   * Only for the e-mail alert e2e test, one per Playwright project: certificates no other test delivers,
   * so an alert is never batched with another test's certificate into a "2 nye sertifikater" e-mail.
   */
  blomsterbudStord: "912346447",
  blomsterbudVoss: "912346455",
  /**
   * Departments in the states of the spec walk (issue 23; the e2e tests make their own, ADR 052): confirmed the
   * regulations, no e-mail address yet, and appointed their own reception controller (Florø, Kristiansund); not
   * confirmed the regulations, with a controller that prepares notifications for them (Odda, Leirvik); and the
   * two controllers (Ola Hansen's Gardermoen and Vestby departments).
   */
  blomsterbudFloroe: "912346463",
  blomsterbudKristiansund: "912346471",
  blomsterbudOdda: "912346498",
  blomsterbudLeirvik: "912346501",
  grontMottakGardermoen: "912346528",
  grontMottakVestby: "912346536",
} as const;

export const DEMO_ENHETER: DemoEnhet[] = [
  {
    organisasjonsnummer: ORG.hagelandHoved,
    navn: "Hageland Import AS",
    organisasjonsform: "AS",
    adresse: adr("Lierstranda 12", "3414", "Lierstranda"),
  },
  {
    organisasjonsnummer: ORG.hagelandDrammen,
    navn: "Hageland Import AS avd. Drammen",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.hagelandHoved,
    adresse: adr("Tollbugata 40", "3044", "Drammen"),
  },
  {
    organisasjonsnummer: ORG.hagelandStavanger,
    navn: "Hageland Import AS avd. Stavanger",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.hagelandHoved,
    adresse: adr("Forusbeen 78", "4033", "Stavanger"),
  },
  {
    organisasjonsnummer: ORG.nordiskPlantesalg,
    navn: "Nordisk Plantesalg AS avd. Moss",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.nordiskPlantesalgHoved,
    adresse: adr("Værftsgata 3", "1511", "Moss"),
  },
  {
    organisasjonsnummer: ORG.nordiskPlantesalgHoved,
    navn: "Nordisk Plantesalg AS",
    organisasjonsform: "AS",
    adresse: adr("Storgata 1", "1607", "Fredrikstad"),
  },
  {
    organisasjonsnummer: ORG.grontMottakHoved,
    navn: "Grønt Mottak AS",
    organisasjonsform: "AS",
    adresse: adr("Alnabruveien 20", "0668", "Oslo"),
  },
  {
    organisasjonsnummer: ORG.grontMottakOslo,
    navn: "Grønt Mottak AS avd. Alnabru",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.grontMottakHoved,
    adresse: adr("Alnabruveien 20", "0668", "Oslo"),
  },
  {
    organisasjonsnummer: ORG.blomsterbudHoved,
    navn: "Blomsterbud Vest AS",
    organisasjonsform: "AS",
    adresse: adr("Strandkaien 2", "5013", "Bergen"),
  },
  {
    organisasjonsnummer: ORG.blomsterbudBergen,
    navn: "Blomsterbud Vest AS avd. Bergen",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.blomsterbudHoved,
    adresse: adr("Kokstadflaten 5", "5257", "Kokstad"),
  },
  {
    organisasjonsnummer: ORG.blomsterbudAalesund,
    navn: "Blomsterbud Vest AS avd. Ålesund",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.blomsterbudHoved,
    adresse: adr("Moloveien 14", "6004", "Ålesund"),
  },
  {
    organisasjonsnummer: ORG.blomsterbudFoerde,
    navn: "Blomsterbud Vest AS avd. Førde",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.blomsterbudHoved,
    adresse: adr("Hafstadvegen 20", "6800", "Førde"),
  },
  {
    organisasjonsnummer: ORG.blomsterbudMolde,
    navn: "Blomsterbud Vest AS avd. Molde",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.blomsterbudHoved,
    adresse: adr("Storgata 9", "6413", "Molde"),
  },
  {
    organisasjonsnummer: ORG.blomsterbudHaugesund,
    navn: "Blomsterbud Vest AS avd. Haugesund",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.blomsterbudHoved,
    adresse: adr("Smedasundet 97", "5528", "Haugesund"),
  },
  {
    organisasjonsnummer: ORG.blomsterbudStord,
    navn: "Blomsterbud Vest AS avd. Stord",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.blomsterbudHoved,
    adresse: adr("Borggata 12", "5411", "Stord"),
  },
  {
    organisasjonsnummer: ORG.blomsterbudVoss,
    navn: "Blomsterbud Vest AS avd. Voss",
    organisasjonsform: "BEDR",
    hovedenhet: ORG.blomsterbudHoved,
    adresse: adr("Vangsgata 30", "5700", "Voss"),
  },
  ...(
    [
      [ORG.blomsterbudFloroe, "Florø", adr("Strandgata 30", "6900", "Florø")],
      [ORG.blomsterbudKristiansund, "Kristiansund", adr("Kaibakken 1", "6509", "Kristiansund")],
      [ORG.blomsterbudOdda, "Odda", adr("Røldalsvegen 4", "5750", "Odda")],
      [ORG.blomsterbudLeirvik, "Leirvik", adr("Vikjo 2", "5402", "Stord")],
    ] as const
  ).map(
    ([organisasjonsnummer, sted, adresse]): DemoEnhet => ({
      organisasjonsnummer,
      navn: `Blomsterbud Vest AS avd. ${sted}`,
      organisasjonsform: "BEDR",
      hovedenhet: ORG.blomsterbudHoved,
      adresse,
    }),
  ),
  ...(
    [
      [ORG.grontMottakGardermoen, "Gardermoen", adr("Cargoveien 12", "2060", "Gardermoen")],
      [ORG.grontMottakVestby, "Vestby", adr("Deliveien 5", "1540", "Vestby")],
    ] as const
  ).map(
    ([organisasjonsnummer, sted, adresse]): DemoEnhet => ({
      organisasjonsnummer,
      navn: `Grønt Mottak AS avd. ${sted}`,
      organisasjonsform: "BEDR",
      hovedenhet: ORG.grontMottakHoved,
      adresse,
    }),
  ),
  {
    organisasjonsnummer: ORG.fjordblomster,
    navn: "Fjordblomster Ingrid Berg",
    organisasjonsform: "ENK",
    adresse: adr("Fjordvegen 8", "6856", "Sogndal"),
  },
];

/**
 * Which person may act for which party in Altinn for the service's resource: organisation numbers, or a
 * national identity number for a person (a person's own: the person may use the service on their own behalf).
 */
export const DEMO_DELEGERINGER: Array<{ pid: string; enheter: string[] }> = [
  {
    pid: "26849612378",
    enheter: [
      ORG.hagelandHoved,
      ORG.hagelandDrammen,
      ORG.hagelandStavanger,
      ORG.nordiskPlantesalg,
      "26849612378",
    ],
  },
  {
    pid: "04867199549",
    enheter: [
      ORG.grontMottakHoved,
      ORG.grontMottakOslo,
      ORG.hagelandDrammen,
      ORG.grontMottakGardermoen,
      ORG.grontMottakVestby,
    ],
  },
  {
    pid: "12825098397",
    enheter: [
      ORG.blomsterbudHoved,
      ORG.blomsterbudBergen,
      ORG.blomsterbudAalesund,
      ORG.blomsterbudFoerde,
      ORG.blomsterbudMolde,
      ORG.blomsterbudHaugesund,
      ORG.blomsterbudStord,
      ORG.blomsterbudVoss,
      ORG.blomsterbudFloroe,
      ORG.blomsterbudKristiansund,
      ORG.blomsterbudOdda,
      ORG.blomsterbudLeirvik,
      ORG.fjordblomster,
      "12825098397",
    ],
  },
];

/** Importers already in the register (others are registered on first choice). */
export const DEMO_IMPORTOERER = [
  {
    organisasjonsnummer: ORG.hagelandDrammen,
    navn: "Hageland Import AS avd. Drammen",
    hovedenhetNavn: "Hageland Import AS",
    hovedenhetOrganisasjonsnummer: ORG.hagelandHoved,
    harLestRegelverk: true,
    erMottakskontrolloer: false,
    epost: ["import@hageland.example.no", "lager.og.logistikk.drammen@hageland.example.no"],
  },
  {
    organisasjonsnummer: ORG.grontMottakOslo,
    navn: "Grønt Mottak AS avd. Alnabru",
    hovedenhetNavn: "Grønt Mottak AS",
    hovedenhetOrganisasjonsnummer: ORG.grontMottakHoved,
    harLestRegelverk: true,
    erMottakskontrolloer: true,
    epost: ["mottak@grontmottak.example.no"],
  },
  {
    organisasjonsnummer: ORG.grontMottakHoved,
    navn: "Grønt Mottak AS",
    hovedenhetNavn: null,
    hovedenhetOrganisasjonsnummer: null,
    harLestRegelverk: true,
    erMottakskontrolloer: true,
    epost: ["post@grontmottak.example.no", "vakt@grontmottak.example.no"],
  },
  {
    organisasjonsnummer: ORG.blomsterbudBergen,
    navn: "Blomsterbud Vest AS avd. Bergen",
    hovedenhetNavn: "Blomsterbud Vest AS",
    hovedenhetOrganisasjonsnummer: ORG.blomsterbudHoved,
    harLestRegelverk: false,
    erMottakskontrolloer: false,
    epost: [],
  },
  {
    organisasjonsnummer: ORG.blomsterbudAalesund,
    navn: "Blomsterbud Vest AS avd. Ålesund",
    hovedenhetNavn: "Blomsterbud Vest AS",
    hovedenhetOrganisasjonsnummer: ORG.blomsterbudHoved,
    harLestRegelverk: false,
    erMottakskontrolloer: false,
    epost: [],
  },
  {
    organisasjonsnummer: ORG.blomsterbudStord,
    navn: "Blomsterbud Vest AS avd. Stord",
    hovedenhetNavn: "Blomsterbud Vest AS",
    hovedenhetOrganisasjonsnummer: ORG.blomsterbudHoved,
    harLestRegelverk: true,
    erMottakskontrolloer: false,
    epost: ["stord@blomsterbud.example.no"],
  },
  {
    organisasjonsnummer: ORG.blomsterbudVoss,
    navn: "Blomsterbud Vest AS avd. Voss",
    hovedenhetNavn: "Blomsterbud Vest AS",
    hovedenhetOrganisasjonsnummer: ORG.blomsterbudHoved,
    harLestRegelverk: true,
    erMottakskontrolloer: false,
    epost: ["voss@blomsterbud.example.no"],
  },
  ...(
    [
      [ORG.blomsterbudFloroe, "Florø", true],
      [ORG.blomsterbudKristiansund, "Kristiansund", true],
      [ORG.blomsterbudOdda, "Odda", false],
      [ORG.blomsterbudLeirvik, "Leirvik", false],
    ] as const
  ).map(([organisasjonsnummer, sted, harLestRegelverk]) => ({
    organisasjonsnummer,
    navn: `Blomsterbud Vest AS avd. ${sted}`,
    hovedenhetNavn: "Blomsterbud Vest AS",
    hovedenhetOrganisasjonsnummer: ORG.blomsterbudHoved,
    harLestRegelverk,
    erMottakskontrolloer: false,
    epost: [] as string[],
  })),
  ...(
    [
      [ORG.grontMottakGardermoen, "Gardermoen"],
      [ORG.grontMottakVestby, "Vestby"],
    ] as const
  ).map(([organisasjonsnummer, sted]) => ({
    organisasjonsnummer,
    navn: `Grønt Mottak AS avd. ${sted}`,
    hovedenhetNavn: "Grønt Mottak AS",
    hovedenhetOrganisasjonsnummer: ORG.grontMottakHoved,
    harLestRegelverk: true,
    erMottakskontrolloer: true,
    epost: [`${sted.toLowerCase()}@grontmottak.example.no`],
  })),
];

/** importer (orgnr) → appointed reception controllers (orgnr). */
export const DEMO_MOTTAKSKONTROLLOER_AVTALER: Array<[string, string]> = [
  [ORG.hagelandDrammen, ORG.grontMottakOslo],
  [ORG.blomsterbudBergen, ORG.grontMottakOslo],
  [ORG.blomsterbudBergen, ORG.grontMottakHoved],
  [ORG.blomsterbudAalesund, ORG.grontMottakOslo],
  [ORG.blomsterbudFloroe, ORG.grontMottakGardermoen],
  [ORG.blomsterbudOdda, ORG.grontMottakGardermoen],
  [ORG.blomsterbudKristiansund, ORG.grontMottakVestby],
  [ORG.blomsterbudLeirvik, ORG.grontMottakVestby],
];
