// The order of the questions: the first one the draft has no answer for, filling what needs no question.
import { texts } from './texts.ts';
import type { ConversationEnv, Draft, Step } from './types.ts';

export interface Next {
  step: Step;
  draft: Draft;
  /** What the person should know about an answer filled without asking. */
  notes: string[];
}

/** The next question, or undefined when no emergency is active (nothing can be registered). */
export function nextStep(draft: Draft, env: ConversationEnv): Next | undefined {
  const notes: string[] = [];
  const at = (step: Step): Next => ({ step, draft, notes });
  if (!draft.type) return at('type');
  if (!env.emergencies.some((e) => e.slug === draft.emergencySlug)) {
    const [only, ...others] = env.emergencies;
    if (!only) return undefined;
    const { emergencySlug: _closed, ...rest } = draft;
    draft = others.length === 0 ? { ...rest, emergencySlug: only.slug } : rest;
    if (others.length > 0) return at('emergency');
  }
  if (!draft.category) return at('category');
  if (!draft.title) return at('what');
  const request = draft.type === 'request';
  if (request && draft.quantity === undefined) return at('quantity');
  if (request && !draft.urgency) {
    if (draft.category !== 'rescate') return at('urgency');
    draft = { ...draft, urgency: 'urgent' };
    notes.push(texts.rescueIsUrgent());
  }
  if (!draft.place) return at('place');
  if (request && draft.neighborhood === undefined) return at('neighborhood');
  if (draft.address === undefined) return at('address');
  if (!draft.contactName) return at('name');
  if (!draft.consent) return at('consent');
  return at('confirm');
}
