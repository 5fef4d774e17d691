// The authority's assessment body (SPEC §7, ADR 045), re-exported by ./importmelding.
import { z } from "zod";
import { melding } from "../../sprak/melding";
import { valgfriJson } from "./common";

export const MYNDIGHET_STATUSER = ["FRIGITT", "AVVIST", "DELVIS_AVVIST"] as const;
export type MyndighetStatus = (typeof MYNDIGHET_STATUSER)[number];
export const BEGRUNNELSE_MELDING = melding("validering.vurdering.begrunnelse");
export const VEDTAKSBREV_MELDING = melding("validering.vurdering.vedtaksbrev");

/**
 * The authority's assessment (POST /myndighet/v2/importmeldinger/{nummer}/vurdering, ADR 045): a rejection
 * needs the reason the importer is shown and the reference of the decision letter that follows.
 */
export const vurderingBodySkjema = z
  .object(
    {
      status: z.enum(MYNDIGHET_STATUSER, {
        error: melding("validering.vurdering.ugyldig"),
      }),
      begrunnelse: valgfriJson(4000, melding("validering.vurdering.begrunnelseForLang")),
      vedtaksbrevReferanse: valgfriJson(100, melding("validering.vurdering.vedtaksbrevForLang")),
    },
    { error: melding("validering.vurdering.objekt") },
  )
  .superRefine((v, ctx) => {
    if (v.status !== "FRIGITT" && !v.begrunnelse) {
      ctx.addIssue({ code: "custom", path: ["begrunnelse"], message: BEGRUNNELSE_MELDING });
    }
    if (v.status !== "FRIGITT" && !v.vedtaksbrevReferanse) {
      ctx.addIssue({ code: "custom", path: ["vedtaksbrevReferanse"], message: VEDTAKSBREV_MELDING });
    }
  });
