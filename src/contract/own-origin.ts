// Whether a Host or Origin names this service: BASE_URL's own, or any loopback name when BASE_URL is local.
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export interface OwnOrigin {
  host(host: string | undefined): boolean;
  /** An absent Origin is not a browser's cross-site request and passes; "null" and foreign ones do not. */
  origin(origin: string | undefined): boolean;
}

export function ownOrigin(baseUrl: string): OwnOrigin {
  const base = new URL(baseUrl);
  // A local deployment answers on any loopback name and port (PORT=0, proxies in development).
  const local = LOOPBACK.has(base.hostname);
  return {
    host(host) {
      if (!host) return false;
      if (local) return LOOPBACK.has(hostnameOf(host) ?? '');
      return host.toLowerCase() === base.host;
    },
    origin(origin) {
      if (origin === undefined) return true;
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false;
      }
      if (local) return LOOPBACK.has(url.hostname);
      return url.origin === base.origin;
    },
  };
}
