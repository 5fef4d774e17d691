// Test support for the notification API tests: certificates made as ePhyto XML and stored through the real
// ingestion, the demo importers' ids, and short request helpers. Not a test file itself.

import { ingestSertifikat } from "../../api/sertifikat/ingest";
import type { Db } from "../../db";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { lagSertifikatXml, type SertifikatInput, type VarelinjeInput } from "../../dev/ephyto/generate";
import { leggTilDager, osloDato } from "../../domain/format";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { TestApi } from "./test-server";

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
    avsender: { navn: "Bloemen B.V.", adresse: ["Legmeerdijk 1", "1431 GB Aalsmeer"] },
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
  const { id } = await ingestSertifikat(db, lagSertifikatXml(input));
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

export const basis = (orgnr: string, iid: number) => `/import/importmelding/v2/${orgnr}/${iid}`;

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
export function aktoer(api: TestApi, pid: string, orgnr: string, iid: number) {
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

export type Aktoer = ReturnType<typeof aktoer>;

/** The innmelder every test notification gets. */
export const INNMELDER = {
  navn: "Kari Nordmann",
  epost: "kari@hageland.example.no",
  telefonnummer: "91234567",
};

/** The correct answer to each control question, by its code. */
export const RIKTIG: Record<string, string> = {
  DOKUMENT_REEKSPORT: "DOKUMENT_REEKSPORT_RIKTIG",
  DOKUMENT_TILLEGGSERKLAERING: "DOKUMENT_TILLEGGSERKLAERING_RIKTIG",
  DOKUMENT_TILSIKTET_BRUK: "DOKUMENT_TILSIKTET_BRUK_RIKTIG",
  DOKUMENT_OPPRINNELSESSTED: "DOKUMENT_OPPRINNELSESSTED_RIKTIG",
  MOTTAK_INNHOLD_SAMSVARER: "MOTTAK_INNHOLD_SAMSVARER_RIKTIG",
  MOTTAK_FRI_FOR_PLANTESKADEGJOERERE: "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE_RIKTIG",
};

/** Arrival info for the notification's first arrival, with `kontrolloer` as its reception controller (or none). */
export function ankomstFor(m: ImportmeldingVisning, kontrolloer: number | null) {
  return {
    id: m.ankomstInfo[0]!.id,
    ankomsttid: "2026-04-02T08:00:00.000Z",
    kontrollAdresse: { linje1: "Tollbugata 40", linje2: null, postnummer: "3044", poststed: "Drammen" },
    mottakskontrolloer: kontrolloer === null ? null : { importoerId: kontrolloer },
    sendingAnkommet: false,
  };
}

async function forvent(res: Response, status: number, hva: string): Promise<Response> {
  if (res.status !== status) throw new Error(`${hva}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * A draft made by `akt` from the certificate, with innmelder, every document question answered correctly and
 * arrival info (with `kontrolloer` unless the notification is document control only): ready to send.
 */
export async function klarTilInnsending(
  akt: Aktoer,
  s: TestSertifikat,
  opts: { ansvarlig: number; kontrolloer: number },
): Promise<ImportmeldingVisning> {
  const opprettet = await akt.post("", {
    ansvarligImportoerId: opts.ansvarlig,
    eksportLand: s.eksportLand,
    nummer: s.nummer,
    utstedtDato: s.utstedtDato,
  });
  const { id } = (await (await forvent(opprettet, 201, "opprett")).json()) as { id: number };
  const hent = async () =>
    (await (await forvent(await akt.get(`/${id}`), 200, "hent")).json()) as ImportmeldingVisning;
  await forvent(await akt.put(`/${id}/innmelder`, INNMELDER), 204, "innmelder");
  let m = await hent();
  for (const q of m.dokumentkontrollSpoersmaal) {
    await forvent(
      await akt.put(`/${id}/kontrollspoersmaal/${q.id}`, { id: q.id, kontrollSvar: RIKTIG[q.kode] }),
      204,
      q.kode,
    );
  }
  const ankomst = ankomstFor(m, m.kunDokumentkontroll ? null : opts.kontrolloer);
  await forvent(await akt.put(`/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, ankomst), 204, "ankomstinfo");
  m = await hent();
  if (!m.kanSendesInn) throw new Error(`Forhåndsmelding ${id} kan ikke sendes inn`);
  return m;
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
