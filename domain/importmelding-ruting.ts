// Where a notification page may be shown (SPEC §2 "Notification pages: routing rules"), the landing page
// per status, and the creation wizard's step order and stepper (SPEC §2 "Creation wizard"). Implemented
// once here; the app's loaders redirect to what these return.

import { ankomstErRegistrert } from "./importmelding";
import { erAnkommet, type ImportmeldingStatus } from "./status";

export const WIZARD_SIDER = [
  "avsender",
  "innmelder",
  "dokumentkontroll",
  "ankomst-info",
  "oppsummering",
] as const;
export const REGISTRERT_SIDER = ["mottakskontroll", "ankommet", "registrert", "mottakskontrolloer"] as const;

export type WizardSide = (typeof WIZARD_SIDER)[number];
export type RegistrertSide = (typeof REGISTRERT_SIDER)[number];

const erRegistrertSide = (s: string | undefined): s is RegistrertSide =>
  s !== undefined && (REGISTRERT_SIDER as readonly string[]).includes(s);
const erWizardSide = (s: string | undefined): s is WizardSide =>
  s !== undefined && (WIZARD_SIDER as readonly string[]).includes(s);

/** /importmelding/{id}, /importmelding/{id}/{subpage}, /importmelding/{id}/{subpage}/{spoersmaal}. */
export function importmeldingSti(id: string | number, subpage?: string, spoersmaal?: string): string {
  const base = `/importmelding/${encodeURIComponent(String(id))}`;
  if (!subpage) return base;
  return spoersmaal ? `${base}/${subpage}/${encodeURIComponent(spoersmaal)}` : `${base}/${subpage}`;
}

export interface RutingInput {
  id?: string;
  status: ImportmeldingStatus;
  kunDokumentkontroll: boolean;
  subpage?: string;
  spoersmaal?: string;
  /** Paths of the reception questions in order (empty when none). */
  mottakskontrollPaths: readonly string[];
  /** Paths of the document questions in order; when given, a wizard question path is checked too. */
  dokumentkontrollPaths?: readonly string[];
}

/**
 * The redirect for a notification page, or null to render it:
 * - a missing id goes home, and so does a deleted notification;
 * - a draft (UNDER_REGISTRERING) without subpage, or on a page of a submitted notification (registrert,
 *   ankommet, mottakskontroll, mottakskontrolloer) or an unknown one, goes to avsender;
 *   dokumentkontroll without a known question goes to the first question (ankomst-info when none);
 * - an arrived notification (ANKOMMET and the decided statuses) goes to ankommet;
 * - a registered (REGISTRERT) or withdrawn notification goes to registrert unless the subpage is
 *   mottakskontroll, ankommet, registrert or mottakskontrolloer; ankommet (not arrived) goes to registrert;
 *   mottakskontrolloer when kunDokumentkontroll, and mottakskontroll or mottakskontrolloer of a withdrawn
 *   notification, go to registrert; mottakskontroll without a (known)
 *   question goes to the first reception question, or to the base page when there are none.
 */
export function rutImportmelding(input: RutingInput): string | null {
  const { id, status, subpage, spoersmaal } = input;
  if (!id) return "/";
  if (status === "SLETTET") return "/";

  if (status === "UNDER_REGISTRERING") {
    if (!erWizardSide(subpage)) return importmeldingSti(id, "avsender");
    if (subpage === "dokumentkontroll") {
      const paths = input.dokumentkontrollPaths;
      if (paths && (!spoersmaal || !paths.includes(spoersmaal))) {
        const foerste = paths[0];
        return foerste
          ? importmeldingSti(id, "dokumentkontroll", foerste)
          : importmeldingSti(id, "ankomst-info");
      }
      if (!spoersmaal) return importmeldingSti(id, "avsender");
      return null;
    }
    return spoersmaal ? importmeldingSti(id, subpage) : null;
  }

  if (erAnkommet(status)) {
    return subpage === "ankommet" && !spoersmaal ? null : importmeldingSti(id, "ankommet");
  }

  // REGISTRERT or TILBAKETRUKKET
  if (!erRegistrertSide(subpage)) return importmeldingSti(id, "registrert");
  if (subpage === "ankommet") return importmeldingSti(id, "registrert");
  // A withdrawn notification is not processed further: no reception controller or reception control.
  if (status === "TILBAKETRUKKET" && (subpage === "mottakskontroll" || subpage === "mottakskontrolloer"))
    return importmeldingSti(id, "registrert");
  if (subpage === "mottakskontrolloer" && input.kunDokumentkontroll)
    return importmeldingSti(id, "registrert");
  if (subpage === "mottakskontroll") {
    const paths = input.mottakskontrollPaths;
    if (!spoersmaal || !paths.includes(spoersmaal)) {
      const foerste = paths[0];
      return foerste ? importmeldingSti(id, "mottakskontroll", foerste) : importmeldingSti(id);
    }
    return null;
  }
  return spoersmaal ? importmeldingSti(id, subpage) : null;
}

