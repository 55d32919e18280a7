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
