// The rule table of the risk assessment (SPEC §3 risikoVurdering, §8 "Certificate risk messages").
// The rules are data (tabeller/regler.json), validated here so that an edit by the authority that breaks
// the format fails loudly (at start-up and in the tests) instead of silently matching nothing.
// See docs/decisions/004-risk-and-notification-rules.md.

import { z } from "zod";
import { melding } from "../../sprak/melding";
import landgrupperData from "./tabeller/eu-eos.json";
import reglerData from "./tabeller/regler.json";

export const REGELVERK = ["PLANTEHELSE_VEDLEGG_3", "PLANTEHELSE_VEDLEGG_4A", "RAMORUM"] as const;
export type Regelverk = (typeof REGELVERK)[number];

/** Country groups usable in `opprinnelse.alleUtenfor`. */
export const LANDGRUPPER = ["EU_EOS", "EUROPA"] as const;
export type Landgruppe = (typeof LANDGRUPPER)[number];

const landkode = z.string().regex(/^[A-Z]{2}$/, melding("validering.regelsett.landkode"));
const tekst = z.string().trim().min(1);
const tekstliste = z.array(tekst).min(1);

export const landgrupperSchema = z.object({
  EU_EOS: z.array(landkode).min(1),
  EUROPA: z.array(landkode).min(1),
});

/** The bundled country groups (tabeller/eu-eos.json). */
export const LANDGRUPPER_DATA = landgrupperSchema.parse(landgrupperData);

/** The country codes of each group of a table. */
export function landIGruppe(
  grupper: z.infer<typeof landgrupperSchema>,
): Readonly<Record<Landgruppe, ReadonlySet<string>>> {
  return { EU_EOS: new Set(grupper.EU_EOS), EUROPA: new Set(grupper.EUROPA) };
}

/** The country codes of each group, from tabeller/eu-eos.json. */
export const LAND_I_GRUPPE = landIGruppe(LANDGRUPPER_DATA);

/** Annex 3 is the import-prohibition annex and 4A the special-requirements annex; Ramorum has both. */
const FAST_ALVORLIGHETSGRAD: Record<Regelverk, "FORBUD" | "VARSEL" | undefined> = {
  PLANTEHELSE_VEDLEGG_3: "FORBUD",
  PLANTEHELSE_VEDLEGG_4A: "VARSEL",
  RAMORUM: undefined,
};

export const regelSchema = z
  .object({
    id: tekst,
    regelverk: z.enum(REGELVERK),
    alvorlighetsgrad: z.enum(["FORBUD", "VARSEL"]),
    /** Norwegian summary of the point, used in the messages. */
    beskrivelse: tekst,
    match: z
      .object({
        /** EPPO codes (species or genus codes); a genus code also matches the genus' species. */
        eppoKoder: tekstliste.optional(),
        /** Genus names, case-insensitive. */
        slekter: tekstliste.optional(),
        /** EPPO codes excepted from the rule (e.g. Rhododendron simsii). */
        unntattEppoKoder: tekstliste.optional(),
        /** Narrows the rule to these plant parts (see `PLANTEDELER` in vurder.ts for the vocabulary). */
        plantedeler: tekstliste.optional(),
        /** Plant parts excepted from the rule (e.g. seeds and fruit). */
        unntattPlantedeler: tekstliste.optional(),
        /** Narrows the rule to these intended uses. */
        tilsiktetBruk: tekstliste.optional(),
      })
      .strict(),
    opprinnelse: z
      .object({
        land: z.array(landkode).optional(),
        unntattLand: z.array(landkode).optional(),
        alleUtenfor: z.enum(LANDGRUPPER).nullable().optional(),
      })
      .strict(),
    /** The point or section, e.g. "vedlegg 3 punkt 1.1" or "§ 3". */
    punkt: tekst,
    /** Regulation and point, written out. */
    kilde: tekst,
    /** Overrides the link built from the regulation and point. */
    lenke: z.url().optional(),
    merknad: tekst.optional(),
  })
  .strict()
  .refine((r) => Boolean(r.match.eppoKoder || r.match.slekter || r.match.plantedeler), {
    message: melding("validering.regelsett.ingenMatch"),
    path: ["match"],
  })
  .refine((r) => (FAST_ALVORLIGHETSGRAD[r.regelverk] ?? r.alvorlighetsgrad) === r.alvorlighetsgrad, {
    message: melding("validering.regelsett.fastAlvorlighetsgrad"),
    path: ["alvorlighetsgrad"],
  });

export type Regel = z.infer<typeof regelSchema>;

export const reglerSchema = z.array(regelSchema).superRefine((regler, ctx) => {
  const sett = new Set<string>();
  regler.forEach((regel, i) => {
    if (sett.has(regel.id)) {
      ctx.addIssue({
        code: "custom",
        message: melding("validering.regelsett.dobbelId", { id: regel.id }),
        path: [i, "id"],
      });
    }
    sett.add(regel.id);
  });
});

/**
 * Validates a rule table: either the array of rules or the file's `{ regler: [...] }` object.
 * Throws a ZodError naming the faulty rule and field.
 */
export function lesRegler(data: unknown): Regel[] {
  const liste = typeof data === "object" && data !== null && "regler" in data ? data.regler : data;
  return reglerSchema.parse(liste);
}

/** The bundled rule table (tabeller/regler.json). */
export const REGLER: readonly Regel[] = Object.freeze(lesRegler(reglerData));

type RegelverkInfo = {
  /** Name of the regulation as shown to users. */
  forskrift: string;
  /** Short Norwegian name of the part, e.g. "vedlegg 3". */
  del: string;
  /** Lovdata short reference, YYYY-MM-DD-NNNN. */
  lovdataId: string;
};

export const REGELVERK_INFO: Record<Regelverk, RegelverkInfo> = {
  PLANTEHELSE_VEDLEGG_3: {
    forskrift: "forskrift om plantehelse",
    del: "vedlegg 3",
    lovdataId: "2018-12-21-2237",
  },
  PLANTEHELSE_VEDLEGG_4A: {
    forskrift: "forskrift om plantehelse",
    del: "vedlegg 4A",
    lovdataId: "2018-12-21-2237",
  },
  RAMORUM: {
    forskrift: "forskrift om tiltak mot Phytophthora ramorum",
    del: "forskriften",
    lovdataId: "2003-03-17-341",
  },
};

const LOVDATA = "https://lovdata.no/forskrift";

/**
 * Link to the regulation text (one scheme for all): `https://lovdata.no/forskrift/{id}/vedlegg/{n}` for
 * an annex, `https://lovdata.no/forskrift/{id}/§{n}` for a section (read from the point, e.g. "§ 3"),
 * otherwise the regulation itself.
 */
export function lovdataLenke(regelverk: Regelverk, punkt?: string): string {
  const { lovdataId } = REGELVERK_INFO[regelverk];
  const base = `${LOVDATA}/${lovdataId}`;
  switch (regelverk) {
    case "PLANTEHELSE_VEDLEGG_3":
      return `${base}/vedlegg/3`;
    case "PLANTEHELSE_VEDLEGG_4A":
      return `${base}/vedlegg/4A`;
    case "RAMORUM": {
      const paragraf = punkt?.match(/§\s*(\d+[a-z]?)/i)?.[1];
      return paragraf ? `${base}/§${paragraf}` : base;
    }
  }
}

/** The link of a rule: its own `lenke`, or {@link lovdataLenke}. */
export function regelLenke(regel: Regel): string {
  return regel.lenke ?? lovdataLenke(regel.regelverk, regel.punkt);
}
