// The page a document request lands on when the document cannot be made now (app/routes/dokument-opptatt.tsx,
// ADR 018 "Grenser"); its texts are in the catalogue "felles" (dokumentOpptatt.*).
export const DOKUMENT_OPPTATT = {
  /** Retry-After (seconds) of the page, as the import API's. */
  ventSekunder: 10,
} as const;
