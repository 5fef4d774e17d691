// Development stand-in for Brønnøysundregistrene's open Enhetsregisteret API (data.brreg.no/enhetsregisteret/api),
// the parts the service uses (docs/kontrakter/enhetsregisteret.openapi.json): a unit and a sub-unit by
// organisation number (HAL+JSON, `respons_klasse`, 404 when unknown, SlettetEnhet when deleted) and the two update
// feeds (`oppdateringer/enheter`, `oppdateringer/underenheter`: `oppdateringsid` from and including, `dato`, `page`,
// `size`, HAL links). It serves the demo units (dev/demo-data.ts); development and tests add units and changes
// through `POST /dev/enheter` (a rename shows in the feed as an `Endring`) and `DELETE /dev/enheter/{orgnr}`.
// Never in production: the state lives in this process's memory.
import express, { type Request, type Response, type Router } from "express";
import type { Adresse } from "../../db/schema";
import type { DemoEnhet } from "../demo-data";

export interface RegisterEnhet extends DemoEnhet {
  /** The deletion date (YYYY-MM-DD) once deleted. */
  slettet?: string;
}

type Kilde = "enheter" | "underenheter";
type Endringstype = "Ny" | "Endring" | "Sletting";

interface Oppdatering {
  oppdateringsid: number;
  dato: string;
  organisasjonsnummer: string;
  endringstype: Endringstype;
}

const ORGNR = /^\d{9}$/;
const UNDERENHET_FORMER = new Set(["BEDR", "AAFY"]);
export const erUnderenhet = (e: DemoEnhet) => UNDERENHET_FORMER.has(e.organisasjonsform);

const BESKRIVELSE: Record<string, string> = {
  AS: "Aksjeselskap",
  ASA: "Allmennaksjeselskap",
  ENK: "Enkeltpersonforetak",
  ANS: "Ansvarlig selskap med solidarisk ansvar",
  DA: "Ansvarlig selskap med delt ansvar",
  SA: "Samvirkeforetak",
  BEDR: "Underenhet til næringsdrivende og offentlig forvaltning",
  AAFY: "Underenhet til ikke-næringsdrivende",
};

/** The units of the register, and the two feeds of what changed. */
export class DevEnhetsregister {
  private readonly enheter = new Map<string, RegisterEnhet>();
  private readonly feed: Record<Kilde, Oppdatering[]> = { enheter: [], underenheter: [] };
  /** Update ids are one sequence over both feeds, as the register's are large and rising. */
  private nesteId = 1_000;

  constructor(enheter: DemoEnhet[]) {
    for (const e of enheter) this.enheter.set(e.organisasjonsnummer, { ...e });
  }

  hent(orgnr: string): RegisterEnhet | undefined {
    return this.enheter.get(orgnr);
  }

  /** The sub-units whose main unit is `orgnr` (not deleted). */
  underenheterAv(orgnr: string): RegisterEnhet[] {
    return [...this.enheter.values()].filter((e) => e.hovedenhet === orgnr && !e.slettet);
  }

  /** Adds or changes a unit and records it in its feed. */
  lagre(e: DemoEnhet): Oppdatering {
    const ny = !this.enheter.has(e.organisasjonsnummer);
    this.enheter.set(e.organisasjonsnummer, { ...e });
    return this.registrer(e, ny ? "Ny" : "Endring");
  }

  slett(orgnr: string, dato = new Date().toISOString().slice(0, 10)): Oppdatering | undefined {
    const e = this.enheter.get(orgnr);
    if (!e) return undefined;
    e.slettet = dato;
    return this.registrer(e, "Sletting");
  }

  oppdateringer(kilde: Kilde): readonly Oppdatering[] {
    return this.feed[kilde];
  }

  private registrer(e: DemoEnhet, endringstype: Endringstype): Oppdatering {
    const o = {
      oppdateringsid: this.nesteId++,
      dato: new Date().toISOString(),
      organisasjonsnummer: e.organisasjonsnummer,
      endringstype,
    };
    this.feed[erUnderenhet(e) ? "underenheter" : "enheter"].push(o);
    return o;
  }
}

function adresse(a: Adresse | undefined) {
  if (!a) return undefined;
  return {
    land: a.land ?? "Norge",
    landkode: "NO",
    postnummer: a.postnummer ?? null,
    poststed: a.poststed ?? null,
    adresse: a.adresselinje ?? [],
    kommune: a.poststed?.toUpperCase() ?? null,
  };
}

/** A unit as the register's API answers it (Enhet, Underenhet, or their Slettet… classes). */
export function somRegistersvar(e: RegisterEnhet, base: string): Record<string, unknown> {
  const under = erUnderenhet(e);
  const sti = `${base}/api/${under ? "underenheter" : "enheter"}/${e.organisasjonsnummer}`;
  const organisasjonsform = {
    kode: e.organisasjonsform,
    beskrivelse: BESKRIVELSE[e.organisasjonsform] ?? e.organisasjonsform,
    _links: { self: { href: `${base}/api/organisasjonsformer/${e.organisasjonsform}` } },
  };
  if (e.slettet) {
    return {
      respons_klasse: "SlettetEnhet",
      organisasjonsnummer: e.organisasjonsnummer,
      navn: e.navn,
      organisasjonsform,
      slettedato: e.slettet,
      _links: { self: { href: sti } },
    };
  }
  const felles = {
    organisasjonsnummer: e.organisasjonsnummer,
    navn: e.navn,
    organisasjonsform,
    registreringsdatoEnhetsregisteret: "2015-03-02",
    registrertIMvaregisteret: true,
    harRegistrertAntallAnsatte: true,
    antallAnsatte: 12,
  };
  if (under) {
    return {
      respons_klasse: "Underenhet",
      ...felles,
      overordnetEnhet: e.hovedenhet ?? null,
      beliggenhetsadresse: adresse(e.adresse),
      oppstartsdato: "2015-03-01",
      _links: { self: { href: sti } },
    };
  }
  return {
    respons_klasse: "Enhet",
    ...felles,
    forretningsadresse: adresse(e.adresse),
    maalform: "Bokmål",
    konkurs: false,
    underAvvikling: false,
    underTvangsavviklingEllerTvangsopplosning: false,
    registrertIForetaksregisteret: e.organisasjonsform !== "ENK",
    registrertIFrivillighetsregisteret: false,
    registrertIStiftelsesregisteret: false,
    paategninger: [],
    _links: { self: { href: sti } },
  };
}

