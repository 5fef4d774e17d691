import { describe, expect, it } from "vitest";
import { oversetter } from "../sprak/katalog.server";
import {
  DOKUMENT_SPOERSMAAL_KODER,
  erAvvik,
  harKommentarfelt,
  kommentarPaakrevdMelding,
  kreverFaktiskMengde,
  MOTTAK_SPOERSMAAL_KODER,
  SPOERSMAAL,
  SPOERSMAAL_KODER,
  SVAR_KODER,
  SVAR_TEKST,
  spoersmaalForPath,
  spoersmaalForSvar,
} from "./kontrollspoersmaal";
import { erPlanterForPlanting, utledKontrollspoersmaal } from "./kontrollspoersmaal-utledning";
import type { RisikoKode, SertifikatVurdering } from "./risiko/vurder";
import type { LagretSertifikat, Varelinje } from "./sertifikat";

type LinjeInput = Partial<Omit<Varelinje, "klassifisering">> & {
  plantedel?: string;
  tilsiktetBruk?: string;
  tilleggserklaeringer?: string[];
};

function linje(i: number, l: LinjeInput = {}): Varelinje {
  const { plantedel, tilsiktetBruk, tilleggserklaeringer, ...rest } = l;
  return {
    sorteringsnummer: i,
    botaniskNavn: "Rosa",
    klassifisering: { tilstander: [], eppoKoder: [], andre: [], plantedel, tilsiktetBruk },
    mengde: {},
    pakker: [],
    kjennetegn: [],
    opprinnelsesland: [{ kode: "NL" }],
    behandlinger: [],
    harTilleggserklaeringer: (tilleggserklaeringer?.length ?? 0) > 0,
    varelinjeTilleggserklaering: {
      tilleggserklaeringer: tilleggserklaeringer ?? [],
      offisiellTilleggsInformasjon: [],
    },
    ukjenteMerknader: [],
    ...rest,
  };
}

function sertifikat(
  linjer: Varelinje[],
  s: Partial<LagretSertifikat> & { erklaeringer?: string[] } = {},
): LagretSertifikat {
  const { erklaeringer, ...rest } = s;
  return {
    nummer: "PHYTO.NL.2026.0000001",
    type: "Eksport",
    transittland: [],
    transportmidler: [],
    transportutstyr: [],
    varelinjer: linjer,
    tilleggserklaering: { tilleggserklaeringer: erklaeringer ?? [], offisiellTilleggsinformasjon: [] },
    kjennetegn: [],
    vedlegg: [],
    refererteDokumenter: [],
    ukjenteMerknader: [],
    ...rest,
  };
}

/** A risk assessment with the given finding codes per line (index = line). */
function vurdering(funn: RisikoKode[][]): SertifikatVurdering {
  const grad = (k: RisikoKode) =>
    k.endsWith("FORBUD")
      ? ("FORBUD" as const)
      : k.endsWith("VARSEL")
        ? ("VARSEL" as const)
        : ("UFULLSTENDIG" as const);
  return {
    alvorlighetsgrad: "ALT_OK",
    meldepliktigVurdering: "IKKE_MELDEPLIKTIG",
    risikoVurdering: [],
    varelinjer: funn.map((koder, i) => ({
      id: i + 1,
      alvorlighetsgrad: "ALT_OK",
      funn: koder.map((kode) => ({ kode, alvorlighetsgrad: grad(kode), lovdataList: [], tekst: kode })),
    })),
  };
}

const koder = (r: ReturnType<typeof utledKontrollspoersmaal>) => r.dokument.map((d) => d.kode);

