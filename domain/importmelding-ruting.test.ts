import { describe, expect, it } from "vitest";
import {
  landingsside,
  type RutingInput,
  rutImportmelding,
  type WizardMelding,
  wizardSteg,
} from "./importmelding-ruting";
import { IMPORTMELDING_STATUSER, type ImportmeldingStatus } from "./status";

const MOTTAK = ["innhold-samsvarer", "skadegjoerere"];
const B = "/importmelding/7";

function rut(
  status: ImportmeldingStatus,
  subpage?: string,
  spoersmaal?: string,
  extra: Partial<RutingInput> = {},
): string | null {
  return rutImportmelding({
    id: "7",
    status,
    kunDokumentkontroll: false,
    subpage,
    spoersmaal,
    mottakskontrollPaths: MOTTAK,
    ...extra,
  });
}

describe("rutImportmelding", () => {
  it("sends a missing id home", () => {
    expect(
      rutImportmelding({ status: "REGISTRERT", kunDokumentkontroll: false, mottakskontrollPaths: [] }),
    ).toBe("/");
    expect(
      rutImportmelding({
        id: "",
        status: "REGISTRERT",
        kunDokumentkontroll: false,
        mottakskontrollPaths: [],
      }),
    ).toBe("/");
  });

  it.each<[ImportmeldingStatus, string | undefined, string | undefined, Partial<RutingInput>, string | null]>(
    [
      // Drafts: the wizard only
      ["UNDER_REGISTRERING", undefined, undefined, {}, `${B}/avsender`],
      ["UNDER_REGISTRERING", "avsender", undefined, {}, null],
      ["UNDER_REGISTRERING", "innmelder", undefined, {}, null],
      ["UNDER_REGISTRERING", "ankomst-info", undefined, {}, null],
      ["UNDER_REGISTRERING", "oppsummering", undefined, {}, null],
      ["UNDER_REGISTRERING", "dokumentkontroll", "reeksport", {}, null],
      ["UNDER_REGISTRERING", "dokumentkontroll", undefined, {}, `${B}/avsender`],
      [
        "UNDER_REGISTRERING",
        "dokumentkontroll",
        undefined,
        { dokumentkontrollPaths: ["tilsiktetbruk"] },
        `${B}/dokumentkontroll/tilsiktetbruk`,
      ],
      [
        "UNDER_REGISTRERING",
        "dokumentkontroll",
        "reeksport",
        { dokumentkontrollPaths: ["tilsiktetbruk"] },
        `${B}/dokumentkontroll/tilsiktetbruk`,
      ],
      [
        "UNDER_REGISTRERING",
        "dokumentkontroll",
        "tilsiktetbruk",
        { dokumentkontrollPaths: ["tilsiktetbruk"] },
        null,
      ],
      [
        "UNDER_REGISTRERING",
        "dokumentkontroll",
        undefined,
        { dokumentkontrollPaths: [] },
        `${B}/ankomst-info`,
      ],
      ["UNDER_REGISTRERING", "avsender", "x", {}, `${B}/avsender`],
      ["UNDER_REGISTRERING", "registrert", undefined, {}, `${B}/avsender`],
      ["UNDER_REGISTRERING", "ankommet", undefined, {}, `${B}/avsender`],
      ["UNDER_REGISTRERING", "mottakskontroll", "skadegjoerere", {}, `${B}/avsender`],
      ["UNDER_REGISTRERING", "mottakskontrolloer", undefined, {}, `${B}/avsender`],
      ["UNDER_REGISTRERING", "noe-annet", undefined, {}, `${B}/avsender`],
      // Registered
      ["REGISTRERT", undefined, undefined, {}, `${B}/registrert`],
      ["REGISTRERT", "registrert", undefined, {}, null],
      ["REGISTRERT", "avsender", undefined, {}, `${B}/registrert`],
      ["REGISTRERT", "oppsummering", undefined, {}, `${B}/registrert`],
      ["REGISTRERT", "dokumentkontroll", "reeksport", {}, `${B}/registrert`],
      ["REGISTRERT", "ankommet", undefined, {}, `${B}/registrert`],
      ["REGISTRERT", "mottakskontrolloer", undefined, {}, null],
      ["REGISTRERT", "mottakskontrolloer", undefined, { kunDokumentkontroll: true }, `${B}/registrert`],
      ["REGISTRERT", "mottakskontroll", undefined, {}, `${B}/mottakskontroll/innhold-samsvarer`],
      ["REGISTRERT", "mottakskontroll", "skadegjoerere", {}, null],
      ["REGISTRERT", "mottakskontroll", "ukjent", {}, `${B}/mottakskontroll/innhold-samsvarer`],
      [
        "REGISTRERT",
        "mottakskontroll",
        undefined,
        { mottakskontrollPaths: [], kunDokumentkontroll: true },
        B,
      ],
      ["REGISTRERT", "registrert", "x", {}, `${B}/registrert`],
      // Withdrawn: a registered status
      ["TILBAKETRUKKET", undefined, undefined, {}, `${B}/registrert`],
      ["TILBAKETRUKKET", "registrert", undefined, {}, null],
      ["TILBAKETRUKKET", "ankommet", undefined, {}, `${B}/registrert`],
      ["TILBAKETRUKKET", "innmelder", undefined, {}, `${B}/registrert`],
      ["TILBAKETRUKKET", "mottakskontrolloer", undefined, {}, `${B}/registrert`],
      ["TILBAKETRUKKET", "mottakskontroll", undefined, {}, `${B}/registrert`],
      ["TILBAKETRUKKET", "mottakskontroll", "innhold-samsvarer", {}, `${B}/registrert`],
      ["TILBAKETRUKKET", "mottakskontroll", "skadegjoerere", {}, `${B}/registrert`],
      // Arrived statuses
      ["ANKOMMET", undefined, undefined, {}, `${B}/ankommet`],
      ["ANKOMMET", "ankommet", undefined, {}, null],
      ["ANKOMMET", "registrert", undefined, {}, `${B}/ankommet`],
      ["ANKOMMET", "mottakskontroll", "skadegjoerere", {}, `${B}/ankommet`],
      ["ANKOMMET", "avsender", undefined, {}, `${B}/ankommet`],
      ["FRIGITT", "registrert", undefined, {}, `${B}/ankommet`],
      ["AUTOMATISK_FRIGITT", undefined, undefined, {}, `${B}/ankommet`],
      ["AVVIST", "ankommet", undefined, {}, null],
      ["DELVIS_AVVIST", "mottakskontrolloer", undefined, {}, `${B}/ankommet`],
      // Deleted
      ["SLETTET", undefined, undefined, {}, "/"],
      ["SLETTET", "avsender", undefined, {}, "/"],
    ],
  )("%s /%s/%s %j → %s", (status, subpage, spoersmaal, extra, forventet) => {
    expect(rut(status, subpage, spoersmaal, extra)).toBe(forventet);
  });

  it("never redirects a page to itself", () => {
    const sider = [
      undefined,
      "avsender",
      "innmelder",
      "registrert",
      "ankommet",
      "mottakskontroll",
      "mottakskontrolloer",
    ];
    for (const status of IMPORTMELDING_STATUSER) {
      for (const side of sider) {
        const til = rut(status, side, side === "mottakskontroll" ? "skadegjoerere" : undefined);
        if (til !== null && til !== "/")
          expect(rut(status, ...(til.split("/").slice(3) as [string?, string?]))).toBeNull();
      }
    }
  });
});

