// Where a webhook may be sent: a public http(s) address. Loopback, private, link-local (the cloud metadata service at
// 169.254.169.254), CGNAT, multicast, documentation, reserved and unspecified addresses are refused, in IPv4, in
// IPv6 and in the IPv6 forms that carry an IPv4 address, unless the instance allows private addresses
// (WEBHOOK_ALLOW_PRIVATE, for a receiver on the same network): a subscriber must not make the service reach its
// own network.
import { isIP } from 'node:net';

type Range = readonly [prefix: string, bits: number];

const V4_FORBIDDEN: readonly Range[] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
];

const V6_FORBIDDEN: readonly Range[] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
];

function v4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

/** The 16 bytes of a valid IPv6 address (a trailing dotted IPv4 part included). */
function v6Bytes(text: string): number[] {
  let tail: number[] = [];
  let head = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    tail = v4Bytes(dotted[1]);
    head = `${text.slice(0, dotted.index)}0:0`;
  }
  const [left = '', right] = head.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const words = [...l, ...new Array(8 - l.length - r.length).fill(0), ...r];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inRange(bytes: number[], [prefix, bits]: Range, parse: (text: string) => number[]): boolean {
  const base = parse(prefix);
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] as number) & mask) !== ((base[i / 8] as number) & mask)) return false;
  }
  return true;
}

function forbiddenV4(bytes: number[]): boolean {
  return V4_FORBIDDEN.some((range) => inRange(bytes, range, v4Bytes));
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedV4(bytes: number[]): number[] | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12, 16);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) {
    return bytes.slice(12, 16);
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
}

/** True for an address a webhook must not reach (see the top of this file); also for anything not an address. */
export function isForbiddenAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(plain);
  if (family === 4) return forbiddenV4(v4Bytes(plain));
  if (family !== 6) return true;
  const bytes = v6Bytes(plain.toLowerCase());
  const carried = embeddedV4(bytes);
  if (carried) return forbiddenV4(carried);
  return V6_FORBIDDEN.some((range) => inRange(bytes, range, v6Bytes));
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