describe("question definitions", () => {
  it("has the spec's paths, texts and answer sets", () => {
    expect(DOKUMENT_SPOERSMAAL_KODER.map((k) => SPOERSMAAL[k].path)).toEqual([
      "reeksport",
      "tilleggserklaering",
      "tilsiktetbruk",
      "opprinnelsessted",
    ]);
    expect(MOTTAK_SPOERSMAAL_KODER.map((k) => SPOERSMAAL[k].path)).toEqual([
      "innhold-samsvarer",
      "skadegjoerere",
    ]);
    expect(SPOERSMAAL.DOKUMENT_REEKSPORT.tekst).toBe("Sertifikat fra opprinnelsesland skal være vedlagt");
    expect(SPOERSMAAL.DOKUMENT_REEKSPORT.referanse).toContain("§ 20");
    expect(SPOERSMAAL.DOKUMENT_TILLEGGSERKLAERING.tekst).toBe(
      "Varene skal stå oppført med riktig tilleggserklæring",
    );
    expect(SPOERSMAAL.DOKUMENT_TILSIKTET_BRUK.tekst).toBe(
      "Varene skal benyttes til det formålet som står oppført i sertifikatet",
    );
    expect(SPOERSMAAL.DOKUMENT_TILSIKTET_BRUK.referanse).toContain("§ 17");
    expect(SPOERSMAAL.DOKUMENT_OPPRINNELSESSTED.tekst).toMatch(/^Opprinnelsesstedet/);
    expect(SPOERSMAAL.DOKUMENT_OPPRINNELSESSTED.svarAlternativer).toEqual([
      "DOKUMENT_OPPRINNELSESSTED_RIKTIG",
      "DOKUMENT_OPPRINNELSESSTED_IKKE_KRAV",
      "DOKUMENT_OPPRINNELSESSTED_AVVIK",
    ]);
    expect(SPOERSMAAL.DOKUMENT_REEKSPORT.svarAlternativer).toEqual([
      "DOKUMENT_REEKSPORT_AVVIK",
      "DOKUMENT_REEKSPORT_RIKTIG",
    ]);
    expect(SPOERSMAAL.DOKUMENT_TILLEGGSERKLAERING.svarAlternativer).toEqual([
      "DOKUMENT_TILLEGGSERKLAERING_RIKTIG",
      "DOKUMENT_TILLEGGSERKLAERING_IKKE_KRAV",
      "DOKUMENT_TILLEGGSERKLAERING_AVVIK",
    ]);
    expect(SPOERSMAAL.DOKUMENT_TILSIKTET_BRUK.svarAlternativer).toEqual([
      "DOKUMENT_TILSIKTET_BRUK_RIKTIG",
      "DOKUMENT_TILSIKTET_BRUK_AVVIK",
    ]);
    expect(SPOERSMAAL.MOTTAK_INNHOLD_SAMSVARER.svarAlternativer).toEqual([
      "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
      "MOTTAK_INNHOLD_SAMSVARER_AVVIK",
      "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
    ]);
    expect(SPOERSMAAL.MOTTAK_FRI_FOR_PLANTESKADEGJOERERE.svarAlternativer).toEqual([
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_RIKTIG",
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_OEVRIGE_AVVIK",
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK",
    ]);
  });

  it("gives every answer a label, to exactly one question", () => {
    for (const svar of SVAR_KODER) {
      expect(SVAR_TEKST[svar].length).toBeGreaterThan(10);
      const eiere = SPOERSMAAL_KODER.filter((k) => SPOERSMAAL[k].svarAlternativer.includes(svar));
      expect(eiere).toEqual([spoersmaalForSvar(svar)]);
      expect(svar.startsWith(spoersmaalForSvar(svar))).toBe(true);
    }
    expect(SVAR_TEKST.MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE).toBe(
      "Det er færre varer enn oppgitt i sertifikatet",
    );
  });

  it("finds questions by category and path", () => {
    expect(spoersmaalForPath("DOKUMENT", "tilsiktetbruk")?.kode).toBe("DOKUMENT_TILSIKTET_BRUK");
    expect(spoersmaalForPath("MOTTAK", "skadegjoerere")?.kode).toBe("MOTTAK_FRI_FOR_PLANTESKADEGJOERERE");
    expect(spoersmaalForPath("MOTTAK", "tilsiktetbruk")).toBeUndefined();
    expect(spoersmaalForPath("DOKUMENT", "ukjent")).toBeUndefined();
  });
});