describe("landingsside", () => {
  it.each<[ImportmeldingStatus, string]>([
    ["UNDER_REGISTRERING", `${B}/avsender`],
    ["REGISTRERT", `${B}/registrert`],
    ["TILBAKETRUKKET", `${B}/registrert`],
    ["ANKOMMET", `${B}/ankommet`],
    ["FRIGITT", `${B}/ankommet`],
    ["AUTOMATISK_FRIGITT", `${B}/ankommet`],
    ["AVVIST", `${B}/ankommet`],
    ["DELVIS_AVVIST", `${B}/ankommet`],
    ["SLETTET", "/"],
  ])("%s → %s", (status, sti) => {
    expect(landingsside(7, status)).toBe(sti);
  });

  it("agrees with the routing rules for the base page", () => {
    for (const status of IMPORTMELDING_STATUSER) {
      expect(rut(status)).toBe(landingsside(7, status));
    }
  });
});

const tomAnkomst = {
  ankomstTid: null,
  kontrollAdresse: { linje1: null, postnummer: null, poststed: null },
  mottakskontrolloer: null,
};
const fullAnkomst = {
  ankomstTid: { dato: "2026-04-01", klokkeslett: "06:00" },
  kontrollAdresse: { linje1: "Tollbugata 40", postnummer: "3044", poststed: "Drammen" },
  mottakskontrolloer: { importoerId: 2 },
};

