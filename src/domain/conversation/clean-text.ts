// Turning what people type into values the submission schema accepts: one line or several, within a length.
import { stripInvisibleCharacters } from '../text.ts';

/** Control characters, C1 ones included, but tab and line breaks (handled apart). */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** One line: no invisible or control characters, every run of spaces, tabs or line breaks one space. */
export function oneLine(text: string): string {
  return stripInvisibleCharacters(text.toWellFormed()).replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}

/** Several lines: no invisible or control characters, no trailing spaces, at most one blank line in a row. */
export function severalLines(text: string): string {
  return stripInvisibleCharacters(text.toWellFormed())
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * At most max UTF-16 units (what the schema counts): cut at a space when one is near the end, never inside a
 * surrogate pair or an emoji's joiner, and marked with "…".
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const space = text.slice(0, end + 1).search(/\s\S*$/);
  if (space > max / 2) end = space;
  let cut = text.slice(0, end);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${stripInvisibleCharacters(cut).trimEnd()}…`;
}
