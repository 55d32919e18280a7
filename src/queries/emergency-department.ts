// The department an emergency happens in, for the forms to start on: where most of its published records are, or,
// before it has any, the department of the municipality nearest its centre.
import type { Context } from '../context.ts';
import { municipalityByCode, nearestMunicipality } from '../domain/municipalities.ts';

/** The emergency's department code (DIVIPOLA, 2 digits); null when it has neither records with a place nor a centre. */
export async function emergencyDepartment(
  ctx: Context,
  emergency: { id: string; latitude: number | null; longitude: number | null },
): Promise<string | null> {
  const perDepartment = new Map<string, number>();
  for (const [code, count] of await ctx.search.municipalities([emergency.id])) {
    const department = municipalityByCode(code)?.departmentCode;
    if (department) perDepartment.set(department, (perDepartment.get(department) ?? 0) + count);
  }
  // Most records first; ties go to the smaller code, so the answer does not depend on the index's order.
  const [best] = [...perDepartment].sort(([a, n], [b, m]) => m - n || (a < b ? -1 : 1));
  if (best) return best[0];
  if (emergency.latitude === null || emergency.longitude === null) return null;
  return nearestMunicipality(emergency.latitude, emergency.longitude).departmentCode;
}
