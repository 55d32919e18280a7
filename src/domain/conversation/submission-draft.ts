// The submission a finished draft makes, without the four fields the caller adds (source, externalId, contact).
import type { Draft, Place, SubmissionDraft } from './types.ts';

function placeFields(place: Place): { latitude?: number; longitude?: number; municipalityCode?: string } {
  return place.kind === 'point'
    ? { latitude: place.latitude, longitude: place.longitude }
    : { municipalityCode: place.code };
}

/** undefined while an answer is missing. */
export function toSubmission(draft: Draft): SubmissionDraft | undefined {
  const { type, emergencySlug, category, title, contactName, place, description, address } = draft;
  if (!type || !emergencySlug || !category || !title || !contactName || !place || !draft.consent) return undefined;
  const common = {
    emergencySlug,
    title,
    ...(description ? { description } : {}),
    category,
    contactName,
    ...placeFields(place),
  };
  if (type === 'offer') return { type, ...common, ...(address ? { address } : {}) };
  const { urgency, neighborhood, quantity } = draft;
  if (!address || !urgency) return undefined;
  return {
    type,
    ...common,
    address,
    ...(neighborhood ? { neighborhood } : {}),
    urgency,
    ...(quantity ? { resourceLabel: title, quantityRequired: quantity.amount, unit: quantity.unit } : {}),
  };
}
