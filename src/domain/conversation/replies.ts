// Replies as sent: a question's text with its numbered options and WhatsApp choices, cut to the channel's length.
import type { Option } from './answers.ts';
import { clip } from './clean-text.ts';
import { oneText } from './one-reply.ts';
import type { Choice, Medium, Reply } from './types.ts';

/** What one step asks. Options are numbered in the text unless numbered is false (a shortcut such as "No sé"). */
export interface Question {
  text: string;
  options?: Option[];
  numbered?: boolean;
  /** A line after the options. */
  after?: string;
}

export const MAX_CHOICES = 10;
/** WhatsApp shows up to 3 choices as buttons, whose titles hold 20 characters; list rows hold 24. */
const BUTTONS = 3;

export function render(question: Question, medium: Medium, lead: string[] = []): Reply[] {
  const options = question.options ?? [];
  const list =
    question.numbered === false
      ? ''
      : options.map((option, i) => `${i + 1}. ${option.label ?? option.title}`).join('\n');
  const asked = list === '' ? question.text : `${question.text}\n${list}`;
  const choices = medium.choices && options.length > 0 ? { choices: toChoices(options) } : {};
  if (medium.oneReply) {
    // The question's last paragraph holds what to answer; a summary before it, and the lead, go only if they fit.
    const context = asked.split('\n\n');
    const core = context.pop() ?? '';
    return [{ text: oneText(core, [...lead, ...context], [question.after ?? ''], medium.maxText), ...choices }];
  }
  const body = [...lead, asked, question.after ?? ''].filter((part) => part !== '').join('\n\n');
  const chunks = split(body, medium.maxText);
  return chunks.map((text, i) => (i === chunks.length - 1 ? { text, ...choices } : { text }));
}

/** Paragraphs without options, in as few replies as the channel allows. */
export function paragraphs(parts: string[], limit: number): Reply[] {
  return split(parts.join('\n\n'), limit).map((text) => ({ text }));
}

/** Titles are unique (WhatsApp refuses buttons with the same title): numbered when clipping makes two alike. */
function toChoices(options: Option[]): Choice[] {
  const shown = options.slice(0, MAX_CHOICES);
  const titleMax = shown.length <= BUTTONS ? 20 : 24;
  let titles = shown.map((option) => clip(option.title, titleMax));
  if (new Set(titles).size < titles.length)
    titles = shown.map((option, i) => clip(`${i + 1}. ${option.title}`, titleMax));
  return shown.map((option, i) => ({
    id: option.id,
    title: titles[i] ?? option.id,
    ...(option.description ? { description: clip(option.description, 72) } : {}),
  }));
}

const SEPARATORS = ['\n\n', '\n', ' '];

/** Pieces of at most limit characters, cut between paragraphs, else lines, else words. */
export function split(text: string, limit: number, separators: readonly string[] = SEPARATORS): string[] {
  if (text.length <= limit) return [text];
  const [separator, ...finer] = separators;
  if (separator === undefined) return hardCut(text, limit);
  const pieces: string[] = [];
  let current = '';
  for (const piece of text.split(separator)) {
    const joined = current === '' ? piece : `${current}${separator}${piece}`;
    if (joined.length <= limit) {
      current = joined;
      continue;
    }
    if (current !== '') pieces.push(current);
    const parts = piece.length <= limit ? [piece] : split(piece, limit, finer);
    pieces.push(...parts.slice(0, -1));
    current = parts.at(-1) ?? '';
  }
  if (current !== '') pieces.push(current);
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}

function hardCut(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of text) {
    if (current.length + char.length > limit) {
      pieces.push(current);
      current = '';
    }
    current += char;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}
