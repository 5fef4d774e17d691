// The configuration's schema (ADR 066): the environment read by ./miljo.ts, then checked for the roles in ROLES
// by ./sjekker.ts, every problem a zod issue with its Norwegian message. server/config.ts turns the result into
// the Config.
import type { z } from "zod";
import { type Miljo, medGrenser, variabelSkjema } from "./miljo";
import { problemer } from "./sjekker";

export const konfigSkjema: z.ZodType<Miljo, Record<string, string | undefined>> = variabelSkjema
  .transform(medGrenser)
  .superRefine((m, ctx) => {
    for (const melding of problemer(m)) ctx.addIssue({ code: "custom", message: melding });
  });
