// The MCP protocol revisions /mcp serves: the one without sessions, and the session-based one of SPEC 4.6.
/** Stateless: server/discover, the version and capabilities in each request's _meta, subscriptions/listen. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** Sessions (Mcp-Session-Id), initialize, the GET stream and DELETE; earlier 2025 revisions are accepted too. */
export const LEGACY_PROTOCOL_VERSION = '2025-11-25';
/** Every 2025-era revision a session may negotiate, newest first (the SDK's list; a test keeps them equal). */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];
