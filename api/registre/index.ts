// The service's clients of the registers it depends on, put together (ADR 042): its own Maskinporten client, Altinn
// (who may act for whom) and Enhetsregisteret (the units), each under its own timeouts, retries and breaker
// (motstand.ts), and the per-person cache of Altinn's answers (tilgang.ts). server/ builds them from the
// configuration; the tests from their stand-ins. The same code in every mode: only the URLs differ.
import type { JWK } from "jose";
import type { Db } from "../../db";
import { ALTINN_SCOPES, type AltinnKlient, lagAltinnKlient } from "./altinn";
import { type EnhetsregisterKlient, lagEnhetsregisterKlient } from "./enhetsregisteret";
import { lagMaskinportenKlient } from "./maskinporten";
import { lagMotstand, type MotstandOptions, type RegisterMaaler } from "./motstand";
import { lagTilgang, type Tilgang } from "./tilgang";

type Url = string | (() => string);

export interface RegistreOppsett {
  db: Db;
  /** The service's own Maskinporten client: Maskinporten's issuer, the client id and its private key. */
  maskinporten: { url: Url; klientId: string; noekkel: JWK };
  altinn: { url: Url; ressurs: string; abonnementsnoekkel: string };
  enhetsregisteret: { url: Url };
  /** The cache's life of Altinn's answer per person. */
  cacheMs: number;
  /** Per call: one attempt's deadline, attempts, and the breaker (motstand.ts). */
  kall: Omit<MotstandOptions, "maaler">;
  /** The deadline of one lookup, every call included (below the web app's 10 s to the API). */
  fristMs: number;
  maaler?: RegisterMaaler;
  logg?: { warn(obj: object, msg: string): void };
}

export interface Registre {
  tilgang: Tilgang;
  altinn: AltinnKlient;
  enhetsregister: EnhetsregisterKlient;
}

export function lagRegistre(o: RegistreOppsett): Registre {
  const motstand = (r: "maskinporten" | "altinn" | "enhetsregisteret") =>
    lagMotstand(r, { ...o.kall, maaler: o.maaler });
  const url = (u: Url) => (typeof u === "string" ? u : u());
  const maskinporten = lagMaskinportenKlient({
    get issuer() {
      return url(o.maskinporten.url);
    },
    klientId: o.maskinporten.klientId,
    noekkel: o.maskinporten.noekkel,
    scopes: ALTINN_SCOPES,
    motstand: motstand("maskinporten"),
  });
  const altinn = lagAltinnKlient({
    url: () => url(o.altinn.url),
    ressurs: o.altinn.ressurs,
    abonnementsnoekkel: o.altinn.abonnementsnoekkel,
    maskinporten,
    motstand: motstand("altinn"),
  });
  const enhetsregister = lagEnhetsregisterKlient({
    url: () => url(o.enhetsregisteret.url),
    motstand: motstand("enhetsregisteret"),
  });
  const tilgang = lagTilgang({
    db: o.db,
    altinn,
    enhetsregister,
    levetidMs: o.cacheMs,
    fristMs: o.fristMs,
    logg: o.logg,
  });
  return { tilgang, altinn, enhetsregister };
}
