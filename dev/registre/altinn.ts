// Development stand-in for the three Altinn APIs the service uses (docs/kontrakter/altinn.openapi.json):
//   GET  /authentication/api/v1/exchange/maskinporten   a Maskinporten token (verified against Maskinporten's
//        keys) for an Altinn token (JWT, text/plain), with the same scopes and lifetime;
//   POST /accessmanagement/api/v1/resourceowner/authorizedparties   the parties a person may represent, each with
//        the resources the person has access to there (`authorizedResources`); sub-units nested under their main
//        unit, which is shown as `onlyHierarchyElementWithNoAccess` when the person has access to a sub-unit only;
//        access to a main unit reaches its sub-units, as Altinn's does; the person's own party always comes first;
//   POST /authorization/api/v1/authorize   the PDP, XACML JSON profile: Permit or NotApplicable.
// Both data calls need the subscription key (Ocp-Apim-Subscription-Key) and an Altinn token with their scope.
// The delegations are the demo data's (dev/demo-data.ts), the units and names the development Enhetsregisteret's.
// Development and tests change them over HTTP (`POST /dev/delegeringer`, `/dev/delegeringer/fjern`,
// `/dev/personer`) and make Altinn fail or stall for one person (`POST /dev/feil`), so a test owns its data.
// Never in production: the state lives in this process's memory.
import { randomUUID } from "node:crypto";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { generateKeyPair, type JWTVerifyGetKey, jwtVerify, SignJWT } from "jose";
import { type DevEnhetsregister, erUnderenhet, type RegisterEnhet } from "./enhetsregisteret";

export const SCOPE_AVGIVERE = "altinn:accessmanagement/authorizedparties.resourceowner";
export const SCOPE_PDP = "altinn:authorization/authorize";
const PERSON_URN = "urn:altinn:person:identifier-no";
const PID = /^\d{11}$/;

export interface DevAltinnOptions {
  /** The resource id the service is registered with (ALTINN_RESSURS). */
  ressurs: string;
  /** The subscription key callers must send. */
  abonnementsnoekkel: string;
  /** Maskinporten whose tokens the exchange accepts. */
  maskinporten: { issuer: string; jwks: JWTVerifyGetKey };
  register: DevEnhetsregister;
  personer: Array<{ pid: string; navn: string }>;
  /** person → organisation numbers (or national identity numbers for persons) the resource is delegated from */
  delegeringer: Array<{ pid: string; enheter: string[] }>;
}

/** A fault made for one person's lookups (tests): an HTTP status, or a stall of `ventMs`. */
interface Feil {
  status?: number;
  ventMs?: number;
}

interface Party {
  partyUuid: string;
  name: string;
  organizationNumber: string | null;
  personId: string | null;
  type: "Person" | "Organization";
  partyId: number;
  unitType: string | null;
  isDeleted: boolean;
  onlyHierarchyElementWithNoAccess: boolean;
  authorizedResources: string[];
  authorizedRoles: string[];
  subunits: Party[];
}

export interface DevAltinn {
  router: Router;
  leggTilDelegering(pid: string, fra: string): void;
  fjernDelegering(pid: string, fra: string): void;
  leggTilPerson(pid: string, navn: string): void;
  settFeil(pid: string, feil: Feil | undefined): void;
}

/** A stable id per key, as Altinn's party ids are. */
function partyId(noekkel: string): number {
  let h = 0;
  for (const c of noekkel) h = (h * 31 + c.charCodeAt(0)) % 40_000_000;
  return 50_000_000 + h;
}

function uuidFor(noekkel: string): string {
  const hex = partyId(noekkel).toString(16).padStart(12, "0");
  return `00000000-0000-4000-8000-${hex.slice(-12)}`;
}

