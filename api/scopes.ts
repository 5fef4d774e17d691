// The scopes of machine tokens (Maskinporten names): the importers' systems' (ADR 035) and the authority's case
// system's (ADR 045). Imports nothing but a type, so tests that run under Playwright's loader can use them.
import type { Systemscope } from "../domain/schemas/systemtilgang";

/** The scopes of machine tokens (Maskinporten names), and what each lets a system do. */
export const MASKIN_SCOPES: Record<Systemscope, string> = {
  read: "mattilsynet:forhaandsmelding.read",
  write: "mattilsynet:forhaandsmelding.write",
};

/**
 * The authority's case system's scopes (ADR 045), apart from the importers' under the sub-path `/myndighet`:
 * read the submitted notifications and the event feed; assess them; load and approve the risk rules.
 */
export type MyndighetScope = "read" | "vurdering" | "regelsett";
export const MYNDIGHET_SCOPES: Record<MyndighetScope, string> = {
  read: "mattilsynet:forhaandsmelding/myndighet.read",
  vurdering: "mattilsynet:forhaandsmelding/myndighet.vurdering",
  regelsett: "mattilsynet:forhaandsmelding/myndighet.regelsett",
};
