// WhatsApp numbers: international format only, stored as E.164.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export function normalizeWhatsapp(raw: string): string | null {
  const compact = raw.trim();
  if (!compact.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/**
 * encodeURIComponent leaves !'()* as they are; in a wa.me link inside Markdown `[...](url)` a ")" ends the link
 * early, and some chat apps cut a link at a parenthesis. Every reserved character is percent-encoded.
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The wa.me link of a number, with a prefilled message when one is given. */
export function whatsappUrl(e164: string, message?: string): string {
  const base = `https://wa.me/${e164.replace(/\D/g, '')}`;
  return message ? `${base}?text=${encodeQueryValue(message)}` : base;
}
