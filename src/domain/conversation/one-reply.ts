// A medium that answers each message with one reply (SMS) cannot spread a long answer over several: what is said is
// put in one reply, keeping what the person must answer now (the question and its options, their longest lines cut
// down when they alone are too long), then the hint after it, then as much of what came before as fits, nearest
// first, in whole paragraphs.
import { clip } from './clean-text.ts';
import type { Medium, Reply } from './types.ts';

const PARAGRAPH = '\n\n';
/** Shorter than this, an option's line no longer says which option it is: the paragraph is cut whole instead. */
const MIN_LINE = 12;

/** The text's longest lines cut down (marked "…") until it fits limit; cut whole when even that is not enough. */
export function fitLines(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const lines = text.split('\n');
  const room = limit - (lines.length - 1);
  const total = (cap: number) => lines.reduce((n, line) => n + Math.min(line.length, cap), 0);
  let cap = Math.max(...lines.map((line) => line.length));
  while (cap > MIN_LINE && total(cap) > room) cap--;
  if (total(cap) > room) return clip(text, limit);
  return lines.map((line) => clip(line, cap)).join('\n');
}

const paragraphsOf = (parts: readonly string[]) =>
  parts.flatMap((part) => part.split(PARAGRAPH)).filter((part) => part.trim() !== '');

/**
 * One text of at most limit characters: `core` always (cut down to fit), then the paragraphs of `after` while they
 * fit, then those of `before`, nearest first, while they fit.
 */
export function oneText(core: string, before: readonly string[], after: readonly string[], limit: number): string {
  let text = fitLines(core, limit);
  for (const part of paragraphsOf(after)) {
    if (text.length + PARAGRAPH.length + part.length > limit) break;
    text = `${text}${PARAGRAPH}${part}`;
  }
  const earlier = paragraphsOf(before);
  for (let i = earlier.length - 1; i >= 0; i--) {
    const part = earlier[i] ?? '';
    if (part.length + PARAGRAPH.length + text.length > limit) break;
    text = `${part}${PARAGRAPH}${text}`;
  }
  return text;
}

/**
 * Everything said in answer to one message, as the medium sends it: unchanged where a turn may answer with several
 * replies; else one reply, the last one (what to answer now, with its choices) and as much of the others as fits
 * before it.
 */
export function oneAnswer(replies: readonly Reply[], medium: Medium): Reply[] {
  const last = replies.at(-1);
  if (!medium.oneReply || last === undefined) return [...replies];
  const before = replies.slice(0, -1).map((reply) => reply.text);
  const text = oneText(last.text, before, [], medium.maxText);
  return [{ text, ...(last.choices ? { choices: last.choices } : {}) }];
}
