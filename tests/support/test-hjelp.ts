// Test support for the notification API tests: certificates made as ePhyto XML and stored through the real
// ingestion, the demo importers' ids, and short request helpers. Not a test file itself.

import { ingestSertifikat } from "../../api/sertifikat/ingest";
import type { Db } from "../../db";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { lagSertifikatXml, type SertifikatInput, type VarelinjeInput } from "../../dev/ephyto/generate";
import { leggTilDager, osloDato } from "../../domain/format";
import { type Aktoer, basis } from "./klar-til-innsending";
import type { TestApi } from "./test-server";

// The notification helpers without the database (the production-shape test uses them too).
export {
  type Aktoer,
  ankomstFor,
  basis,
  INNMELDER,
  klarTilInnsending,
  RIKTIG,
} from "./klar-til-innsending";

export const KARI = DEMO_PERSONER[0]!.pid; // Hageland (importer, confirmed the regulations)
export const OLA = DEMO_PERSONER[1]!.pid; // Grønt Mottak (reception controller for Hageland) and Hageland Drammen
export const INGRID = DEMO_PERSONER[2]!.pid; // Blomsterbud (has not confirmed the regulations)
export const PER = DEMO_PERSONER[3]!.pid; // no delegations

/** Goods lines with a known risk assessment (domain/risiko). */
export const LINJER = {
  /** Cut roses for decoration from NL: ALT_OK, no physical control. */
  snittroser: {
    botaniskNavn: "Rosa",
    navn: "Rose",
    plantedel: "Cut flowers",
    tilsiktetBruk: "Decoration",
    opprinnelsesland: ["NL"],
    antall: { verdi: 1000, enhet: "H87" },
    nettoVekt: { verdi: 250, enhet: "KGM" },
  },
  /** Rose plants for planting from NL: ALT_OK, physical control (plants for planting). */
  roseplanter: {
    botaniskNavn: "Rosa",
    navn: "Rose",
    plantedel: "Plants",
    tilsiktetBruk: "Planting",
    opprinnelsesland: ["NL"],
    antall: { verdi: 200, enhet: "H87" },
    bruttoVekt: { verdi: 80, enhet: "KGM" },
  },
  /** Rhododendron plants from NL: a Ramorum warning (VARSEL), physical control, origin-place question. */
  rhododendron: {
    botaniskNavn: "Rhododendron",
    navn: "Rhododendron",
    plantedel: "Plants",
    tilsiktetBruk: "Planting",
    opprinnelsesland: ["NL"],
    antall: { verdi: 50, enhet: "H87" },
  },
} satisfies Record<string, VarelinjeInput>;

/** YYYY-MM-DD `dager` calendar days before today in Oslo (the service's "today"), whatever the UTC hour. */
export function dagerSiden(dager: number): string {
  return leggTilDager(osloDato(new Date()), -dager);
}

let teller = 0;

export interface TestSertifikat {
  id: number;
  nummer: string;
  eksportLand: string;
  utstedtDato: string;
}

/** Ingests a certificate for Hageland Drammen (by default) issued yesterday in NL. */
export async function lagSertifikat(
  db: Db,
  opts: {
    linjer?: VarelinjeInput[];
    dagerGammel?: number;
    eksportland?: string;
    mottakerOrgnr?: string;
    type?: "Eksport" | "Reeksport";
    status?: string;
    erklaeringer?: string[];
    erstatter?: string;
    /** The consignor's name (default «Bloemen B.V.»). */
    avsender?: string;
    /** Whether the development ruleset counts as approved at intake (default true; false: production proper). */
    utviklingssett?: boolean;
  } = {},
): Promise<TestSertifikat> {
  teller += 1;
  const eksportland = opts.eksportland ?? "NL";
  const nummer = `PHYTO.${eksportland}.2026.${String(9_000_000 + teller)}`;
  const utstedtDato = dagerSiden(opts.dagerGammel ?? 1);
  const input: SertifikatInput = {
    nummer,
    type: opts.type ?? "Eksport",
    status: opts.status,
    utstedt: `${utstedtDato}T10:00:00Z`,
    utsteder: "NVWA",
    avsender: { navn: opts.avsender ?? "Bloemen B.V.", adresse: ["Legmeerdijk 1", "1431 GB Aalsmeer"] },
    mottaker: {
      navn: "Mottaker AS",
      adresse: ["Tollbugata 40", "3044 Drammen"],
      organisasjonsnummer: opts.mottakerOrgnr ?? ORG.hagelandDrammen,
    },
    eksportland,
    erklaeringer: opts.erklaeringer,
    erstatter: opts.erstatter ? { nummer: opts.erstatter, aarsak: "Feil mottaker" } : undefined,
    varelinjer: opts.linjer ?? [LINJER.roseplanter],
  };
  const { id } = await ingestSertifikat(db, lagSertifikatXml(input), { utviklingssett: opts.utviklingssett });
  return { id, nummer, eksportLand: eksportland, utstedtDato };
}

export async function importoerId(db: Db, orgnr: string): Promise<number> {
  const rad = await db
    .selectFrom("importoer")
    .select("id")
    .where("organisasjonsnummer", "=", orgnr)
    .executeTakeFirstOrThrow();
  return rad.id;
}

/** JSON body of a response (or the text when it is not JSON). */
export async function svar<T = Record<string, unknown>>(res: Response): Promise<T> {
  const tekst = await res.text();
  try {
    return JSON.parse(tekst) as T;
  } catch {
    return tekst as T;
  }
}

/** A caller: a person acting through one importer. */
export function aktoer(api: TestApi, pid: string, orgnr: string, iid: number): Aktoer {
  const b = basis(orgnr, iid);
  const kall = (method: string, sti: string, json?: unknown) =>
    api.fetch(`${b}${sti}`, { pid, method, ...(json === undefined ? {} : { json }) });
  return {
    basis: b,
    get: (sti: string) => kall("GET", sti),
    put: (sti: string, json: unknown) => kall("PUT", sti, json),
    post: (sti: string, json: unknown) => kall("POST", sti, json),
    del: (sti: string) => kall("DELETE", sti),
  };
}

/** A decision letter reference for the tests' rejections (required with AVVIST and DELVIS_AVVIST, ADR 045). */
export const VEDTAKSBREV = "2026/12345";

/**
 * The authority's assessment of notification `id` as its case system posts it (ADR 045): by the notification's
 * number, with the authority's Maskinporten token (every scope, or `scopes`).
 */
export async function vurderSomMyndighet(
  api: TestApi,
  id: number,
  body: unknown,
  scopes?: readonly string[],
): Promise<Response> {
  const rad = await api.handle.db
    .selectFrom("importmelding")
    .select("nummer")
    .where("id", "=", id)
    .executeTakeFirst();
  return api.myndighet(
    `/myndighet/v2/importmeldinger/${encodeURIComponent(rad?.nummer ?? `IM-0-${id}`)}/vurdering`,
    {
      method: "POST",
      json: body,
      scopes,
    },
  );
}