export async function createDevAltinn(opts: DevAltinnOptions): Promise<DevAltinn> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const utsteder = "dev-altinn-platform";
  const navn = new Map(opts.personer.map((p) => [p.pid, p.navn]));
  const tilganger = new Map<string, Set<string>>();
  for (const d of opts.delegeringer) tilganger.set(d.pid, new Set(d.enheter));
  const feil = new Map<string, Feil>();

  const orgParty = (e: RegisterEnhet, tilgang: boolean, subunits: Party[] = []): Party => ({
    partyUuid: uuidFor(e.organisasjonsnummer),
    name: e.navn,
    organizationNumber: e.organisasjonsnummer,
    personId: null,
    type: "Organization",
    partyId: partyId(e.organisasjonsnummer),
    unitType: e.organisasjonsform,
    isDeleted: !!e.slettet,
    onlyHierarchyElementWithNoAccess: !tilgang,
    authorizedResources: tilgang ? [opts.ressurs] : [],
    authorizedRoles: [],
    subunits,
  });
  const personParty = (pid: string, tilgang: boolean, egen: boolean): Party => ({
    partyUuid: uuidFor(pid),
    name: navn.get(pid) ?? "Ukjent person",
    organizationNumber: null,
    personId: pid,
    type: "Person",
    partyId: partyId(pid),
    unitType: null,
    isDeleted: false,
    onlyHierarchyElementWithNoAccess: false,
    authorizedResources: tilgang ? [opts.ressurs] : [],
    authorizedRoles: egen ? ["PRIV"] : [],
    subunits: [],
  });

  /** The parties of `pid`: their own first, then persons, then main units with their sub-units. */
  function avgivere(pid: string): Party[] {
    const fra = tilganger.get(pid) ?? new Set<string>();
    const ut: Party[] = navn.has(pid) ? [personParty(pid, fra.has(pid), true)] : [];
    for (const k of fra) if (PID.test(k) && k !== pid) ut.push(personParty(k, true, false));
    const hovedenheter = new Map<string, { enhet: RegisterEnhet; tilgang: boolean; under: Set<string> }>();
    const hoved = (e: RegisterEnhet, tilgang: boolean) => {
      const h = hovedenheter.get(e.organisasjonsnummer) ?? { enhet: e, tilgang: false, under: new Set() };
      h.tilgang ||= tilgang;
      hovedenheter.set(e.organisasjonsnummer, h);
      return h;
    };
    for (const k of fra) {
      const e = opts.register.hent(k);
      if (!e) continue;
      if (!erUnderenhet(e)) {
        // Access to a main unit reaches its sub-units.
        const h = hoved(e, true);
        for (const u of opts.register.underenheterAv(k)) h.under.add(u.organisasjonsnummer);
        continue;
      }
      const forelder = e.hovedenhet ? opts.register.hent(e.hovedenhet) : undefined;
      if (forelder) hoved(forelder, false).under.add(k);
    }
    for (const { enhet, tilgang, under } of hovedenheter.values()) {
      const subunits = [...under].flatMap((o) => {
        const u = opts.register.hent(o);
        return u ? [orgParty(u, true)] : [];
      });
      ut.push(orgParty(enhet, tilgang, subunits));
    }
    return ut;
  }

  function harTilgang(pid: string, orgnr: string): boolean {
    const finn = (parties: Party[]): boolean =>
      parties.some(
        (p) =>
          ((p.organizationNumber === orgnr || p.personId === orgnr) &&
            p.authorizedResources.includes(opts.ressurs)) ||
          finn(p.subunits),
      );
    return finn(avgivere(pid));
  }

  /** The subscription key and an Altinn token with `scope`, as Altinn's API management and APIs check them. */
  const krev = (scope: string) => async (req: Request, res: Response, next: NextFunction) => {
    if (req.headers["ocp-apim-subscription-key"] !== opts.abonnementsnoekkel) {
      res.status(401).json({ statusCode: 401, message: "Access denied due to invalid subscription key." });
      return;
    }
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    try {
      const { payload } = await jwtVerify(token ?? "", publicKey, { issuer: utsteder });
      if (
        !String(payload.scope ?? "")
          .split(" ")
          .includes(scope)
      ) {
        res.status(403).end();
        return;
      }
      next();
    } catch {
      res.status(401).end();
    }
  };

  /** A test's fault for this person, if any: the status is answered, the stall waited. */
  async function feilFor(pid: string | undefined, res: Response): Promise<boolean> {
    const f = pid ? feil.get(pid) : undefined;
    if (f?.ventMs) await new Promise((r) => setTimeout(r, f.ventMs));
    if (f?.status) {
      res.status(f.status).json({ type: "about:blank", title: "Service Unavailable", status: f.status });
      return true;
    }
    return false;
  }

  const router = express.Router();
  router.get("/authentication/api/v1/exchange/:leverandoer", async (req, res) => {
    const leverandoer = String(req.params.leverandoer).toLowerCase();
    if (leverandoer !== "maskinporten") {
      res
        .status(400)
        .type("text/plain")
        .send(
          `Invalid token provider: ${req.params.leverandoer}. Trusted token providers are 'Maskinporten', 'Id-porten' and 'AltinnStudio'.`,
        );
      return;
    }
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    try {
      const { payload } = await jwtVerify(token ?? "", opts.maskinporten.jwks, {
        issuer: [
          opts.maskinporten.issuer.replace(/\/$/, ""),
          `${opts.maskinporten.issuer.replace(/\/$/, "")}/`,
        ],
        requiredClaims: ["exp"],
      });
      const consumer = payload.consumer as { ID?: string } | undefined;
      const altinnToken = await new SignJWT({
        scope: payload.scope,
        client_id: payload.client_id,
        "urn:altinn:orgNumber": consumer?.ID?.replace(/^0192:/, ""),
        "urn:altinn:authenticatemethod": "maskinporten",
      })
        .setProtectedHeader({ alg: "RS256", typ: "JWT" })
        .setIssuer(utsteder)
        .setIssuedAt()
        .setExpirationTime(payload.exp as number)
        .setJti(randomUUID())
        .sign(privateKey);
      res.type("text/plain").send(altinnToken);
    } catch {
      res.status(401).type("text/plain").send("");
    }
  });

  router.post(
    "/accessmanagement/api/v1/resourceowner/authorizedparties",
    krev(SCOPE_AVGIVERE),
    express.json({ limit: "16kb" }),
    async (req, res) => {
      const { type, value } = (req.body ?? {}) as { type?: unknown; value?: unknown };
      if (type !== PERSON_URN || typeof value !== "string" || !PID.test(value)) {
        res.status(400).json({
          type: "https://tools.ietf.org/html/rfc7231#section-6.5.1",
          title: "One or more validation errors occurred.",
          status: 400,
          errors: { "Argument exception": ["Unsupported or invalid subject"] },
        });
        return;
      }
      if (await feilFor(value, res)) return;
      res.json(avgivere(value));
    },
  );

  router.post(
    "/authorization/api/v1/authorize",
    krev(SCOPE_PDP),
    express.json({ limit: "32kb" }),
    async (req, res) => {
      const f = lesXacml(req.body);
      if (await feilFor(f.pid, res)) return;
      const permit = !!f.pid && !!f.orgnr && f.ressurs === opts.ressurs && harTilgang(f.pid, f.orgnr);
      res.json({
        response: [
          {
            decision: permit ? "Permit" : "NotApplicable",
            status: { statusCode: { value: "urn:oasis:names:tc:xacml:1.0:status:ok" } },
          },
        ],
      });
    },
  );

  // Development and tests only (the module header).
  const dev = express.Router();
  dev.use(express.json({ limit: "16kb" }));
  dev.post("/delegeringer", (req, res) => {
    const { pid, fra, navn: personnavn } = (req.body ?? {}) as { pid?: string; fra?: string; navn?: string };
    if (!PID.test(pid ?? "") || !/^\d{9}$|^\d{11}$/.test(fra ?? "")) {
      res
        .status(400)
        .json({ feil: "pid (11 siffer) og fra (organisasjonsnummer eller fødselsnummer) må være med" });
      return;
    }
    if (personnavn) api.leggTilPerson(pid as string, personnavn);
    api.leggTilDelegering(pid as string, fra as string);
    res.status(204).end();
  });
  dev.post("/delegeringer/fjern", (req, res) => {
    const { pid, fra } = (req.body ?? {}) as { pid?: string; fra?: string };
    api.fjernDelegering(String(pid), String(fra));
    res.status(204).end();
  });
  dev.post("/personer", (req, res) => {
    const { pid, navn: personnavn } = (req.body ?? {}) as { pid?: string; navn?: string };
    if (!PID.test(pid ?? "") || !personnavn) {
      res.status(400).json({ feil: "pid (11 siffer) og navn må være med" });
      return;
    }
    api.leggTilPerson(pid as string, personnavn);
    res.status(204).end();
  });
  dev.post("/feil", (req, res) => {
    const { pid, status, ventMs } = (req.body ?? {}) as { pid?: string; status?: number; ventMs?: number };
    if (!PID.test(pid ?? "")) {
      res.status(400).json({ feil: "pid (11 siffer) må være med" });
      return;
    }
    api.settFeil(pid as string, status || ventMs ? { status, ventMs } : undefined);
    res.status(204).end();
  });
  router.use("/dev", dev);

  const api: DevAltinn = {
    router,
    leggTilDelegering(pid, fra) {
      const s = tilganger.get(pid) ?? new Set<string>();
      s.add(fra);
      tilganger.set(pid, s);
    },
    fjernDelegering(pid, fra) {
      tilganger.get(pid)?.delete(fra);
    },
    leggTilPerson(pid, personnavn) {
      navn.set(pid, personnavn);
    },
    settFeil(pid, f) {
      if (f) feil.set(pid, f);
      else feil.delete(pid);
    },
  };
  return api;
}

