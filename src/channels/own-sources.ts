// The `source` names the service itself submits under; no integration may register them, or its own forms and
// MCP tools would need a key they do not have. Nobody may send them through the public API or an assistant's tool
// either (reserved_source): a record under one of them was brought by the service's own intake, never by a claim.
import { CHANNELS } from './adapters.ts';

export const WEB_SOURCE = 'web';
export const MCP_SOURCE = 'mcp';
/** The website's forms, the MCP tools, and each conversation channel, whose records carry its name. */
export const ownSources: readonly string[] = [WEB_SOURCE, MCP_SOURCE, ...CHANNELS];
/** A KoboToolbox form's records are `kobo:<form uid>`, written by the Kobo intake alone. */
export const KOBO_SOURCE_PREFIX = 'kobo:';

/** The names only the service's own intakes write: refused on the public API and in the MCP tools. */
export function isReservedSource(source: string): boolean {
  return ownSources.includes(source) || source.startsWith(KOBO_SOURCE_PREFIX);
}
