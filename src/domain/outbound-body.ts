// What one queued WhatsApp or SMS message says: its text, the choices WhatsApp can show as buttons or a list, or the
// approved template that carries the text outside WhatsApp's 24-hour window.
export interface OutboundChoice {
  id: string;
  title: string;
  description?: string;
}

export interface OutboundBody {
  text: string;
  choices?: OutboundChoice[];
  /** Sent as this template with the text as its one body parameter. */
  template?: string;
}

/** WhatsApp's limits: a body of 1024 characters in interactive messages, 4096 in text ones. */
export const WHATSAPP_TEXT_MAX = 4096;
export const WHATSAPP_INTERACTIVE_TEXT_MAX = 1024;
export const WHATSAPP_BUTTON_TITLE_MAX = 20;
export const WHATSAPP_BUTTONS_MAX = 3;
export const WHATSAPP_ROW_TITLE_MAX = 24;
export const WHATSAPP_ROW_DESCRIPTION_MAX = 72;
export const WHATSAPP_ROWS_MAX = 10;

export function parseOutboundBody(json: string): OutboundBody {
  const value = JSON.parse(json) as OutboundBody;
  return value;
}

/** A stored message's text as the person read it; null when it has none (a template) or is not JSON. */
export function outboundText(json: string): string | null {
  try {
    return parseOutboundBody(json).text ?? null;
  } catch {
    return null;
  }
}
