// The IPPC ePhyto Hub's SOAP web service, as an NPPO calls it (issue 32 §1, docs/decisions/044-sertifikater-fra-huben.md):
// node-soap over the Hub's own WSDL (hub-ephyto.wsdl beside this file, unchanged: Mattilsynet/ephyto-api,
// src/main/resources/ephyto/prod/ephyto.wsdl, MIT licence, via /work/shared/ephyto), authenticated as the Hub
// requires of a national system: TLS with the NPPO's client certificate. The importing side lists, pulls and
// acknowledges its envelopes; the exporting side delivers (`npm run ephyto:import` against the development Hub,
// and the tests) and follows its deliveries. Every call has a deadline and can be aborted.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Client, ClientSSLSecurity, createClientAsync } from "soap";

/** The WSDL file; `npm run build` copies it beside the compiled chunks (scripts/bygg-drift.mjs). */
const HUB_WSDL_FIL = "hub-ephyto.wsdl";

/** The WSDL's path (the development Hub serves the same file). */
export function hubWsdlSti(): string {
  return fileURLToPath(new URL(`./${HUB_WSDL_FIL}`, import.meta.url));
}

/** Where the Hub answers and who we are to it. */
export interface HubTilkobling {
  /** The DeliveryService endpoint, e.g. https://hub.ephytoexchange.org/hub/DeliveryService. */
  url: string;
  /** The NPPO's client certificate and key (PEM). */
  sertifikat: string | Buffer;
  noekkel: string | Buffer;
  noekkelPassord?: string;
  /** The CAs to trust for the Hub's server certificate (PEM); undefined: Node's own list. */
  ca?: string | Buffer;
  /** Deadline of one call, connection to last byte. */
  tidsavbruddMs: number;
  /** Largest answer accepted (an envelope carries a certificate of at most 10 MB, often in base64). */
  maksBytes?: number;
}

/** An envelope's header, as the Hub lists and tracks it. */
export interface KonvoluttHode {
  fra: string;
  til: string;
  sertifikattype: string;
  sertifikatstatus: string;
  nppoSertifikatnummer: string;
  hubLeveringsnummer?: string;
  /** HUBTrackingInfo: PendingDelivery, Delivered, FailedDelivery, EnvelopeNotExists, … */
  sporing?: string;
  /** hubDeliveryErrorMessage: why the importing NPPO refused it. */
  feilmelding?: string;
}

/** An envelope with its content: the SPS certificate as XML text, or base64 of it. */
export interface Konvolutt extends KonvoluttHode {
  innhold?: string;
}

/**
 * A Hub call that did not succeed. `tilkobling`: no answer (network, TLS, deadline); `hub`: the Hub answered
 * with a fault (HubWebException, its message in `message`); `svar`: an answer we cannot read.
 */
export class HubFeil extends Error {
  override readonly name = "HubFeil";
  constructor(
    readonly type: "tilkobling" | "hub" | "svar",
    melding: string,
    options?: { cause?: unknown },
  ) {
    super(melding, options);
  }
}

export interface HubKlient {
  /** GetImportEnvelopeHeaders: the envelopes waiting for us (every exporting country). */
  importhoder(signal?: AbortSignal): Promise<KonvoluttHode[]>;
  /** PULLSingleImportEnvelope; undefined when the Hub answers with no envelope. */
  hentKonvolutt(hubLeveringsnummer: string, signal?: AbortSignal): Promise<Konvolutt | undefined>;
  /** AcknowledgeEnvelopeReceipt: received and stored. */
  kvitter(hubLeveringsnummer: string, signal?: AbortSignal): Promise<void>;
  /** AcknowledgeFailedEnvelopeReceipt: refused, with the reason the exporting NPPO will read. */
  kvitterFeilet(hubLeveringsnummer: string, melding: string, signal?: AbortSignal): Promise<void>;
  /** DeliverEnvelope (the exporting side): the Hub's header with its delivery number. */
  lever(konvolutt: Konvolutt, signal?: AbortSignal): Promise<KonvoluttHode>;
  /** GetEnvelopeTrackingInfo (the exporting side): where a delivery stands. */
  sporing(hubLeveringsnummer: string, signal?: AbortSignal): Promise<KonvoluttHode | undefined>;
}

type Rad = Record<string, unknown>;

const tekst = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;

/** A header from node-soap's object for EnvelopeHeader (elements by local name). */
function tilHode(r: Rad): KonvoluttHode {
  return {
    fra: tekst(r.From) ?? "",
    til: tekst(r.To) ?? "",
    sertifikattype: tekst(r.CertificateType) ?? "",
    sertifikatstatus: tekst(r.CertificateStatus) ?? "",
    nppoSertifikatnummer: tekst(r.NPPOCertificateNumber) ?? "",
    hubLeveringsnummer: tekst(r.hubDeliveryNumber),
    sporing: tekst(r.HUBTrackingInfo),
    feilmelding: tekst(r.hubDeliveryErrorMessage),
  };
}

/** node-soap's object for an Envelope (the header's elements, then Content). */
function fraKonvolutt(k: Konvolutt): Rad {
  return {
    From: k.fra,
    To: k.til,
    CertificateType: k.sertifikattype,
    CertificateStatus: k.sertifikatstatus,
    NPPOCertificateNumber: k.nppoSertifikatnummer,
    ...(k.hubLeveringsnummer ? { hubDeliveryNumber: k.hubLeveringsnummer } : {}),
    ...(k.innhold !== undefined ? { Content: k.innhold } : {}),
  };
}

const liste = (v: unknown): Rad[] =>
  (Array.isArray(v) ? v : v && typeof v === "object" ? [v] : []).filter(
    (x): x is Rad => x !== null && typeof x === "object",
  );