function melding(m: Partial<WizardMelding> = {}): WizardMelding {
  return {
    id: 7,
    innmelder: null,
    kunDokumentkontroll: false,
    dokumentkontrollSpoersmaal: [
      { path: "tilsiktetbruk", rekkefoelge: 2, kontrollSvar: null },
      { path: "reeksport", rekkefoelge: 1, kontrollSvar: null },
    ],
    ankomstInfo: [tomAnkomst],
    ...m,
  };
}

describe("wizardSteg", () => {
  it("orders the pages: avsender, innmelder, document questions by rekkefoelge, ankomst-info, oppsummering", () => {
    const w = wizardSteg(melding());
    expect(w.sider).toEqual([
      "avsender",
      "innmelder",
      "dokumentkontroll/reeksport",
      "dokumentkontroll/tilsiktetbruk",
      "ankomst-info",
      "oppsummering",
    ]);
    expect(w.neste("avsender")).toBe("innmelder");
    expect(w.neste("innmelder")).toBe("dokumentkontroll/reeksport");
    expect(w.neste("dokumentkontroll/tilsiktetbruk")).toBe("ankomst-info");
    expect(w.neste("oppsummering")).toBeUndefined();
    expect(w.forrige("oppsummering")).toBe("ankomst-info");
    expect(w.forrige("ankomst-info")).toBe("dokumentkontroll/tilsiktetbruk");
    expect(w.forrige("dokumentkontroll/reeksport")).toBe("innmelder");
    expect(w.forrige("avsender")).toBeUndefined();
    expect(w.neste("ukjent")).toBeUndefined();
    expect(w.url("dokumentkontroll/reeksport")).toBe("/importmelding/7/dokumentkontroll/reeksport");
    expect(w.url("ankomst-info")).toBe("/importmelding/7/ankomst-info");
    expect(w.spoersmaalNummer("tilsiktetbruk")).toEqual({ nummer: 2, antall: 2 });
    expect(w.spoersmaalNummer("opprinnelsessted")).toBeUndefined();
  });

  it("goes from innmelder straight to ankomst-info without document questions, and hides that step", () => {
    const w = wizardSteg(melding({ dokumentkontrollSpoersmaal: [] }));
    expect(w.neste("innmelder")).toBe("ankomst-info");
    expect(w.stepper("innmelder").map((s) => s.navn)).toEqual(["Avsender", "Ankomst", "Oppsummering"]);
    expect(w.dokumentkontrollFerdig).toBe(true);
  });

  it("marks completed and active steps", () => {
    const ingen = wizardSteg(melding()).stepper("dokumentkontroll/reeksport");
    expect(ingen.map((s) => [s.navn, s.sti, s.fullfoert, s.aktiv])).toEqual([
      ["Avsender", "avsender", false, false],
      ["Dokumentkontroll", "dokumentkontroll/reeksport", false, true],
      ["Ankomst", "ankomst-info", false, false],
      ["Oppsummering", "oppsummering", false, false],
    ]);
    const w = wizardSteg(
      melding({
        innmelder: { navn: "Kari" },
        dokumentkontrollSpoersmaal: [
          { path: "reeksport", rekkefoelge: 1, kontrollSvar: { avvik: false } },
          { path: "tilsiktetbruk", rekkefoelge: 2, kontrollSvar: { avvik: true } },
        ],
        ankomstInfo: [fullAnkomst],
      }),
    );
    expect(w.stepper("oppsummering").map((s) => [s.fullfoert, s.aktiv])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [false, true],
    ]);
    expect(w.kanSendesInn).toBe(true);
    expect(w.foersteAvvikSti).toBe("dokumentkontroll/tilsiktetbruk");
  });

  it("is not ready to send without a controller unless document control only", () => {
    const utenKontrolloer = { ...fullAnkomst, mottakskontrolloer: null };
    const svar = [{ path: "tilsiktetbruk", rekkefoelge: 1, kontrollSvar: { avvik: false } }];
    const base = {
      innmelder: { navn: "Kari" },
      dokumentkontrollSpoersmaal: svar,
      ankomstInfo: [utenKontrolloer],
    };
    expect(wizardSteg(melding(base)).kanSendesInn).toBe(false);
    expect(wizardSteg(melding({ ...base, kunDokumentkontroll: true })).kanSendesInn).toBe(true);
    expect(wizardSteg(melding({ ...base, kunDokumentkontroll: true, innmelder: null })).kanSendesInn).toBe(
      false,
    );
    expect(wizardSteg(melding({ ...base, kunDokumentkontroll: true })).foersteAvvikSti).toBe(
      "dokumentkontroll/tilsiktetbruk",
    );
  });

  it("is not ready with a controller removed from the importer's list since (issue 23 item 5)", () => {
    const svar = [{ path: "tilsiktetbruk", rekkefoelge: 1, kontrollSvar: { avvik: false } }];
    const med = (mottakskontrolloer: unknown) =>
      wizardSteg(
        melding({
          innmelder: { navn: "Kari" },
          dokumentkontrollSpoersmaal: svar,
          ankomstInfo: [{ ...fullAnkomst, mottakskontrolloer }],
        }),
      );
    expect(med({ importoerId: 3, erUtnevnt: true }).kanSendesInn).toBe(true);
    const fjernet = med({ importoerId: 3, erUtnevnt: false });
    expect(fjernet.ankomstRegistrert).toBe(false);
    expect(fjernet.kanSendesInn).toBe(false);
    expect(fjernet.fortsett).toBe("ankomst-info");
  });

  it("is not ready with an unanswered question or incomplete arrival", () => {
    const w = wizardSteg(melding({ innmelder: { navn: "Kari" }, ankomstInfo: [fullAnkomst] }));
    expect(w.dokumentkontrollFerdig).toBe(false);
    expect(w.kanSendesInn).toBe(false);
    const delvis = { ...fullAnkomst, kontrollAdresse: { ...fullAnkomst.kontrollAdresse, poststed: " " } };
    expect(wizardSteg(melding({ ankomstInfo: [delvis] })).ankomstRegistrert).toBe(false);
    expect(wizardSteg(melding({ ankomstInfo: [] })).ankomstRegistrert).toBe(false);
  });
});

