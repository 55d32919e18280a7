// The id of a 2025-era confirmation request this service sends, so the route recognises the person's answer
// without loading the MCP SDK.
export const CONSENT_REQUEST_PREFIX = 'consentimiento-';