/** A node-soap or axios error as a HubFeil. */
function somHubFeil(operasjon: string, feil: unknown): HubFeil {
  if (feil instanceof HubFeil) return feil;
  const e = feil as {
    root?: { Envelope?: { Body?: { Fault?: Rad } } };
    code?: string;
    message?: string;
    response?: { status?: number };
  };
  const fault = e.root?.Envelope?.Body?.Fault;
  if (fault) {
    const detalj = (fault.detail as Rad | undefined)?.HubWebException as Rad | undefined;
    const melding = tekst(detalj?.message) ?? tekst(fault.faultstring) ?? "ukjent feil";
    return new HubFeil("hub", `${operasjon}: huben svarte med en feil: ${melding}`, { cause: feil });
  }
  if (e.response?.status) {
    return new HubFeil("svar", `${operasjon}: huben svarte HTTP ${e.response.status}`, { cause: feil });
  }
  const hva = e.code ?? e.message ?? String(feil);
  return new HubFeil("tilkobling", `${operasjon}: fikk ikke svar fra huben (${hva})`, { cause: feil });
}

/** Connects to the Hub: the WSDL is read from disk (never fetched), the endpoint and TLS are ours. */
export async function lagHubKlient(t: HubTilkobling): Promise<HubKlient> {
  const klient: Client = await createClientAsync(hubWsdlSti(), { endpoint: t.url });
  const buffer = (v: string | Buffer) => (typeof v === "string" ? Buffer.from(v) : v);
  klient.setSecurity(
    new ClientSSLSecurity(buffer(t.noekkel), buffer(t.sertifikat), t.ca ? buffer(t.ca) : undefined, {
      passphrase: t.noekkelPassord,
      // The Hub's server certificate and name are checked (Node's default, stated so nobody loosens it).
      // One TLS connection per call: a few calls per envelope, and no idle sockets to close at a stop.
      rejectUnauthorized: true,
    }),
  );
  const maks = t.maksBytes ?? 32 * 1024 * 1024;

  async function kall(operasjon: string, args: Rad, signal?: AbortSignal): Promise<Rad> {
    const frist = AbortSignal.timeout(t.tidsavbruddMs);
    const valg = {
      signal: signal ? AbortSignal.any([signal, frist]) : frist,
      timeout: t.tidsavbruddMs,
      maxContentLength: maks,
      maxBodyLength: maks,
    };
    try {
      const metode = klient[`${operasjon}Async`] as (a: Rad, o: object) => Promise<[Rad | null]>;
      const [svar] = await metode.call(klient, args, valg);
      return svar ?? {};
    } catch (feil) {
      throw somHubFeil(operasjon, feil);
    }
  }

  return {
    async importhoder(signal) {
      const svar = await kall("GetImportEnvelopeHeaders", { countryCode: "" }, signal);
      const resultat = svar.GetImportEnvelopeHeadersResult as Rad | undefined;
      return liste(resultat?.EnvelopeHeader).map(tilHode);
    },
    async hentKonvolutt(nr, signal) {
      const svar = await kall("PULLSingleImportEnvelope", { hubTrackingNumber: nr }, signal);
      const k = svar.PULLSingleImportEnvelopeResult as Rad | undefined;
      if (!k) return undefined;
      return { ...tilHode(k), innhold: tekst(k.Content) };
    },
    async kvitter(nr, signal) {
      await kall("AcknowledgeEnvelopeReceipt", { hubTrackingNumber: nr }, signal);
    },
    async kvitterFeilet(nr, melding, signal) {
      await kall("AcknowledgeFailedEnvelopeReceipt", { hubTrackingNumber: nr, message: melding }, signal);
    },
    async lever(konvolutt, signal) {
      const svar = await kall("DeliverEnvelope", { env: fraKonvolutt(konvolutt) }, signal);
      const hode = svar.DeliverEnvelopeResult as Rad | undefined;
      if (!hode) throw new HubFeil("svar", "DeliverEnvelope: huben svarte uten konvoluttens hode");
      return tilHode(hode);
    },
    async sporing(nr, signal) {
      const svar = await kall("GetEnvelopeTrackingInfo", { hubTrackingNumber: nr }, signal);
      const hode = svar.GetEnvelopeTrackingInfoResult as Rad | undefined;
      return hode ? tilHode(hode) : undefined;
    },
  };
}

/**
 * The connection the settings give (HUB_URL, HUB_KLIENTSERTIFIKAT, HUB_KLIENTNOEKKEL, HUB_CA; PEM text or the
 * files holding it), or undefined when the address, certificate or key is missing.
 */
export function hubTilkobling(h: {
  url?: string;
  klientsertifikat?: string;
  klientnoekkel?: string;
  noekkelPassord?: string;
  ca?: string;
  tidsavbruddMs: number;
}): HubTilkobling | undefined {
  if (!h.url || !h.klientsertifikat || !h.klientnoekkel) return undefined;
  return {
    url: h.url,
    sertifikat: lesPem(h.klientsertifikat),
    noekkel: lesPem(h.klientnoekkel),
    noekkelPassord: h.noekkelPassord,
    ca: h.ca ? lesPem(h.ca) : undefined,
    tidsavbruddMs: h.tidsavbruddMs,
  };
}

/**
 * PEM from a setting: the text itself when it is PEM (with `\n` for line breaks where an env file allows only
 * one line), else the file it names.
 */
export function lesPem(verdi: string): Buffer {
  return verdi.includes("-----BEGIN") ? Buffer.from(verdi.replace(/\\n/g, "\n")) : readFileSync(verdi);
}