describe("wizardSteg().fortsett (where a returning user resumes)", () => {
  const innmelder = { navn: "Kari" };
  const besvart = (avvik = false) => ({ avvik });
  it.each<[string, Partial<WizardMelding>, string]>([
    ["nothing saved yet: the start", {}, "avsender"],
    [
      "no innmelder, but an answer saved",
      {
        dokumentkontrollSpoersmaal: [{ path: "reeksport", rekkefoelge: 1, kontrollSvar: besvart() }],
      },
      "innmelder",
    ],
    [
      "no innmelder, but part of the arrival saved",
      {
        ankomstInfo: [
          { ...tomAnkomst, kontrollAdresse: { linje1: "Vei 1", postnummer: null, poststed: null } },
        ],
      },
      "innmelder",
    ],
    ["innmelder given: the first question by rekkefoelge", { innmelder }, "dokumentkontroll/reeksport"],
    [
      "the first unanswered question, even after a later answered one",
      {
        innmelder,
        dokumentkontrollSpoersmaal: [
          { path: "tilsiktetbruk", rekkefoelge: 2, kontrollSvar: null },
          { path: "reeksport", rekkefoelge: 1, kontrollSvar: besvart(true) },
          { path: "opprinnelsessted", rekkefoelge: 3, kontrollSvar: besvart() },
        ],
      },
      "dokumentkontroll/tilsiktetbruk",
    ],
    [
      "all answered, arrival missing",
      {
        innmelder,
        dokumentkontrollSpoersmaal: [{ path: "reeksport", rekkefoelge: 1, kontrollSvar: besvart() }],
      },
      "ankomst-info",
    ],
    ["no document questions, arrival missing", { innmelder, dokumentkontrollSpoersmaal: [] }, "ankomst-info"],
    [
      "arrival without a controller (physical control)",
      {
        innmelder,
        dokumentkontrollSpoersmaal: [],
        ankomstInfo: [{ ...fullAnkomst, mottakskontrolloer: null }],
      },
      "ankomst-info",
    ],
    [
      "arrival without a controller, document control only",
      {
        innmelder,
        kunDokumentkontroll: true,
        dokumentkontrollSpoersmaal: [],
        ankomstInfo: [{ ...fullAnkomst, mottakskontrolloer: null }],
      },
      "oppsummering",
    ],
    [
      "everything done",
      {
        innmelder,
        dokumentkontrollSpoersmaal: [{ path: "reeksport", rekkefoelge: 1, kontrollSvar: besvart() }],
        ankomstInfo: [fullAnkomst],
      },
      "oppsummering",
    ],
  ])("%s → %s", (_n, m, sti) => {
    const w = wizardSteg(melding(m));
    expect(w.fortsett).toBe(sti);
    expect(w.sider).toContain(w.fortsett);
  });

  it("does not change the base page: /importmelding/{id} of a draft still goes to avsender (SPEC §2)", () => {
    expect(rut("UNDER_REGISTRERING")).toBe(`${B}/avsender`);
    expect(landingsside(7, "UNDER_REGISTRERING")).toBe(`${B}/avsender`);
  });
});

