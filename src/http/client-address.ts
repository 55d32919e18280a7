// The client's address as the service sees it: the socket's peer, or, behind trusted proxies (TRUST_PROXY), the
// nearest address in X-Forwarded-For that no trusted proxy added. The same rule as Fastify's request.ip, in one
// function that both the route hooks and the cached-read fast path use.
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export type ClientAddress = (raw: IncomingMessage) => string;

export function clientAddressReader(trustProxy: boolean | string): ClientAddress {
  if (trustProxy === false) return (raw) => raw.socket?.remoteAddress ?? '';
  const trusted =
    trustProxy === true
      ? () => true
      : proxyAddr.compile(
          trustProxy
            .split(',')
            .map((value) => value.trim())
            .filter((value) => value !== ''),
        );
  return (raw) => {
    const addresses = proxyAddr.all(raw, trusted);
    return addresses[addresses.length - 1] ?? '';
  };
}

/**
 * Whether an address is one of the service's own proxies, as TRUST_PROXY lists them: a request whose client address
 * is still a proxy came through it without saying for whom, so it stands for many people. With `true` nothing is
 * listed (every address is taken at its word), and without TRUST_PROXY there are no proxies.
 */
export function ownProxyReader(trustProxy: boolean | string): (address: string) => boolean {
  if (typeof trustProxy !== 'string') return () => false;
  const listed = proxyAddr.compile(
    trustProxy
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== ''),
  );
  return (address) => address !== '' && listed(address, 0);
}
