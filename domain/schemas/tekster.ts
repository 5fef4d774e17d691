// Texts and choices of the forms that pages show without the schemas: importing them from here keeps zod
// out of the pages' first-load JavaScript (ADR 015); the schemas re-export them.
import { melding } from "../../sprak/melding";

export const REGELVERK_MELDING = melding("validering.regelverk.velg");
export const REGELVERK_AVKRYSSING_TEKST = melding("validering.regelverk.avkryssing");
export const REGELVERK_VALG = ["bekreftet", "vil-ikke-melde"] as const;
