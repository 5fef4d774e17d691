// The Hub puller (issue 32 §1, docs/decisions/044-sertifikater-fra-huben.md): every interval one puller across
// all processes (the lease in hub_henter) lists the envelopes the IPPC ePhyto Hub holds for us, and for each,
// under a claim of its own in the journal (hub_konvolutt): pulls it, stores its certificate through the ingest
// every other way in uses (parse in a worker thread, exactly once by content) with the outcome written in the
// same transaction, and only after the commit acknowledges it — as received, or as failed with the reason.
// A stop (or a crash) between the two leaves the outcome in the journal: the next round pulls nothing and
// stores nothing, it acknowledges what was decided. Bounded work per round; a full round goes on at once.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "../../db";
import { EphytoParseError } from "../ephyto/feil";
import { HubFeil, type HubKlient } from "../ephyto/hub-klient";
import { aarsakForHuben, TOM_KONVOLUTT } from "./hub-aarsak";
import {
  fornyKrav,
  fornyLeie,
  KravTapt,
  krevKonvolutt,
  noterHoder,
  noterKvittert,
  noterUtfall,
  slippKrav,
  slippLeie,
  taLeie,
} from "./hub-journal";
import { forberedSertifikatIArbeider, lagreSertifikat, regelsettNaa } from "./ingest";

/** What the metrics and the log hear of (server/metrikker.ts). */
export type HubHendelse =
  | { type: "hentet" }
  | { type: "lagret"; resultat: string }
  | { type: "kvittert"; kvittering: "mottatt" | "feilet" }
  | { type: "feilet"; hva: "ugyldig" | "hub" | "intern"; melding: string; hubLeveringsnummer?: string };

export interface HubHenterOptions {
  db: Db;
  /** The Hub's client (made once, on the first round). */
  klient: () => Promise<HubKlient>;
  /** Time between rounds. */
  intervallMs: number;
  /** Envelopes handled in one round, at most. */
  maksPerRunde: number;
  /** How long the lease and a claim hold without renewal (longer than one envelope's work). */
  leieMs: number;
  /** How long a stop lets a Hub call in flight finish before it is cut. */
  stoppFristMs?: number;
  paaHendelse?: (h: HubHendelse) => void;
  /** Whether the development ruleset counts as approved (config.utviklingssettTillatt). */
  utviklingssett: boolean;
}

export interface HubRunde {
  /** false: another puller held the lease; nothing was done. */
  kjoerte: boolean;
  hentet: number;
  lagret: number;
  avvist: number;
  kvittert: number;
  feilet: number;
  /** The round stopped at maksPerRunde: more may wait. */
  flere: boolean;
  /** Why the round ended early (the Hub did not answer, the lease was lost), when it did. */
  feil?: string;
}

export interface HubHenter {
  /** One round. */
  kjoer(): Promise<HubRunde>;
  /** Rounds every intervallMs (at once again after a full one) until stopp(). */
  start(): void;
  /** Finishes the envelope in hand (a Hub call gets stoppFristMs), releases its claim and the lease. */
  stopp(): Promise<void>;
}

