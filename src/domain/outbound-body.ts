// What one queued message says: its text, the choices a channel can show as buttons or a list, or the approved
// template that carries the text outside a channel's reach window.
import { RECEIPT_CODE_ALPHABET } from './receipt-code.ts';

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

/** Any code in the receipt format (receipt, pledge and claim codes are all credentials). */
const CODE_IN_TEXT = new RegExp(`[${RECEIPT_CODE_ALPHABET}]{3}(?:-[${RECEIPT_CODE_ALPHABET}]{3}){3}`, 'g');
export const HIDDEN_CODE = '«código oculto»';

/**
 * A stored message once it has gone (or cannot go): the codes it carried are replaced, so the outbound queue and the
 * console's conversation view never keep a credential; null when there was none to hide.
 */
export function withoutCodes(json: string): string | null {
  let body: OutboundBody;
  try {
    body = parseOutboundBody(json);
  } catch {
    return null;
  }
  if (typeof body.text !== 'string') return null;
  const text = body.text.replace(CODE_IN_TEXT, HIDDEN_CODE);
  return text === body.text ? null : JSON.stringify({ ...body, text });
}
