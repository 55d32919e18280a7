// Text folding for search: case- and accent-insensitive words ("Medicaméntos" -> "medicamentos").
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Distinct search words of a text: folded, split on anything that is not a letter or digit. */
export function searchTerms(text: string): string[] {
  const terms = new Set<string>();
  let word = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const folded = code < TABLE_SIZE ? (FOLDED[code] as string | null) : null;
    // A character outside the table (or a combining mark, which folds with its neighbour): fold it all at once.
    if (folded === null) return foldedTerms(text);
    if (folded !== '') word += folded;
    else if (word !== '') {
      terms.add(word.slice(0, MAX_TERM));
      word = '';
    }
  }
  if (word !== '') terms.add(word.slice(0, MAX_TERM));
  return [...terms];
}

const MAX_TERM = 64;

/** searchTerms by definition: the whole text folded, then split. */
export function foldedTerms(text: string): string[] {
  const words = fold(text).split(/[^\p{L}\p{N}]+/u);
  const terms = new Set<string>();
  for (const word of words) if (word.length > 0) terms.add(word.slice(0, MAX_TERM));
  return [...terms];
}

/**
 * Latin letters, with every accent Spanish and its neighbours use, fold one character at a time exactly as the
 * whole text would (no combining mark and no context-dependent case below U+0250): per code point, its folded
 * text when it belongs to a word, '' when it separates words, null when only folding the whole text is exact.
 * Most texts never leave the table, and reading it is several times quicker than normalising.
 */
const TABLE_SIZE = 0x250;
const FOLDED: (string | null)[] = Array.from({ length: TABLE_SIZE }, (_, code) => {
  const folded = fold(String.fromCharCode(code));
  if (/^[\p{L}\p{N}]+$/u.test(folded)) return folded;
  return /^[^\p{L}\p{N}]*$/u.test(folded) ? '' : null;
});

/** The smallest string greater than every string that starts with prefix (for an index range scan). */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1)) + String.fromCodePoint(last + 1);
}

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export function hasControlCharacters(text: string, allowNewlines: boolean): boolean {
  return CONTROL.test(text) || (!allowNewlines && /[\n\r\t]/.test(text));
}

// Invisible and direction-changing characters: a title that reads one way and sorts, searches or compares
// another (U+202E turns "gpj.exe" around; U+200B splits a word a search would find). C1 controls
// (U+0080–U+009F) have no printable meaning and some terminals act on them.

/** Zero-width (U+200B, U+200C, U+2060–U+2064, U+FEFF), bidi marks, embeddings, overrides and isolates (U+061C,
 * U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). U+200D is handled apart, below. */
const INVISIBLE = '\\u061c\\u200b\\u200c\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
/** A pictograph, maybe with its emoji presentation selector or a skin tone. */
const PICTOGRAPH = '\\p{Extended_Pictographic}[\\u{FE0F}\\u{1F3FB}-\\u{1F3FF}]?';
/**
 * U+200D (zero-width joiner) between two pictographs builds one emoji (👩‍🚒, 🏳️‍🌈, ❤️‍🔥): there it is kept, in
 * every field. Anywhere else it is as invisible as the others.
 */
const STRAY_JOINER = `(?<!${PICTOGRAPH})\\u200d|\\u200d(?!\\p{Extended_Pictographic})`;
/** C1 controls, the invisible ones, a stray joiner, and the line and paragraph separators (U+2028, U+2029). */
const ONE_LINE_REFUSED = new RegExp(`[\\u0080-\\u009f${INVISIBLE}\\u2028\\u2029]|${STRAY_JOINER}`, 'u');
const STRIPPED = new RegExp(`[${INVISIBLE}]|${STRAY_JOINER}`, 'gu');

/** Whether a one-line text holds an invisible, direction-changing or C1 control character (emoji joiners aside). */
export function hasInvisibleCharacters(text: string): boolean {
  return ONE_LINE_REFUSED.test(text);
}

/** C1 controls: refused in multi-line texts too (nothing to strip: they mean a broken encoding, not a paste). */
export function hasC1Controls(text: string): boolean {
  return /[\u0080-\u009f]/.test(text);
}

/**
 * Multi-line texts (descriptions, notes) are pasted from chats and documents, where these characters come along
 * unseen: instead of refusing the whole text, the zero-width and bidi characters are removed (a joiner inside an
 * emoji is kept, U+200D being what builds 👩‍🚒) and U+2028/U+2029 become ordinary line breaks.
 */
export function stripInvisibleCharacters(text: string): string {
  return text.replace(STRIPPED, '').replace(/[\u2028\u2029]/g, '\n');
}

/**
 * Text in which no link can be tapped: "http://", "https://" and "www." lose what makes a phone draw a link
 * ("panel-ayuda.example/x" stays readable). For a person's own words echoed back to them.
 */
export function withoutLinkSchemes(text: string): string {
  return text.replace(/\b(?:https?|ftp):\/\//giu, '').replace(/\bwww\./giu, '');
}
