// The texts of the page a document request lands on when the document cannot be made now
// (app/routes/dokument-opptatt.tsx, ADR 018 "Grenser").
export const DOKUMENT_OPPTATT = {
  /** Retry-After (seconds) of the page, as the import API's. */
  ventSekunder: 10,
  tittel: "Dokumentet kan ikke lages akkurat nå",
  melding: "Dokumentet kunne ikke lages akkurat nå. Prøv igjen om litt.",
} as const;
