// Where a notification page may be shown (SPEC §2 "Notification pages: routing rules"), the landing page
// per status, and the creation wizard's step order and stepper (SPEC §2 "Creation wizard"). Implemented
// once here; the app's loaders redirect to what these return.

import { ankomstErRegistrert } from "./importmelding";
import { erAnkommet, type ImportmeldingStatus } from "./status";

/** What the step table reads of a notification (computed once in wizardSteg). */
interface StegTilstand {
  avsenderFerdig: boolean;
  noeLagret: boolean;
  /** dokumentkontroll/{path} of each document question, in order. */
  dokumentSider: string[];
  foersteUbesvarte: string | undefined;
  dokumentkontrollFerdig: boolean;
  ankomstRegistrert: boolean;
}

/**
 * The creation wizard as one ordered table (SPEC §2 "Creation wizard"): each step's stepper label, its
 * routes (subpages), its pages for a notification, when it is shown, when it is done, and where a
 * returning user resumes in it. The page order, next/previous, the stepper and 'Fortsett' all come from it.
 */
const STEG = [
  {
    navn: "Avsender",
    ruter: ["avsender", "innmelder"],
    sider: () => ["avsender", "innmelder"],
    vises: () => true,
    ferdig: (t: StegTilstand) => t.avsenderFerdig,
    fortsett: (t: StegTilstand) => (t.noeLagret ? "innmelder" : "avsender"),
  },
  {
    navn: "Dokumentkontroll",
    ruter: ["dokumentkontroll"],
    sider: (t: StegTilstand) => t.dokumentSider,
    vises: (t: StegTilstand) => t.dokumentSider.length > 0,
    ferdig: (t: StegTilstand) => t.dokumentkontrollFerdig,
    fortsett: (t: StegTilstand) => t.foersteUbesvarte ?? t.dokumentSider[0] ?? "ankomst-info",
  },
  {
    navn: "Ankomst",
    ruter: ["ankomst-info"],
    sider: () => ["ankomst-info"],
    vises: () => true,
    ferdig: (t: StegTilstand) => t.ankomstRegistrert,
    fortsett: () => "ankomst-info",
  },
  {
    navn: "Oppsummering",
    ruter: ["oppsummering"],
    sider: () => ["oppsummering"],
    vises: () => true,
    ferdig: () => false,
    fortsett: () => "oppsummering",
  },
] as const;

export type WizardSide = (typeof STEG)[number]["ruter"][number];
/** The wizard's routes (subpages of /importmelding/{id}), in order. */
export const WIZARD_SIDER: readonly WizardSide[] = STEG.flatMap((s) => s.ruter);
export const REGISTRERT_SIDER = ["mottakskontroll", "ankommet", "registrert", "mottakskontrolloer"] as const;

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

export type StepperNavn = (typeof STEG)[number]["navn"];

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
  const besvart = (s: (typeof spoersmaal)[number]) => s.kontrollSvar !== null && s.kontrollSvar !== undefined;
  const dokumentSti = (s: { path: string }) => `dokumentkontroll/${s.path}`;
  const foersteAnkomst = melding.ankomstInfo[0];
  const avsenderFerdig = melding.innmelder !== null && melding.innmelder !== undefined;
  const ubesvart = spoersmaal.find((s) => !besvart(s));
  const t: StegTilstand = {
    avsenderFerdig,
    noeLagret: avsenderFerdig || spoersmaal.some(besvart) || melding.ankomstInfo.some(harAnkomstopplysninger),
    dokumentSider: spoersmaal.map(dokumentSti),
    foersteUbesvarte: ubesvart ? dokumentSti(ubesvart) : undefined,
    dokumentkontrollFerdig: spoersmaal.every(besvart),
    ankomstRegistrert:
      foersteAnkomst !== undefined &&
      ankomstErRegistrert(foersteAnkomst) &&
      (melding.kunDokumentkontroll || harKontrolloer(foersteAnkomst.mottakskontrolloer)),
  };
  const synlige = STEG.filter((s) => s.vises(t));
  const sider = synlige.flatMap((s) => s.sider(t));
  const indeks = (sti: string) => sider.indexOf(rens(sti));
  /** The step a page belongs to, by its route (a document question not in the list still counts). */
  const stegFor = (sti: string | undefined) => {
    const rute = sti ? rens(sti).split("/")[0] : undefined;
    return STEG.find((s) => (s.ruter as readonly string[]).includes(rute ?? ""))?.navn;
  };
  const avvik = spoersmaal.find((s) => (s.kontrollSvar as { avvik?: boolean } | null)?.avvik === true);
  const foersteAvvik = avvik ?? spoersmaal[0];
  const uferdig = synlige.find((s) => !s.ferdig(t)) ?? synlige[synlige.length - 1]!;

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
      return synlige.map((s) => ({
        navn: s.navn,
        sti: s.sider(t)[0]!,
        fullfoert: s.ferdig(t),
        aktiv: aktiv === s.navn,
      }));
    },
    dokumentkontrollFerdig: t.dokumentkontrollFerdig,
    ankomstRegistrert: t.ankomstRegistrert,
    kanSendesInn: avsenderFerdig && t.dokumentkontrollFerdig && t.ankomstRegistrert,
    foersteAvvikSti: foersteAvvik ? dokumentSti(foersteAvvik) : undefined,
    fortsett: uferdig.fortsett(t),
  };
}

const rens = (sti: string) => sti.replace(/^\/+|\/+$/g, "");

/** A controller is chosen, and is still one the importer may choose (`erUtnevnt`, issue 23 item 5). */
function harKontrolloer(k: unknown): boolean {
  return k !== null && k !== undefined && (k as { erUtnevnt?: boolean }).erUtnevnt !== false;
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
