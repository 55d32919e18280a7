// Building a turn: ask the next question, ask the same one again after a mistake, or end the conversation.
import type { Option } from './answers.ts';
import { pickOption } from './answers.ts';
import { question } from './questions.ts';
import { paragraphs, render } from './replies.ts';
import { nextStep } from './steps.ts';
import { texts } from './texts.ts';
import type { ConversationEnv, ConversationState, Draft, Inbound, Turn } from './types.ts';

/** What one step does with an answer. */
export type Handler = (state: ConversationState, input: Inbound, env: ConversationEnv) => Turn;

export const textOf = (input: Inbound): string | undefined => (input.kind === 'text' ? input.text : undefined);

/** After this many answers not understood in a row, the question says how to leave. */
export const MISSES_BEFORE_HINT = 3;

/** The state exactly as the caller will read it back: its JSON form (no undefined fields, no shared objects). */
export function stored(state: ConversationState): ConversationState {
  return JSON.parse(JSON.stringify(state)) as ConversationState;
}

/** Asks state's question; lead comes first, after (a hint) last. */
export function ask(state: ConversationState, env: ConversationEnv, lead: string[] = [], after?: string): Turn {
  const asked = question(state, env);
  const tail = [asked.after, after].filter((line) => line !== undefined).join('\n');
  return { state: stored(state), replies: render({ ...asked, after: tail }, env.medium, lead) };
}

/** Moves to the first question the draft has no answer for. */
export function advance(draft: Draft, env: ConversationEnv, lead: string[] = []): Turn {
  const next = nextStep(draft, env);
  if (!next) return end([...lead, texts.noEmergency()], env);
  return ask({ version: 1, step: next.step, draft: next.draft, misses: 0 }, env, [...lead, ...next.notes]);
}

/** The same question again, after why; from the third miss on, with how to leave. */
export function miss(state: ConversationState, env: ConversationEnv, why: string): Turn {
  const misses = state.misses + 1;
  return ask({ ...state, misses }, env, [why], misses >= MISSES_BEFORE_HINT ? texts.cancelHint() : undefined);
}

export function end(lines: string[], env: ConversationEnv): Turn {
  return { state: null, replies: paragraphs(lines, env.medium.maxText) };
}

/** Why an answer was not taken, when no better reason is known. */
export function notUnderstood(input: Inbound): string {
  return input.kind === 'other' ? texts.notText() : texts.notUnderstood();
}

/** The option of this step's question that an answer picks: a choice id offered, a number, a title. */
export function chosen(state: ConversationState, input: Inbound, env: ConversationEnv): Option | undefined {
  const { options = [], numbered } = question(state, env);
  if (input.kind === 'choice') return options.find((option) => option.id === input.id);
  if (input.kind === 'text') return pickOption(input.text, options, numbered !== false);
  return undefined;
}
