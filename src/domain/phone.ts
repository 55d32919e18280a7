// WhatsApp numbers: international format only, stored as E.164.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export function normalizeWhatsapp(raw: string): string | null {
  const compact = raw.trim();
  if (!compact.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

export function whatsappUrl(e164: string): string {
  return `https://wa.me/${e164.replace(/^\+/, '')}`;
}
