// The service's client of Altinn Authorization (ADR 042), as Altinn's guide for external services describes it
// (docs/kontrakter/altinn.openapi.json): a Maskinporten token with the scopes Altinn gave the service, exchanged
// for an Altinn token (GET /authentication/api/v1/exchange/maskinporten); with it and the subscription key,
//   - the parties a person may represent (POST /accessmanagement/api/v1/resourceowner/authorizedparties), kept
//     when they have the service's resource among their `authorizedResources`;
//   - a single decision (POST /authorization/api/v1/authorize, the XACML JSON profile).
// The national identity number goes in the request body to Altinn and nowhere else: never in a URL, a log line,
// an error message or a metric.
import { bufretToken, type Tokenkilde } from "./maskinporten";
import { hent, type Motstand } from "./motstand";

/** The Maskinporten scopes Altinn gives a resource owner for the two APIs. */
export const ALTINN_SCOPES = [
  "altinn:accessmanagement/authorizedparties.resourceowner",
  "altinn:authorization/authorize",
];

/** A party as the service keeps it: the organisation or person, and the main unit of a sub-unit. */
export interface AltinnAvgiver {
  type: "Bedrift" | "Foretak" | "Person";
  organisasjonsnummer: string | null;
  hovedenhet: string | null;
  navn: string;
  organisasjonsform: string | null;
}

export interface AltinnSvar {
  /** The parties with the resource, in Altinn's order (main units before their sub-units). */
  avgivere: AltinnAvgiver[];
  /** The person's own name, from their own party (Altinn has it from the population register), when given. */
  navn: string | null;
}

export interface AltinnKlient {
  avgivere(pid: string, frist?: AbortSignal): Promise<AltinnSvar>;
  /** Whether the person may perform `handling` on the resource for the organisation (the PDP). */
  avgjoer(pid: string, orgnr: string, handling: "read" | "write", frist?: AbortSignal): Promise<boolean>;
}

export interface AltinnKlientOptions {
  /** The platform's base, e.g. https://platform.altinn.no */
  url: string | (() => string);
  ressurs: string;
  abonnementsnoekkel: string;
  maskinporten: Tokenkilde;
  motstand: Motstand;
}

interface Party {
  name?: unknown;
  organizationNumber?: unknown;
  personId?: unknown;
  type?: unknown;
  unitType?: unknown;
  isDeleted?: unknown;
  onlyHierarchyElementWithNoAccess?: unknown;
  authorizedResources?: unknown;
  subunits?: unknown;
}

const UNDERENHETER = new Set(["BEDR", "AAFY"]);
const tekst = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/**
 * Altinn's parties as SPEC §6's list: main units (Foretak) with their sub-units (Bedrift) after them, persons;
 * only parties with the resource (a main unit shown only as the frame of a sub-unit is left out, so the sub-unit
 * shows as one without its main unit), and no deleted ones. Other persons' identity numbers are not kept.
 */
export function tilAvgivere(parties: Party[], ressurs: string, pid: string): AltinnSvar {
  const avgivere: AltinnAvgiver[] = [];
  let navn: string | null = null;
  const medRessurs = (p: Party) =>
    Array.isArray(p.authorizedResources) &&
    p.authorizedResources.includes(ressurs) &&
    p.onlyHierarchyElementWithNoAccess !== true &&
    p.isDeleted !== true;
  const besoek = (p: Party, hovedenhet: string | null) => {
    if (p.type === "Person") {
      if (p.personId === pid) navn = tekst(p.name);
      if (medRessurs(p) && tekst(p.name)) {
        avgivere.push({
          type: "Person",
          organisasjonsnummer: null,
          hovedenhet: null,
          navn: tekst(p.name) as string,
          organisasjonsform: null,
        });
      }
      return;
    }
    if (p.type !== "Organization") return;
    const orgnr = tekst(p.organizationNumber);
    const form = tekst(p.unitType);
    if (orgnr && /^\d{9}$/.test(orgnr) && medRessurs(p) && tekst(p.name)) {
      avgivere.push({
        type: hovedenhet || (form && UNDERENHETER.has(form)) ? "Bedrift" : "Foretak",
        organisasjonsnummer: orgnr,
        hovedenhet,
        navn: tekst(p.name) as string,
        organisasjonsform: form,
      });
    }
    for (const u of Array.isArray(p.subunits) ? (p.subunits as Party[]) : []) besoek(u, orgnr);
  };
  for (const p of parties) besoek(p, null);
  return { avgivere, navn };
}

