import { useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useHydrert } from "./hydrert";

/**
 * A dialog with a URL of its own (ARCHITECTURE.md "Progressive enhancement"): the page renders it when its
 * query parameter or path says so. Without JavaScript it is a section of the page with its own form; with
 * JavaScript it opens as a modal <dialog>, and closing it goes to `lukkTil`.
 */
export function Dialog({
  apen,
  tittel,
  lukkTil,
  children,
  farge,
  vedLukk,
}: {
  apen: boolean;
  tittel: ReactNode;
  lukkTil: string;
  /** With JavaScript: called on close (Escape) instead of going to `lukkTil`. */
  vedLukk?: () => void;
  children: ReactNode;
  farge?: "danger" | "warning" | "info" | "success";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrert = useHydrert();
  const navigate = useNavigate();
  const tittelId = useId();
  useEffect(() => {
    const d = ref.current;
    if (apen && hydrert && d && !d.open) d.showModal();
  }, [apen, hydrert]);
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
    return (
      <section className="dialog-seksjon" data-color={farge} aria-labelledby={tittelId}>
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
