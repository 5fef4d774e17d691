// Each route's catalogue namespaces, by route id: the file of messages its loader names (app/lib/tekster.server.ts,
// ADR 080). The loaders take their namespaces from here, and the shell's file names each route's file in its
// language (`filer`), so the browser starts a client navigation's file in the same tick as its data instead of
// after it (entry.client.tsx). A page that adds a namespace only at times (the regulation form's `validering`)
// names another file then, fetched after the data as before.
import type { Navnerom } from "../../sprak/navnerom";

export const RUTETEKSTER = {
  "routes/_index": ["forside", "kodeverk"],
  "routes/sertifikater": ["sertifikat"],
  "routes/sertifikat": ["sertifikat"],
  "routes/importmeldinger": ["importmelding", "kodeverk"],
  "routes/importmelding.$id": ["importmelding", "kodeverk", "validering"],
  "routes/innstillinger": ["innstillinger", "validering"],
  "routes/velg-virksomhet": ["virksomhet"],
  "routes/nyttig-info": ["hjelp"],
  "routes/tilgjengelighetserklaering": ["hjelp"],
  "routes/logg-inn": ["innlogging"],
  "routes/utlogget": ["innlogging"],
  "routes/mangler-autorisasjon": ["innlogging"],
} as const satisfies Record<string, readonly Navnerom[]>;