/** One XACML JSON request: may the person do `handling` on the resource for the organisation. */
export function xacmlForespoersel(pid: string, orgnr: string, ressurs: string, handling: string) {
  return {
    request: {
      returnPolicyIdList: false,
      accessSubject: [{ attribute: [{ attributeId: "urn:altinn:person:identifier-no", value: pid }] }],
      action: [
        {
          attribute: [
            {
              attributeId: "urn:oasis:names:tc:xacml:1.0:action:action-id",
              value: handling,
              dataType: "http://www.w3.org/2001/XMLSchema#string",
            },
          ],
        },
      ],
      resource: [
        {
          attribute: [
            { attributeId: "urn:altinn:resource", value: ressurs },
            { attributeId: "urn:altinn:organization:identifier-no", value: orgnr },
          ],
        },
      ],
    },
  };
}

/** The first decision of a PDP answer (Altinn documents the members in both cases). */
function beslutning(svar: unknown): string | undefined {
  const o = svar as { response?: unknown; Response?: unknown } | null;
  const liste = o?.response ?? o?.Response;
  const foerste = Array.isArray(liste) ? (liste[0] as { decision?: unknown; Decision?: unknown }) : undefined;
  const d = foerste?.decision ?? foerste?.Decision;
  return typeof d === "string" ? d : undefined;
}

export function lagAltinnKlient(opts: AltinnKlientOptions): AltinnKlient {
  const base = () => (typeof opts.url === "string" ? opts.url : opts.url()).replace(/\/+$/, "");
  // The Maskinporten token exchanged for Altinn's, kept until shortly before it expires.
  const altinnToken = bufretToken((frist) =>
    opts.motstand.kall(
      "veksle-token",
      async (signal) => {
        const mp = await opts.maskinporten.token(frist);
        const svar = await hent(`${base()}/authentication/api/v1/exchange/maskinporten`, {
          headers: { Authorization: `Bearer ${mp}`, Accept: "text/plain" },
          signal,
        });
        const token = (await svar.text()).trim().replace(/^"|"$/g, "");
        if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) throw new Error("Altinn svarte uten token");
        return token;
      },
      frist,
    ),
  );

  /** A POST with the Altinn token and the subscription key; a refused token is fetched anew once. */
  async function post(operasjon: string, sti: string, kropp: unknown, frist?: AbortSignal): Promise<unknown> {
    for (let gang = 0; ; gang++) {
      const token = await altinnToken.token(frist);
      const svar = await opts.motstand.kall(
        operasjon,
        async (signal) => {
          const r = await hent(
            `${base()}${sti}`,
            {
              method: "POST",
              headers: {
                Authorization: `Bearer ${token}`,
                "Ocp-Apim-Subscription-Key": opts.abonnementsnoekkel,
                "Content-Type": "application/json",
                Accept: "application/json",
              },
              body: JSON.stringify(kropp),
              signal,
            },
            [401],
          );
          return r.status === 401 ? undefined : ((await r.json()) as unknown);
        },
        frist,
      );
      if (svar !== undefined) return svar;
      if (gang > 0) throw new Error(`Altinn avviste tokenet (${operasjon})`);
      altinnToken.glem();
      opts.maskinporten.glem();
    }
  }

  return {
    async avgivere(pid, frist) {
      const svar = await post(
        "avgivere",
        "/accessmanagement/api/v1/resourceowner/authorizedparties?includeAltinn2=true",
        { type: "urn:altinn:person:identifier-no", value: pid },
        frist,
      );
      if (!Array.isArray(svar)) throw new Error("Altinn svarte ikke med en liste over avgivere");
      return tilAvgivere(svar as Party[], opts.ressurs, pid);
    },
    async avgjoer(pid, orgnr, handling, frist) {
      const svar = await post(
        "pdp",
        "/authorization/api/v1/authorize",
        xacmlForespoersel(pid, orgnr, opts.ressurs, handling),
        frist,
      );
      return beslutning(svar) === "Permit";
    },
  };
}
