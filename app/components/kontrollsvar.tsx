import { Link } from "@remix-run/react";
import { formaterDato } from "../../domain/format";
import type { AnkomstInfoVisning, KontrollspoersmaalVisning } from "../../domain/importmelding";
import { tidsromForKlokkeslett } from "../../domain/tidsrom";
import type { Noekkel } from "../../sprak/navnerom";
import { Tekst, useT } from "./sprak";

/**
 * The answers of a set of control questions (SPEC §2 "Deviation display"): 'Ingen avvik' when none is a
 * deviation; each deviation headed 'Melding til Mattilsynet:' with the comment, or 'Ingen melding'.
 */
export function Kontrollsvar({
  spoersmaal,
  ikkeBesvart,
}: {
  spoersmaal: KontrollspoersmaalVisning[];
  /** What an unanswered question says (a message id or a text); "Ikke besvart" when not given. */
  ikkeBesvart?: string;
}) {
  const t = useT();
  const avvik = spoersmaal.filter((s) => s.kontrollSvar?.avvik);
  return (
    <>
      {spoersmaal.length > 0 && spoersmaal.every((s) => s.kontrollSvar) && avvik.length === 0 ? (
        <p className="ds-paragraph">
          <strong>{t("importmelding.svar.ingenAvvik")}</strong>
        </p>
      ) : null}
      <dl className="kontrollsvar">
        {spoersmaal.map((s) => (
          <div key={s.id} className="kontrollsvar__rad">
            <dt>{t(`kodeverk.spoersmaal.${s.kode}`)}</dt>
            <dd>
              {s.kontrollSvar
                ? t(`kodeverk.svar.${s.kontrollSvar.kontrollSvar}`)
                : ikkeBesvart
                  ? t.melding(ikkeBesvart)
                  : t("importmelding.svar.ikkeBesvart")}
              {s.kontrollSvar?.avvik ? (
                <div className="avviksmelding">
                  <p className="ds-paragraph avviksmelding__tittel">{t("importmelding.svar.meldingTil")}</p>
                  <p className="ds-paragraph">
                    {s.kontrollSvar.kommentar || t("importmelding.svar.ingenMelding")}
                  </p>
                </div>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** 'Forventet ankomst' with the part of day, or '--' when there is no time. */
export function ForventetAnkomst({ ankomst }: { ankomst?: AnkomstInfoVisning }) {
  const t = useT();
  const tid = ankomst?.ankomstTid;
  if (!tid) return <>--</>;
  const tidsrom = tidsromForKlokkeslett(tid.klokkeslett);
  const dato = formaterDato(tid.dato, t.sprak);
  return (
    <>
      {tidsrom
        ? t("importmelding.ankomst.tidsrom", {
            dato,
            tidsrom: t(`kodeverk.tidsromSmaa.${tidsrom.klokkeslett.replace(":", "")}` as Noekkel),
          })
        : t("importmelding.ankomst.klokkeslett", { dato, klokkeslett: tid.klokkeslett ?? "" })}
    </>
  );
}

export function Ankomststed({ ankomst }: { ankomst?: AnkomstInfoVisning }) {
  const t = useT();
  const a = ankomst?.kontrollAdresse;
  if (!a?.linje1) return <>{t("importmelding.ankomst.ikkeRegistrert")}</>;
  return (
    <>
      {[a.linje1, a.linje2, [a.postnummer, a.poststed].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
    </>
  );
}

/**
 * 'Endre' (or `tekst`) with what it changes for a screen reader; `tekst` and `hva` are message ids or texts.
 */
export function RedigerLenke({ til, tekst, hva }: { til: string; tekst?: string; hva: string }) {
  const t = useT();
  const skjult = <span key="hva" className="skjult" />;
  return (
    <Link className="ds-link" to={til}>
      {tekst ? (
        <>
          {t.melding(tekst)}
          <span className="skjult"> {t.melding(hva)}</span>
        </>
      ) : (
        <Tekst id="importmelding.endre" verdier={{ hva: t.melding(hva) }} deler={[skjult]} />
      )}
    </Link>
  );
}

/**
 * The reception controller: the company, and with `person` who does it and their phone, under the company
 * that gave them, which is the importer itself when it did the control (issue 23 item 3).
 */
export function kontrolloerTekst(
  ankomst: AnkomstInfoVisning | undefined,
  person = false,
): string | undefined {
  const k = ankomst?.mottakskontrolloer;
  if (!k) return undefined;
  const deler = person
    ? [k.utfoertAv?.navn ?? k.virksomhetNavn, k.navn, k.telefonnummer]
    : [k.virksomhetNavn ?? k.navn];
  return deler.filter(Boolean).join(", ") || undefined;
}

/** The appointed controller's company when another company did the reception control, else undefined. */
export function utnevntKontrolloerTekst(ankomst: AnkomstInfoVisning | undefined): string | undefined {
  const k = ankomst?.mottakskontrolloer;
  if (!k?.utfoertAv || k.utfoertAv.importoerId === k.importoerId) return undefined;
  return k.virksomhetNavn ?? undefined;
}
