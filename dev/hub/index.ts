// The development IPPC ePhyto Hub (issue 32 §1, docs/decisions/044-sertifikater-fra-huben.md): the Hub's SOAP
// web service from its own WSDL (api/ephyto/hub-ephyto.wsdl) with node-soap, over TLS that requires a client
// certificate signed by its CA, as the real Hub does. It keeps a queue per NPPO: an exporting country delivers
// (DeliverEnvelope) to an importing one, which lists (GetImportEnvelopeHeaders), pulls (PULLImportEnvelope,
// PULLSingleImportEnvelope) and acknowledges (AcknowledgeEnvelopeReceipt, AcknowledgeFailedEnvelopeReceipt)
// its envelopes; the sender follows its delivery (GetEnvelopeTrackingInfo). An envelope stays pending until it
// is acknowledged, however often it is pulled. The caller is the common name of its client certificate (a
// country code); the development exporter (UTVIKLINGSEKSPORTOER) may deliver as any country, which the real
// Hub allows no one. Faults are SOAP faults with a HubWebException, as the WSDL declares.
import { randomUUID } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import express, { type NextFunction, type Request, type Response } from "express";
import { type IServicePort, listen } from "soap";
import { hubWsdlSti } from "../../api/ephyto/hub-klient";
import { hubSertifikater, type Noekkelpar, UTVIKLINGSEKSPORTOER } from "./sertifikater";

export { UTVIKLINGSEKSPORTOER } from "./sertifikater";

export const HUB_STI = "/hub/DeliveryService";

export type Sporing = "PendingDelivery" | "Delivered" | "FailedDelivery";

export interface DevKonvolutt {
  hubLeveringsnummer: string;
  fra: string;
  til: string;
  sertifikattype: string;
  sertifikatstatus: string;
  nppoSertifikatnummer: string;
  innhold: string;
  sporing: Sporing;
  feilmelding?: string;
  levert: string;
  /** How often it was pulled, and how often acknowledged (the tests read these). */
  hentet: number;
  kvitteringer: number;
  /** Who pulled it (the callers' certificate names, in order). */
  hentetAv: string[];
}

export interface DevHubOptions {
  port?: number;
  host?: string;
  /** Certificates, the queue (koe.json) and the connection file (tilkobling.json); none: in memory only. */
  mappe?: string;
  /** More names the server certificate covers than localhost and the loopback addresses. */
  vertsnavn?: string[];
  /**
   * Milliseconds to hold a call of an operation before handling it (a slow Hub, for tests); a call whose client
   * is gone meanwhile is dropped unhandled, as a connection cut before the Hub read it.
   */
  forsinkelseMs?: Partial<Record<string, number>>;
  /** Most envelopes one PULLImportEnvelope gives. */
  maksPerHenting?: number;
  /** Told of each call as it arrives, before any hold (tests wait for a call with it). */
  paaKall?: (operasjon: string, nppo: string) => void;
}

export interface DevHub {
  url: string;
  /** The CA the server certificate is signed by (PEM): the clients trust it. */
  ca: string;
  /** A client certificate for an NPPO (its country code) or the development exporter. */
  klient(cn: string): Promise<Noekkelpar>;
  konvolutter(): readonly DevKonvolutt[];
  /** Calls dropped because the client was gone before the Hub handled them (see forsinkelseMs). */
  forkastet(): readonly string[];
  close(): Promise<void>;
}

/** What a running development Hub writes in tilkobling.json for the commands (npm run ephyto:import). */
export interface HubTilkoblingsfil {
  url: string;
  pid: number;
  ca: string;
  eksportoer: { cert: string; key: string };
}

export const TILKOBLINGSFIL = "tilkobling.json";

type Rad = Record<string, unknown>;

function fault(melding: string): { Fault: Rad } {
  return {
    Fault: {
      faultcode: "soap:Server",
      faultstring: melding,
      detail: { HubWebException: { message: melding } },
      statusCode: 500,
    },
  };
}

const hode = (k: DevKonvolutt) => ({
  From: k.fra,
  To: k.til,
  CertificateType: k.sertifikattype,
  CertificateStatus: k.sertifikatstatus,
  NPPOCertificateNumber: k.nppoSertifikatnummer,
  hubDeliveryNumber: k.hubLeveringsnummer,
  HUBTrackingInfo: k.sporing,
  ...(k.feilmelding ? { hubDeliveryErrorMessage: k.feilmelding } : {}),
});

const tekst = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v).trim() : "");

