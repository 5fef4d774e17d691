// The ids in a path: an organisation number and a numeric id, 400 with a message when malformed.
import { melding } from "../../sprak/melding";
import { badRequest } from "./feil";

export function parseOrgnr(value: string | undefined): string {
  if (!value || !/^\d{9}$/.test(value)) throw badRequest(melding("api.ugyldigOrgnr"));
  return value;
}

/** What an id in a path names, for the message "Ugyldig id for forhåndsmelding" (catalogue api.ugyldigId). */
export type IdHva =
  | "id"
  | "importoer"
  | "forhaandsmelding"
  | "kontrollspoersmaal"
  | "ankomstinformasjon"
  | "epostadresse"
  | "systemtilgang"
  | "webhook";

export function parseId(value: string | undefined, hva: IdHva = "id"): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw badRequest(melding("api.ugyldigId", { hva }));
  return Number(value);
}
