// Text folding for search: case- and accent-insensitive words ("Medicaméntos" -> "medicamentos").
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Distinct search words of a text: folded, split on anything that is not a letter or digit. */
export function searchTerms(text: string): string[] {
  const words = fold(text).split(/[^\p{L}\p{N}]+/u);
  const terms = new Set<string>();
  for (const word of words) if (word.length > 0) terms.add(word.slice(0, 64));
  return [...terms];
}

/** The smallest string greater than every string that starts with prefix (for an index range scan). */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1)) + String.fromCodePoint(last + 1);
}

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export function hasControlCharacters(text: string, allowNewlines: boolean): boolean {
  return CONTROL.test(text) || (!allowNewlines && /[\n\r\t]/.test(text));
}