/** The person, organisation and resource of a single XACML JSON request (either case of the member names). */
function lesXacml(body: unknown): { pid?: string; orgnr?: string; ressurs?: string } {
  const hent = (o: unknown, navn: string): unknown => {
    if (!o || typeof o !== "object") return undefined;
    const k = Object.keys(o).find((n) => n.toLowerCase() === navn.toLowerCase());
    return k ? (o as Record<string, unknown>)[k] : undefined;
  };
  const attributter = (kategori: string): Array<{ id: string; verdi: string }> => {
    const liste = hent(hent(body, "request"), kategori);
    return (Array.isArray(liste) ? liste : []).flatMap((k) => {
      const attr = hent(k, "attribute");
      return (Array.isArray(attr) ? attr : []).map((a) => ({
        id: String(hent(a, "attributeId") ?? ""),
        verdi: String(hent(a, "value") ?? ""),
      }));
    });
  };
  const subjekt = attributter("accessSubject");
  const ressurs = attributter("resource");
  return {
    pid: subjekt.find((a) => a.id === PERSON_URN)?.verdi,
    orgnr: ressurs.find((a) => a.id === "urn:altinn:organization:identifier-no")?.verdi,
    ressurs: ressurs.find((a) => a.id === "urn:altinn:resource")?.verdi,
  };
}
