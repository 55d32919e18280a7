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

export function placePromise(facts: PlaceFacts): PlacePromise {
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
    const exact = [facts.address, point ? 'el punto exacto' : undefined].filter(Boolean).join(' y ');
    return {
      shown: exact || area ? [exact, area].filter(Boolean).join(', ') + (exact ? ' (ubicación exacta)' : '') : null,
      hidden: null,
    };
  }
  const hidden = facts.address || point ? 'la dirección y el punto exacto' : null;
  if (point) return { shown: `${area ? `${area}, ` : ''}un punto aproximado (unos 300 m)`, hidden };
  if (area) return { shown: `${area} (aproximado)`, hidden };
  return { shown: null, hidden };
}
