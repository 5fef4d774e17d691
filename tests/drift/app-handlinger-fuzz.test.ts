// Property-based fuzzing of every app action over real HTTP (issue 15, "Keep it closed"): the whole service
// (production build, embedded API, database and ID-porten) with a logged-in importer; every route module
// with an action gets seeded, bounded random and hostile form bodies — the fields its source reads, random
// ones, huge strings, NUL and invalid UTF-8 as raw bytes, bidi characters, repeated keys, a missing token —
// with a valid CSRF token. No answer may be a 5xx, and the service's data stays readable afterwards.
// The route list is read from app/routes, so a new action is fuzzed without an entry here. The pages' query
// strings get NUL and other control characters in every parameter (issue 22): never a 5xx or 'Noe gikk
// feil', and a certificate search says what is wrong with a 400.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { Nettleser, skjema } from "../../scripts/bench-side";
import { loadConfig } from "../../server/config";
import { type StartedServer, startServer } from "../../server/index";

const RUTER = path.resolve("app/routes");

/** Route modules with an action, and the form fields their source reads or renders. */
function handlinger(): { fil: string; felt: string[] }[] {
  return readdirSync(RUTER)
    .filter((f) => f.endsWith(".tsx"))
    .map((fil) => ({ fil, kilde: readFileSync(path.join(RUTER, fil), "utf8") }))
    .filter(({ kilde }) => /export (async )?function action/.test(kilde))
    .map(({ fil, kilde }) => ({
      fil,
      felt: [
        ...new Set(
          [...kilde.matchAll(/(?:formData\.get(?:All)?\(|name=)["']([A-Za-z_][\w.-]*)["']/g)].map(
            (m) => m[1]!,
          ),
        ),
      ],
    }));
}

const FIENDTLIGE = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "9".repeat(400),
  "x".repeat(20_000),
  "2026-02-30",
  "00:00",
  "true",
  "on",
  "FRIGITT",
  "UNDER_REGISTRERING",
  "\u202Eevil\u202C",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "__proto__",
  '{"a":1}',
  "912345742",
];

/** A form body as raw text: percent-encoded pairs, with raw NUL and invalid UTF-8 bytes where asked. */
const RAA_BYTES = ["%00", "%ED%A0%80", "%FF", "%C0%AF", "%E2%80%AE"];

function kropp(par: [string, string][], raa: string[]): string {
  const deler = par.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  for (const r of raa)
    deler.push(`${deler.length % 2 ? "felt" : encodeURIComponent(par[0]?.[0] ?? "x")}=a${r}b`);
  return deler.join("&");
}

describe("app-handlingene tåler tilfeldige og fiendtlige skjemaer", () => {
  const mappe = path.resolve(".cache/drift-app-fuzz");
  let server: StartedServer;
  let base: string;
  let b: Nettleser;

  beforeAll(async () => {
    rmSync(mappe, { recursive: true, force: true });
    const port = 30_000 + (process.pid % 20_000);
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: path.join(mappe, "pglite"),
      NODE_ENV: "production",
      DEMO_MODE: "true",
      SESSION_SECRET: "drift-app-fuzz-0123456789abcdefghijkl",
    };
    for (const k of ["DATABASE_URL", "IMPORT_API_URL", "OIDC_ISSUER", "SMTP_URL"]) delete env[k];
    server = await startServer(loadConfig(env));
    b = new Nettleser(base);
    const innlogging = await (await b.foelg("/oauth2/authorization/idporten")).text();
    const login = /<form method="post" action="([^"]+\/login)">/.exec(innlogging)?.[1];
    await b.foelg(login!, skjema({ pid: DEMO_PERSONER[0]!.pid }));
    const velg = await (await b.foelg("/velg-virksomhet")).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(velg)?.[1] ?? "";
    await (
      await b.foelg("/velg-virksomhet", {
        ...skjema({ csrf, organisasjonsnummer: ORG.hagelandDrammen, returnTo: "/" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      })
    ).arrayBuffer();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    rmSync(mappe, { recursive: true, force: true });
  });

  /** The paths each action is posted to: real notifications of the logged-in importer. */
  async function stier(fil: string): Promise<string[]> {
    const db = server.database.db;
    const melding = async (status: string) =>
      (
        await db
          .selectFrom("importmelding")
          .innerJoin("importoer", "importoer.id", "importmelding.ansvarlig_importoer_id")
          .select("importmelding.id")
          .where("importoer.organisasjonsnummer", "=", ORG.hagelandDrammen)
          .where("importmelding.status", "=", status)
          .orderBy("importmelding.id")
          .executeTakeFirst()
      )?.id ?? 999_999;
    const utkast = await melding("UNDER_REGISTRERING");
    const registrert = await melding("REGISTRERT");
    const sporsmaal = async (id: number, del: string) => {
      const html = await (await b.foelg(`/importmelding/${id}/oppsummering`)).text();
      return (
        [...html.matchAll(new RegExp(`/importmelding/${id}/${del}/([\\w-]+)`, "g"))].map((m) => m[1]!)[0] ??
        "x"
      );
    };
    const rute = fil
      .replace(/\.tsx$/, "")
      .replace(/^_index$/, "?index")
      .replace(/_\./g, ".")
      .split(".")
      .map((del) => {
        if (del === "$id")
          return fil.includes("mottakskontroll.") || fil.includes("registrert")
            ? String(registrert)
            : String(utkast);
        return del;
      });
    if (fil.includes("$spoersmaal")) {
      const id = Number(rute[1]);
      const del = fil.includes("dokumentkontroll") ? "dokumentkontroll" : "mottakskontroll";
      rute[rute.indexOf("$spoersmaal")] = await sporsmaal(id, del);
    }
    const sti = `/${rute.join("/")}`.replace("/?index", "/?index");
    if (fil === "innstillinger.tsx") {
      return ["profil", "varslinger", "mottakskontrolloer", "legg-til-mottakskontrolloer"].map(
        (s) => `${sti}?side=${s}`,
      );
    }
    if (fil === "sertifikat.tsx") return [`${sti}?sertifikatnummer=NL-RE-2025-004711&land=NL`];
    return [sti];
  }

  /**
   * The session's form token from home. Under load home can answer an error page for a moment (an API call past
   * its deadline): asked again, and never an empty token (every post would then be 403 and prove nothing).
   */
  async function csrf(): Promise<string> {
    let status = 0;
    for (let forsoek = 0; forsoek < 5; forsoek++) {
      const res = await b.foelg("/");
      status = res.status;
      const token = /name="csrf" value="([^"]+)"/.exec(await res.text())?.[1];
      if (token) return token;
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error(`Fant ikke skjemanøkkelen på forsiden (siste svar ${status})`);
  }

  // Logging out would end the session the rest need; choosing another organisation goes last.
  const ruter = handlinger()
    .filter(({ fil }) => fil !== "logout.tsx" && !fil.startsWith("test."))
    .sort((a, b) => Number(a.fil === "velg-virksomhet.tsx") - Number(b.fil === "velg-virksomhet.tsx"));

  it("finds the app's actions", () => {
    expect(ruter.length).toBeGreaterThanOrEqual(12);
    expect(ruter.map((r) => r.fil)).toContain("importmelding.$id.innmelder.tsx");
  });

  it("NUL og andre kontrolltegn i sidenes søkeparametre gir aldri 5xx eller 'Noe gikk feil'", {
    timeout: 300_000,
  }, async () => {
    const iid = /"importoerId":(\d+)/.exec(await (await b.foelg("/")).text())?.[1] ?? "1";
    const nøkler = { sertifikatnummer: "NL-RE-2025-004711", dato: "2026-01-02", avsenderland: "NL" };
    const SIDER: { sti: string; parametre: Record<string, string>; soek?: string[] }[] = [
      // the certificate search on home: its three fields answer 400 with the form's message
      { sti: "/", parametre: { sok: "1", ...nøkler }, soek: ["sertifikatnummer", "dato", "avsenderland"] },
      { sti: "/", parametre: { avsender: "Bloemen", land: "NL", slettet: "1" } },
      {
        sti: "/sertifikater",
        parametre: {
          avsender: "Bloemen",
          sertifikatnummer: "NL",
          avsenderland: "NL",
          meldepliktigVurdering: "MELDEPLIKTIG",
          sidenummer: "1",
        },
      },
      {
        sti: "/importmeldinger",
        parametre: {
          nummer: "IM",
          internReferanse: "x",
          avsender: "Bloemen",
          status: "PAABEGYNT",
          avsenderland: "NL",
          importoer: "1",
          sidenummer: "1",
        },
      },
      // a certificate's page: the keys answer 400 with the API's message
      {
        sti: "/sertifikat",
        parametre: { ...nøkler, sortering: "ASC" },
        soek: ["sertifikatnummer", "dato", "avsenderland"],
      },
      { sti: "/innstillinger", parametre: { side: "Varslinger" } },
      { sti: "/nyttig-info", parametre: { visMerInfo: "sok" } },
      { sti: "/velg-virksomhet", parametre: { returnTo: "/sertifikater" } },
      { sti: "/logg-inn", parametre: { returnTo: "/sertifikater", utloept: "1" } },
      { sti: `/dokument/import/v2/${ORG.hagelandDrammen}/${iid}/sertifikat/pdf`, parametre: nøkler },
    ];
    const TEGN = ["\u0000", "før\u0000etter", "\u0001", "a\u001bb", "\u007f", "\u0085"];
    const feil: string[] = [];
    for (const side of SIDER) {
      for (const navn of Object.keys(side.parametre)) {
        for (const tegn of TEGN) {
          const q = new URLSearchParams({ ...side.parametre, [navn]: tegn });
          const res = await b.hent(`${side.sti}?${q}`);
          const tekst = await res.text();
          const hva = `${side.sti}?${q} → ${res.status}`;
          if (res.status >= 500) feil.push(`${hva} ${tekst.slice(0, 200)}`);
          // the error panel itself (components/panels.tsx): the words are also in every page's catalogue data
          if (tekst.includes('id="noe-gikk-feil-tittel"')) feil.push(`${hva}: «Noe gikk feil»`);
          if (side.soek?.includes(navn)) {
            if (res.status !== 400) feil.push(`${hva}: ventet 400`);
            if (!/kontrolltegn|tegn som ikke kan brukes/.test(tekst)) feil.push(`${hva}: uten melding`);
          }
        }
      }
    }
    expect(feil).toEqual([]);
  });

  it("every action answers random and hostile bodies without a 5xx", { timeout: 600_000 }, async () => {
    const feil: string[] = [];
    /** Per path: how many answers got past the token check (the action itself answered). */
    const naadd = new Map<string, number>();
    const maal: { sti: string; felt: string[] }[] = [];
    for (const { fil, felt } of ruter) for (const sti of await stier(fil)) maal.push({ sti, felt });
    for (const { sti, felt } of maal) {
      {
        const token = await csrf();
        const noekler = fc.constantFrom(...felt, "intent", "_action", "csrf", "ukjent", "__proto__", "a[b]");
        await fc
          .assert(
            fc.asyncProperty(
              fc.array(
                fc.tuple(
                  noekler,
                  fc.oneof(
                    fc.constantFrom(...FIENDTLIGE),
                    fc.string({ maxLength: 40 }),
                    fc.string({ unit: "binary", maxLength: 20 }),
                  ),
                ),
                {
                  maxLength: 12,
                },
              ),
              fc.subarray(RAA_BYTES),
              fc.boolean(),
              async (par, raa, medToken) => {
                const alle: [string, string][] = medToken ? [["csrf", token], ...par] : par;
                const svar = await b.hent(sti, {
                  method: "POST",
                  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
                  body: kropp(alle, raa),
                });
                await svar.arrayBuffer();
                if (medToken && svar.status !== 403) naadd.set(sti, (naadd.get(sti) ?? 0) + 1);
                if (svar.status >= 500) feil.push(`${sti} ${svar.status}: ${kropp(alle, raa).slice(0, 300)}`);
                return svar.status < 500;
              },
            ),
            { seed: 15_2026, numRuns: 25, endOnFailure: true },
          )
          .catch(() => {});
      }
    }
    expect(feil).toEqual([]);
    // The token was right: the actions themselves answered (not only the CSRF check).
    expect(maal.filter(({ sti }) => !naadd.get(sti)).map(({ sti }) => sti)).toEqual([]);

    // Still logged in, and every page of the importer's notifications still loads.
    const hjem = await b.foelg("/");
    expect(hjem.status).toBe(200);
    await hjem.arrayBuffer();
    const liste = await b.foelg("/importmeldinger");
    expect(liste.status).toBe(200);
    await liste.arrayBuffer();
  });
});
