// The outbox sender (issue 10 item 2, docs/decisions/012-epostvarsler.md): takes due alerts with
// `FOR UPDATE SKIP LOCKED`, claims them with a lease (a claim token and a later `neste_forsoek`), commits,
// and only then talks SMTP, so no database connection or lock is held while a slow server answers. Several
// alerts for one importer that are due together go out as one message. A failed send is retried with
// exponential backoff up to a limit; a process that dies mid-send leaves its claim to run out, and the
// alert is sent again by whoever comes next (at-least-once, with a stable Message-ID and
// X-Idempotens-Noekkel per batch so a receiving system can drop a repeat).
import { createHash } from "node:crypto";
import { sql } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db";
import type { Sprak } from "../../sprak/sprak";
import { frigi, krevMedLeie, lagArbeider, leie, tilbakeslag, type Utbokslogg, varighet } from "../utboks";
import {
  lagUtfallEpost,
  lagVarselEpost,
  type UtfallMelding,
  VARSLINGER_STI,
  type VarselEpost,
  type VarselSertifikat,
} from "./melding";
import { epostSprak } from "./sprak";

export interface EpostSenderOptions {
  db: Db;
  /** smtp:// or smtps:// URL of the server (the development catcher in embedded mode). */
  smtpUrl: string;
  /** The From address, e.g. "Digital forhåndsmelding <ikke-svar@mattilsynet.no>". */
  avsender: string;
  /** The web app's public URL, for links in the message. */
  appUrl: string;
  /** Alerts for one importer wait this long after the first arrived, so near-simultaneous ones share a message. */
  samlevinduMs: number;
  /** Attempts before an alert is given up (FEILET). */
  maksForsoek: number;
  /** The first retry waits this long; each further one twice as long (at most an hour). */
  ventetidMs: number;
  /** How often the running sender looks for due alerts. Default 1 s. */
  pollMs?: number;
  /** How long a claim holds before another sender may take the alerts. Default 2 minutes. */
  leieMs?: number;
  /** SMTP connection, greeting and socket timeouts. Default 20 s (well inside the lease). */
  tidsavbruddMs?: number;
  /** Alerts taken per round. Default 200. */
  maksPerRunde?: number;
  /** Told of each message's outcome (the metrics count them). */
  paaUtfall?: (utfall: "SENDT" | "TILKOBLING" | "AVVIST") => void;
  /** Told of each failed message and of a round that failed as a whole. */
  logg?: Utbokslogg;
}

export interface Runde {
  /** Messages accepted by the SMTP server. */
  sendt: number;
  /** Messages that failed this round (retried later, or given up). */
  feilet: number;
  /** Alerts dropped because the importer has no addresses or switched alerts off meanwhile. */
  avbrutt: number;
}

export interface EpostSender {
  /** One round: claim due alerts, send them, mark them. Also probes SMTP after failures. */
  kjoer(): Promise<Runde>;
  /** Runs rounds every pollMs until stop(). */
  start(): void;
  /**
   * Stops: the message being sent is finished, the alerts claimed for the rest of the round are released at
   * once for another sender (or the next start), and the SMTP connection is closed.
   */
  stop(): Promise<void>;
}

interface Krav {
  id: number;
  importoer_id: number;
  type: "SERTIFIKAT" | "UTFALL";
  sertifikat_id: number;
  erstatter_nummer: string | null;
  importmelding_id: number | null;
  hendelse_id: number | null;
  utfall: string | null;
}

/**
 * Claims due alerts (FOR UPDATE SKIP LOCKED, then a lease): all due alerts of each importer whose oldest due
 * alert has waited the batching window. Returns the claim token and the claimed rows.
 */
export async function krevVarsler(
  db: Db,
  opts: { samlevinduMs: number; leieMs: number; maks: number },
): Promise<{ krav: string; rader: Krav[] }> {
  return krevMedLeie(db, {
    klare: (trx) =>
      trx
        .selectFrom("epost_varsel")
        .select([
          "id",
          "importoer_id",
          sql<boolean>`opprettet <= now() - ${varighet(opts.samlevinduMs)}`.as("moden"),
        ])
        .where("status", "=", "VENTER")
        .where("neste_forsoek", "<=", sql<Date>`now()`)
        .orderBy("neste_forsoek")
        .orderBy("id")
        .limit(opts.maks),
    merk: async (trx, klare, krav) => {
      const modne = new Set(klare.filter((r) => r.moden).map((r) => r.importoer_id));
      const ider = klare.filter((r) => modne.has(r.importoer_id)).map((r) => r.id);
      if (ider.length === 0) return [];
      return trx
        .updateTable("epost_varsel")
        .set({ ...leie(krav, opts.leieMs), sist_forsoek: sql`now()` })
        .where("id", "in", ider)
        .returning([
          "id",
          "importoer_id",
          "type",
          "sertifikat_id",
          "erstatter_nummer",
          "importmelding_id",
          "hendelse_id",
          "utfall",
        ])
        .execute();
    },
  });
}