/** The caller: the common name of its (verified) client certificate. */
function kaller(req: Request): string {
  const cn = (req.socket as TLSSocket).getPeerCertificate?.()?.subject?.CN;
  return (Array.isArray(cn) ? cn[0] : cn) ?? "";
}

/** The SOAP operation of a request, from its SOAPAction. */
const operasjonAv = (req: Request) => (req.get("soapaction") ?? "").replace(/"/g, "").split("/").pop() ?? "";

/** The queue and its operations, apart from the transport. */
function lagKoe(fil: string | undefined, maksPerHenting: number) {
  let konvolutter: DevKonvolutt[] = [];
  if (fil) {
    try {
      konvolutter = JSON.parse(readFileSync(fil, "utf8")) as DevKonvolutt[];
    } catch {
      konvolutter = [];
    }
  }
  const lagre = () => {
    if (!fil) return;
    writeFileSync(`${fil}.ny`, JSON.stringify(konvolutter));
    renameSync(`${fil}.ny`, fil);
  };
  const finn = (nr: unknown, nppo: string) => {
    const k = konvolutter.find((x) => x.hubLeveringsnummer === tekst(nr));
    if (!k || k.til !== nppo) throw fault("Envelope not found");
    return k;
  };
  const ventende = (nppo: string, fra = "") =>
    konvolutter.filter((k) => k.til === nppo && k.sporing === "PendingDelivery" && (!fra || k.fra === fra));
  const hent = (k: DevKonvolutt, nppo: string) => {
    k.hentet++;
    k.hentetAv.push(nppo);
    return { ...hode(k), Content: k.innhold };
  };
  const kvitter = (k: DevKonvolutt, til: Sporing, feilmelding?: string) => {
    if (k.sporing !== "PendingDelivery" && k.sporing !== til) {
      throw fault(`Envelope ${k.hubLeveringsnummer} is not pending delivery (${k.sporing})`);
    }
    k.kvitteringer++;
    if (k.sporing === "PendingDelivery") {
      k.sporing = til;
      k.feilmelding = feilmelding;
    }
    lagre();
  };

  const operasjoner: Record<string, (args: Rad, nppo: string) => Rad> = {
    DeliverEnvelope(args, nppo) {
      const env = (args.env ?? {}) as Rad;
      const fra = tekst(env.From).toUpperCase();
      const til = tekst(env.To).toUpperCase();
      if (nppo !== fra && nppo !== UTVIKLINGSEKSPORTOER) {
        throw fault(`The sender's certificate (${nppo}) does not belong to the NPPO of From (${fra})`);
      }
      if (!/^[A-Z]{2}$/.test(til)) throw fault("To must be the two-letter code of the importing country");
      const innhold = typeof env.Content === "string" ? env.Content : "";
      if (innhold.trim() === "") throw fault("The envelope has no content");
      if (!tekst(env.NPPOCertificateNumber)) throw fault("The envelope has no NPPOCertificateNumber");
      const k: DevKonvolutt = {
        hubLeveringsnummer: randomUUID(),
        fra,
        til,
        sertifikattype: tekst(env.CertificateType),
        sertifikatstatus: tekst(env.CertificateStatus),
        nppoSertifikatnummer: tekst(env.NPPOCertificateNumber),
        innhold,
        sporing: "PendingDelivery",
        levert: new Date().toISOString(),
        hentet: 0,
        kvitteringer: 0,
        hentetAv: [],
      };
      konvolutter.push(k);
      lagre();
      return { DeliverEnvelopeResult: hode(k) };
    },
    GetImportEnvelopeHeaders(args, nppo) {
      return {
        GetImportEnvelopeHeadersResult: {
          EnvelopeHeader: ventende(nppo, tekst(args.countryCode).toUpperCase()).map(hode),
        },
      };
    },
    PULLImportEnvelope(_args, nppo) {
      const ut = ventende(nppo)
        .slice(0, maksPerHenting)
        .map((k) => hent(k, nppo));
      lagre();
      return { PULLImportEnvelopesResult: { Envelope: ut } };
    },
    PULLSingleImportEnvelope(args, nppo) {
      const k = finn(args.hubTrackingNumber, nppo);
      if (k.sporing !== "PendingDelivery") {
        throw fault(`Envelope ${k.hubLeveringsnummer} is not pending delivery (${k.sporing})`);
      }
      const ut = hent(k, nppo);
      lagre();
      return { PULLSingleImportEnvelopeResult: ut };
    },
    AcknowledgeEnvelopeReceipt(args, nppo) {
      kvitter(finn(args.hubTrackingNumber, nppo), "Delivered");
      return {};
    },
    AcknowledgeFailedEnvelopeReceipt(args, nppo) {
      const melding = tekst(args.message);
      if (!melding) throw fault("A failed acknowledgement needs a message");
      kvitter(finn(args.hubTrackingNumber, nppo), "FailedDelivery", melding);
      return {};
    },
    GetEnvelopeTrackingInfo(args, nppo) {
      const k = konvolutter.find((x) => x.hubLeveringsnummer === tekst(args.hubTrackingNumber));
      const synlig = k && [k.fra, k.til, UTVIKLINGSEKSPORTOER].includes(nppo);
      if (!k || !synlig) return { GetEnvelopeTrackingInfoResult: { HUBTrackingInfo: "EnvelopeNotExists" } };
      return { GetEnvelopeTrackingInfoResult: hode(k) };
    },
  };
  return { operasjoner, konvolutter: () => konvolutter };
}

/** A live process other than this one runs a development Hub on the directory (its tilkobling.json says so). */
function iBrukAvAnnen(mappe: string): boolean {
  try {
    const { pid } = JSON.parse(readFileSync(path.join(mappe, TILKOBLINGSFIL), "utf8")) as { pid?: number };
    if (!pid || pid === process.pid) return false;
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function startDevHub(valg: DevHubOptions = {}): Promise<DevHub> {
  // One owner per directory, as for the embedded database (ADR 016): a second one (a test beside `npm start`)
  // keeps its queue and certificates in memory instead of writing over the first one's.
  const opts = valg.mappe && iBrukAvAnnen(valg.mappe) ? { ...valg, mappe: undefined } : valg;
  const sertifikater = await hubSertifikater(opts.mappe, opts.vertsnavn ?? []);
  const koe = lagKoe(opts.mappe && path.join(opts.mappe, "koe.json"), opts.maksPerHenting ?? 50);
  const forkastet: string[] = [];

  const app = express();
  app.disable("x-powered-by");
  // A slow Hub (tests): hold the call; if the client hung up meanwhile, the Hub never saw it.
  app.use(HUB_STI, (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "POST") opts.paaKall?.(operasjonAv(req), kaller(req));
    const ms = opts.forsinkelseMs?.[operasjonAv(req)];
    if (!ms) return next();
    let borte = false;
    res.once("close", () => {
      borte = !res.writableFinished;
    });
    setTimeout(() => {
      if (borte || req.socket.destroyed) forkastet.push(operasjonAv(req));
      else next();
    }, ms);
  });
  const tjeneste: IServicePort = {};
  for (const [navn, gjoer] of Object.entries(koe.operasjoner)) {
    tjeneste[navn] = (args: Rad | null, _cb: unknown, _hoder: unknown, req: Request) =>
      gjoer(args ?? {}, kaller(req));
  }
  const wsdl = readFileSync(hubWsdlSti(), "utf8");
  const soapServer = listen(app, HUB_STI, { DeliveryService: { IDeliveryServiceImplPort: tjeneste } }, wsdl);
  // TLS already refused a client without a certificate from our CA; this says so at the SOAP level too.
  soapServer.authorizeConnection = (req) => (req.socket as TLSSocket).authorized === true;

  const server = https.createServer(
    {
      key: sertifikater.server.key,
      cert: sertifikater.server.cert,
      ca: sertifikater.ca.cert,
      requestCert: true,
      rejectUnauthorized: true,
    },
    app,
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const vert = opts.host && !["0.0.0.0", "::"].includes(opts.host) ? opts.host : "127.0.0.1";
  const url = `https://${vert.includes(":") ? `[${vert}]` : vert}:${port}${HUB_STI}`;

  const tilkobling = opts.mappe ? path.join(opts.mappe, TILKOBLINGSFIL) : undefined;
  if (tilkobling && opts.mappe) {
    await sertifikater.klient(UTVIKLINGSEKSPORTOER);
    const fil: HubTilkoblingsfil = {
      url,
      pid: process.pid,
      ca: path.join(opts.mappe, "ca.pem"),
      eksportoer: {
        cert: path.join(opts.mappe, `klient-${UTVIKLINGSEKSPORTOER}.pem`),
        key: path.join(opts.mappe, `klient-${UTVIKLINGSEKSPORTOER}-key.pem`),
      },
    };
    writeFileSync(tilkobling, JSON.stringify(fil, null, 2));
  }

  return {
    url,
    ca: sertifikater.ca.cert,
    klient: (cn) => sertifikater.klient(cn),
    konvolutter: koe.konvolutter,
    forkastet: () => forkastet,
    close: () =>
      new Promise<void>((resolve) => {
        if (tilkobling) rmSync(tilkobling, { force: true });
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
