// What the route and the server both need to know about asking the person, without loading the MCP SDK: the id
// of a 2025-era confirmation request (so the answer is recognised at any instance), and whether a client's
// declared capabilities let it show a form.
export const CONSENT_REQUEST_PREFIX = 'consentimiento-';

/** Form elicitation: an empty elicitation object also means form mode (protocol 2025-06-18 onwards). */
export function elicitsForms(capabilities: unknown): boolean {
  const elicitation = (capabilities as { elicitation?: unknown } | null | undefined)?.elicitation;
  if (elicitation === null || typeof elicitation !== 'object') return false;
  return Object.keys(elicitation).length === 0 || 'form' in elicitation;
}
