import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { oversetter } from "../../sprak/katalog.server";
import {
  ankomstErRegistrert,
  ankomstinfoBodySkjema,
  ankomstSkjema,
  BEGRUNNELSE_MELDING,
  egenReferanseBodySkjema,
  faktiskeMengderSkjema,
  innholdSamsvarerSkjema,
  innmelderBodySkjema,
  innmelderSkjema,
  kontrollsvarBodySkjema,
  kontrollsvarSkjema,
  mottakskontrollBodySkjema,
  mottakskontrolloerAnkomstBodySkjema,
  mottakskontrolloerSkjema,
  opprettImportmeldingBodySkjema,
  REGELVERK_AVKRYSSING_TEKST,
  regelverkSkjema,
  sjekkFaktiskeMengder,
  statusBodySkjema,
  tilAnkomstinfoBody,
  tilKontrollsvarBody,
  tilMottakskontrolloerAnkomstBody,
  type VarelinjeOppgittMengde,
  VEDTAKSBREV_MELDING,
  vurderingBodySkjema,
} from "./importmelding";

/** A message reference as the bokmål catalogue says it (SPEC's text). */
const bokmaal = (m: string) => oversetter("nb").melding(m);
/** conform's reply errors in bokmål. */
const svarfeil = (e: Record<string, string[] | null> | undefined) =>
  Object.fromEntries(Object.entries(e ?? {}).map(([k, v]) => [k, v?.map(bokmaal)]));

/** The messages of a failed parse by path (in bokmål), or the parsed value. */
function sjekk(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  if (r.success) return { verdi: r.data };
  const feil: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const k = i.path.join(".");
    feil[k] = [...(feil[k] ?? []), bokmaal(i.message)];
  }
  return { feil };
}

function formData(felter: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(felter)) fd.append(k, v);
  return fd;
}

describe("innmelder", () => {
  it("requires name and a valid e-mail, with the spec's messages", () => {
    expect(sjekk(innmelderSkjema, {})).toEqual({
      feil: { navn: ["Du må angi ditt navn"], epost: ["Du må angi en gyldig e-post"] },
    });
    expect(sjekk(innmelderSkjema, { navn: "  ", epost: "kari@" })).toEqual({
      feil: { navn: ["Du må angi ditt navn"], epost: ["Du må angi en gyldig e-post"] },
    });
  });

  it("trims and leaves empty optional fields out", () => {
    expect(
      sjekk(innmelderSkjema, {
        navn: " Kari ",
        epost: "kari@firma.no",
        telefonnummer: "",
        egenReferanse: " R1 ",
      }),
    ).toEqual({
      verdi: { navn: "Kari", epost: "kari@firma.no", telefonnummer: undefined, egenReferanse: "R1" },
    });
  });

  it("limits lengths", () => {
    const r = sjekk(innmelderSkjema, {
      navn: "x".repeat(201),
      epost: "a@b.no",
      telefonnummer: "1".repeat(31),
    });
    expect(r).toEqual({
      feil: {
        navn: ["Navnet kan ikke være lengre enn 200 tegn"],
        telefonnummer: ["Telefonnummeret kan ikke være lengre enn 30 tegn"],
      },
    });
  });

  it("reads the API body with the same rules, null phone allowed", () => {
    expect(
      sjekk(innmelderBodySkjema, { navn: "Kari", epost: "kari@firma.no", telefonnummer: null, versjon: 3 }),
    ).toEqual({
      verdi: { navn: "Kari", epost: "kari@firma.no", telefonnummer: undefined, versjon: 3 },
    });
    expect(sjekk(innmelderBodySkjema, { navn: "", epost: "x" })).toEqual({
      feil: { navn: ["Du må angi ditt navn"], epost: ["Du må angi en gyldig e-post"] },
    });
    expect(sjekk(innmelderBodySkjema, { navn: "K", epost: "k@f.no", versjon: 0 })).toEqual({
      feil: { versjon: ["Ugyldig versjon"] },
    });
  });

  it("clears the own reference with null or empty", () => {
    expect(sjekk(egenReferanseBodySkjema, { egenReferanse: null })).toEqual({
      verdi: { egenReferanse: undefined, versjon: undefined },
    });
    expect(sjekk(egenReferanseBodySkjema, { egenReferanse: " PO-77 " })).toEqual({
      verdi: { egenReferanse: "PO-77", versjon: undefined },
    });
  });

  it("round-trips through conform's parseWithZod on a FormData", () => {
    const ok = parseWithZod(
      formData({ navn: " Kari Nordmann ", epost: "kari@firma.no", telefonnummer: "", egenReferanse: "" }),
      {
        schema: innmelderSkjema,
      },
    );
    expect(ok.status).toBe("success");
    if (ok.status === "success") {
      expect(ok.value).toEqual({ navn: "Kari Nordmann", epost: "kari@firma.no" });
    }
    const feil = parseWithZod(formData({ navn: "", epost: "ikke-epost" }), { schema: innmelderSkjema });
    expect(feil.status).toBe("error");
    expect(svarfeil(feil.reply().error)).toEqual({
      navn: ["Du må angi ditt navn"],
      epost: ["Du må angi en gyldig e-post"],
    });
  });
});

