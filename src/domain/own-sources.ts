// The `source` names the service itself submits under; no integration may register them, or its own forms and
// MCP tools would need a key they do not have.
export const WEB_SOURCE = 'web';
export const MCP_SOURCE = 'mcp';
export const WHATSAPP_SOURCE = 'whatsapp';
export const SMS_SOURCE = 'sms';
export const ownSources: readonly string[] = [WEB_SOURCE, MCP_SOURCE, WHATSAPP_SOURCE, SMS_SOURCE];
