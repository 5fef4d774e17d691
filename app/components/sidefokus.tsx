import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * With JavaScript a page change is a client navigation: the browser keeps focus where it was (a button that
 * is gone, or the same 'Lagre og gå videre' on the next question), so the next Tab lands in the footer or
 * skips the skip link. This does what a server page load does: focus goes to the top of the document, where
 * a visually hidden line announces the new page's title; the next Tab reaches 'Hopp til hovedinnhold'.
 * Only for a new path (a dialog's query parameter is not a new page), and never when the new page put focus
 * somewhere itself (autoFocus, an error summary).
 */
export function Sidefokus() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const ref = useRef<HTMLParagraphElement>(null);
  const forrigeSti = useRef(pathname);
  const fokusFoer = useRef<Element | null>(null);

  useEffect(() => {
    if (navigation.state !== "idle") fokusFoer.current = document.activeElement;
  }, [navigation.state]);

  useEffect(() => {
    if (forrigeSti.current === pathname) return;
    forrigeSti.current = pathname;
    const aktiv = document.activeElement;
    const flyttetAvSiden =
      aktiv && aktiv !== document.body && aktiv !== fokusFoer.current && aktiv.isConnected;
    fokusFoer.current = null;
    if (flyttetAvSiden) return;
    const linje = ref.current;
    if (!linje) return;
    linje.textContent = document.title;
    linje.focus({ preventScroll: true });
  }, [pathname]);

  return (
    // The text is set when the page changes (empty on a server page load, where the browser announces it).
    <p ref={ref} id="sideannonsering" className="skjult" tabIndex={-1} />
  );
}
