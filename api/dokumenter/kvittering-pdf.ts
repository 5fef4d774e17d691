// The receipt of a submitted notification (SPEC §2 "Registered notification page" 'Kvittering', §7 Links):
// an A4 PDF in the language of the person who downloads it (docs/sprak.md) of what was notified and when —
// number, status and times, responsible importer, innmelder, certificate, arrival info and reception
// controller, the document-control answers with their comments, the reception-control answers when given, and
// the goods lines. What the notifier and the certificate wrote stays as written. Helvetica (WinAnsi); every
// text goes through `pdfTekst`, so no character turns into garbage.

import { formaterDato, formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import {
  type ImportmeldingVisning,
  type KontrollspoersmaalVisning,
  MENGDE_FELTER,
} from "../../domain/importmelding";
import { enhetNavn, plantedelVisning } from "../../domain/kodeverk";
import { formaterTall, visningsMengde } from "../../domain/mengde";
import { statusNavn } from "../../domain/statusnavn";
import { tidsromForKlokkeslett } from "../../domain/tidsrom";
import { oversetter } from "../../sprak/katalog.server";
import type { Noekkel } from "../../sprak/navnerom";
import type { T } from "../../sprak/oversetter";
import type { Sprak } from "../../sprak/sprak";
import { FARGE, FONT_FET, type Skriver, skrivPdf } from "./pdf-oppsett";
import { pdfTekst } from "./pdf-tekst";
import { landNavnFor, mengdeFeltTekst, tilsiktetBrukFor } from "./tekst";

export interface KvitteringHendelse {
  tidspunkt: Date | string;
  tilStatus: string | null;
}

export interface KvitteringValg {
  /** Status changes (audit trail), oldest first; gives the submission time. */
  hendelser?: readonly KvitteringHendelse[];
  generert?: Date;
  /** The language of the person who downloads it; bokmål when not given. */
  sprak?: Sprak;
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

function importoer(t: T, i: { navn: string; organisasjonsnummer: string } | null): string | undefined {
  return i
    ? t("dokumenter.felles.virksomhet", {
        navn: i.navn,
        orgnr: formaterOrganisasjonsnummer(i.organisasjonsnummer),
      })
    : undefined;
}

function skrivSvar(k: Skriver, spoersmaal: readonly KontrollspoersmaalVisning[]): void {
  const t = k.t;
  if (spoersmaal.length === 0) {
    k.avsnitt(t("dokumenter.kvittering.ingenSpoersmaal"));
    return;
  }
  spoersmaal.forEach((s, i) => {
    const tekst = t(`kodeverk.spoersmaal.${s.kode}` as Noekkel);
    k.avsnitt(`${i + 1}. ${tekst}${s.referanse ? ` (${s.referanse})` : ""}`, { font: FONT_FET });
    const svar = s.kontrollSvar;
    if (!svar) {
      k.avsnitt(t("dokumenter.felles.ikkeBesvart"), { innrykk: 12, farge: FARGE.dempet });
      return;
    }
    const svarTekst = t(`kodeverk.svar.${svar.kontrollSvar}` as Noekkel);
    k.avsnitt(
      t(svar.avvik ? "dokumenter.kvittering.svarAvvik" : "dokumenter.kvittering.svar", { svar: svarTekst }),
      { innrykk: 12, farge: svar.avvik ? FARGE.avvik : FARGE.tekst },
    );
    if (svar.avvik) {
      k.avsnitt(
        t("dokumenter.kvittering.meldingTilMattilsynet", {
          melding: svar.kommentar ?? t("dokumenter.kvittering.ingenMelding"),
        }),
        { innrykk: 12 },
      );
    }
  });
}

/** "Label: value" rows in which a missing value shows "--" (the receipt lists every field it has). */
function felt(k: Skriver, rader: [string, string | null | undefined][]): void {
  k.felter(rader.map(([etikett, verdi]) => [etikett, verdi?.trim() ? verdi : "--"]));
}

/** "12.03.2026 morgen (før 08)": the expected arrival with its part of the day, or the time as given. */
function forventetAnkomst(
  t: T,
  tid: { dato: string; klokkeslett: string | null } | null,
): string | undefined {
  if (!tid) return undefined;
  const dato = formaterDato(tid.dato, t.sprak);
  const tidsrom = tidsromForKlokkeslett(tid.klokkeslett);
  if (!tidsrom) return `${dato} ${tid.klokkeslett ?? ""}`.trim();
  return t("dokumenter.kvittering.ankomstTidsrom", {
    dato,
    tidsrom: t(`kodeverk.tidsromSmaa.${tidsrom.klokkeslett.replace(":", "")}` as Noekkel),
  });
}

function skrivMeldingen(k: Skriver, melding: ImportmeldingVisning, valg: KvitteringValg): void {
  const t = k.t;
  const dt = (d: Date | string) => formaterDatoTid(d, t.sprak);
  const innsendt = valg.hendelser?.find((h) => h.tilStatus === "REGISTRERT")?.tidspunkt;
  k.seksjon(t("dokumenter.kvittering.forhaandsmeldingen"), () => {
    felt(k, [
      [t("dokumenter.kvittering.nummer"), melding.nummer],
      [t("dokumenter.kvittering.status"), statusNavn(t, melding)],
      [t("dokumenter.kvittering.sendtInn"), innsendt ? dt(innsendt) : undefined],
      [t("dokumenter.kvittering.statusEndret"), dt(melding.statusEndret)],
      [t("dokumenter.kvittering.opprettet"), dt(melding.opprettet)],
      [
        t("dokumenter.kvittering.egenReferanse"),
        melding.egenReferanse ?? t("dokumenter.kvittering.ikkeAngitt"),
      ],
      [
        t("dokumenter.kvittering.kontroll"),
        t(
          melding.kunDokumentkontroll
            ? "dokumenter.kvittering.kunDokumentkontroll"
            : "dokumenter.kvittering.dokumentOgFysisk",
        ),
      ],
      ...(melding.faktiskAnkommet
        ? ([[t("dokumenter.kvittering.ankommet"), dt(melding.faktiskAnkommet)]] as [string, string][])
        : []),
      ...(melding.vurderingBegrunnelse
        ? ([[t("dokumenter.kvittering.begrunnelse"), melding.vurderingBegrunnelse]] as [string, string][])
        : []),
    ]);
  });
  k.seksjon(t("dokumenter.kvittering.importoerOgInnmelder"), () => {
    felt(k, [
      [t("dokumenter.kvittering.ansvarligImportoer"), importoer(t, melding.ansvarligImportoer)],
      ...(melding.ansvarligDokumentkontroll
        ? ([
            [
              t("dokumenter.kvittering.ansvarligDokumentkontroll"),
              importoer(t, melding.ansvarligDokumentkontroll),
            ],
          ] as [string, string | undefined][])
        : []),
      [t("dokumenter.kvittering.innmelder"), melding.innmelder?.navn],
      [t("dokumenter.kvittering.epost"), melding.innmelder?.epost],
      [t("dokumenter.kvittering.telefon"), melding.innmelder?.telefonnummer],
    ]);
  });
  k.seksjon(t("dokumenter.kvittering.sertifikat"), () => {
    felt(k, [
      [t("dokumenter.kvittering.sertifikatnummer"), melding.sertifikat.nummer],
      [t("dokumenter.kvittering.type"), melding.sertifikat.type],
      [t("dokumenter.kvittering.utstedt"), formaterDato(melding.utstedtDato, t.sprak)],
      [t("dokumenter.kvittering.eksportland"), landNavnFor(t, melding.eksportLand)],
      [
        t("dokumenter.kvittering.opprinnelsesland"),
        melding.alleOpprinnelsesland.map((l) => landNavnFor(t, l)).join(", "),
      ],
      [
        t("dokumenter.kvittering.avsender"),
        [melding.avsender.navn, adresse(melding.avsender.adresse)].filter(Boolean).join(", "),
      ],
      [
        t("dokumenter.kvittering.mottaker"),
        [melding.mottaker.navn, adresse(melding.mottaker.adresse)].filter(Boolean).join(", "),
      ],
    ]);
  });
}

function skrivAnkomst(k: Skriver, melding: ImportmeldingVisning): void {
  const t = k.t;
  k.seksjon(t("dokumenter.kvittering.ankomst"), () => {
    melding.ankomstInfo.forEach((a) => {
      const kontrolloer = a.mottakskontrolloer;
      felt(k, [
        [t("dokumenter.kvittering.forventetAnkomst"), forventetAnkomst(t, a.ankomstTid)],
        [
          t("dokumenter.kvittering.kontrollsted"),
          [
            a.kontrollAdresse.linje1,
            a.kontrollAdresse.linje2,
            [a.kontrollAdresse.postnummer, a.kontrollAdresse.poststed].filter(Boolean).join(" "),
          ]
            .filter(Boolean)
            .join(", "),
        ],
        [
          t("dokumenter.kvittering.mottakskontrolloer"),
          kontrolloer
            ? [
                kontrolloer.virksomhetNavn,
                kontrolloer.organisasjonsnummer
                  ? t("dokumenter.felles.orgnr", {
                      orgnr: formaterOrganisasjonsnummer(kontrolloer.organisasjonsnummer),
                    })
                  : undefined,
              ]
                .filter(Boolean)
                .join(", ")
            : melding.kunDokumentkontroll
              ? t("dokumenter.kvittering.ikkeNoedvendig")
              : undefined,
        ],
        // Who did the control: the company that gave its person (issue 23 item 3), with name and phone
        [
          t("dokumenter.kvittering.utfoertAv"),
          kontrolloer && (kontrolloer.navn || kontrolloer.telefonnummer)
            ? [
                kontrolloer.utfoertAv?.navn ?? kontrolloer.virksomhetNavn,
                kontrolloer.navn,
                kontrolloer.telefonnummer,
              ]
                .filter(Boolean)
                .join(", ")
            : undefined,
        ],
        [
          t("dokumenter.kvittering.sendingAnkommet"),
          t(a.sendingAnkommet ? "dokumenter.felles.ja" : "dokumenter.felles.nei"),
        ],
      ]);
    });
  });
}

function skrivVarelinjer(k: Skriver, melding: ImportmeldingVisning): void {
  const t = k.t;
  k.seksjon(t("dokumenter.kvittering.varelinjer", { antall: melding.varelinjer.length }), () => {
    if (melding.varelinjer.length === 0) k.avsnitt(t("dokumenter.kvittering.ingenVarelinjer"));
    for (const l of melding.varelinjer) {
      const navn =
        [l.botaniskNavn, l.navn].filter(Boolean).join(" – ") || t("dokumenter.kvittering.utenNavn");
      k.avsnitt(`${l.sorteringsnummer}. ${navn}`, { font: FONT_FET });
      const mengder = MENGDE_FELTER.flatMap((f) => {
        const m = l.mengde[f];
        if (!m?.visningsMengde) return [];
        const verdier = {
          felt: mengdeFeltTekst(t, f),
          // the value in the reader's number format (the unit as the page names it)
          mengde: visningsMengde(m.verdi, m.enhet, (k) => enhetNavn(t, k), t.sprak) ?? m.visningsMengde,
        };
        return [
          m.faktiskVerdi !== null
            ? t("dokumenter.kvittering.mengdeFaktisk", {
                ...verdier,
                faktisk: formaterTall(m.faktiskVerdi, t.sprak),
              })
            : t("dokumenter.kvittering.mengde", verdier),
        ];
      });
      const bruk = tilsiktetBrukFor(t, l.klassifisering);
      const plantedel = plantedelVisning(t, l.klassifisering.plantedel);
      const detaljer = [
        l.beskrivelse,
        bruk ? t("dokumenter.kvittering.tilsiktetBruk", { bruk }) : undefined,
        plantedel ? t("dokumenter.kvittering.plantedel", { del: plantedel }) : undefined,
        l.opprinnelsesland.length > 0
          ? t("dokumenter.kvittering.opprinnelse", {
              land: l.opprinnelsesland
                .map((o) => [landNavnFor(t, o), o.landsdel].filter(Boolean).join(" "))
                .join(", "),
            })
          : undefined,
        mengder.join("; ") || undefined,
      ].filter((d): d is string => !!d);
      for (const d of detaljer) k.avsnitt(d, { innrykk: 12 });
    }
  });
}

/** The receipt as a PDF, in the language of `valg.sprak` (bokmål by default). */
export async function lagKvitteringPdf(
  melding: ImportmeldingVisning,
  valg: KvitteringValg = {},
): Promise<Buffer> {
  const generert = valg.generert ?? new Date();
  const t = oversetter(valg.sprak ?? "nb");
  return skrivPdf(
    {
      Title: pdfTekst(t("dokumenter.kvittering.dokumenttittel", { nummer: melding.nummer })),
      CreationDate: generert,
    },
    (k) => {
      k.overskrift(t("dokumenter.kvittering.tittel"), 1);
      k.avsnitt(t("dokumenter.felles.forhaandsmelding", { nummer: melding.nummer }), {
        stoerrelse: 11,
        farge: FARGE.dempet,
      });
      skrivMeldingen(k, melding, valg);
      skrivAnkomst(k, melding);
      k.seksjon(t("dokumenter.kvittering.dokumentkontroll"), () => {
        skrivSvar(k, melding.dokumentkontrollSpoersmaal);
      });
      if (!melding.kunDokumentkontroll && melding.mottakskontrollSpoersmaal.some((s) => s.kontrollSvar)) {
        k.seksjon(t("dokumenter.kvittering.mottakskontroll"), () =>
          skrivSvar(k, melding.mottakskontrollSpoersmaal),
        );
      }
      skrivVarelinjer(k, melding);
      k.bunntekst(
        t("dokumenter.felles.generert", { tidspunkt: formaterDatoTid(generert, t.sprak) }),
        t("dokumenter.felles.forhaandsmelding", { nummer: melding.nummer }),
      );
    },
    t,
  );
}