/** TILKOBLING: the server could not be reached or refused for now (4xx); AVVIST: it refused the message. */
export function feilType(feil: unknown): "TILKOBLING" | "AVVIST" {
  const e = feil as { code?: string; responseCode?: number };
  if (typeof e.responseCode === "number") return e.responseCode >= 500 ? "AVVIST" : "TILKOBLING";
  if (e.code === "EENVELOPE" || e.code === "EMESSAGE") return "AVVIST";
  return "TILKOBLING";
}

/**
 * SMTP works again: the health banner goes, and alerts given up for lack of a connection are queued again.
 * So are those still waiting out their backoff after a connection failure (issue 23 item 7): the backoff
 * guards a server that is down, and it is up now, so they go with the next round instead of up to an hour
 * later. Alerts claimed by a sender right now (krav set) are left to it.
 */
export async function smtpVirker(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("epost_helse")
      .set({ feilet_siden: null, sist_feil: null, sist_ok: sql`now()` })
      .where("id", "=", 1)
      .execute();
    await trx
      .updateTable("epost_varsel")
      .set({ status: "VENTER", forsoek: 0, neste_forsoek: sql`now()`, feil_type: null })
      .where("status", "=", "FEILET")
      .where("feil_type", "=", "TILKOBLING")
      .execute();
    await trx
      .updateTable("epost_varsel")
      .set({ forsoek: 0, neste_forsoek: sql`now()` })
      .where("status", "=", "VENTER")
      .where("feil_type", "=", "TILKOBLING")
      .where("krav", "is", null)
      .where("neste_forsoek", ">", sql<Date>`now()`)
      .execute();
  });
}

async function smtpNede(db: Db, melding: string): Promise<void> {
  await db
    .updateTable("epost_helse")
    .set({ feilet_siden: sql`coalesce(feilet_siden, now())`, sist_feil: melding })
    .where("id", "=", 1)
    .execute();
}

const feilmelding = (feil: unknown) => (feil instanceof Error ? feil.message : String(feil)).slice(0, 500);

/** The certificate alert of ADR 012: the certificates of the group, newest first. */
async function sertifikatEpost(
  db: Db,
  { appUrl, importoerNavn, sprak }: Mottaker,
  rader: Krav[],
): Promise<VarselEpost> {
  const sertifikater = await db
    .selectFrom("sertifikat")
    .select(["id", "nummer", "eksportland", "utstedt_dato", "meldepliktig_vurdering"])
    .where(
      "id",
      "in",
      rader.map((r) => r.sertifikat_id),
    )
    .orderBy("utstedt_dato", "desc")
    .orderBy("nummer")
    .execute();
  const erstatter = new Map(rader.map((r) => [r.sertifikat_id, r.erstatter_nummer]));
  const varsel: VarselSertifikat[] = sertifikater.map((s) => ({
    nummer: s.nummer,
    eksportland: s.eksportland,
    utstedtDato: s.utstedt_dato,
    meldepliktigVurdering: s.meldepliktig_vurdering,
    erstatterNummer: erstatter.get(s.id) ?? null,
  }));
  return lagVarselEpost({ appUrl, importoerNavn, sertifikater: varsel, sprak });
}

/** Who an e-mail is for: the importer's name and its «Språk i e-postvarsel» (ADR 055), and the app's URL. */
interface Mottaker {
  appUrl: string;
  importoerNavn: string;
  sprak: Sprak;
}

