// The certificate PDF's treatments, declarations and signature; sertifikat-pdf.ts writes the rest and puts
// them together.

import { harSammeBehandlinger } from "../../domain/behandlinger";
import {
  datoTekst,
  finansiellErklaering,
  friForPestTekst,
  reeksportErklaering,
  tekst,
} from "../../domain/sertifikat-tekst";
import type { T } from "../../sprak/oversetter";
import type { Behandling, LagretSertifikat, Varelinje } from "../ephyto/parse";
import { FONT_FET, FONT_KURSIV, type Skriver } from "./pdf-oppsett";
import { behandlingVisning, erReeksport, varelinjeNavn } from "./sertifikattekst";

function skrivBehandlingliste(s: Skriver, behandlinger: readonly Behandling[]): void {
  for (const b of behandlinger) {
    const v = behandlingVisning(s.t, b);
    s.avsnitt(v.tittel, { font: FONT_FET, luftEtter: 2 });
    s.felter(v.detaljer, 120);
  }
}

export function skrivBehandlinger(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon(s.t("dokumenter.sertifikat.pdf.behandlinger"), () => {
    const linjer = sert.varelinjer;
    if (linjer.every((l) => l.behandlinger.length === 0)) {
      s.avsnitt(s.t("dokumenter.sertifikat.pdf.ingenBehandlinger"));
      return;
    }
    const foerste = linjer.find((l) => l.behandlinger.length > 0);
    if (harSammeBehandlinger(linjer) && foerste) {
      s.avsnitt(s.t("dokumenter.sertifikat.pdf.sammeBehandlinger"), { font: FONT_KURSIV });
      skrivBehandlingliste(s, foerste.behandlinger);
      return;
    }
    for (const linje of linjer) {
      s.overskrift(linjeoverskrift(s.t, linje), 3);
      if (linje.behandlinger.length === 0) s.avsnitt(s.t("dokumenter.sertifikat.pdf.ingenBehandlinger"));
      else skrivBehandlingliste(s, linje.behandlinger);
    }
  });
}

export function skrivErklaeringer(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon(s.t("dokumenter.sertifikat.pdf.erklaeringer"), () => {
    s.felter([[s.t("dokumenter.sertifikat.pdf.friForSkadegjoerere"), friForPestTekst(s.t, sert)]]);
    if (erReeksport(sert)) {
      s.overskrift(s.t("dokumenter.sertifikat.pdf.reeksporterklaering"), 3);
      const erklaering = reeksportErklaering(s.t, sert);
      if ("felles" in erklaering) s.avsnitt(erklaering.felles);
      else
        s.felter(
          erklaering.perLinje.map((l): [string, string] => [
            s.t("dokumenter.sertifikat.pdf.varelinje", { nummer: l.sorteringsnummer }),
            l.tekst,
          ]),
        );
    } else {
      s.overskrift(s.t("dokumenter.sertifikat.pdf.eksporterklaering"), 3);
      s.avsnitt(s.t("sertifikat.erklaering.eksportTekst"));
    }
    s.overskrift(s.t("dokumenter.sertifikat.pdf.finansiellErklaering"), 3);
    s.avsnitt(finansiellErklaering(s.t, sert));
    const klausuler = (sert.signatur?.klausuler ?? []).flatMap((k) => tekst(k.innhold) ?? []);
    if (klausuler.length > 0) {
      s.overskrift(s.t("dokumenter.sertifikat.pdf.klausuler"), 3);
      s.liste(klausuler);
    }
  });
}

export function skrivSignatur(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon(s.t("dokumenter.sertifikat.pdf.signatur"), () => {
    const sig = sert.signatur;
    const felter: [string, string | undefined][] = [
      [s.t("dokumenter.sertifikat.kolonne.navn"), tekst(sig?.navn)],
      [s.t("dokumenter.sertifikat.pdf.sted"), tekst(sig?.sted)],
      [s.t("dokumenter.sertifikat.pdf.dato"), datoTekst(sig?.dato)],
      [s.t("dokumenter.sertifikat.pdf.myndighet"), tekst(sig?.organisasjon) ?? tekst(sert.utsteder)],
    ];
    if (felter.every(([, v]) => v === undefined)) s.avsnitt(s.t("dokumenter.sertifikat.pdf.ingenSignatur"));
    else s.felter(felter);
  });
}

export function linjeoverskrift(t: T, l: Varelinje): string {
  const navn = varelinjeNavn(l);
  return navn
    ? t("dokumenter.sertifikat.pdf.varelinjeNavn", { nummer: l.sorteringsnummer, navn })
    : t("dokumenter.sertifikat.pdf.varelinje", { nummer: l.sorteringsnummer });
}
