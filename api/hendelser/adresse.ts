// Where a webhook may go (docs/decisions/036-hendelser-og-webhooker.md): an https URL whose host resolves
// only to public unicast addresses. Private, loopback, link-local, unique-local, CGNAT, multicast,
// unspecified and the other special ranges (IPv4 and IPv6, an IPv4-mapped IPv6 address judged as its IPv4
// address; classification by ipaddr.js) are refused when subscribing and again at every delivery, after DNS
// resolution; the delivery connects to the address that was checked (no second lookup to rebind).
// `tillatLokal` (WEBHOOK_TILLAT_LOKAL, refused in production) lets tests use http and loopback.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

export interface Adressepolicy {
  /** Tests only: http, and loopback addresses (never the other private ranges). */
  tillatLokal: boolean;
}

/** Thrown with a Norwegian message for the importer (a subscription refused, a delivery not made). */
export class UgyldigAdresse extends Error {}

/** Is this address one a webhook may go to? */
export function erTillattIp(ip: string, policy: Adressepolicy): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const range = ipaddr.process(ip).range();
  return range === "unicast" || (policy.tillatLokal && range === "loopback");
}

/** The URL's form: https (http only with tillatLokal), no credentials, at most 2000 characters. */
export function sjekkUrlForm(tekst: string, policy: Adressepolicy): URL {
  if (tekst.length > 2000) throw new UgyldigAdresse("Adressen er for lang (høyst 2000 tegn)");
  let url: URL;
  try {
    url = new URL(tekst);
  } catch {
    throw new UgyldigAdresse("Skriv inn en gyldig adresse, for eksempel https://system.firma.no/webhook");
  }
  const protokoller = policy.tillatLokal ? ["https:", "http:"] : ["https:"];
  if (!protokoller.includes(url.protocol)) throw new UgyldigAdresse("Adressen må begynne med https://");
  if (url.username || url.password) {
    throw new UgyldigAdresse("Adressen kan ikke inneholde brukernavn eller passord");
  }
  if (url.hash) throw new UgyldigAdresse("Adressen kan ikke inneholde # (fragment)");
  return url;
}

const INTERN = "Adressen peker til et privat eller internt nettverk og kan ikke brukes";

/** Resolves a host name to all its addresses (DNS by default; tests give their own answers). */
export type Oppslag = (vert: string) => Promise<{ address: string; family: number }[]>;

const dnsOppslag: Oppslag = (v) => lookup(v, { all: true, verbatim: true });

/** The host's addresses, every one of them allowed; a refusal otherwise. */
export async function slaaOppTillatt(
  vert: string,
  policy: Adressepolicy,
  oppslag: Oppslag = dnsOppslag,
): Promise<{ address: string; family: number }[]> {
  const bar = vert.startsWith("[") && vert.endsWith("]") ? vert.slice(1, -1) : vert;
  const adresser = isIP(bar) ? [{ address: bar, family: isIP(bar) }] : await oppslag(bar).catch(() => []);
  if (adresser.length === 0) throw new UgyldigAdresse(`Fant ikke vertsnavnet ${bar}`);
  if (adresser.some((a) => !erTillattIp(a.address, policy))) throw new UgyldigAdresse(INTERN);
  return adresser;
}

/** The whole check when subscribing: the form and the resolved addresses. Returns the normalised URL. */
export async function sjekkWebhookUrl(tekst: string, policy: Adressepolicy): Promise<string> {
  const url = sjekkUrlForm(tekst.trim(), policy);
  await slaaOppTillatt(url.hostname, policy);
  return url.toString();
}
