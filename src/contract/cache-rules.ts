// When a cached public response is still good and how it is named: shared by the API's cache and MCP resources.
import { createHash } from 'node:crypto';

/** Upper bound on staleness should a change notification ever be missed. */
export const MAX_AGE_MS = 30_000;

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
