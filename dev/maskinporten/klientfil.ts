// The development Maskinporten's register of clients: a JSON list of DevKlient in a file (default
// data/maskinporten-klienter.json, MASKINPORTEN_DEV_KLIENTER), read on every token request so a client
// registered while the service runs (scripts/eksempelklient.ts registrer) can get a token at once.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DevKlient } from "./index";

export const STANDARD_KLIENTFIL = "data/maskinporten-klienter.json";

export async function lesKlientfil(fil: string): Promise<DevKlient[]> {
  try {
    const innhold = JSON.parse(await readFile(fil, "utf8")) as unknown;
    return Array.isArray(innhold) ? (innhold as DevKlient[]) : [];
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
}

/** Adds the client to the file, replacing one with the same client_id. */
export async function registrerKlient(fil: string, klient: DevKlient): Promise<void> {
  const andre = (await lesKlientfil(fil)).filter((k) => k.client_id !== klient.client_id);
  await mkdir(path.dirname(fil), { recursive: true });
  await writeFile(fil, `${JSON.stringify([...andre, klient], null, 2)}\n`);
}