describe("ankomst", () => {
  const gyldig = {
    adresselinje1: "Tollbugata 40",
    postnummer: "3044",
    poststed: "Drammen",
    dato: "2026-03-29",
    klokkeslett: "10:00",
    mottakskontrolloerId: "12",
  };

  it("gives the spec's messages for every missing field", () => {
    expect(sjekk(ankomstSkjema({ kunDokumentkontroll: false }), {})).toEqual({
      feil: {
        adresselinje1: ["Adresselinje 1 er påkrevd"],
        postnummer: ["Postnummer er påkrevd"],
        poststed: ["Poststed er påkrevd"],
        dato: ["Dato er påkrevd"],
        mottakskontrolloerId: ["Du er nødt til å velge en mottakskontrollør."],
      },
    });
  });

  it("refuses an arrival more than 14 days back (with today given), but not 14 days back or an impossible date as missing", () => {
    const skjema = ankomstSkjema({ kunDokumentkontroll: false, idag: "2026-03-20" });
    expect(sjekk(skjema, { ...gyldig, dato: "2026-03-05" })).toEqual({
      feil: { dato: ["Dato kan ikke være mer enn 14 dager tilbake i tid"] },
    });
    expect(sjekk(skjema, { ...gyldig, dato: "2026-03-06" })).toHaveProperty("verdi");
    expect(sjekk(skjema, { ...gyldig, dato: "2026-02-30" })).toEqual({
      feil: { dato: ["Dato må være en gyldig dato"] },
    });
  });

  it("reads a date written as Norwegians write it (the text field without JavaScript), nothing else", () => {
    const skjema = ankomstSkjema({ kunDokumentkontroll: false, idag: "2026-03-20" });
    expect(sjekk(skjema, { ...gyldig, dato: "23.03.2026" })).toMatchObject({ verdi: { dato: "2026-03-23" } });
    expect(sjekk(skjema, { ...gyldig, dato: " 1.4.2026 " })).toMatchObject({ verdi: { dato: "2026-04-01" } });
    for (const dato of ["30.02.2026", "23/03/2026", "ugyldig"]) {
      expect(sjekk(skjema, { ...gyldig, dato })).toEqual({ feil: { dato: ["Dato må være en gyldig dato"] } });
    }
    expect(sjekk(skjema, { ...gyldig, dato: "" })).toEqual({ feil: { dato: ["Dato er påkrevd"] } });
  });

  it("does not require a controller for document control only", () => {
    const r = sjekk(ankomstSkjema({ kunDokumentkontroll: true }), {
      ...gyldig,
      mottakskontrolloerId: undefined,
    });
    expect(r).toEqual({
      verdi: { ...gyldig, adresselinje2: undefined, mottakskontrolloerId: undefined },
    });
  });

  it("limits the postal code to 4 characters, checks the date and the slot, defaults to 06:00", () => {
    const s = ankomstSkjema({ kunDokumentkontroll: false });
    expect(sjekk(s, { ...gyldig, postnummer: "30440" })).toEqual({
      feil: { postnummer: ["Postnummer kan ikke være lengre enn 4 tegn"] },
    });
    expect(sjekk(s, { ...gyldig, dato: "2026-02-30" })).toEqual({
      feil: { dato: ["Dato må være en gyldig dato"] },
    });
    expect(sjekk(s, { ...gyldig, klokkeslett: "07:00" })).toEqual({
      feil: { klokkeslett: ["Du må velge et tidsrom"] },
    });
    expect(sjekk(s, { ...gyldig, mottakskontrolloerId: "abc" })).toEqual({
      feil: { mottakskontrolloerId: ["Du er nødt til å velge en mottakskontrollør."] },
    });
    const utenTid = s.parse({ ...gyldig, klokkeslett: undefined });
    expect(utenTid.klokkeslett).toBe("06:00");
    expect(utenTid.mottakskontrolloerId).toBe(12);
  });

  it("defaults the slot through conform too (empty field → undefined → 06:00)", () => {
    const r = parseWithZod(formData({ ...gyldig, klokkeslett: "", adresselinje2: "" }), {
      schema: ankomstSkjema({ kunDokumentkontroll: false }),
    });
    expect(r.status).toBe("success");
    if (r.status === "success")
      expect(r.value).toMatchObject({ klokkeslett: "06:00", mottakskontrolloerId: 12 });
    const feil = parseWithZod(formData({ ...gyldig, mottakskontrolloerId: "" }), {
      schema: ankomstSkjema({ kunDokumentkontroll: false }),
    });
    expect(svarfeil(feil.reply().error)).toEqual({
      mottakskontrolloerId: ["Du er nødt til å velge en mottakskontrollør."],
    });
  });

  it("builds the API body with a DST-correct UTC time", () => {
    const s = ankomstSkjema({ kunDokumentkontroll: false });
    // 29 March 2026 is the first day of summer time: 10:00 in Oslo is 08:00 UTC.
    expect(tilAnkomstinfoBody(s.parse(gyldig), 5)).toEqual({
      id: 5,
      ankomsttid: "2026-03-29T08:00:00.000Z",
      kontrollAdresse: { linje1: "Tollbugata 40", linje2: null, postnummer: "3044", poststed: "Drammen" },
      mottakskontrolloer: { importoerId: 12 },
    });
    const vinter = tilAnkomstinfoBody(s.parse({ ...gyldig, dato: "2026-01-15", klokkeslett: "18:00" }), 5, 4);
    expect(vinter.ankomsttid).toBe("2026-01-15T17:00:00.000Z");
    expect(vinter.versjon).toBe(4);
    const utenKontrolloer = ankomstSkjema({ kunDokumentkontroll: true }).parse({
      ...gyldig,
      mottakskontrolloerId: undefined,
    });
    expect(tilAnkomstinfoBody(utenKontrolloer, 5).mottakskontrolloer).toBeNull();
  });

  it("validates the API body with the same messages", () => {
    const body = tilAnkomstinfoBody(ankomstSkjema({ kunDokumentkontroll: false }).parse(gyldig), 5);
    expect(ankomstinfoBodySkjema({ kunDokumentkontroll: false }).safeParse(body).success).toBe(true);
    expect(
      sjekk(ankomstinfoBodySkjema({ kunDokumentkontroll: false }), { ...body, mottakskontrolloer: null }),
    ).toEqual({
      feil: { mottakskontrolloer: ["Du er nødt til å velge en mottakskontrollør."] },
    });
    expect(
      ankomstinfoBodySkjema({ kunDokumentkontroll: true }).safeParse({ ...body, mottakskontrolloer: null })
        .success,
    ).toBe(true);
    expect(
      sjekk(ankomstinfoBodySkjema({ kunDokumentkontroll: false }), {
        ...body,
        ankomsttid: "",
        kontrollAdresse: { linje1: "", postnummer: "12345", poststed: "" },
      }),
    ).toEqual({
      feil: {
        ankomsttid: ["Dato er påkrevd"],
        "kontrollAdresse.linje1": ["Adresselinje 1 er påkrevd"],
        "kontrollAdresse.postnummer": ["Postnummer kan ikke være lengre enn 4 tegn"],
        "kontrollAdresse.poststed": ["Poststed er påkrevd"],
      },
    });
    expect(
      sjekk(ankomstinfoBodySkjema({ kunDokumentkontroll: true }), { ...body, ankomsttid: "i morgen" }),
    ).toEqual({
      feil: { ankomsttid: ["Ankomsttid må være et gyldig tidspunkt"] },
    });
  });

  it("accepts only the four slots in Oslo time as the API's arrival time (DST-correct)", () => {
    const skjema = ankomstinfoBodySkjema({ kunDokumentkontroll: true });
    const body = tilAnkomstinfoBody(ankomstSkjema({ kunDokumentkontroll: true }).parse(gyldig), 5);
    for (const ankomsttid of [
      "2026-03-29T04:00:00.000Z", // 06:00 on the spring-forward day
      "2026-10-25T17:00:00.000Z", // 18:00 on the fall-back day
      "2026-01-15T09:00:00.000Z", // 10:00 in winter
      "2026-07-15T14:00:00+02:00", // 14:00 with an offset
    ]) {
      expect(sjekk(skjema, { ...body, ankomsttid }), ankomsttid).toEqual({
        verdi: expect.objectContaining({ ankomsttid }),
      });
    }
    for (const ankomsttid of [
      "2026-03-29T05:00:00.000Z", // 07:00 in Oslo that day (06:00 only in winter time)
      "2026-10-25T04:00:00.000Z", // 05:00 in Oslo that day
      "2026-01-15T05:15:00.000Z",
      "2026-01-15T12:00:00.000Z",
      "2026-07-15T04:00:00.500Z",
    ]) {
      expect(sjekk(skjema, { ...body, ankomsttid }), ankomsttid).toEqual({
        feil: { ankomsttid: ["Ankomsttid må være kl. 06:00, 10:00, 14:00 eller 18:00 norsk tid"] },
      });
    }
  });

  it("counts an entry as registered only with date, time, address line 1, postal code and city", () => {
    const info = {
      ankomstTid: { dato: "2026-04-01", klokkeslett: "06:00" },
      kontrollAdresse: { linje1: "Vei 1", postnummer: "0150", poststed: "Oslo" },
    };
    expect(ankomstErRegistrert(info)).toBe(true);
    expect(ankomstErRegistrert({ ...info, ankomstTid: null })).toBe(false);
    expect(ankomstErRegistrert({ ...info, ankomstTid: { dato: "2026-04-01", klokkeslett: "" } })).toBe(false);
    for (const felt of ["linje1", "postnummer", "poststed"] as const) {
      expect(
        ankomstErRegistrert({ ...info, kontrollAdresse: { ...info.kontrollAdresse, [felt]: null } }),
      ).toBe(false);
    }
  });
});

