import { Link } from "@remix-run/react";
import { formaterDato } from "../../domain/format";
import type { AnkomstInfoVisning, KontrollspoersmaalVisning } from "../../domain/importmelding";
import { tidsromForKlokkeslett } from "../../domain/tidsrom";
import { MYNDIGHET } from "../lib/kontakt";

/**
 * The answers of a set of control questions (SPEC §2 "Deviation display"): 'Ingen avvik' when none is a
 * deviation; each deviation headed 'Melding til Mattilsynet:' with the comment, or 'Ingen melding'.
 */
export function Kontrollsvar({
  spoersmaal,
  ikkeBesvart = "Ikke besvart",
}: {
  spoersmaal: KontrollspoersmaalVisning[];
  ikkeBesvart?: string;
}) {
  const avvik = spoersmaal.filter((s) => s.kontrollSvar?.avvik);
  return (
    <>
      {spoersmaal.length > 0 && spoersmaal.every((s) => s.kontrollSvar) && avvik.length === 0 ? (
        <p className="ds-paragraph">
          <strong>Ingen avvik</strong>
        </p>
      ) : null}
      <dl className="kontrollsvar">
        {spoersmaal.map((s) => (
          <div key={s.id} className="kontrollsvar__rad">
            <dt>{s.kontrollSpoersmaal}</dt>
            <dd>
              {s.kontrollSvar ? s.kontrollSvar.tekst : ikkeBesvart}
              {s.kontrollSvar?.avvik ? (
                <div className="avviksmelding">
                  <p className="ds-paragraph avviksmelding__tittel">Melding til {MYNDIGHET}:</p>
                  <p className="ds-paragraph">{s.kontrollSvar.kommentar || "Ingen melding"}</p>
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
  const t = ankomst?.ankomstTid;
  if (!t) return <>--</>;
  const tidsrom = tidsromForKlokkeslett(t.klokkeslett);
  return (
    <>
      {formaterDato(t.dato)}
      {tidsrom ? `, ${tidsrom.navn.toLowerCase()} (${tidsrom.spenn.toLowerCase()})` : ` kl. ${t.klokkeslett}`}
    </>
  );
}

export function Ankomststed({ ankomst }: { ankomst?: AnkomstInfoVisning }) {
  const a = ankomst?.kontrollAdresse;
  if (!a?.linje1) return <>Ikke registrert</>;
  return (
    <>
      {[a.linje1, a.linje2, [a.postnummer, a.poststed].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
    </>
  );
}

export function RedigerLenke({ til, tekst = "Endre", hva }: { til: string; tekst?: string; hva: string }) {
  return (
    <Link className="ds-link" to={til}>
      {tekst}
      <span className="skjult"> {hva}</span>
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
