// A place in one line, each part once: "Vereda El Pepino" and the vereda "El Pepino" are the same place.
import type { Precision } from '../../domain/public-place.ts';
import { fold } from '../../domain/text.ts';
import { catalogue } from './catalogue.ts';
import type { Lang } from './document.ts';

const words = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether every word of part already appears, in order, inside shown (case and accents aside). */
function contains(shown: string, part: string): boolean {
  const haystack = ` ${words(shown).join(' ')} `;
  const needle = words(part).join(' ');
  return needle === '' || haystack.includes(` ${needle} `);
}

/**
 * Joins address, neighbourhood/vereda and municipality with ", ", leaving out empty parts and any part already
 * said by another one (a neighbourhood repeated in the address, or an address that only names the neighbourhood).
 */
export function joinPlace(parts: (string | null | undefined)[]): string {
  const kept: string[] = [];
  for (const raw of parts) {
    const part = raw?.trim();
    if (!part) continue;
    if (kept.some((k) => contains(k, part))) continue;
    // A later, longer part that says all an earlier one said replaces it ("El Pepino" then "Vereda El Pepino").
    const i = kept.findIndex((k) => contains(part, k));
    if (i >= 0) kept.splice(i, 1, part);
    else kept.push(part);
  }
  return kept.join(', ');
}

export interface PublicPlace {
  precision: Precision;
  address: string | null;
  neighborhood: string | null;
  municipality: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The public place in one line: address and neighbourhood, else the coordinates; a record that is not exact by its
 * neighbourhood and municipality, saying how near its point is. null when the record has no place.
 */
export function placeText(location: PublicPlace, lang: Lang): string | null {
  const area = joinPlace([location.neighborhood, location.municipality]);
  // No point and nothing named: the record gave no place at all.
  if (location.latitude === null && !area && !location.address) return null;
  if (location.precision !== 'exact') {
    const word =
      location.precision === 'municipality' ? catalogue.record.municipalityPlace : catalogue.record.approximate;
    return [area, word[lang]].filter(Boolean).join(' · ');
  }
  const place = joinPlace([location.address, location.neighborhood]);
  if (place) return place;
  return location.latitude !== null && location.longitude !== null
    ? `${location.latitude}, ${location.longitude}`
    : null;
}
