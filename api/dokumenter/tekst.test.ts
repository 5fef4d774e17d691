// The documents' code-list texts in the reader's language (api/dokumenter/tekst.ts): the event names say in bokmål
// exactly what domain/historikk.ts says on the history page, and are translated.
import { describe, expect, it } from "vitest";
import { type HendelseDetaljer, type HendelseType, hendelseTittel } from "../../domain/historikk";
import { IMPORTMELDING_STATUSER, type ImportmeldingStatus } from "../../domain/status";
import { oversetter } from "../../sprak/katalog.server";
import { hendelseTittelFor, landNavnFor, plantedelFor } from "./tekst";

type H = { type: HendelseType; tilStatus: ImportmeldingStatus | null; detaljer: HendelseDetaljer };

const HENDELSER: H[] = [
  { type: "OPPRETTET", tilStatus: null, detaljer: {} },
  { type: "STATUS", tilStatus: null, detaljer: {} },
  ...IMPORTMELDING_STATUSER.map((s): H => ({ type: "STATUS", tilStatus: s, detaljer: {} })),
  ...(["FRIGITT", "AVVIST", "DELVIS_AVVIST"] as const).map(
    (s): H => ({ type: "STATUS", tilStatus: s, detaljer: { vurdertFoerAnkomst: true } }),
  ),
  ...[
    "innmelder",
    "egenReferanse",
    "dokumentkontroll",
    "mottakskontroll",
    "ankomstinfo",
    "faktiskMengde",
    "ukjent",
  ].map((del): H => ({ type: "ENDRET", tilStatus: null, detaljer: { del } })),
  { type: "ENDRET", tilStatus: null, detaljer: {} },
  {
    type: "ENDRET",
    tilStatus: null,
    detaljer: { del: "ankomstinfo", endringer: [{ felt: "kontrolloer.navn", fra: null, til: "Ola" }] },
  },
  { type: "SERTIFIKAT", tilStatus: null, detaljer: { erstattetAv: "X" } },
  { type: "SERTIFIKAT", tilStatus: null, detaljer: {} },
];

describe("hendelseTittelFor", () => {
  it("sier på bokmål det historikksiden sier (domain/historikk.ts)", () => {
    for (const h of HENDELSER)
      expect(hendelseTittelFor(oversetter("nb"), h), JSON.stringify(h)).toBe(hendelseTittel(h));
  });

  it("oversetter hver hendelse til nynorsk og engelsk", () => {
    const en = HENDELSER.map((h) => hendelseTittelFor(oversetter("en"), h));
    expect(en).toContain("Submitted to Mattilsynet");
    expect(en).toContain("Decision by Mattilsynet before arrival: Released");
    expect(en).toContain("Reception controller given");
    for (const [i, h] of HENDELSER.entries()) expect(en[i], JSON.stringify(h)).not.toBe(hendelseTittel(h));
    expect(HENDELSER.map((h) => hendelseTittelFor(oversetter("nn"), h))).toContain(
      "Komen, mottakskontroll rapportert",
    );
  });
});

describe("landNavnFor og plantedelFor", () => {
  it("bokmål beholder referansetabellens navn, nynorsk og engelsk tar Intl", () => {
    const nl = { kode: "NL", navn: "Nederland" };
    expect(landNavnFor(oversetter("nb"), nl)).toBe("Nederland");
    expect(landNavnFor(oversetter("en"), nl)).toBe("Netherlands");
    expect(landNavnFor(oversetter("en"), { kode: null, navn: "Ukjent land" })).toBe("Ukjent land");
    expect(plantedelFor(oversetter("en"), "Plants")).toBe("Plants");
    expect(plantedelFor(oversetter("nb"), "Plants")).toBe("Planter");
  });
});