/** The page a notification opens on: arrived → ankommet, registered → registrert, draft → avsender. */
export function landingsside(id: string | number, status: ImportmeldingStatus): string {
  if (status === "SLETTET") return "/";
  if (status === "UNDER_REGISTRERING") return importmeldingSti(id, "avsender");
  if (erAnkommet(status)) return importmeldingSti(id, "ankommet");
  return importmeldingSti(id, "registrert");
}

// ---------------------------------------------------------------------------------------------------------
// The creation wizard
// ---------------------------------------------------------------------------------------------------------

/** What the wizard needs of the notification (a subset of ImportmeldingVisning). */
export interface WizardMelding {
  id: number | string;
  innmelder: unknown | null;
  kunDokumentkontroll: boolean;
  dokumentkontrollSpoersmaal: readonly { path: string; rekkefoelge: number; kontrollSvar: unknown | null }[];
  ankomstInfo: readonly {
    ankomstTid: { dato?: string | null; klokkeslett?: string | null } | null;
    kontrollAdresse: { linje1?: string | null; postnummer?: string | null; poststed?: string | null };
    mottakskontrolloer: unknown | null;
  }[];
}

export type StepperNavn = "Avsender" | "Dokumentkontroll" | "Ankomst" | "Oppsummering";

export interface StepperSteg {
  navn: StepperNavn;
  /** The first page of the step (a subpage path relative to /importmelding/{id}/). */
  sti: string;
  /** Complete: shown as a link. */
  fullfoert: boolean;
  /** The current page belongs to this step. */
  aktiv: boolean;
}

export interface WizardSteg {
  /** The pages in order: avsender, innmelder, dokumentkontroll/{path}..., ankomst-info, oppsummering. */
  sider: string[];
  /** The page after `sti`, undefined after the last. */
  neste(sti: string): string | undefined;
  /** The page before `sti`, undefined before the first. */
  forrige(sti: string): string | undefined;
  /** Full URL path of a page. */
  url(sti: string): string;
  /** 'Spørsmål N av M' for a document question path, undefined otherwise. */
  spoersmaalNummer(path: string): { nummer: number; antall: number } | undefined;
  /** The stepper; Dokumentkontroll is left out when there are no document questions. */
  stepper(aktivSti?: string): StepperSteg[];
  dokumentkontrollFerdig: boolean;
  ankomstRegistrert: boolean;
  /** Innmelder given, document control finished and arrival registered: 'Send inn' is enabled. */
  kanSendesInn: boolean;
  /** The first document question answered with a deviation ('Rediger svar'), else the first question. */
  foersteAvvikSti: string | undefined;
  /**
   * Where a returning user resumes (ADR 007 "Resuming a draft"): the first unfinished step. avsender while
   * nothing is saved; innmelder when it is missing; the first unanswered document question; ankomst-info
   * while arrival is not registered; otherwise oppsummering.
   */
  fortsett: string;
}