function ugyldig(res: Response, req: Request, melding: string, verdi: string) {
  res.status(400).json({
    tidsstempel: Date.now(),
    status: 400,
    feilmelding: "Feilaktig forespørsel",
    sti: req.originalUrl.split("?")[0],
    antallFeil: 1,
    valideringsfeil: [{ feilmelding: melding, parametere: [verdi], feilaktigVerdi: verdi }],
  });
}

/** One page of a feed: from and including `oppdateringsid` (or `dato`), `size` per page (default 20), `page`. */
function oppdateringsside(register: DevEnhetsregister, kilde: Kilde, base: string, req: Request) {
  const q = req.query as Record<string, string | undefined>;
  const fraId = q.oppdateringsid === undefined ? undefined : Number(q.oppdateringsid);
  const fraDato = q.dato === undefined ? undefined : Date.parse(q.dato);
  const size = Math.min(10_000, Math.max(1, Number(q.size ?? 20) || 20));
  const page = Math.max(0, Number(q.page ?? 0) || 0);
  const alle = register
    .oppdateringer(kilde)
    .filter(
      (o) =>
        (fraId === undefined || o.oppdateringsid >= fraId) &&
        (fraDato === undefined || Date.parse(o.dato) >= fraDato),
    );
  const totalPages = Math.ceil(alle.length / size);
  const side = alle.slice(page * size, page * size + size);
  const lenke = (p: number) => {
    const u = new URLSearchParams({ ...(q as Record<string, string>), page: String(p), size: String(size) });
    return { href: `${base}/api/oppdateringer/${kilde}?${u}` };
  };
  const element = kilde === "enheter" ? "enhet" : "underenhet";
  const navn = kilde === "enheter" ? "oppdaterteEnheter" : "oppdaterteUnderenheter";
  return {
    _embedded: {
      [navn]: side.map((o) => ({
        ...o,
        _links: { [element]: { href: `${base}/api/${kilde}/${o.organisasjonsnummer}` } },
      })),
    },
    _links: {
      first: lenke(0),
      self: lenke(page),
      ...(page + 1 < totalPages ? { next: lenke(page + 1) } : {}),
      ...(page > 0 ? { prev: lenke(page - 1) } : {}),
      last: lenke(Math.max(0, totalPages - 1)),
    },
    page: { size, totalElements: alle.length, totalPages, number: page },
  };
}

/** The register's routes; mount at `/enhetsregisteret` (the API answers under `/api`). `base`: that URL. */
export function enhetsregisterRouter(register: DevEnhetsregister, base: () => string): Router {
  const router = express.Router();
  const oppslag = (underenheter: boolean) => (req: Request, res: Response) => {
    const orgnr = String(req.params.orgnr);
    if (!ORGNR.test(orgnr))
      return ugyldig(res, req, "Organisasjonsnummer må være et nummer med nøyaktig 9 siffer", orgnr);
    const e = register.hent(orgnr);
    if (!e || erUnderenhet(e) !== underenheter) return res.status(404).end();
    res.type("application/json").json(somRegistersvar(e, base()));
  };
  router.get("/api/enheter/:orgnr", oppslag(false));
  router.get("/api/underenheter/:orgnr", oppslag(true));
  for (const kilde of ["enheter", "underenheter"] as const) {
    router.get(`/api/oppdateringer/${kilde}`, (req, res) => {
      res.json(oppdateringsside(register, kilde, base(), req));
    });
  }

  // Development and tests only: add or change a unit (its feed records it), delete one.
  router.post("/dev/enheter", express.json({ limit: "16kb" }), (req, res) => {
    const b = (req.body ?? {}) as Partial<DemoEnhet>;
    if (!ORGNR.test(b.organisasjonsnummer ?? "") || !b.navn || !b.organisasjonsform) {
      res.status(400).json({ feil: "organisasjonsnummer (9 siffer), navn og organisasjonsform må være med" });
      return;
    }
    const enhet: DemoEnhet = {
      organisasjonsnummer: b.organisasjonsnummer as string,
      navn: b.navn,
      organisasjonsform: b.organisasjonsform,
      ...(b.hovedenhet ? { hovedenhet: b.hovedenhet } : {}),
      ...(b.adresse ? { adresse: b.adresse } : {}),
    };
    res.status(201).json(register.lagre(enhet));
  });
  router.delete("/dev/enheter/:orgnr", (req, res) => {
    const o = register.slett(String(req.params.orgnr));
    if (o) res.json(o);
    else res.status(404).end();
  });
  return router;
}
