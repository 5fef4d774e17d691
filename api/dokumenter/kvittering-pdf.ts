// The receipt of a submitted notification (SPEC §2 "Registered notification page" 'Kvittering', §7 Links):
// an A4 PDF in Norwegian of what was notified and when — number, status and times, responsible importer,
// innmelder, certificate, arrival info and reception controller, the document-control answers with their
// comments, the reception-control answers when given, and the goods lines. Helvetica (WinAnsi); every text
// goes through `pdfTekst`, so no character turns into garbage.

import { formaterDato, formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import {
  type ImportmeldingVisning,
  type KontrollspoersmaalVisning,
  MENGDE_FELT_TEKST,
  MENGDE_FELTER,
} from "../../domain/importmelding";
import { plantedelVisning, tilsiktetBrukVisning } from "../../domain/kodeverk";
import { formaterTall } from "../../domain/mengde";
import { tidsromForKlokkeslett } from "../../domain/tidsrom";
import { FARGE, FONT_FET, type Skriver, skrivPdf } from "./pdf-oppsett";
import { pdfTekst } from "./pdf-tekst";

export interface KvitteringHendelse {
  tidspunkt: Date | string;
  tilStatus: string | null;
}

export interface KvitteringValg {
  /** Status changes (audit trail), oldest first; gives the submission time. */
  hendelser?: readonly KvitteringHendelse[];
  generert?: Date;
}

function adresse(a: {
  linje1: string | null;
  linje2: string | null;
  linje3: string | null;
  linje4: string | null;
  linje5: string | null;
}) {
  return [a.linje1, a.linje2, a.linje3, a.linje4, a.linje5].filter((l): l is string => !!l).join(", ");
}

function importoer(i: { navn: string; organisasjonsnummer: string } | null): string | undefined {
  return i ? `${i.navn} (org.nr. ${formaterOrganisasjonsnummer(i.organisasjonsnummer)})` : undefined;
}

function skrivSvar(k: Skriver, spoersmaal: readonly KontrollspoersmaalVisning[]): void {
  if (spoersmaal.length === 0) {
    k.avsnitt("Ingen spørsmål.");
    return;
  }
  spoersmaal.forEach((s, i) => {
    k.avsnitt(`${i + 1}. ${s.kontrollSpoersmaal}${s.referanse ? ` (${s.referanse})` : ""}`, {
      font: FONT_FET,
    });
    if (!s.kontrollSvar) {
      k.avsnitt("Ikke besvart", { innrykk: 12, farge: FARGE.dempet });
      return;
    }
    k.avsnitt(`Svar: ${s.kontrollSvar.tekst}${s.kontrollSvar.avvik ? " (avvik)" : ""}`, {
      innrykk: 12,
      farge: s.kontrollSvar.avvik ? FARGE.avvik : FARGE.tekst,
    });
    if (s.kontrollSvar.avvik) {
      k.avsnitt(`Melding til Mattilsynet: ${s.kontrollSvar.kommentar ?? "Ingen melding"}`, { innrykk: 12 });
    }
  });
}

/** "Label: value" rows in which a missing value shows "--" (the receipt lists every field it has). */
function felt(k: Skriver, rader: [string, string | null | undefined][]): void {
  k.felter(rader.map(([etikett, verdi]) => [etikett, verdi?.trim() ? verdi : "--"]));
}

/** The receipt as a PDF. */
export async function lagKvitteringPdf(
  melding: ImportmeldingVisning,
  valg: KvitteringValg = {},
): Promise<Buffer> {
  const generert = valg.generert ?? new Date();
  return skrivPdf(
    { Title: pdfTekst(`Kvittering for digital forhåndsmelding ${melding.nummer}`), CreationDate: generert },
    (k) => {
      k.overskrift("Kvittering for digital forhåndsmelding", 1);
      k.avsnitt(`Forhåndsmelding ${melding.nummer}`, { stoerrelse: 11, farge: FARGE.dempet });

      const innsendt = valg.hendelser?.find((h) => h.tilStatus === "REGISTRERT")?.tidspunkt;
      k.seksjon("Forhåndsmeldingen", () => {
        felt(k, [
          ["Nummer", melding.nummer],
          ["Status", melding.statusTekst],
          ["Sendt inn", innsendt ? formaterDatoTid(innsendt) : undefined],
          ["Status sist endret", formaterDatoTid(melding.statusEndret)],
          ["Opprettet", formaterDatoTid(melding.opprettet)],
          ["Egen referanse", melding.egenReferanse ?? "Ikke angitt"],
          [
            "Kontroll",
            melding.kunDokumentkontroll ? "Kun dokumentkontroll" : "Dokumentkontroll og fysisk kontroll",
          ],
          ...(melding.faktiskAnkommet
            ? ([["Ankommet", formaterDatoTid(melding.faktiskAnkommet)]] as [string, string][])
            : []),
          ...(melding.vurderingBegrunnelse
            ? ([["Begrunnelse fra Mattilsynet", melding.vurderingBegrunnelse]] as [string, string][])
            : []),
        ]);
      });
      k.seksjon("Importør og innmelder", () => {
        felt(k, [
          ["Ansvarlig importør", importoer(melding.ansvarligImportoer)],
          ...(melding.ansvarligDokumentkontroll
            ? ([["Ansvarlig for dokumentkontroll", importoer(melding.ansvarligDokumentkontroll)]] as [
                string,
                string | undefined,
              ][])
            : []),
          ["Innmelder", melding.innmelder?.navn],
          ["E-post", melding.innmelder?.epost],
          ["Telefon", melding.innmelder?.telefonnummer],
        ]);
      });
      k.seksjon("Sertifikat", () => {
        felt(k, [
          ["Sertifikatnummer", melding.sertifikat.nummer],
          ["Type", melding.sertifikat.type],
          ["Utstedt", formaterDato(melding.utstedtDato)],
          ["Eksportland", melding.eksportLand.navn],
          ["Opprinnelsesland", melding.alleOpprinnelsesland.map((l) => l.navn).join(", ")],
          ["Avsender", [melding.avsender.navn, adresse(melding.avsender.adresse)].filter(Boolean).join(", ")],
          ["Mottaker", [melding.mottaker.navn, adresse(melding.mottaker.adresse)].filter(Boolean).join(", ")],
        ]);
      });
      k.seksjon("Ankomst", () => {
        melding.ankomstInfo.forEach((a) => {
          const tidsrom = tidsromForKlokkeslett(a.ankomstTid?.klokkeslett);
          felt(k, [
            [
              "Forventet ankomst",
              a.ankomstTid
                ? `${formaterDato(a.ankomstTid.dato)} ${tidsrom ? `${tidsrom.navn.toLowerCase()} (${tidsrom.spenn})` : a.ankomstTid.klokkeslett}`
                : undefined,
            ],
            [
              "Kontrollsted",
              [
                a.kontrollAdresse.linje1,
                a.kontrollAdresse.linje2,
                [a.kontrollAdresse.postnummer, a.kontrollAdresse.poststed].filter(Boolean).join(" "),
              ]
                .filter(Boolean)
                .join(", "),
            ],
            [
              "Mottakskontrollør",
              a.mottakskontrolloer
                ? [
                    a.mottakskontrolloer.virksomhetNavn,
                    a.mottakskontrolloer.organisasjonsnummer
                      ? `org.nr. ${formaterOrganisasjonsnummer(a.mottakskontrolloer.organisasjonsnummer)}`
                      : undefined,
                  ]
                    .filter(Boolean)
                    .join(", ")
                : melding.kunDokumentkontroll
                  ? "Ikke nødvendig (kun dokumentkontroll)"
                  : undefined,
            ],
            // Who did the control: the company that gave its person (issue 23 item 3), with name and phone
            [
              "Mottakskontroll utført av",
              a.mottakskontrolloer && (a.mottakskontrolloer.navn || a.mottakskontrolloer.telefonnummer)
                ? [
                    a.mottakskontrolloer.utfoertAv?.navn ?? a.mottakskontrolloer.virksomhetNavn,
                    a.mottakskontrolloer.navn,
                    a.mottakskontrolloer.telefonnummer,
                  ]
                    .filter(Boolean)
                    .join(", ")
                : undefined,
            ],
            ["Sendingen er ankommet", a.sendingAnkommet ? "Ja" : "Nei"],
          ]);
        });
      });
      k.seksjon("Dokumentkontroll", () => {
        skrivSvar(k, melding.dokumentkontrollSpoersmaal);
      });

      if (!melding.kunDokumentkontroll && melding.mottakskontrollSpoersmaal.some((s) => s.kontrollSvar)) {
        k.seksjon("Mottakskontroll", () => skrivSvar(k, melding.mottakskontrollSpoersmaal));
      }

      k.seksjon(`Varelinjer (${melding.varelinjer.length})`, () => {
        if (melding.varelinjer.length === 0) k.avsnitt("Sertifikatet har ingen varelinjer.");
        for (const l of melding.varelinjer) {
          const navn = [l.botaniskNavn, l.navn].filter(Boolean).join(" – ") || "Uten navn";
          k.avsnitt(`${l.sorteringsnummer}. ${navn}`, { font: FONT_FET });
          const mengder = MENGDE_FELTER.flatMap((f) => {
            const m = l.mengde[f];
            if (!m?.visningsMengde) return [];
            const faktisk = m.faktiskVerdi !== null ? ` (faktisk: ${formaterTall(m.faktiskVerdi)})` : "";
            return [`${MENGDE_FELT_TEKST[f]}: ${m.visningsMengde}${faktisk}`];
          });
          const detaljer = [
            l.beskrivelse,
            tilsiktetBrukVisning(l.klassifisering)
              ? `Tilsiktet bruk: ${tilsiktetBrukVisning(l.klassifisering)}`
              : undefined,
            plantedelVisning(l.klassifisering.plantedel)
              ? `Plantedel: ${plantedelVisning(l.klassifisering.plantedel)}`
              : undefined,
            l.opprinnelsesland.length > 0
              ? `Opprinnelse: ${l.opprinnelsesland.map((o) => [o.navn ?? o.kode, o.landsdel].filter(Boolean).join(" ")).join(", ")}`
              : undefined,
            mengder.join("; ") || undefined,
          ].filter((d): d is string => !!d);
          for (const d of detaljer) k.avsnitt(d, { innrykk: 12 });
        }
      });

      k.bunntekst(`Generert ${formaterDatoTid(generert)}`, `Forhåndsmelding ${melding.nummer}`);
    },
  );
}
