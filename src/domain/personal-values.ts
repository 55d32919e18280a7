// The values an erasure removes from free texts (notes, audit details, report notes, descriptions): phone numbers
// however they were typed, identity documents, and a record's own name and address. Pure: no I/O.

/** What an erased value becomes inside a text that stays. */
export const ERASED_MARK = '[dato borrado]';

export interface PersonalValues {
  /** E.164 numbers ('+573001234567'). */
  phones: string[];
  /** Identity documents, as typed. */
  documents: string[];
  /** Names and addresses: replaced where they appear, ignoring case; only in the texts of their own records. */
  words: string[];
}

export const noValues = (): PersonalValues => ({ phones: [], documents: [], words: [] });

/** Merges b into a, dropping empty and repeated values. */
type ValuesToAdd = { [K in keyof PersonalValues]?: (string | null | undefined)[] };

export function addValues(a: PersonalValues, b: ValuesToAdd): PersonalValues {
  const merge = (x: string[], y: (string | null | undefined)[] = []) => [
    ...new Set([...x, ...y.map((v) => (v ?? '').trim()).filter((v) => v.length >= 3)]),
  ];
  return {
    phones: merge(a.phones, b.phones),
    documents: merge(a.documents, b.documents),
    words: merge(a.words, b.words),
  };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches a number the way people write it: '+57 300 123 4567', '(300) 123-4567', '3001234567', '57 300…'. The
 * national digits (the country code dropped) with separators allowed between them, never inside a longer number.
 */
export function phonePattern(e164: string): RegExp {
  const digits = e164.replace(/\D/g, '');
  const national = digits.startsWith('57') && digits.length === 12 ? digits.slice(2) : digits;
  const body = [...national].map((d) => escapeRegex(d)).join('[\\s().-]{0,2}');
  const country = digits.length > national.length ? `(?:(?:\\+\\s?)?${digits.slice(0, 2)}[\\s().-]{0,2})?` : '\\+?';
  return new RegExp(`(?<!\\d)${country}\\(?${body}(?!\\d)`, 'g');
}

/** A document as typed, also with dots or spaces between its digits ('1.020.304.050'). */
export function documentPattern(document: string): RegExp {
  const compact = document.replace(/[\s.-]/g, '');
  const body = [...compact].map((c) => escapeRegex(c)).join('[\\s.-]?');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'giu');
}

/** A few digits that any way of writing the value keeps together: a cheap LIKE filter before the exact match. */
export function likeHint(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : value;
}

/** The text with every value replaced by ERASED_MARK; the same text when none is in it. */
export function scrubText(text: string, values: PersonalValues): string {
  let out = text;
  for (const phone of values.phones) out = out.replace(phonePattern(phone), ERASED_MARK);
  for (const document of values.documents) out = out.replace(documentPattern(document), ERASED_MARK);
  for (const word of values.words) out = out.replace(new RegExp(escapeRegex(word), 'giu'), ERASED_MARK);
  return out;
}

/** True when the text holds any of the values (the right to know lists it). */
export function holdsValues(text: string | null | undefined, values: PersonalValues): boolean {
  return text !== null && text !== undefined && text !== '' && scrubText(text, values) !== text;
}
