import { describe, expect, it } from "vitest";
import {
  erAnkommet,
  erInnsendt,
  erVurdert,
  erVurdertFoerAnkomst,
  IMPORTMELDING_STATUSER,
  type ImportmeldingStatus,
  kategori,
  MELDEPLIKTIG_VURDERINGER,
  meldepliktFarge,
  STATUS_FILTER_TEKST,
  STATUS_TEKST,
  statusFarge,
  statusTekst,
} from "./status";

describe("statusFarge (SPEC §4 badge colours)", () => {
  it.each<[ImportmeldingStatus, string]>([
    ["FRIGITT", "success"],
    ["AUTOMATISK_FRIGITT", "success"],
    ["ANKOMMET", "info"],
    ["REGISTRERT", "info"],
    ["AVVIST", "danger"],
    ["DELVIS_AVVIST", "danger"],
    ["UNDER_REGISTRERING", "neutral"],
    ["TILBAKETRUKKET", "neutral"],
    ["SLETTET", "neutral"],
  ])("%s is %s", (status, farge) => {
    expect(statusFarge(status)).toBe(farge);
  });

  it("covers every status, and only the two release statuses are success", () => {
    const success = IMPORTMELDING_STATUSER.filter((s) => statusFarge(s) === "success");
    expect(success).toEqual(["FRIGITT", "AUTOMATISK_FRIGITT"]);
    expect(IMPORTMELDING_STATUSER.filter((s) => statusFarge(s) === "warning")).toEqual([]);
  });
});

describe("STATUS_TEKST (SPEC §4 'Shown as')", () => {
  it.each<[ImportmeldingStatus, string]>([
    ["UNDER_REGISTRERING", "Påbegynt"],
    ["REGISTRERT", "Registrert"],
    ["ANKOMMET", "Avventer vurdering"],
    ["FRIGITT", "Frigitt"],
    ["AUTOMATISK_FRIGITT", "Frigitt"],
    ["AVVIST", "Avvist"],
    ["DELVIS_AVVIST", "Delvis avvist"],
    ["TILBAKETRUKKET", "Tilbaketrukket"],
    ["SLETTET", "Slettet"],
  ])("%s is shown as '%s'", (status, tekst) => {
    expect(STATUS_TEKST[status]).toBe(tekst);
  });

  it("has a text for every status and the list filter uses the spec's labels", () => {
    expect(Object.keys(STATUS_TEKST).sort()).toEqual([...IMPORTMELDING_STATUSER].sort());
    expect(STATUS_FILTER_TEKST).toEqual({
      UNDER_REGISTRERING: "Påbegynt",
      REGISTRERT: "Forhåndsmeldt",
      ANKOMMET: "Venter på vurdering",
      VURDERT: "Vurdert",
    });
  });
});

describe("status groups and list categories (SPEC §4)", () => {
  it("knows submitted, arrived and decided statuses", () => {
    expect(IMPORTMELDING_STATUSER.filter(erInnsendt).sort()).toEqual(
      [
        "REGISTRERT",
        "ANKOMMET",
        "FRIGITT",
        "AVVIST",
        "DELVIS_AVVIST",
        "TILBAKETRUKKET",
        "AUTOMATISK_FRIGITT",
      ].sort(),
    );
    expect(IMPORTMELDING_STATUSER.filter(erAnkommet).sort()).toEqual(
      ["ANKOMMET", "FRIGITT", "AVVIST", "DELVIS_AVVIST", "AUTOMATISK_FRIGITT"].sort(),
    );
    expect(IMPORTMELDING_STATUSER.filter(erVurdert).sort()).toEqual(
      ["FRIGITT", "AVVIST", "DELVIS_AVVIST", "AUTOMATISK_FRIGITT"].sort(),
    );
  });

  it.each<[ImportmeldingStatus, string]>([
    ["AVVIST", "VURDERT"],
    ["DELVIS_AVVIST", "VURDERT"],
    ["FRIGITT", "VURDERT"],
    ["AUTOMATISK_FRIGITT", "VURDERT"],
    ["TILBAKETRUKKET", "VURDERT"],
    ["ANKOMMET", "TIL_VURDERING"],
    ["REGISTRERT", "REGISTRERT"],
    ["UNDER_REGISTRERING", "PAABEGYNT"],
    ["SLETTET", "TIL_VURDERING"],
  ])("%s is listed as %s", (status, k) => {
    expect(kategori(status)).toBe(k);
  });
});

describe("meldepliktFarge (the notification-requirement badge)", () => {
  it("is warning when required, success when not, and neutral when possibly required", () => {
    expect(MELDEPLIKTIG_VURDERINGER.map((v) => [v, meldepliktFarge(v)])).toEqual([
      ["MELDEPLIKTIG", "warning"],
      ["UFULLSTENDIG", "neutral"],
      ["IKKE_VURDERT", "neutral"],
      ["IKKE_MELDEPLIKTIG", "success"],
    ]);
  });
});

describe("vurdert før ankomst (ADR 041)", () => {
  const ankommet = new Date("2026-04-02T10:00:00Z");
  it("bare Mattilsynets vurdering av en melding med fysisk kontroll som ikke er meldt ankommet", () => {
    for (const status of IMPORTMELDING_STATUSER) {
      const vurdering = status === "FRIGITT" || status === "AVVIST" || status === "DELVIS_AVVIST";
      expect(
        erVurdertFoerAnkomst({ status, kunDokumentkontroll: false, faktiskAnkommet: null }),
        status,
      ).toBe(vurdering);
      // arrived first, or no arrival expected at all: an ordinary assessment
      expect(erVurdertFoerAnkomst({ status, kunDokumentkontroll: false, faktiskAnkommet: ankommet })).toBe(
        false,
      );
      expect(erVurdertFoerAnkomst({ status, kunDokumentkontroll: true, faktiskAnkommet: null })).toBe(false);
    }
  });

  it("statusteksten sier det, ellers SPEC-teksten", () => {
    expect(statusTekst("FRIGITT", true)).toBe("Frigitt før ankomst");
    expect(statusTekst("AVVIST", true)).toBe("Avvist før ankomst");
    expect(statusTekst("DELVIS_AVVIST", true)).toBe("Delvis avvist før ankomst");
    for (const status of IMPORTMELDING_STATUSER) expect(statusTekst(status)).toBe(STATUS_TEKST[status]);
  });
});
