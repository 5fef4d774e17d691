// What the certificate page (app/routes/sertifikat.tsx) computes once and hands to its sections.
import type { SerializeFrom } from "@remix-run/node";
import type { useNavigation } from "@remix-run/react";
import type { action, loader } from "../../routes/sertifikat";

type Data = SerializeFrom<typeof loader>;
type Sertifikat = NonNullable<Data["sertifikat"]>;

export interface SideVerdier {
  data: Data;
  actionData: SerializeFrom<typeof action> | undefined;
  navigation: ReturnType<typeof useNavigation>;
  refererte: string[];
  s: Sertifikat;
  flagg: Data["flagg"];
  sok: Data["sok"];
  sortering: "ASC" | "DESC" | null;
  linjeVurdering: Map<string, Sertifikat["vurdering"]["varelinjer"][number]>;
  linjer: Sertifikat["varelinjer"];
  sammeBehandlinger: boolean;
  neste: "ASC" | "DESC";
  dokumentSok: URLSearchParams;
  dokumentBase: string;
  /** Label and text of each total (domain/sertifikat-tekst totalTekst). */
  totaler: Array<[string, string | undefined]>;
}
