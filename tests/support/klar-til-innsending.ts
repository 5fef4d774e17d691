// A notification made ready to send through the notification API, by any caller (a test server's person, or a
// client with a token against the production shape). Imports nothing that reads the database or the code lists,
// so Playwright's tests can use it too.
import type { ImportmeldingVisning } from "../../domain/importmelding";

export const basis = (orgnr: string, iid: number) => `/import/importmelding/v2/${orgnr}/${iid}`;

/** A caller of one importer's notification API. */
export interface Aktoer {
  basis: string;
  get(sti: string): Promise<Response>;
  put(sti: string, json: unknown): Promise<Response>;
  post(sti: string, json: unknown): Promise<Response>;
  del(sti: string): Promise<Response>;
}

/** The certificate a notification is made from. */
export interface Sertifikatnoekkel {
  id?: number;
  nummer: string;
  eksportLand: string;
  utstedtDato: string;
}

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
  s: Sertifikatnoekkel,
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
