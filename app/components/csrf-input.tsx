import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "../root";

/** The session-bound CSRF token every POST form carries (docs/decisions/003-csrf.md). */
export function CsrfInput() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return <input type="hidden" name="csrf" value={data?.csrf ?? ""} />;
}
