// The development ePhyto Hub for tests (ADR 044): started in the test's process over TLS with client
// certificates, with an exporting country that delivers to it through SOAP (DeliverEnvelope) and the Norwegian
// NPPO's connection for the puller.
import { type HubKlient, type HubTilkobling, lagHubKlient } from "../../api/ephyto/hub-klient";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { type DevHub, type DevHubOptions, startDevHub, UTVIKLINGSEKSPORTOER } from "../../dev/hub";

export interface TestHub {
  hub: DevHub;
  /** The exporting side's client (the development exporter: any From). */
  eksportoer: HubKlient;
  /** Norway's connection (client certificate CN=NO), for a puller. */
  norge: HubTilkobling;
  /** Delivers one envelope to NO with the content as given; returns its hub delivery number. */
  lever(innhold: string, hode?: { fra?: string; nummer?: string; type?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startTestHub(opts: DevHubOptions = {}): Promise<TestHub> {
  const hub = await startDevHub(opts);
  const eks = await hub.klient(UTVIKLINGSEKSPORTOER);
  const no = await hub.klient("NO");
  const eksportoer = await lagHubKlient({
    url: hub.url,
    sertifikat: eks.cert,
    noekkel: eks.key,
    ca: hub.ca,
    tidsavbruddMs: 10_000,
  });
  return {
    hub,
    eksportoer,
    norge: { url: hub.url, sertifikat: no.cert, noekkel: no.key, ca: hub.ca, tidsavbruddMs: 10_000 },
    async lever(innhold, hode = {}) {
      const svar = await eksportoer.lever({
        fra: hode.fra ?? "NL",
        til: "NO",
        sertifikattype: hode.type ?? "851",
        sertifikatstatus: "70",
        nppoSertifikatnummer: hode.nummer ?? "UKJENT",
        innhold,
      });
      if (!svar.hubLeveringsnummer) throw new Error("Huben ga ikke leveringsnummer");
      return svar.hubLeveringsnummer;
    },
    close: () => hub.close(),
  };
}

export const DRAMMEN = { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" };

/** A certificate from the Netherlands to Hageland Drammen (an importer with e-mail alerts in the demo data). */
export function hubSertifikatXml(nummer: string, mottaker = DRAMMEN): string {
  return lagSertifikatXml({
    nummer,
    utstedt: "2026-03-02T09:00:00",
    avsender: { navn: "Kwekerij De Linde B.V." },
    eksportland: "NL",
    mottaker,
    varelinjer: [
      {
        navn: "Rose",
        botaniskNavn: "Rosa canina",
        plantedel: "Plants",
        tilsiktetBruk: "Planting",
        opprinnelsesland: [{ kode: "NL" }],
      },
    ],
  } as Parameters<typeof lagSertifikatXml>[0]);
}