describe("mottakskontrollør", () => {
  it("requires name and phone", () => {
    expect(sjekk(mottakskontrolloerSkjema, {})).toEqual({
      feil: { navn: ["Du må angi ditt navn"], telefonnummer: ["Du må angi ditt telefonnummer"] },
    });
    expect(sjekk(mottakskontrolloerSkjema, { navn: " Ola ", telefonnummer: " 92345678 " })).toEqual({
      verdi: { navn: "Ola", telefonnummer: "92345678" },
    });
  });

  it("builds the controller's PUT body from the stored arrival info", () => {
    const info = {
      id: 3,
      ankomsttid: "2026-04-01T04:00:00.000Z",
      kontrollAdresse: { linje1: "Vei 1", linje2: null, postnummer: "0150", poststed: "Oslo" },
      mottakskontrolloer: { importoerId: 9 },
      sendingAnkommet: false,
    };
    const body = tilMottakskontrolloerAnkomstBody(info, 9, { navn: "Ola", telefonnummer: "92345678" }, 2);
    expect(body.mottakskontrolloer).toEqual({ importoerId: 9, navn: "Ola", telefonnummer: "92345678" });
    expect(mottakskontrolloerAnkomstBodySkjema.parse(body)).toEqual({
      mottakskontrolloer: { importoerId: 9, navn: "Ola", telefonnummer: "92345678" },
      versjon: 2,
    });
    expect(
      sjekk(mottakskontrolloerAnkomstBodySkjema, {
        mottakskontrolloer: { importoerId: 9, navn: "", telefonnummer: "" },
      }),
    ).toEqual({
      feil: {
        "mottakskontrolloer.navn": ["Du må angi ditt navn"],
        "mottakskontrolloer.telefonnummer": ["Du må angi ditt telefonnummer"],
      },
    });
  });
});

