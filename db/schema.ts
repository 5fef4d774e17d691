import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SesjonTable {
  id: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  opprettet: Timestamp;
  sist_aktiv: Timestamp;
  utloeper: ColumnType<Date, Date | string, Date | string>;
}

export interface PersonTable {
  pid: string;
  navn: string;
  telefonnummer: string | null;
}

export type EnhetType = "Bedrift" | "Foretak" | "Person";

export interface Adresse {
  adresselinje?: string[];
  postnummer?: string;
  poststed?: string;
  land?: string;
}

export interface EnhetTable {
  id: Generated<number>;
  type: EnhetType;
  organisasjonsnummer: string | null;
  personnummer: string | null;
  navn: string;
  organisasjonsform: string | null;
  hovedenhet: string | null;
  adresse: ColumnType<Adresse | null, string | null, string | null>;
}

export interface DelegeringTable {
  pid: string;
  enhet_id: number;
}

export interface ImportoerTable {
  id: Generated<number>;
  organisasjonsnummer: string;
  navn: string;
  hovedenhet_navn: string | null;
  hovedenhet_organisasjonsnummer: string | null;
  har_lest_regelverk: Generated<boolean>;
  er_mottakskontrolloer: Generated<boolean>;
  skal_ha_epost: Generated<boolean>;
  opprettet: Generated<Date>;
}

export interface ImportoerEpostTable {
  id: Generated<number>;
  importoer_id: number;
  epostadresse: string;
}

export interface MottakskontrolloerAvtaleTable {
  importoer_id: number;
  mottakskontrolloer_id: number;
}

export interface Database {
  sesjon: SesjonTable;
  person: PersonTable;
  enhet: EnhetTable;
  delegering: DelegeringTable;
  importoer: ImportoerTable;
  importoer_epost: ImportoerEpostTable;
  mottakskontrolloer_avtale: MottakskontrolloerAvtaleTable;
}
