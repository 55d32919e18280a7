// What cross-origin callers may send and read: the CORS layer applies it and the developers page states it.
export const CORS_METHODS = ['GET', 'POST', 'DELETE', 'OPTIONS'];
export const CORS_ALLOWED_HEADERS = [
  'Content-Type',
  'Idempotency-Key',
  'Authorization',
  'Accept-Language',
  'If-None-Match',
  'If-Modified-Since',
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'Last-Event-ID',
];
export const CORS_EXPOSED_HEADERS = [
  'ETag',
  'Last-Modified',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Idempotent-Replayed',
  'Mcp-Session-Id',
  'Content-Disposition',
  'Link',
  'X-Request-Id',
];