/** The Hub's content as bytes: XML text as UTF-8, base64 (the Hub's usual form) decoded. */
export function innholdSomBytes(innhold: string): Uint8Array {
  const t = innhold.replace(/^\uFEFF/, "").trim();
  if (t.startsWith("<")) return Buffer.from(t, "utf8");
  const b64 = t.replace(/\s+/g, "");
  if (b64 !== "" && /^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return Buffer.from(b64, "base64");
  return Buffer.from(t, "utf8");
}

const melding = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function lagHubHenter(opts: HubHenterOptions): HubHenter {
  const { db, leieMs } = opts;
  const eier = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const fortell = (h: HubHendelse) => opts.paaHendelse?.(h);
  let klient: Promise<HubKlient> | undefined;
  let stopper = false;
  /** Aborts the Hub call in flight (a stop that waited long enough). */
  let avbryt = new AbortController();

  /** One envelope under our claim: pull and store (unless decided before), then acknowledge. */
  async function behandle(k: HubKlient, nr: string, runde: HubRunde): Promise<void> {
    const krav = randomUUID();
    const tatt = await krevKonvolutt(db, nr, krav, leieMs);
    if (!tatt) return;
    let { utfall, aarsak } = tatt;
    try {
      if (utfall === null) {
        const konvolutt = await k.hentKonvolutt(nr, avbryt.signal);
        runde.hentet++;
        fortell({ type: "hentet" });
        ({ utfall, aarsak } = await lagre(nr, krav, konvolutt?.innhold, runde));
      }
      await fornyKrav(db, nr, krav, leieMs);
      if (utfall === "LAGRET") await k.kvitter(nr, avbryt.signal);
      else await k.kvitterFeilet(nr, aarsak ?? "The envelope could not be read", avbryt.signal);
      await noterKvittert(db, nr, krav);
      runde.kvittert++;
      fortell({ type: "kvittert", kvittering: utfall === "LAGRET" ? "mottatt" : "feilet" });
    } catch (feil) {
      runde.feilet++;
      const hva = feil instanceof HubFeil ? "hub" : "intern";
      fortell({ type: "feilet", hva, melding: melding(feil), hubLeveringsnummer: nr });
      await slippKrav(db, nr, krav, melding(feil)).catch(() => undefined);
    }
  }

  /** Stores the certificate with its outcome, or records why it was refused; both under our claim. */
  async function lagre(
    nr: string,
    krav: string,
    innhold: string | undefined,
    runde: HubRunde,
  ): Promise<{ utfall: "LAGRET" | "AVVIST"; aarsak: string | null }> {
    try {
      if (innhold === undefined || innhold.trim() === "") throw TOM_KONVOLUTT;
      const xml = innholdSomBytes(innhold);
      // assessed under the current approved ruleset, as every other way in (ADR 046)
      const forberedt = await forberedSertifikatIArbeider(
        xml,
        {},
        await regelsettNaa(db, opts.utviklingssett),
      );
      const r = await lagreSertifikat(db, forberedt, {
        xml,
        foerCommit: (trx, r) =>
          noterUtfall(trx, nr, krav, { utfall: "LAGRET", resultat: r.resultat, sertifikatId: r.id }),
      });
      runde.lagret++;
      fortell({ type: "lagret", resultat: r.resultat });
      return { utfall: "LAGRET", aarsak: null };
    } catch (feil) {
      if (!(feil instanceof EphytoParseError)) throw feil;
      const aarsak = aarsakForHuben(feil);
      await noterUtfall(db, nr, krav, { utfall: "AVVIST", aarsak, melding: feil.message });
      runde.avvist++;
      fortell({ type: "feilet", hva: "ugyldig", melding: feil.message, hubLeveringsnummer: nr });
      return { utfall: "AVVIST", aarsak };
    }
  }

  async function kjoer(): Promise<HubRunde> {
    const runde: HubRunde = {
      kjoerte: false,
      hentet: 0,
      lagret: 0,
      avvist: 0,
      kvittert: 0,
      feilet: 0,
      flere: false,
    };
    if (!(await taLeie(db, eier, leieMs))) return runde;
    runde.kjoerte = true;
    try {
      klient ??= opts.klient().catch((e) => {
        klient = undefined;
        throw e;
      });
      const k = await klient;
      const numre = await noterHoder(db, await k.importhoder(avbryt.signal), opts.maksPerRunde);
      runde.flere = numre.length >= opts.maksPerRunde;
      for (const nr of numre) {
        if (stopper) break;
        if (!(await fornyLeie(db, eier, leieMs)))
          throw new KravTapt("Leien ble tatt over av en annen henter");
        await behandle(k, nr, runde);
      }
    } catch (feil) {
      runde.feil = melding(feil);
      runde.flere = false;
      fortell({ type: "feilet", hva: feil instanceof HubFeil ? "hub" : "intern", melding: runde.feil });
    } finally {
      await slippLeie(db, eier, runde.feil).catch(() => undefined);
    }
    return runde;
  }

  let loekke: Promise<void> | undefined;
  let vekk: (() => void) | undefined;
  return {
    kjoer,
    start() {
      if (loekke) return;
      stopper = false;
      avbryt = new AbortController();
      loekke = (async () => {
        while (!stopper) {
          const r = await kjoer().catch((feil) => {
            fortell({ type: "feilet", hva: "intern", melding: melding(feil) });
            return undefined;
          });
          if (stopper) break;
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, r?.flere ? 100 : opts.intervallMs);
            vekk = () => {
              clearTimeout(t);
              resolve();
            };
          });
        }
      })();
    },
    async stopp() {
      stopper = true;
      vekk?.();
      const frist = setTimeout(() => avbryt.abort(), opts.stoppFristMs ?? 5000);
      try {
        await loekke;
      } finally {
        clearTimeout(frist);
        loekke = undefined;
      }
    },
  };
}
