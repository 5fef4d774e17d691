// An entity the logged-in person may act for (SPEC §7 "Session and config"), as the gateway answers
// `GET /gateway/auth/avgiver` and the web reads it: Altinn's answer with the register's data for each
// organisation from our copy of Enhetsregisteret (docs/decisions/042-altinn-og-enhetsregisteret.md).
export interface Avgiver {
  altinn: {
    type: "Bedrift" | "Foretak" | "Person";
    organisasjonsnummer: string | null;
    hovedenhet: string | null;
    navn: string;
    organisasjonsform: string | null;
    personnummer: string | null;
  };
  brreg: {
    adresse: { adresselinje?: string[]; postnummer?: string; poststed?: string; land?: string } | null;
  };
}
