// The server side of the one regulation confirmation (ADR 060): every place that shows the form
// (app/components/regelverk-bekreftelse.tsx) reads it here with the same schema, so the same answer gets the
// same message everywhere, and stores it with the same call (PUT …/lestregelverk, irrevocable in the API).
import { parseWithZod } from "@conform-to/zod/v4";
import { bekreftRegelverkSkjema } from "../../domain/schemas/importmelding";
import type { Regelverksvar } from "../components/regelverk-bekreftelse";
import type { ApiClient } from "./api.server";
import { loginUrl } from "./bruker.server";
import type { ValgtVirksomhet } from "./session.server";

export type Regelverkutfall =
  | { utfall: "bekreftet" }
  /** 'Nei, vi skal ikke melde import': nothing is stored (felles.regelverk.ikkeLagret). */
  | { utfall: "vil-ikke-melde"; svar: Regelverksvar }
  | { utfall: "ugyldig"; svar: Regelverksvar };

/** Reads the choice and the box: a choice is required, and 'bekreftet' needs the box (SPEC §5). */
export function lesRegelverk(formData: FormData): Regelverkutfall {
  const kryss = formData.get("harLestRegelverk") === "ja" ? "ja" : undefined;
  const submission = parseWithZod(formData, { schema: bekreftRegelverkSkjema });
  if (submission.status !== "success") {
    const feil = submission.error ?? {};
    const valg = formData.get("bekreftelse");
    return {
      utfall: "ugyldig",
      svar: {
        bekreftelse: typeof valg === "string" ? valg : undefined,
        harLestRegelverk: kryss,
        feil: { bekreftelse: feil.bekreftelse?.[0], harLestRegelverk: feil.harLestRegelverk?.[0] },
      },
    };
  }
  if (submission.value.bekreftelse === "vil-ikke-melde")
    return { utfall: "vil-ikke-melde", svar: { bekreftelse: "vil-ikke-melde", harLestRegelverk: kryss } };
  return { utfall: "bekreftet" };
}

/** Stores the chosen organisation's confirmation (the API refuses taking it back). */
export async function lagreRegelverk(api: ApiClient, avgiver: ValgtVirksomhet, request: Request) {
  await api.put(
    `/import/register/v1/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/lestregelverk`,
    { harLestRegelverk: true },
    { redirectOn401: loginUrl(request) },
  );
}
