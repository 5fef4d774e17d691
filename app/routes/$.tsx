import { redirect } from "@remix-run/node";

/** Any other path redirects home (SPEC §2). */
export const loader = () => redirect("/");
export const action = () => redirect("/");
