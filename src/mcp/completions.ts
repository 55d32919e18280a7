// What MCP completion offers for the arguments people type: an active emergency's slug, a category, a
// municipality. Matching ignores case and accents, so "bogota" finds "Bogotá, D.C.".
import type { Context } from '../context.ts';
import { categories, categoryLabels } from '../domain/categories.ts';
import { type Municipality, municipalities, municipalityByCode, municipalityLabel } from '../domain/municipalities.ts';
import { fold } from '../domain/text.ts';
import { emergencyScope } from '../queries/emergency-scope.ts';

/** The protocol caps a completion at 100 values. */
export const COMPLETION_MAX = 100;

function matches(candidate: string, typed: string): boolean {
  const folded = fold(candidate);
  return folded.startsWith(typed) || folded.includes(` ${typed}`);
}

export async function completeEmergencySlug(ctx: Context, value: string): Promise<string[]> {
  const typed = fold(value.trim());
  const active = await emergencyScope(ctx.db, undefined);
  return active
    .filter((e) => matches(e.slug, typed) || matches(e.name, typed))
    .map((e) => e.slug)
    .slice(0, COMPLETION_MAX);
}

export function completeCategory(value: string): string[] {
  const typed = fold(value.trim());
  return categories.filter((c) => matches(c, typed) || matches(categoryLabels[c].es, typed));
}

/** "Mocoa, Putumayo": the label a person reads; a DIVIPOLA code typed whole completes to its municipality. */
export function completeMunicipality(value: string): string[] {
  const typed = fold(value.trim());
  if (/^\d{5}$/.test(typed)) {
    const exact = municipalityByCode(typed);
    return exact ? [municipalityLabel(exact)] : [];
  }
  if (typed.length < 2) return [];
  return municipalities()
    .filter((m) => matches(m.name, typed))
    .map(municipalityLabel)
    .slice(0, COMPLETION_MAX);
}

/** The municipality an argument names: by DIVIPOLA code, or by the label completion offered. */
export function municipalityNamed(value: string | undefined): Municipality | undefined {
  if (!value) return undefined;
  const typed = value.trim();
  if (/^\d{5}$/.test(typed)) return municipalityByCode(typed);
  const folded = fold(typed);
  return municipalities().find((m) => fold(municipalityLabel(m)) === folded || fold(m.name) === folded);
}