export function wizardSteg(melding: WizardMelding): WizardSteg {
  const spoersmaal = [...melding.dokumentkontrollSpoersmaal].sort((a, b) => a.rekkefoelge - b.rekkefoelge);
  const dokumentSider = spoersmaal.map((s) => `dokumentkontroll/${s.path}`);
  const sider = ["avsender", "innmelder", ...dokumentSider, "ankomst-info", "oppsummering"];
  const indeks = (sti: string) => sider.indexOf(sti.replace(/^\/+|\/+$/g, ""));

  const dokumentkontrollFerdig = spoersmaal.every(
    (s) => s.kontrollSvar !== null && s.kontrollSvar !== undefined,
  );
  const foersteAnkomst = melding.ankomstInfo[0];
  const ankomstRegistrert =
    foersteAnkomst !== undefined &&
    ankomstErRegistrert(foersteAnkomst) &&
    (melding.kunDokumentkontroll || foersteAnkomst.mottakskontrolloer !== null);
  const avsenderFerdig = melding.innmelder !== null && melding.innmelder !== undefined;

  const avvik = spoersmaal.find((s) => {
    const svar = s.kontrollSvar as { avvik?: boolean } | null;
    return svar?.avvik === true;
  });
  const foersteAvvik = avvik ?? spoersmaal[0];

  const foersteUbesvarte = spoersmaal.find((s) => s.kontrollSvar === null || s.kontrollSvar === undefined);
  const noeLagret =
    avsenderFerdig ||
    spoersmaal.some((s) => s.kontrollSvar !== null && s.kontrollSvar !== undefined) ||
    melding.ankomstInfo.some(harAnkomstopplysninger);
  const fortsett = !avsenderFerdig
    ? noeLagret
      ? "innmelder"
      : "avsender"
    : foersteUbesvarte
      ? `dokumentkontroll/${foersteUbesvarte.path}`
      : !ankomstRegistrert
        ? "ankomst-info"
        : "oppsummering";

  const stegFor = (sti: string | undefined): StepperNavn | undefined => {
    if (!sti) return undefined;
    const s = sti.replace(/^\/+|\/+$/g, "");
    if (s === "avsender" || s === "innmelder") return "Avsender";
    if (s.startsWith("dokumentkontroll")) return "Dokumentkontroll";
    if (s === "ankomst-info") return "Ankomst";
    if (s === "oppsummering") return "Oppsummering";
    return undefined;
  };

  return {
    sider,
    neste: (sti) => {
      const i = indeks(sti);
      return i < 0 ? undefined : sider[i + 1];
    },
    forrige: (sti) => {
      const i = indeks(sti);
      return i <= 0 ? undefined : sider[i - 1];
    },
    url: (sti) => importmeldingSti(melding.id, ...(splitSti(sti) as [string, string?])),
    spoersmaalNummer: (path) => {
      const i = spoersmaal.findIndex((s) => s.path === path);
      return i < 0 ? undefined : { nummer: i + 1, antall: spoersmaal.length };
    },
    stepper: (aktivSti) => {
      const aktiv = stegFor(aktivSti);
      const steg: StepperSteg[] = [
        { navn: "Avsender", sti: "avsender", fullfoert: avsenderFerdig, aktiv: aktiv === "Avsender" },
      ];
      if (dokumentSider[0]) {
        steg.push({
          navn: "Dokumentkontroll",
          sti: dokumentSider[0],
          fullfoert: dokumentkontrollFerdig,
          aktiv: aktiv === "Dokumentkontroll",
        });
      }
      steg.push(
        { navn: "Ankomst", sti: "ankomst-info", fullfoert: ankomstRegistrert, aktiv: aktiv === "Ankomst" },
        { navn: "Oppsummering", sti: "oppsummering", fullfoert: false, aktiv: aktiv === "Oppsummering" },
      );
      return steg;
    },
    dokumentkontrollFerdig,
    ankomstRegistrert,
    kanSendesInn: avsenderFerdig && dokumentkontrollFerdig && ankomstRegistrert,
    foersteAvvikSti: foersteAvvik ? `dokumentkontroll/${foersteAvvik.path}` : undefined,
    fortsett,
  };
}

/** Something of the arrival form is saved (a time, an address field or a controller). */
function harAnkomstopplysninger(a: WizardMelding["ankomstInfo"][number]): boolean {
  const har = (v: string | null | undefined) => typeof v === "string" && v.trim() !== "";
  return (
    har(a.ankomstTid?.dato) ||
    har(a.kontrollAdresse.linje1) ||
    har(a.kontrollAdresse.postnummer) ||
    har(a.kontrollAdresse.poststed) ||
    (a.mottakskontrolloer !== null && a.mottakskontrolloer !== undefined)
  );
}

function splitSti(sti: string): string[] {
  const [subpage, ...rest] = sti.replace(/^\/+|\/+$/g, "").split("/");
  return rest.length > 0 ? [subpage ?? "", rest.join("/")] : [subpage ?? ""];
}
