// The place of a request or offer: a shared location within the accepted coordinates, or a municipality by name.
import { bounds } from '../bounds.ts';
import { municipalityLabel } from '../municipalities.ts';
import { simplify } from './answers.ts';
import { clip, oneLine } from './clean-text.ts';
import { findMunicipality } from './find-municipality.ts';
import { texts } from './texts.ts';
import { advance, ask, chosen, type Handler, miss, notUnderstood, textOf } from './turns.ts';
import type { ConversationEnv, ConversationState, Turn } from './types.ts';

function inBounds(latitude: number, longitude: number): boolean {
  const { latitude: lat, longitude: lon } = bounds;
  return latitude >= lat.min && latitude <= lat.max && longitude >= lon.min && longitude <= lon.max;
}

function placeByName(state: ConversationState, typed: string, env: ConversationEnv): Turn {
  const match = findMunicipality(typed);
  switch (match.kind) {
    case 'one':
      return advance({ ...state.draft, place: { kind: 'municipality', code: match.municipality.code } }, env);
    case 'several': {
      const candidates = match.candidates.map((m) => m.code);
      return ask({ version: 1, step: 'place_pick', draft: state.draft, misses: 0, candidates }, env);
    }
    case 'department':
      return miss(
        state,
        env,
        texts.municipalityIsDepartment(match.name, match.example && municipalityLabel(match.example)),
      );
    case 'outside':
      return miss(state, env, texts.municipalityOutside(municipalityLabel(match.municipality)));
    case 'none':
      return miss(state, env, texts.municipalityUnknown(clip(oneLine(typed), 40)));
  }
}

export const place: Handler = (state, input, env) => {
  if (input.kind === 'location') {
    const { latitude, longitude } = input;
    if (!inBounds(latitude, longitude)) return miss(state, env, texts.pointOutside());
    return advance({ ...state.draft, place: { kind: 'point', latitude, longitude } }, env);
  }
  const text = textOf(input);
  if (text === undefined || /^\d{1,2}$/.test(simplify(text))) return miss(state, env, notUnderstood(input));
  return placeByName(state, text, env);
};

export const placePick: Handler = (state, input, env) => {
  const option = chosen(state, input, env);
  if (option)
    return advance({ ...state.draft, place: { kind: 'municipality', code: option.id.slice('mun:'.length) } }, env);
  return place(state, input, env);
};