describe("kontrollsvar", () => {
  it("requires a choice", () => {
    expect(sjekk(kontrollsvarSkjema("DOKUMENT_REEKSPORT"), {})).toEqual({
      feil: { svar: ["Du må velge et svar"] },
    });
    expect(sjekk(kontrollsvarBodySkjema("DOKUMENT_REEKSPORT"), {})).toEqual({
      feil: { kontrollSvar: ["Du må velge et svar"] },
    });
  });

  it("accepts only the question's own answers", () => {
    for (const svar of [
      "DOKUMENT_TILSIKTET_BRUK_IKKE_KRAV",
      "DOKUMENT_REEKSPORT_RIKTIG",
      "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
      "JA",
    ]) {
      expect(sjekk(kontrollsvarSkjema("DOKUMENT_TILSIKTET_BRUK"), { svar })).toEqual({
        feil: { svar: ["Svaret er ikke et gyldig alternativ for dette spørsmålet"] },
      });
    }
    expect(
      sjekk(kontrollsvarBodySkjema("MOTTAK_FRI_FOR_PLANTESKADEGJOERERE"), {
        kontrollSvar: "MOTTAK_INNHOLD_SAMSVARER_AVVIK",
      }),
    ).toEqual({
      feil: { kontrollSvar: ["Svaret er ikke et gyldig alternativ for dette spørsmålet"] },
    });
  });

  it.each([
    ["DOKUMENT_REEKSPORT", "DOKUMENT_REEKSPORT_AVVIK", "Kommentar til avvik i sertifikatet må spesifiseres"],
    [
      "DOKUMENT_TILLEGGSERKLAERING",
      "DOKUMENT_TILLEGGSERKLAERING_AVVIK",
      "Varelinjer med feil eller manglende tilleggserklæring må spesifiseres",
    ],
    [
      "DOKUMENT_TILSIKTET_BRUK",
      "DOKUMENT_TILSIKTET_BRUK_AVVIK",
      "Varelinjer med feil eller manglende tilsiktet bruk må spesifiseres",
    ],
    ["MOTTAK_INNHOLD_SAMSVARER", "MOTTAK_INNHOLD_SAMSVARER_AVVIK", "Kommentar til avviket må spesifiseres"],
    [
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE",
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_AVVIK",
      "Kommentar til avviket må spesifiseres",
    ],
    [
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE",
      "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_OEVRIGE_AVVIK",
      "Kommentar til avviket må spesifiseres",
    ],
  ] as const)("%s: %s needs a comment: %s", (kode, svar, melding) => {
    expect(sjekk(kontrollsvarSkjema(kode), { svar, kommentar: "  " })).toEqual({
      feil: { kommentar: [melding] },
    });
    expect(sjekk(kontrollsvarBodySkjema(kode), { kontrollSvar: svar })).toEqual({
      feil: { kommentar: [melding] },
    });
    expect(sjekk(kontrollsvarSkjema(kode), { svar, kommentar: " Linje 2 " })).toEqual({
      verdi: { svar, kommentar: "Linje 2", avvik: true },
    });
  });

  it("makes the origin-place comment optional and needs none for lower quantity", () => {
    expect(
      sjekk(kontrollsvarSkjema("DOKUMENT_OPPRINNELSESSTED"), { svar: "DOKUMENT_OPPRINNELSESSTED_AVVIK" }),
    ).toEqual({
      verdi: { svar: "DOKUMENT_OPPRINNELSESSTED_AVVIK", kommentar: undefined, avvik: true },
    });
    expect(
      sjekk(kontrollsvarSkjema("MOTTAK_INNHOLD_SAMSVARER"), {
        svar: "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
      }),
    ).toEqual({
      verdi: { svar: "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE", kommentar: undefined, avvik: true },
    });
  });

  it("drops a comment typed before a correct answer was chosen, and limits its length", () => {
    expect(
      sjekk(kontrollsvarSkjema("DOKUMENT_REEKSPORT"), {
        svar: "DOKUMENT_REEKSPORT_RIKTIG",
        kommentar: "gammel",
      }),
    ).toEqual({
      verdi: { svar: "DOKUMENT_REEKSPORT_RIKTIG", kommentar: undefined, avvik: false },
    });
    expect(
      sjekk(kontrollsvarSkjema("DOKUMENT_REEKSPORT"), {
        svar: "DOKUMENT_REEKSPORT_AVVIK",
        kommentar: "x".repeat(2001),
      }),
    ).toEqual({
      feil: { kommentar: ["Kommentaren kan ikke være lengre enn 2000 tegn"] },
    });
  });

  it("builds the API body from the form", () => {
    const form = kontrollsvarSkjema("DOKUMENT_REEKSPORT").parse({
      svar: "DOKUMENT_REEKSPORT_AVVIK",
      kommentar: "Mangler",
    });
    const body = tilKontrollsvarBody(form, 11, 2);
    expect(body).toEqual({
      id: 11,
      kontrollSvar: "DOKUMENT_REEKSPORT_AVVIK",
      kommentar: "Mangler",
      versjon: 2,
    });
    expect(kontrollsvarBodySkjema("DOKUMENT_REEKSPORT").parse(body)).toEqual({ ...body, avvik: true });
  });

  it("works with conform: the comment error lands on the comment field", () => {
    const r = parseWithZod(formData({ svar: "DOKUMENT_TILSIKTET_BRUK_AVVIK", kommentar: "" }), {
      schema: kontrollsvarSkjema("DOKUMENT_TILSIKTET_BRUK"),
    });
    expect(svarfeil(r.reply().error)).toEqual({
      kommentar: ["Varelinjer med feil eller manglende tilsiktet bruk må spesifiseres"],
    });
  });
});

