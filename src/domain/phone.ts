// WhatsApp numbers: stored as E.164; the API takes them international, the website also as people in Colombia write them.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export function normalizeWhatsapp(raw: string): string | null {
  const compact = raw.trim();
  if (!compact.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** Digits with the separators people type, and at most one leading +; letters are never read as digits. */
const typedPhone = /^\+?[\d\s.\-()]+$/;

/**
 * A number as typed on the website -> E.164, or null. "+…" is international, of any country. Without a plus it
 * is Colombian: national ("311 555 0199", a landline such as "601 234 5678"), or with the country code first
 * ("57 311 555 0199"). No Colombian national number starts with 57, so a leading 57 is read as the country code
 * only when the national reading is not a valid number.
 */
export function localWhatsapp(raw: string): string | null {
  const typed = raw.trim();
  if (!typedPhone.test(typed)) return null;
  if (typed.startsWith('+')) return normalizeWhatsapp(typed);
  const digits = typed.replace(/\D/g, '');
  const national = parsePhoneNumberFromString(digits, { defaultCountry: 'CO', extract: false });
  if (national?.isValid() && national.countryCallingCode === '57') return national.number;
  return digits.startsWith('57') ? normalizeWhatsapp(`+${digits}`) : null;
}

/**
 * "+57 311 555 0199". libphonenumber writes a Colombian 10-digit number as 3 + 7 digits; in Colombia people write
 * and read it as 3-3-4, mobiles and landlines alike. Other countries keep libphonenumber's international format.
 */
export function groupedPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  const national = parsed.nationalNumber;
  if (parsed.countryCallingCode === '57' && /^\d{10}$/.test(national)) {
    return `+57 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  }
  return parsed.formatInternational();
}

/** The link that makes a phone call. */
export function telUrl(e164: string): string {
  return `tel:${e164}`;
}

/** The link that opens a text message (SMS) to the number. */
export function smsUrl(e164: string): string {
  return `sms:${e164}`;
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