/** The outcome e-mail of ADR 034: each assessment with its notification, certificate and reason. */
async function utfallEpost(
  db: Db,
  { appUrl, importoerNavn, sprak }: Mottaker,
  rader: Krav[],
): Promise<VarselEpost> {
  const hendelser = await db
    .selectFrom("importmelding_hendelse as h")
    .innerJoin("importmelding as m", "m.id", "h.importmelding_id")
    .innerJoin("sertifikat as s", "s.id", "m.sertifikat_id")
    .select([
      "h.id",
      "m.id as importmelding_id",
      "m.nummer",
      "s.nummer as sertifikatnummer",
      "h.merknad",
      "h.detaljer",
    ])
    .where(
      "h.id",
      "in",
      rader.map((r) => r.hendelse_id ?? 0),
    )
    .orderBy("h.id")
    .execute();
  const utfall = new Map(rader.map((r) => [r.hendelse_id, r.utfall]));
  return lagUtfallEpost({
    appUrl,
    importoerNavn,
    sprak,
    utfall: hendelser.map((h) => {
      const u = utfall.get(h.id) as UtfallMelding["utfall"];
      return {
        importmeldingId: h.importmelding_id,
        nummer: h.nummer,
        sertifikatnummer: h.sertifikatnummer,
        utfall: u,
        // The reason the authority gave; the notes of the automatic release and of a withdrawal by the
        // service (ADR 027) are the service's, not a reason.
        begrunnelse: u === "AUTOMATISK_FRIGITT" || u === "TILBAKETRUKKET" ? null : h.merknad,
        vurdertFoerAnkomst: h.detaljer?.vurdertFoerAnkomst === true,
        vedtaksbrev: h.detaljer?.vedtaksbrev ?? null,
      };
    }),
  });
}

/** What sending one message needs of the sender: its options, its host name and its pooled SMTP transport. */
interface Utsending {
  opts: EpostSenderOptions;
  vertsnavn: string;
  hentTransport: () => Transporter;
}

/** One message: the certificate alerts or the outcomes of one importer that are due together. */
async function sendGruppe(
  { opts, vertsnavn, hentTransport }: Utsending,
  krav: string,
  importoerId: number,
  rader: Krav[],
): Promise<keyof Runde> {
  const { db } = opts;
  const ider = rader.map((r) => r.id).sort((a, b) => a - b);
  const slag = rader[0]?.type ?? "SERTIFIKAT";
  const marker = () => db.updateTable("epost_varsel").where("id", "in", ider).where("krav", "=", krav);
  const importoer = await db
    .selectFrom("importoer")
    .select(["navn", "skal_ha_epost", "varsle_vurderinger", "epost_sprak"])
    .where("id", "=", importoerId)
    .executeTakeFirst();
  const adresser = (
    await db
      .selectFrom("importoer_epost")
      .select("epostadresse")
      .where("importoer_id", "=", importoerId)
      .orderBy("id")
      .execute()
  ).map((r) => r.epostadresse);
  // The preference or the addresses changed since the alert was written: nobody to send to.
  const paa = slag === "UTFALL" ? importoer?.varsle_vurderinger : importoer?.skal_ha_epost;
  if (!importoer || !paa || adresser.length === 0) {
    await marker().set({ status: "AVBRUTT", krav: null }).execute();
    return "avbrutt";
  }
  // Rendered now, in the language the importer has chosen now (ADR 055): a change of the setting counts for
  // every e-mail not yet sent, also one already in the outbox.
  const mottaker: Mottaker = {
    appUrl: opts.appUrl,
    importoerNavn: importoer.navn,
    sprak: epostSprak(importoer.epost_sprak),
  };
  const epost =
    slag === "UTFALL" ? await utfallEpost(db, mottaker, rader) : await sertifikatEpost(db, mottaker, rader);
  const noekkel = createHash("sha256")
    .update(`epostvarsel:${ider.join(",")}`)
    .digest("hex")
    .slice(0, 40);
  const meldingId = `<varsel-${noekkel}@${vertsnavn}>`;
  try {
    await hentTransport().sendMail({
      from: opts.avsender,
      to: adresser,
      subject: epost.emne,
      text: epost.tekst,
      html: epost.html,
      messageId: meldingId,
      headers: {
        "Content-Language": epost.sprak,
        "X-Idempotens-Noekkel": noekkel,
        "Auto-Submitted": "auto-generated",
        "List-Unsubscribe": `<${opts.appUrl}${VARSLINGER_STI}>`,
      },
    });
  } catch (feil) {
    const type = feilType(feil);
    const melding = feilmelding(feil);
    await marker()
      .set({ ...tilbakeslag(opts), sist_feil: melding, feil_type: type })
      .execute();
    if (type === "TILKOBLING") await smtpNede(db, melding);
    opts.paaUtfall?.(type);
    opts.logg?.error(
      { importoerId, feilType: type, feil: melding },
      `E-postvarsel til importør ${importoerId} feilet (${type})`,
    );
    return "feilet";
  }
  opts.paaUtfall?.("SENDT");
  await marker()
    .set({
      status: "SENDT",
      sendt: sql`now()`,
      melding_id: meldingId,
      krav: null,
      sist_feil: null,
      feil_type: null,
    })
    .execute();
  const helse = await db
    .selectFrom("epost_helse")
    .select("feilet_siden")
    .where("id", "=", 1)
    .executeTakeFirst();
  if (helse?.feilet_siden) await smtpVirker(db);
  else await db.updateTable("epost_helse").set({ sist_ok: sql`now()` }).where("id", "=", 1).execute();
  return "sendt";
}