describe("regelverk", () => {
  it("requires one of the two choices", () => {
    expect(sjekk(regelverkSkjema, {})).toEqual({ feil: { bekreftelse: ["Du må velge et alternativ"] } });
    expect(sjekk(regelverkSkjema, { bekreftelse: "kanskje" })).toEqual({
      feil: { bekreftelse: ["Du må velge et alternativ"] },
    });
    expect(sjekk(regelverkSkjema, { bekreftelse: "bekreftet" })).toEqual({
      verdi: { bekreftelse: "bekreftet" },
    });
    expect(sjekk(regelverkSkjema, { bekreftelse: "vil-ikke-melde" })).toEqual({
      verdi: { bekreftelse: "vil-ikke-melde" },
    });
    expect(bokmaal(REGELVERK_AVKRYSSING_TEKST)).toBe(
      "Denne boksen må hukes av for at din bedrift skal kunne melde import.",
    );
  });
});

describe("faktiske mengder", () => {
  const linjer: VarelinjeOppgittMengde[] = [
    { sorteringsnummer: 1, mengde: { antall: { verdi: 100 }, nettoVekt: { verdi: 25.5 } } },
    { sorteringsnummer: 2, mengde: { bruttoVolum: { verdi: 3 } } },
  ];

  it("reads the fields: comma as decimal point, spaces stripped, empty as 0, only stated quantities", () => {
    const r = faktiskeMengderSkjema(linjer).safeParse({
      faktisk: [
        { varelinjeId: "1", antall: " 9 0 ", nettoVekt: "12,5", bruttoVekt: "999" },
        { varelinjeId: "2", bruttoVolum: "" },
      ],
    });
    expect(r.success && r.data).toEqual([
      {
        varelinjeId: 1,
        faktiskeVerdier: [
          { id: "antall", faktiskVerdi: 90 },
          { id: "nettoVekt", faktiskVerdi: 12.5 },
        ],
      },
      { varelinjeId: 2, faktiskeVerdier: [{ id: "bruttoVolum", faktiskVerdi: 0 }] },
    ]);
  });

  it("gives the spec's messages on the field", () => {
    const r = sjekk(faktiskeMengderSkjema(linjer), {
      faktisk: [
        { varelinjeId: "1", antall: "mange", nettoVekt: "-1" },
        { varelinjeId: "2", bruttoVolum: "3,5" },
        { varelinjeId: "9" },
      ],
    });
    expect(r).toEqual({
      feil: {
        "faktisk.0.antall": ["Innholdet må være et numerisk tall"],
        "faktisk.0.nettoVekt": ["Verdien kan ikke være negativ"],
        "faktisk.1.bruttoVolum": ["Mengden kan ikke være større enn opprinnelig mengde"],
        "faktisk.2.varelinjeId": ["Fant ikke varelinjen i sertifikatet"],
      },
    });
  });

  it("validates quantities only for the lower-quantity answer on the content question", () => {
    const s = innholdSamsvarerSkjema(linjer);
    expect(
      sjekk(s, { svar: "MOTTAK_INNHOLD_SAMSVARER_RIKTIG", faktisk: [{ varelinjeId: "1", antall: "x" }] }),
    ).toEqual({
      verdi: {
        svar: "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
        kommentar: undefined,
        avvik: false,
        faktiskeMengder: [],
      },
    });
    expect(
      sjekk(s, {
        svar: "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
        faktisk: [{ varelinjeId: "1", antall: "101" }],
      }),
    ).toEqual({
      feil: { "faktisk.0.antall": ["Mengden kan ikke være større enn opprinnelig mengde"] },
    });
    expect(sjekk(s, { svar: "MOTTAK_INNHOLD_SAMSVARER_AVVIK" })).toEqual({
      feil: { kommentar: ["Kommentar til avviket må spesifiseres"] },
    });
    const ok = s.parse({
      svar: "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
      faktisk: [{ varelinjeId: "1", antall: "80", nettoVekt: "20" }],
    });
    expect(ok.faktiskeMengder).toEqual([
      {
        varelinjeId: 1,
        faktiskeVerdier: [
          { id: "antall", faktiskVerdi: 80 },
          { id: "nettoVekt", faktiskVerdi: 20 },
        ],
      },
    ]);
  });

  it("checks the API body: numbers ≥ 0 and known fields, then the stated quantities", () => {
    expect(
      sjekk(mottakskontrollBodySkjema, [
        { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: -1 }] },
      ]),
    ).toEqual({
      feil: { "0.faktiskeVerdier.0.faktiskVerdi": ["Verdien kan ikke være negativ"] },
    });
    expect(
      sjekk(mottakskontrollBodySkjema, [
        { varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: "8" }] },
      ]),
    ).toEqual({
      feil: { "0.faktiskeVerdier.0.faktiskVerdi": ["Innholdet må være et numerisk tall"] },
    });
    expect(
      sjekk(mottakskontrollBodySkjema, [
        { varelinjeId: 1, faktiskeVerdier: [{ id: "vekt", faktiskVerdi: 1 }] },
      ]),
    ).toEqual({
      feil: { "0.faktiskeVerdier.0.id": ["Varelinjen har ikke oppgitt denne mengden i sertifikatet"] },
    });
    const body = (id: "antall" | "bruttoVolum", faktiskVerdi: number, varelinjeId = 1) =>
      mottakskontrollBodySkjema.parse([{ varelinjeId, faktiskeVerdier: [{ id, faktiskVerdi }] }]);
    expect(sjekkFaktiskeMengder(body("antall", 100), linjer)).toBeUndefined();
    expect(bokmaal(sjekkFaktiskeMengder(body("antall", 100.5), linjer) ?? "")).toBe(
      "Mengden kan ikke være større enn opprinnelig mengde",
    );
    expect(bokmaal(sjekkFaktiskeMengder(body("bruttoVolum", 1), linjer) ?? "")).toBe(
      "Varelinjen har ikke oppgitt denne mengden i sertifikatet",
    );
    expect(bokmaal(sjekkFaktiskeMengder(body("antall", 1, 5), linjer) ?? "")).toBe(
      "Fant ikke varelinjen i sertifikatet",
    );
    const dobbel = mottakskontrollBodySkjema.parse([
      {
        varelinjeId: 1,
        faktiskeVerdier: [
          { id: "antall", faktiskVerdi: 1 },
          { id: "antall", faktiskVerdi: 2 },
        ],
      },
    ]);
    expect(bokmaal(sjekkFaktiskeMengder(dobbel, linjer) ?? "")).toBe(
      "Samme mengde er oppgitt flere ganger for varelinjen",
    );
  });

  it("accepts goods lines numbered from 0 (real ePhyto deliveries), never a negative or fractional number", () => {
    const fraNull = [{ sorteringsnummer: 0, mengde: { antall: { verdi: 10 } } }];
    const body = mottakskontrollBodySkjema.parse([
      { varelinjeId: 0, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 4 }] },
    ]);
    expect(body[0]?.varelinjeId).toBe(0);
    expect(sjekkFaktiskeMengder(body, fraNull)).toBeUndefined();
    for (const varelinjeId of [-1, 0.5]) {
      expect(sjekk(mottakskontrollBodySkjema, [{ varelinjeId, faktiskeVerdier: [] }])).toEqual({
        feil: { "0.varelinjeId": ["Fant ikke varelinjen i sertifikatet"] },
      });
    }
  });
});

