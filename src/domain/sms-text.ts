// What an SMS costs: a text in the GSM 7-bit alphabet travels 160 characters in one part and 153 a part when split;
// one character outside it (á, í, ó, ú, «, …) sends the whole text as UCS-2, 70 and 67 a part, so a Spanish reply of
// 320 characters would cost five parts instead of two. SMS texts are therefore written in the GSM alphabet: a letter
// with an accent it lacks loses the accent (revisión → revision), typographic marks become their plain forms, and
// nothing else from outside it is sent. Each character maps to at most one, so a text never grows.

/** GSM 03.38's basic table, one septet each. */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: two septets each (an escape, then the character). */
const EXTENSION = '^{}\\[~]|€\f';

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

/** Marks with a plain form in the basic table (extension characters too, so each costs one septet). */
const PLAIN: Record<string, string> = {
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '„': '"',
  '‘': "'",
  '’': "'",
  '´': "'",
  '`': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  '−': '-',
  '…': '.',
  '•': '-',
  '·': '.',
  '\u00a0': ' ',
  '\t': ' ',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '\\': '/',
  '|': '/',
  '~': '-',
  '^': "'",
  '€': 'E',
};

/** One character as the GSM alphabet can carry it: itself, its plain form, its letter without accent, or nothing. */
function gsmChar(char: string): string {
  if (PLAIN[char] !== undefined) return PLAIN[char];
  if (basic.has(char)) return char;
  const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
  if (bare.length === 1 && basic.has(bare)) return bare;
  return '';
}

/** The text in the GSM 7-bit basic table, one septet a character, never longer than it was. */
export function gsmText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) out += gsmChar(char);
  return out;
}

/** The parts a text is sent in: GSM 7-bit (160, then 153 a part) or, with any character outside it, UCS-2 (70, 67). */
export function smsParts(text: string): number {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (basic.has(char)) septets += 1;
    else if (extension.has(char)) septets += 2;
    else gsm = false;
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}

/** The most characters of gsmText that fit in two parts: what one SMS reply may hold. */
export const SMS_TWO_PARTS = 2 * 153;
