// Texts and choices of the forms that pages show without the schemas: importing them from here keeps zod
// out of the pages' first-load JavaScript (ADR 015); the schemas re-export them.

export const REGELVERK_MELDING = "Du må velge et alternativ";
export const REGELVERK_AVKRYSSING_TEKST =
  "Denne boksen må hukes av for at din bedrift skal kunne melde import.";
export const REGELVERK_VALG = ["bekreftet", "vil-ikke-melde"] as const;
