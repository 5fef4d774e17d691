import { useEffect, useState } from "react";

/** False on the server and in the first client render; true once React has hydrated (JavaScript runs). */
export function useHydrert(): boolean {
  const [hydrert, setHydrert] = useState(false);
  useEffect(() => setHydrert(true), []);
  return hydrert;
}