describe("deviations and comments", () => {
  it.each([
    ["DOKUMENT_REEKSPORT_AVVIK", true, "Kommentar til avvik i sertifikatet må spesifiseres"],
    ["DOKUMENT_REEKSPORT_RIKTIG", false, undefined],
    [
      "DOKUMENT_TILLEGGSERKLAERING_AVVIK",
      true,
      "Varelinjer med feil eller manglende tilleggserklæring må spesifiseres",
    ],
    ["DOKUMENT_TILLEGGSERKLAERING_IKKE_KRAV", false, undefined],
    [
      "DOKUMENT_TILSIKTET_BRUK_AVVIK",
      true,
      "Varelinjer med feil eller manglende tilsiktet bruk må spesifiseres",
    ],
    ["DOKUMENT_OPPRINNELSESSTED_AVVIK", true, undefined],
    ["DOKUMENT_OPPRINNELSESSTED_IKKE_KRAV", false, undefined],
    ["MOTTAK_INNHOLD_SAMSVARER_AVVIK", true, "Kommentar til avviket må spesifiseres"],
    ["MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE", true, undefined],
    ["MOTTAK_INNHOLD_SAMSVARER_RIKTIG", false, undefined],
    ["MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK", true, "Kommentar til avviket må spesifiseres"],
    ["MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_OEVRIGE_AVVIK", true, "Kommentar til avviket må spesifiseres"],
    ["MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_RIKTIG", false, undefined],
  ] as const)("%s: avvik %s, comment message %j", (svar, avvik, melding) => {
    expect(erAvvik(svar)).toBe(avvik);
    const m = kommentarPaakrevdMelding(svar);
    expect(m && oversetter("nb").melding(m)).toBe(melding);
  });

  it("shows a comment field for deviations except lower quantity, which needs actual quantities", () => {
    expect(harKommentarfelt("DOKUMENT_OPPRINNELSESSTED_AVVIK")).toBe(true);
    expect(harKommentarfelt("MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE")).toBe(false);
    expect(harKommentarfelt("DOKUMENT_TILSIKTET_BRUK_RIKTIG")).toBe(false);
    expect(kreverFaktiskMengde("MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE")).toBe(true);
    expect(kreverFaktiskMengde("MOTTAK_INNHOLD_SAMSVARER_AVVIK")).toBe(false);
    expect(kreverFaktiskMengde(null)).toBe(false);
  });
});

