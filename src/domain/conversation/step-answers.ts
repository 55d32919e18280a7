// What each step does with an answer: take it and move on, or ask again saying why.
import { bounds } from '../bounds.ts';
import type { Category } from '../categories.ts';
import { isSkip, parseQuantity, pickOption } from './answers.ts';
import { clip, oneLine, severalLines } from './clean-text.ts';
import { intentOf } from './commands.ts';
import { allCategoryOptions } from './options.ts';
import { place, placePick } from './place-answers.ts';
import { usableProfileName } from './questions.ts';
import { toSubmission } from './submission-draft.ts';
import { texts } from './texts.ts';
import { advance, ask, chosen, end, type Handler, miss, notUnderstood, stored, textOf } from './turns.ts';
import type { Step } from './types.ts';

const b = bounds;

const type: Handler = (state, input, env) => {
  const option = chosen(state, input, env);
  const text = textOf(input);
  const picked = option ? (option.id === 'type:offer' ? 'offer' : 'request') : text ? intentOf(text) : undefined;
  return picked ? advance({ ...state.draft, type: picked }, env) : miss(state, env, notUnderstood(input));
};

const emergency: Handler = (state, input, env) => {
  const option = chosen(state, input, env);
  if (!option) return miss(state, env, notUnderstood(input));
  return advance({ ...state.draft, emergencySlug: option.id.slice('emer:'.length) }, env);
};

const category: Handler = (state, input, env) => {
  const text = textOf(input);
  const option = chosen(state, input, env) ?? (text ? pickOption(text, allCategoryOptions, false) : undefined);
  if (!option) return miss(state, env, notUnderstood(input));
  if (option.id === 'cat:more') return ask({ ...state, page: 'more', misses: 0 }, env);
  if (option.id === 'cat:back') return ask({ ...state, page: undefined, misses: 0 }, env);
  return advance({ ...state.draft, category: option.id.slice('cat:'.length) as Category }, env);
};

const what: Handler = (state, input, env) => {
  const text = textOf(input);
  if (text === undefined) return miss(state, env, notUnderstood(input));
  const line = oneLine(text);
  const { description: _old, ...draft } = state.draft;
  if (line.length < b.title.min || line.replace(/[^\p{L}\p{N}]/gu, '').length < 2) {
    return miss(state, env, texts.titleTooShort());
  }
  if (line.length <= b.title.max) return advance({ ...draft, title: line }, env);
  const description = clip(severalLines(text), b.description.max);
  return advance({ ...draft, title: clip(line, b.title.max), description }, env);
};

const quantity: Handler = (state, input, env) => {
  if (chosen(state, input, env)) return advance({ ...state.draft, quantity: null }, env);
  const text = textOf(input);
  if (text === undefined) return miss(state, env, notUnderstood(input));
  const answer = parseQuantity(text, b.quantityRequired.max, b.unit.max);
  if (answer.kind === 'skip') return advance({ ...state.draft, quantity: null }, env);
  if (answer.kind === 'amount')
    return advance({ ...state.draft, quantity: { amount: answer.amount, unit: answer.unit } }, env);
  return miss(state, env, answer.reason === 'too_big' ? texts.quantityTooBig() : texts.quantityUnreadable());
};

const urgency: Handler = (state, input, env) => {
  const option = chosen(state, input, env);
  if (!option) return miss(state, env, notUnderstood(input));
  const picked = option.id === 'urg:urgent' ? 'urgent' : option.id === 'urg:needed' ? 'needed' : 'stable';
  return advance({ ...state.draft, urgency: picked }, env, picked === 'urgent' ? [texts.call123()] : []);
};

const neighborhood: Handler = (state, input, env) => {
  const text = textOf(input);
  if (chosen(state, input, env) || (text !== undefined && isSkip(text))) {
    return advance({ ...state.draft, neighborhood: null }, env);
  }
  if (text === undefined) return miss(state, env, notUnderstood(input));
  const line = oneLine(text);
  if (line.length < 2) return miss(state, env, texts.neighborhoodTooShort());
  if (line.length > b.neighborhood.max) return miss(state, env, texts.neighborhoodTooLong());
  return advance({ ...state.draft, neighborhood: line }, env);
};

const address: Handler = (state, input, env) => {
  const text = textOf(input);
  const required = state.draft.type === 'request';
  if (!required && (chosen(state, input, env) || (text !== undefined && isSkip(text)))) {
    return advance({ ...state.draft, address: null }, env);
  }
  if (text === undefined) return miss(state, env, notUnderstood(input));
  const line = oneLine(text);
  if (line.length < b.address.min || (required && isSkip(line))) {
    return miss(state, env, required ? texts.addressRequired() : texts.addressTooShort());
  }
  if (line.length > b.address.max) return miss(state, env, texts.addressTooLong());
  return advance({ ...state.draft, address: line }, env);
};

const name: Handler = (state, input, env) => {
  const profile = usableProfileName(env);
  if (profile && chosen(state, input, env)) return advance({ ...state.draft, contactName: profile }, env);
  const text = textOf(input);
  if (text === undefined) return miss(state, env, notUnderstood(input));
  const line = oneLine(text);
  if (line.length > b.contactName.max) return miss(state, env, texts.nameTooLong());
  if (line.length < b.contactName.min || !/\p{L}/u.test(line)) return miss(state, env, texts.nameInvalid());
  return advance({ ...state.draft, contactName: line }, env);
};

const consent: Handler = (state, input, env) => {
  const option = chosen(state, input, env);
  if (!option) return miss(state, env, notUnderstood(input));
  if (option.id === 'no') return end([texts.consentRefused(state.draft.type ?? 'request')], env);
  return advance({ ...state.draft, consent: true }, env);
};

const confirm: Handler = (state, input, env) => {
  const option = chosen(state, input, env);
  if (!option) return miss(state, env, notUnderstood(input));
  if (option.id === 'restart') return advance({}, env);
  if (!env.emergencies.some((e) => e.slug === state.draft.emergencySlug)) {
    return advance(state.draft, env, [texts.emergencyClosed()]);
  }
  const submission = toSubmission(state.draft);
  if (!submission) return advance(state.draft, env);
  // Kept at confirm: when saving fails, "enviar" sends again.
  return { state: stored({ ...state, misses: 0 }), replies: [], action: { kind: 'submit', submission } };
};

export const stepAnswers: Record<Step, Handler> = {
  type,
  emergency,
  category,
  what,
  quantity,
  urgency,
  place,
  place_pick: placePick,
  neighborhood,
  address,
  name,
  consent,
  confirm,
};
