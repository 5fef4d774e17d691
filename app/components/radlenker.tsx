// Links in a page's repeated rows without a <Link> each (ADR 082): a <Link> renders the same <a> as these, but
// it costs a dozen hooks and three path resolutions per link on every server render, which home's lists paid
// for each row. With JavaScript one listener on the lists navigates in the app as <Link> does; Remix finds
// the routes behind them by their data-discover as it finds a <Link>'s.
import { useNavigate } from "@remix-run/react";
import { type AnchorHTMLAttributes, type RefObject, useEffect } from "react";

/** An <a> to a page of the app, as <Link to={til}> renders it; needs `useRadlenker` on an element around it. */
export function Radlenke({ til, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { til: string }) {
  return <a {...props} data-discover="true" href={til} />;
}

/**
 * A plain click on a Radlenke inside `ref` navigates in the app, as react-router's <Link> decides it: the main
 * button, no modifier key, no other target, no download, the same origin. Any other click is the browser's, as
 * is every click before hydration or without JavaScript.
 */
export function useRadlenker(ref: RefObject<HTMLElement | null>): void {
  const navigate = useNavigate();
  useEffect(() => {
    const rot = ref.current;
    if (!rot) return;
    const klikk = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const a = e.target instanceof Element ? e.target.closest("a[data-discover]") : null;
      if (!(a instanceof HTMLAnchorElement) || !rot.contains(a)) return;
      if ((a.target && a.target !== "_self") || a.hasAttribute("download") || a.origin !== location.origin)
        return;
      e.preventDefault();
      navigate(`${a.pathname}${a.search}${a.hash}`);
    };
    rot.addEventListener("click", klikk);
    return () => rot.removeEventListener("click", klikk);
  }, [ref, navigate]);
}