describe("utledKontrollspoersmaal", () => {
  it("gives only the intended-use question and document control only for a plain export certificate", () => {
    const r = utledKontrollspoersmaal(
      sertifikat([linje(1, { tilsiktetBruk: "Decoration" })]),
      vurdering([[]]),
    );
    expect(r).toEqual({
      dokument: [{ kode: "DOKUMENT_TILSIKTET_BRUK", rekkefoelge: 1 }],
      mottak: [],
      kunDokumentkontroll: true,
    });
  });

  it("asks the re-export question only for re-export certificates, first", () => {
    const r = utledKontrollspoersmaal(sertifikat([linje(1)], { type: "Reeksport" }), vurdering([[]]));
    expect(r.dokument).toEqual([
      { kode: "DOKUMENT_REEKSPORT", rekkefoelge: 1 },
      { kode: "DOKUMENT_TILSIKTET_BRUK", rekkefoelge: 2 },
    ]);
  });

  it("asks the additional-declaration question for declarations on the certificate or a line, or an annex 4A finding", () => {
    const paaSertifikat = sertifikat([linje(1)], { erklaeringer: ["Free from Thrips palmi"] });
    expect(koder(utledKontrollspoersmaal(paaSertifikat, vurdering([[]])))).toEqual([
      "DOKUMENT_TILLEGGSERKLAERING",
      "DOKUMENT_TILSIKTET_BRUK",
    ]);
    const paaLinje = sertifikat([
      linje(1),
      linje(2, { tilleggserklaeringer: ["Grown in a pest-free area"] }),
    ]);
    expect(koder(utledKontrollspoersmaal(paaLinje, vurdering([[], []])))).toContain(
      "DOKUMENT_TILLEGGSERKLAERING",
    );
    const blank = sertifikat([linje(1)], { erklaeringer: ["  "] });
    expect(koder(utledKontrollspoersmaal(blank, vurdering([[]])))).not.toContain(
      "DOKUMENT_TILLEGGSERKLAERING",
    );
    const v4a = utledKontrollspoersmaal(sertifikat([linje(1)]), vurdering([["VEDLEGG_4A_VARSEL"]]));
    expect(koder(v4a)).toEqual([
      "DOKUMENT_TILLEGGSERKLAERING",
      "DOKUMENT_TILSIKTET_BRUK",
      "DOKUMENT_OPPRINNELSESSTED",
    ]);
  });

  it("asks the origin-place question for annex 4A and Ramorum findings, not for annex 3 or incomplete lines", () => {
    for (const kode of ["RAMORUM_FORBUD", "RAMORUM_VARSEL"] as const) {
      expect(koder(utledKontrollspoersmaal(sertifikat([linje(1)]), vurdering([[kode]])))).toEqual([
        "DOKUMENT_TILSIKTET_BRUK",
        "DOKUMENT_OPPRINNELSESSTED",
      ]);
    }
    for (const kode of ["VEDLEGG_3_FORBUD", "MANGLER_EPPO"] as const) {
      expect(koder(utledKontrollspoersmaal(sertifikat([linje(1)]), vurdering([[kode]])))).toEqual([
        "DOKUMENT_TILSIKTET_BRUK",
      ]);
    }
  });

  it("gives every question, in order, for a re-export with all findings", () => {
    const r = utledKontrollspoersmaal(
      sertifikat([linje(1), linje(2)], { type: "Reeksport" }),
      vurdering([["VEDLEGG_4A_VARSEL"], ["RAMORUM_VARSEL"]]),
    );
    expect(r.dokument).toEqual(DOKUMENT_SPOERSMAAL_KODER.map((kode, i) => ({ kode, rekkefoelge: i + 1 })));
    expect(r.kunDokumentkontroll).toBe(false);
    expect(r.mottak).toEqual([
      { kode: "MOTTAK_INNHOLD_SAMSVARER", rekkefoelge: 1 },
      { kode: "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE", rekkefoelge: 2 },
    ]);
  });

  it("gives no document questions for a certificate without goods lines", () => {
    expect(utledKontrollspoersmaal(sertifikat([]), vurdering([]))).toEqual({
      dokument: [],
      mottak: [],
      kunDokumentkontroll: true,
    });
  });

  it("needs physical control for a FORBUD/VARSEL finding or plants for planting, not for incomplete findings", () => {
    const med = (l: LinjeInput, funn: RisikoKode[] = []) =>
      utledKontrollspoersmaal(sertifikat([linje(1), linje(2, l)]), vurdering([[], funn])).kunDokumentkontroll;
    expect(med({}, ["VEDLEGG_3_FORBUD"])).toBe(false);
    expect(med({}, ["RAMORUM_VARSEL"])).toBe(false);
    expect(med({}, ["MANGLER_TILSIKTET_BRUK", "MANGLER_EPPO"])).toBe(true);
    expect(med({ plantedel: "Plants" })).toBe(false);
    expect(med({ plantedel: "Plants for planting" })).toBe(false);
    expect(med({ tilsiktetBruk: "Planting" })).toBe(false);
    expect(med({ tilsiktetBruk: "For planting" })).toBe(false);
    expect(med({ plantedel: "Cut flowers", tilsiktetBruk: "Decoration" })).toBe(true);
    expect(med({ plantedel: "Seeds", tilsiktetBruk: "Consumption" })).toBe(true);
  });

  it("recognises plants for planting by plant part, intended-use code or text", () => {
    expect(erPlanterForPlanting(linje(1, { plantedel: "Plants" }))).toBe(true);
    expect(
      erPlanterForPlanting({
        ...linje(1),
        klassifisering: { tilstander: [], eppoKoder: [], andre: [], tilsiktetBrukKode: "PLANTING" },
      }),
    ).toBe(true);
    expect(erPlanterForPlanting(linje(1, { plantedel: "Fruits", tilsiktetBruk: "Consumption" }))).toBe(false);
  });
});
