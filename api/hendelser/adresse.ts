// Where a webhook may go (docs/decisions/036-hendelser-og-webhooker.md): an https URL whose host resolves
// only to global unicast addresses: public IPv4, and IPv6 in 2000::/3 (RFC 4291's global unicast) outside its
// special blocks. Private, loopback, link-local, unique-local, CGNAT, multicast, unspecified, IPv4-compatible
// (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64, 6to4, Teredo and the other special ranges (IANA's
// special-purpose registries, as ipaddr.js classifies them) are refused when subscribing and again at every
// delivery, after DNS resolution; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as its IPv4 address.
// The delivery connects to the address that was checked (no second lookup to rebind). `tillatLokal`
// (WEBHOOK_TILLAT_LOKAL, development and tests only) lets tests use http and loopback.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

export interface Adressepolicy {
  /** Tests only: http, and loopback addresses (never the other private ranges). */
  tillatLokal: boolean;
}

/** Thrown with a Norwegian message for the importer (a subscription refused, a delivery not made). */
export class UgyldigAdresse extends Error {}

/** RFC 4291 §2.4: IPv6 global unicast. ipaddr.js calls every address outside its special ranges "unicast". */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * The address as ipaddr.js must read it: dotted IPv4 as it is, IPv6 in the URL standard's form (hex groups
 * only). ipaddr.js reads the deprecated `::a.b.c.d` as `::ffff:a.b.c.d` (IPv4-mapped), but its bytes are the
 * IPv4-compatible ::a.b.c.d, and that is how glibc prints such an answer from DNS. Anything else (`127.1`, a
 * zone id) is null.
 */
function kanonisk(ip: string): string | null {
  const versjon = isIP(ip);
  if (versjon === 4) return ip;
  if (versjon !== 6) return null;
  try {
    return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** Is this address one a webhook may go to? */
export function erTillattIp(ip: string, policy: Adressepolicy): boolean {
  const tekst = kanonisk(ip);
  if (tekst === null) return false;
  const adresse = ipaddr.process(tekst);
  const range = adresse.range();
  if (policy.tillatLokal && range === "loopback") return true;
  if (range !== "unicast") return false;
  return adresse.kind() === "ipv4" || (adresse as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
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
