// Which places of an emergency a leader may work on: some municipalities (5-digit DIVIPOLA codes) and/or whole
// departments (2-digit codes, the first two digits of their municipalities' codes). Said once, here, so the
// console's guard, its lists and the bulk commands cannot disagree.
import { departments, municipalityByCode } from './municipalities.ts';

/** The codes a leader is limited to in one emergency; null: the whole emergency (unscoped leaders, admins). */
export type PlaceScope = readonly string[] | null;

/**
 * Whether a record is one this scope may touch. A record without a municipality (no place given, or one the
 * service could not place) goes to every leader of the emergency: nobody would see it otherwise.
 */
export function inScope(scope: PlaceScope, record: { municipality_code: string | null }): boolean {
  if (scope === null) return true;
  const code = record.municipality_code;
  if (!code) return true;
  return scope.includes(code) || scope.includes(code.slice(0, 2));
}

/** The municipality codes a scope covers (a department stands for all of its municipalities), for list filters. */
export function scopeMunicipalityPrefixes(scope: readonly string[]): {
  municipalities: string[];
  departments: string[];
} {
  return {
    municipalities: scope.filter((c) => c.length === 5),
    departments: scope.filter((c) => c.length === 2),
  };
}

export type PlaceCodeCheck = { ok: true; codes: string[] } | { ok: false; unknown: string };

/** Typed codes, trimmed, checked against DIVIPOLA and without repeats (sorted); the first unknown one otherwise. */
export function checkPlaceCodes(raw: readonly string[]): PlaceCodeCheck {
  const codes = new Set<string>();
  for (const typed of raw) {
    const code = typed.trim();
    if (code === '') continue;
    const known = /^\d{5}$/.test(code)
      ? municipalityByCode(code) !== undefined
      : /^\d{2}$/.test(code) && departments().some((d) => d.code === code);
    if (!known) return { ok: false, unknown: code.slice(0, 40) };
    codes.add(code);
  }
  return { ok: true, codes: [...codes].sort() };
}
