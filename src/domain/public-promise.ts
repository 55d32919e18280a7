// What a person is told about their place before sending: exactly what the public-place rule (public-place.ts)
// will publish once a leader approves, and what it never will. One text for every channel that asks for consent.
import { isApproximate } from './public-place.ts';

export interface PlaceFacts {
  type: 'request' | 'offer';
  showExactLocation?: boolean;
  collectionCenterStatus?: string | null;
  latitude?: number;
  longitude?: number;
  address?: string;
  neighborhood?: string;
  /** The municipality in words ("Mocoa, Putumayo"), when one was chosen. */
  municipality: string | null;
}

export interface PlacePromise {
  /** What will be public of the place; null when the submission gives none. */
  shown: string | null;
  /** What of the place is never public. */
  hidden: string | null;
}

/** The words of a promise, in each language the site speaks (conversations and assistants speak Spanish). */
const WORDS = {
  es: {
    exactPoint: 'el punto exacto',
    and: ' y ',
    exactTag: ' (ubicación exacta)',
    hidden: 'la dirección y el punto exacto',
    approximatePoint: 'un punto aproximado (unos 300 m)',
    approximateTag: ' (aproximado)',
  },
  en: {
    exactPoint: 'the exact point',
    and: ' and ',
    exactTag: ' (exact location)',
    hidden: 'the address and the exact point',
    approximatePoint: 'an approximate point (about 300 m)',
    approximateTag: ' (approximate)',
  },
} as const;

export function placePromise(facts: PlaceFacts, lang: keyof typeof WORDS = 'es'): PlacePromise {
  const w = WORDS[lang];
  const approximate = isApproximate({
    type: facts.type,
    exact_location: facts.showExactLocation === true ? 1 : 0,
    collection_center_status: facts.type === 'offer' ? (facts.collectionCenterStatus ?? null) : null,
  });
  const point = facts.latitude !== undefined && facts.longitude !== undefined;
  const area = [facts.type === 'request' ? facts.neighborhood : undefined, facts.municipality ?? undefined]
    .filter(Boolean)
    .join(', ');
  if (!approximate) {
    const exact = [facts.address, point ? w.exactPoint : undefined].filter(Boolean).join(w.and);
    return {
      shown: exact || area ? [exact, area].filter(Boolean).join(', ') + (exact ? w.exactTag : '') : null,
      hidden: null,
    };
  }
  const hidden = facts.address || point ? w.hidden : null;
  if (point) return { shown: `${area ? `${area}, ` : ''}${w.approximatePoint}`, hidden };
  if (area) return { shown: `${area}${w.approximateTag}`, hidden };
  return { shown: null, hidden };
}
