// The summary a person reads before sending: every answer, and what stays private.
import { categoryLabel } from '../categories.ts';
import { municipalityByCode, municipalityLabel, nearestMunicipality } from '../municipalities.ts';
import { formatAmount } from '../number-format.ts';
import { placePromise } from '../public-promise.ts';
import { clip } from './clean-text.ts';
import { texts } from './texts.ts';
import type { ConversationEnv, Draft, Place } from './types.ts';

/** The municipality of a place in words: the one nearest a shared point, or the one named; null when unknown. */
function municipalityOf(place: Place): string | null {
  if (place.kind === 'point') return municipalityLabel(nearestMunicipality(place.latitude, place.longitude));
  const m = municipalityByCode(place.code);
  return m ? municipalityLabel(m) : null;
}

function placeLabel(place: Place): string {
  if (place.kind === 'point') return texts.summary.point(municipalityOf(place) ?? '');
  return municipalityOf(place) ?? place.code;
}

export function summaryLines(draft: Draft, env: ConversationEnv): string[] {
  const s = texts.summary;
  const type = draft.type ?? 'request';
  const emergency = env.emergencies.find((e) => e.slug === draft.emergencySlug);
  const lines = [
    emergency && `${s.emergency}: ${emergency.name}`,
    draft.category && `${s.category}: ${categoryLabel(draft.category)}`,
    draft.title && `${s.what(type)}: ${draft.title}`,
    draft.description && `${s.detail}: ${clip(draft.description, 300)}`,
    draft.quantity && `${s.quantity}: ${formatAmount(draft.quantity.amount, draft.quantity.unit)}`,
    draft.urgency && `${s.urgency}: ${texts.urgencyLabels[draft.urgency]}`,
    draft.place && `${s.place}: ${placeLabel(draft.place)}`,
    draft.neighborhood && `${s.neighborhood}: ${draft.neighborhood}`,
    draft.address && `${s.address}: ${draft.address}`,
    draft.contactName && `${s.name}: ${draft.contactName}`,
    s.contact(env.medium),
  ];
  const answers = lines.filter((line): line is string => typeof line === 'string' && line !== '');
  return [...answers, '', ...promiseLines(draft, type, env)];
}

/** What a leader's approval will publish of the place, and what never: the public-place rule, said once. */
function promiseLines(draft: Draft, type: 'request' | 'offer', env: ConversationEnv): string[] {
  const place = draft.place;
  const municipality = place ? municipalityOf(place) : null;
  const promise = placePromise({
    type,
    ...(place?.kind === 'point' ? { latitude: place.latitude, longitude: place.longitude } : {}),
    ...(draft.address ? { address: draft.address } : {}),
    ...(draft.neighborhood ? { neighborhood: draft.neighborhood } : {}),
    municipality,
  });
  return [
    texts.summary.published(type, [promise.shown, texts.summary.nameAndNumber(env.medium)]),
    promise.hidden ? texts.summary.neverPublished(promise.hidden) : '',
  ].filter(Boolean);
}
