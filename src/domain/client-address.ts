// The unit a per-client limit counts: an IPv4 address, or an IPv6 /64 (one subscriber usually holds a whole /64,
// so counting single IPv6 addresses would let one client spread over 2^64 of them).
import { isIPv6 } from 'node:net';

function expandIPv6(address: string): string[] | null {
  const [head = '', tail] = address.split('::');
  if (address.split('::').length > 2) return null;
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headParts.length - tailParts.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...headParts, ...Array(tail === undefined ? 0 : missing).fill('0'), ...tailParts];
}

export function clientScope(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  // IPv4 clients seen through a dual-stack socket arrive as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address.toLowerCase());
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
