// What one queued message says: its text, the choices a channel can show as buttons or a list, or the approved
// template that carries the text outside a channel's reach window.
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
