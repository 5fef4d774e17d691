import { useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useHydrert } from "./hydrert";

/**
 * A dialog with a URL of its own (ARCHITECTURE.md "Progressive enhancement"): the page renders it when its
 * query parameter or path says so. Without JavaScript it is a section of the page with its own form; with
 * JavaScript it opens as a modal <dialog>, and closing it goes to `lukkTil`.
 */
export function Dialog({
  id,
  apen,
  tittel,
  lukkTil,
  children,
  farge,
  vedLukk,
  fokusEtterLukk,
}: {
  /** Names the title's id (`<id>-tittel`): a fixed id a test or a link can name, not a generated one. */
  id: string;
  apen: boolean;
  tittel: ReactNode;
  lukkTil: string;
  /** With JavaScript: called on close (Escape) instead of going to `lukkTil`. */
  vedLukk?: () => void;
  children: ReactNode;
  farge?: "danger" | "warning" | "info" | "success";
  /** With JavaScript: where focus goes when it closes if the control that opened it cannot take it back
   *  (a submit button is disabled while its form is sent); a CSS selector. The page heading otherwise. */
  fokusEtterLukk?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrert = useHydrert();
  const navigate = useNavigate();
  const tittelId = `${id}-tittel`;
  useEffect(() => {
    const d = ref.current;
    if (!apen || !hydrert || !d || d.open) return;
    // Where focus goes back to: the control that opened it, or the page heading for a dialog opened by URL.
    const aktiv = document.activeElement;
    const aapnetFra = aktiv instanceof HTMLElement && aktiv !== document.body ? aktiv : null;
    const sti = window.location.pathname;
    d.showModal();
    // Initial focus on the safe choice (Avbryt), never on the destructive one.
    d.querySelector<HTMLElement>("[data-trygt-valg]")?.focus();
    return () => {
      // Closed (Escape, Avbryt, Lukk) on the same page; a new page has its own focus (components/sidefokus).
      if (window.location.pathname !== sti) return;
      const naa = document.activeElement;
      if (naa && naa !== document.body && naa.isConnected && !d.contains(naa) && naa !== aapnetFra) return;
      if (aapnetFra?.isConnected) {
        aapnetFra.focus();
        return;
      }
      const valgt = fokusEtterLukk ? document.querySelector<HTMLElement>(fokusEtterLukk) : null;
      if (valgt) {
        valgt.focus();
        return;
      }
      const overskrift = document.querySelector<HTMLElement>("main h1");
      if (overskrift) {
        overskrift.tabIndex = -1;
        overskrift.focus();
      }
    };
  }, [apen, hydrert, fokusEtterLukk]);
  if (!apen) return null;
  const innhold = (
    <>
      <h2 id={tittelId} className="ds-heading" data-size="sm">
        {tittel}
      </h2>
      {children}
    </>
  );
  if (!hydrert) {
    // Without JavaScript the dialog is a section of the reloaded page, maybe far below the top: it takes
    // focus, which brings it into view (the browser honours autofocus on a page load).
    return (
      <section
        id="dialog"
        className="dialog-seksjon"
        data-color={farge}
        aria-labelledby={tittelId}
        tabIndex={-1}
        // biome-ignore lint/a11y/noAutofocus: the user asked for this dialog; without it, it is out of view
        autoFocus
      >
        {innhold}
      </section>
    );
  }
  return (
    <dialog
      ref={ref}
      className="dialog"
      data-farge={farge}
      aria-labelledby={tittelId}
      onClose={() => (vedLukk ? vedLukk() : navigate(lukkTil, { replace: true, preventScrollReset: true }))}
    >
      {innhold}
    </dialog>
  );
}