describe("stegtabellen: stiene gjennom veiviseren, som en flytkonfigurasjon", () => {
  const svar = { kode: "RIKTIG" };
  const innmelder = { navn: "Kari" };
  /** The notification at each point of a walk through the wizard, with and without document questions. */
  const tilstander: Array<[string, WizardMelding, { fortsett: string; ferdige: string[] }]> = [
    ["nothing saved", melding(), { fortsett: "avsender", ferdige: [] }],
    [
      "an answer but no innmelder",
      melding({
        dokumentkontrollSpoersmaal: [
          { path: "reeksport", rekkefoelge: 1, kontrollSvar: svar },
          { path: "tilsiktetbruk", rekkefoelge: 2, kontrollSvar: null },
        ],
      }),
      { fortsett: "innmelder", ferdige: [] },
    ],
    [
      "innmelder given",
      melding({ innmelder }),
      { fortsett: "dokumentkontroll/reeksport", ferdige: ["Avsender"] },
    ],
    [
      "one question answered",
      melding({
        innmelder,
        dokumentkontrollSpoersmaal: [
          { path: "reeksport", rekkefoelge: 1, kontrollSvar: svar },
          { path: "tilsiktetbruk", rekkefoelge: 2, kontrollSvar: null },
        ],
      }),
      { fortsett: "dokumentkontroll/tilsiktetbruk", ferdige: ["Avsender"] },
    ],
    [
      "every question answered",
      melding({
        innmelder,
        dokumentkontrollSpoersmaal: [
          { path: "reeksport", rekkefoelge: 1, kontrollSvar: svar },
          { path: "tilsiktetbruk", rekkefoelge: 2, kontrollSvar: svar },
        ],
      }),
      { fortsett: "ankomst-info", ferdige: ["Avsender", "Dokumentkontroll"] },
    ],
    [
      "arrival registered",
      melding({
        innmelder,
        dokumentkontrollSpoersmaal: [
          { path: "reeksport", rekkefoelge: 1, kontrollSvar: svar },
          { path: "tilsiktetbruk", rekkefoelge: 2, kontrollSvar: svar },
        ],
        ankomstInfo: [fullAnkomst],
      }),
      { fortsett: "oppsummering", ferdige: ["Avsender", "Dokumentkontroll", "Ankomst"] },
    ],
    [
      "no document questions, arrival registered",
      melding({ innmelder, dokumentkontrollSpoersmaal: [], ankomstInfo: [fullAnkomst] }),
      { fortsett: "oppsummering", ferdige: ["Avsender", "Ankomst"] },
    ],
  ];

  it.each(tilstander)(
    "%s: next walks every page once, previous walks back, the stepper and 'Fortsett' agree",
    (_navn, m, forventet) => {
      const w = wizardSteg(m);
      // Forwards from the first page reaches every page, in order, and ends after the last
      const fram: string[] = [];
      for (let sti: string | undefined = "avsender"; sti; sti = w.neste(sti)) fram.push(sti);
      expect(fram).toEqual(w.sider);
      expect(fram[0]).toBe("avsender");
      expect(fram.at(-1)).toBe("oppsummering");
      // Backwards from the last is the same path reversed
      const tilbake: string[] = [];
      for (let sti: string | undefined = "oppsummering"; sti; sti = w.forrige(sti)) tilbake.push(sti);
      expect(tilbake).toEqual([...fram].reverse());
      // Every page is in exactly one step of the stepper, and the stepper's page opens its step
      for (const side of fram) expect(w.stepper(side).filter((s) => s.aktiv)).toHaveLength(1);
      for (const s of w.stepper()) expect(w.stepper(s.sti).find((x) => x.aktiv)?.navn).toBe(s.navn);
      expect(
        w
          .stepper()
          .filter((s) => s.fullfoert)
          .map((s) => s.navn),
      ).toEqual(forventet.ferdige);
      expect(w.fortsett).toBe(forventet.fortsett);
      expect(fram).toContain(w.fortsett);
    },
  );
});