describe("opprettelse, status og vurdering", () => {
  it("reads the creation body", () => {
    expect(
      opprettImportmeldingBodySkjema.parse({
        ansvarligImportoerId: 4,
        eksportLand: "nl",
        nummer: " PHYTO.NL.1 ",
        utstedtDato: "2026-04-01",
      }),
    ).toEqual({
      ansvarligDokumentkontrollId: undefined,
      ansvarligImportoerId: 4,
      eksportLand: "NL",
      nummer: "PHYTO.NL.1",
      utstedtDato: "2026-04-01",
    });
    const medTid = {
      ansvarligImportoerId: 4,
      eksportLand: "NL",
      nummer: "X",
      utstedtDato: "2026-04-01T22:00:00.000Z",
    };
    expect(opprettImportmeldingBodySkjema.parse(medTid).utstedtDato).toBe("2026-04-01");
    expect(
      sjekk(opprettImportmeldingBodySkjema, { eksportLand: "Nederland", utstedtDato: "01.04.2026" }),
    ).toEqual({
      feil: {
        ansvarligImportoerId: ["Ansvarlig importør mangler"],
        eksportLand: ["Eksportland må være en landkode med to bokstaver"],
        nummer: ["Sertifikatnummer mangler"],
        utstedtDato: ["Utstedelsesdato må være en gyldig dato (ÅÅÅÅ-MM-DD)"],
      },
    });
  });

  it("allows the client only REGISTRERT, ANKOMMET and TILBAKETRUKKET", () => {
    for (const status of ["REGISTRERT", "ANKOMMET", "TILBAKETRUKKET"]) {
      expect(statusBodySkjema.safeParse({ status }).success).toBe(true);
    }
    for (const status of ["FRIGITT", "AUTOMATISK_FRIGITT", "SLETTET", "UNDER_REGISTRERING", undefined]) {
      expect(statusBodySkjema.safeParse({ status }).success).toBe(false);
    }
  });

  it("requires a reason for a rejection", () => {
    expect(vurderingBodySkjema.safeParse({ status: "FRIGITT" }).success).toBe(true);
    // A rejection needs its reason and its decision letter's reference (ADR 045).
    expect(sjekk(vurderingBodySkjema, { status: "AVVIST" })).toEqual({
      feil: {
        begrunnelse: [bokmaal(BEGRUNNELSE_MELDING)],
        vedtaksbrevReferanse: [bokmaal(VEDTAKSBREV_MELDING)],
      },
    });
    expect(
      sjekk(vurderingBodySkjema, {
        status: "DELVIS_AVVIST",
        begrunnelse: " ",
        vedtaksbrevReferanse: "2026/1",
      }),
    ).toEqual({ feil: { begrunnelse: [bokmaal(BEGRUNNELSE_MELDING)] } });
    expect(sjekk(vurderingBodySkjema, { status: "AVVIST", begrunnelse: "Skadegjørere" })).toEqual({
      feil: { vedtaksbrevReferanse: [bokmaal(VEDTAKSBREV_MELDING)] },
    });
    expect(
      vurderingBodySkjema.parse({
        status: "AVVIST",
        begrunnelse: "Skadegjørere funnet",
        vedtaksbrevReferanse: " 2026/4711 ",
      }),
    ).toEqual({ status: "AVVIST", begrunnelse: "Skadegjørere funnet", vedtaksbrevReferanse: "2026/4711" });
    expect(sjekk(vurderingBodySkjema, { status: "FRIGITT", vedtaksbrevReferanse: "x".repeat(101) })).toEqual({
      feil: { vedtaksbrevReferanse: ["Referansen til vedtaksbrevet kan ikke være lengre enn 100 tegn"] },
    });
    expect(vurderingBodySkjema.safeParse({ status: "AUTOMATISK_FRIGITT" }).success).toBe(false);
  });
});