export function lagEpostSender(opts: EpostSenderOptions): EpostSender {
  const { db } = opts;
  const tidsavbrudd = opts.tidsavbruddMs ?? 20_000;
  const leieMs = Math.max(opts.leieMs ?? 120_000, 3 * tidsavbrudd);
  const vertsnavn = new URL(opts.appUrl).hostname || "forhaandsmelding";
  let transport: Transporter | undefined;
  const hentTransport = () => {
    // Pooled: one connection reused between messages (a new connection per message costs ~100 ms).
    transport ??= nodemailer.createTransport({
      url: opts.smtpUrl,
      pool: true,
      maxConnections: 1,
      connectionTimeout: tidsavbrudd,
      greetingTimeout: tidsavbrudd,
      socketTimeout: tidsavbrudd,
      // The development catcher and most relays on a private network offer no certificate worth checking.
      ignoreTLS: opts.smtpUrl.startsWith("smtp://127.0.0.1") || opts.smtpUrl.startsWith("smtp://localhost"),
    });
    return transport;
  };
  const utsending: Utsending = { opts, vertsnavn, hentTransport };
  let sistProevd = 0;

  /** After failures with nothing to send: is SMTP back? (at most once per ventetid) */
  async function proev(): Promise<void> {
    if (Date.now() - sistProevd < opts.ventetidMs) return;
    sistProevd = Date.now();
    const helse = await db
      .selectFrom("epost_helse")
      .select("feilet_siden")
      .where("id", "=", 1)
      .executeTakeFirst();
    const gittOpp = helse?.feilet_siden
      ? undefined
      : await db
          .selectFrom("epost_varsel")
          .select("id")
          .where("status", "=", "FEILET")
          .where("feil_type", "=", "TILKOBLING")
          .limit(1)
          .executeTakeFirst();
    if (!helse?.feilet_siden && !gittOpp) return;
    try {
      await hentTransport().verify();
      await smtpVirker(db);
    } catch (feil) {
      await smtpNede(db, feilmelding(feil));
    }
  }

  async function kjoer(): Promise<Runde> {
    const runde: Runde = { sendt: 0, feilet: 0, avbrutt: 0 };
    const { krav, rader } = await krevVarsler(db, {
      samlevinduMs: opts.samlevinduMs,
      leieMs,
      maks: opts.maksPerRunde ?? 200,
    });
    // One message per importer and kind: its certificate alerts in one, its outcomes in another.
    const grupper = new Map<string, Krav[]>();
    for (const r of rader) {
      const noekkel = `${r.importoer_id}:${r.type}`;
      grupper.set(noekkel, [...(grupper.get(noekkel) ?? []), r]);
    }
    for (const gruppe of grupper.values()) {
      const importoerId = gruppe[0]!.importoer_id;
      if (arbeider.avslutter()) {
        // Shutting down: what is claimed but not begun goes back at once, as if never tried.
        await frigi(db, "epost_varsel", krav);
        break;
      }
      runde[await sendGruppe(utsending, krav, importoerId, gruppe)] += 1;
    }
    if (rader.length === 0 && !arbeider.avslutter()) await proev();
    return runde;
  }

  const arbeider = lagArbeider({
    navn: "E-postsenderen",
    runde: async () => {
      const r = await kjoer();
      return r.sendt + r.feilet + r.avbrutt;
    },
    toemming: "EN_RUNDE_TIL",
    pollMs: opts.pollMs ?? 1000,
    logg: opts.logg,
  });

  return {
    kjoer,
    start: arbeider.start,
    async stop() {
      await arbeider.stop();
      transport?.close();
      transport = undefined;
    },
  };
}
