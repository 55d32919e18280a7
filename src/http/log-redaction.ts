// Secrets that travel in a URL (a centre's edit link, a password-reset link, an assistant's consent draft opened on
// the website) never reach the logs.
import type { FastifyLoggerOptions, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * The segment after /centro/ or /panel/clave/, also percent-encoded (a `?volver=%2Fpanel%2Fclave%2F…` in a
 * redirect): everything up to the next separator is replaced, so a secret never survives in part.
 */
const SECRET_SEGMENT = /((?:\/|%2f)(?:centro|panel(?:\/|%2f)clave)(?:\/|%2f))[^/?#&\s"'<>]+/gi;
/**
 * The value of `borrador=` (the consent draft a form opens), as a query parameter or percent-encoded inside another
 * value (`?volver=%2Fnecesito-ayuda%3Fborrador%3D…`): everything up to the next separator, an encoded `&` included.
 */
const SECRET_PARAM = /((?:^|[^\w.~-]|%3f|%26)borrador(?:=|%3d))(?:(?!%26)[^&#\s"'<>])+/gi;
export const REDACTED = '[redacted]';

/** A letter or digit written percent-encoded (`%62orrador`): it means the same unencoded, so it is read so. */
const ENCODED_ALPHANUMERIC = /%(3[0-9]|[46][1-9a-f]|[57][0-9a])/gi;

export function redactSecrets(text: string): string {
  const plain = text.replace(ENCODED_ALPHANUMERIC, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return plain.replace(SECRET_SEGMENT, `$1${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** Strings anywhere in a small value, redacted; depth-bounded, so a cyclic or huge object costs little. */
function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value, depth + 1);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = scrub(v, depth + 1);
  return out;
}

/** Like pino's standard error serializer (type, message, stack, own fields, cause), with secrets redacted. */
function serializeError(err: Error, depth = 0): { type: string; message: string; stack: string; [k: string]: unknown } {
  const out: { type: string; message: string; stack: string; [k: string]: unknown } = {
    type: err.constructor?.name ?? 'Error',
    message: redactSecrets(String(err.message ?? '')),
    stack: redactSecrets(String(err.stack ?? '')),
  };
  for (const [key, value] of Object.entries(err)) {
    if (!(key in out)) out[key] = scrub(value, depth + 1);
  }
  if (err.cause !== undefined && depth < 3) out.cause = scrub(err.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
}

type Serializers = NonNullable<FastifyLoggerOptions['serializers']>;

/** Fastify's own request serializer, with the path's secrets redacted. */
const serializers: Serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactSecrets(request.url ?? ''),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (err) => (err instanceof Error ? serializeError(err) : (scrub(err, 0) as ReturnType<typeof serializeError>)),
};

/** Logger options that keep secret paths out of every line: request lines, errors and plain messages. */
export function redactingLogger(level: string, stream?: { write(line: string): void }) {
  const options: LoggerOptions = {
    level,
    serializers,
    hooks: {
      // A message written as text (Fastify's "Route GET:/centro/… not found") or a field such as { url } too;
      // an Error passed alone is left to the err serializer above.
      logMethod(args, method) {
        const clean = args.map((arg) =>
          typeof arg === 'string' ? redactSecrets(arg) : arg instanceof Error ? arg : scrub(arg, 0),
        );
        return method.apply(this, clean as Parameters<typeof method>);
      },
    },
  };
  if (stream) options.stream = stream;
  return options;
}
