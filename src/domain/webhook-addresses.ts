// Where a webhook may be sent: a public http(s) address. Only what ipaddr.js classifies as global unicast passes, and
// in IPv6 only the global unicast block 2000::/3: loopback, private, link-local (the cloud metadata service at
// 169.254.169.254), CGNAT, benchmarking, multicast, documentation, translation, reserved and unspecified addresses
// are refused. An IPv6 address that carries an IPv4 one the network delivers to (mapped ::ffff:0:0/96, NAT64
// 64:ff9b::/96, 6to4 2002::/16) is judged as that IPv4 address. Unless the instance allows private addresses
// (WEBHOOK_ALLOW_PRIVATE, for a receiver on the same network): a subscriber must not make the service reach its own
// network.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The IPv6 address in the hexadecimal form the URL standard writes. ipaddr.js reads any dotted tail as IPv4-mapped
 * (`::127.0.0.1` as `::ffff:127.0.0.1`), so it is given the address only once nothing is dotted. Null where the
 * URL standard disagrees with node:net that it is an address: refused, never thrown inside a lookup's callback.
 */
function canonicalV6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** The IPv4 address the network delivers an IPv6 one to, if it carries one. */
function carriedV4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  // The well-known NAT64 prefix only; the local-use 64:ff9b:1::/48 leads into the operator's own network.
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  if (address.range() === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** True for an address a webhook must not reach (see the top of this file); also for anything not an address. */
export function isForbiddenAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(plain);
  if (family === 4) return ipaddr.IPv4.parse(plain).range() !== 'unicast';
  if (family !== 6) return true;
  const canonical = canonicalV6(plain);
  if (canonical === null || !ipaddr.IPv6.isValid(canonical)) return true;
  const v6 = ipaddr.IPv6.parse(canonical);
  const v4 = carriedV4(v6);
  if (v4) return v4.range() !== 'unicast';
  // ipaddr.js calls unicast whatever it has no name for (the old IPv4-compatible ::a.b.c.d, blocks never assigned
  // such as 4000::/3): only 2000::/3 is handed out for the internet.
  return v6.range() !== 'unicast' || (v6.toByteArray()[0] as number) >> 5 !== 0b001;
}

/** An IP literal as a URL's host gives it ("[::1]" -> "::1"); null for a name. */
export function literalAddress(hostname: string): string | null {
  const plain = hostname.replace(/^\[|\]$/g, '');
  return isIP(plain) === 0 ? null : plain;
}

/** Why a URL cannot be a webhook's (Spanish, for the person registering it), or null when its form is fine. */
export function webhookUrlProblem(url: URL | null, allowPrivate: boolean): string | null {
  if (!url) return 'no es una URL absoluta';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'solo se aceptan URL http: o https:';
  if (url.username !== '' || url.password !== '') return 'la URL no puede llevar usuario ni contraseña';
  if (url.hostname === '') return 'falta el servidor';
  const literal = literalAddress(url.hostname);
  if (literal && !allowPrivate && isForbiddenAddress(literal)) return refusedAddress(literal);
  return null;
}

export function refusedAddress(address: string): string {
  return `la dirección ${address} es local, privada o reservada: los webhooks solo van a direcciones públicas`;
}
