import { describe, expect, it } from "vitest";
import { type HendelseVisning, HISTORIKK_SIDE } from "./historikk";
import { grupperHistorikk, HISTORIKK_MAKS_LEST, historikkSide, sidenErFull } from "./historikk-oversikt";

let neste = 10_000;
/** An event with the given type and title (ids fall, as the API gives them: newest first). */
function h(
  type: HendelseVisning["type"],
  tittel: string,
  detaljer: HendelseVisning["detaljer"] = {},
): HendelseVisning {
  return {
    id: neste--,
    tidspunkt: "2026-11-28T09:00:00.000Z",
    type,
    fraStatus: null,
    tilStatus: type === "STATUS" ? "REGISTRERT" : null,
    aktoer: {
      type: "PERSON",
      navn: "Kari Nordmann",
      virksomhet: "Hageland Import AS",
      organisasjonsnummer: null,
    },
    detaljer,
    utfoertAv: "Kari Nordmann, Hageland Import AS",
    tittel,
    linjer: [],
  };
}
const ref = () => h("ENDRET", "Egen referanse endret", { del: "egenReferanse" });
const ankomst = () => h("ENDRET", "Ankomst endret", { del: "ankomstinfo" });
const sendt = () => h("STATUS", "Sendt inn til Mattilsynet");
const type = (o: ReturnType<typeof grupperHistorikk>[number]) =>
  o.type === "MILEPAEL" ? o.hendelse.tittel : `${o.tittel} ×${o.hendelser.length}`;

describe("grupperHistorikk", () => {
  it("22 endringer av egen referanse blir én gruppe, og innsendingen og opprettelsen står for seg", () => {
    const hendelser = [...Array.from({ length: 22 }, ref), sendt(), ankomst(), h("OPPRETTET", "Opprettet")];
    const o = grupperHistorikk(hendelser);
    expect(o.map(type)).toEqual([
      "Egen referanse endret ×22",
      "Sendt inn til Mattilsynet",
      "Ankomst endret ×1",
      "Opprettet",
    ]);
    // every event is kept, newest first, in its group
    const gruppe = o[0]!;
    expect(gruppe.type === "ENDRINGER" && gruppe.hendelser.map((x) => x.id)).toEqual(
      hendelser.slice(0, 22).map((x) => x.id),
    );
  });

  it("holder tidslinjen: bare endringer av samme slag etter hverandre grupperes", () => {
    const o = grupperHistorikk([
      ref(),
      ref(),
      ankomst(),
      ref(),
      h("SERTIFIKAT", "Ny versjon av sertifikatet"),
    ]);
    expect(o.map(type)).toEqual([
      "Egen referanse endret ×2",
      "Ankomst endret ×1",
      "Egen referanse endret ×1",
      "Ny versjon av sertifikatet ×1",
    ]);
  });

  it("et erstattet sertifikat og hver statusendring er milepæler", () => {
    const o = grupperHistorikk([
      h("STATUS", "Frigitt automatisk"),
      sendt(),
      h("SERTIFIKAT", "Sertifikatet er erstattet", { erstattetAv: "NL-2" }),
    ]);
    expect(o.every((x) => x.type === "MILEPAEL")).toBe(true);
  });
});

describe("historikkSide", () => {
  it("viser høyst en side med oppføringer og fortsetter etter den siste", () => {
    // alternating kinds: every event an entry of its own
    const hendelser = Array.from({ length: HISTORIKK_SIDE + 3 }, (_, i) => (i % 2 ? ref() : ankomst()));
    expect(sidenErFull(hendelser)).toBe(true);
    const side = historikkSide(hendelser, 42);
    expect(side.oppfoeringer).toHaveLength(HISTORIKK_SIDE);
    expect(side.eldre).toBe(hendelser[HISTORIKK_SIDE - 1]!.id);
  });

  it("en gruppe på slutten av siden er hel: neste side begynner etter dens eldste hendelse", () => {
    const hendelser = [
      ...Array.from({ length: HISTORIKK_SIDE - 1 }, (_, i) => (i % 2 ? ref() : ankomst())),
      ...Array.from({ length: 5 }, ref),
      sendt(),
    ];
    const side = historikkSide(hendelser, null);
    expect(side.oppfoeringer).toHaveLength(HISTORIKK_SIDE);
    const siste = side.oppfoeringer.at(-1)!;
    expect(siste.type === "ENDRINGER" && siste.hendelser).toHaveLength(5);
    expect(side.eldre).toBe(hendelser.at(-2)!.id);
  });

  it("en side som ikke er full, tar API-ets markør (null: ingen eldre)", () => {
    expect(historikkSide([ref(), sendt()], null)).toMatchObject({ eldre: null });
    expect(historikkSide([ref(), sendt()], 7).eldre).toBe(7);
    expect(sidenErFull([ref(), sendt()])).toBe(false);
  });

  it("slutter å lese ved HISTORIKK_MAKS_LEST hendelser, også når de er én gruppe", () => {
    const hendelser = Array.from({ length: HISTORIKK_MAKS_LEST }, ref);
    expect(sidenErFull(hendelser)).toBe(true);
    const side = historikkSide(hendelser, 99);
    expect(side.oppfoeringer).toHaveLength(1);
    expect(side.eldre).toBe(99);
  });
});
