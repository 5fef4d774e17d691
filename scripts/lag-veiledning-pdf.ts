// Generates the onboarding PDF linked from the login page (public/dokumenter/...). Run when the text changes:
// npx tsx scripts/lag-veiledning-pdf.ts
import { createWriteStream } from "node:fs";
import PDFDocument from "pdfkit";

const doc = new PDFDocument({
  size: "A4",
  margin: 56,
  info: { Title: "Kom i gang med digital forhåndsmelding" },
});
doc.pipe(createWriteStream("public/dokumenter/kom-i-gang-med-digital-forhandsmelding.pdf"));
doc.fontSize(20).text("Kom i gang med digital forhåndsmelding", { paragraphGap: 12 });
const avsnitt: Array<[string, string]> = [
  [
    "1. Få tilgang i Altinn",
    "Virksomheten må delegere deg tilgang til Mattilsynets skjematjenester i Altinn. Den som forvalter tilganger i virksomheten, kan gjøre dette.",
  ],
  [
    "2. Logg inn med ID-porten",
    "Gå til digital forhåndsmelding og velg «Logg inn med ID-porten». Velg deretter virksomheten (underenheten) du skal melde import for.",
  ],
  [
    "3. Bekreft kjennskap til regelverket",
    "Første gang må virksomheten bekrefte at den kjenner regelverket for import av planter, og legge inn minst én e-postadresse for varsler.",
  ],
  [
    "4. Finn sertifikatet",
    "Elektroniske plantesunnhetssertifikater (ePhyto) der virksomheten er mottaker, vises automatisk. Andre finner du ved å søke med land, sertifikatnummer og dato.",
  ],
  [
    "5. Send forhåndsmelding",
    "Bekreft avsender, svar på spørsmålene om dokumentkontroll, oppgi ankomststed, tidspunkt og mottakskontrollør, og send inn før varene passerer grensen.",
  ],
  [
    "6. Mottakskontroll",
    "Når varene er kommet, gjør mottakskontrolløren den fysiske kontrollen og registrerer resultatet. Mattilsynet vurderer deretter forsendelsen.",
  ],
];
for (const [tittel, tekst] of avsnitt) {
  doc.moveDown(0.5).fontSize(13).text(tittel, { paragraphGap: 4 });
  doc.fontSize(11).text(tekst, { paragraphGap: 6 });
}
doc.end();
