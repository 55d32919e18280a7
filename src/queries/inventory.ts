// The Inventario (SPEC 2.9, 4.4): what each published collection centre of an emergency has and needs, with
// each line's age; with a category, also the flat stock of it across centres. Plus a centre's own lines.
import type { Context } from '../context.ts';
import type { Db } from '../db/types.ts';
import { AppError, detail } from '../errors.ts';
import { presentInventoryCenter, presentInventoryLine } from '../presenters/inventory-line.ts';
import { type EditLinkRow, editLinksByCenter, findEditLink } from '../repositories/center-edit-links.ts';
import { type EmergencyRow, listEmergencies } from '../repositories/emergencies.ts';
import { centersOf, findPublishedCenter } from '../repositories/help-records/centers.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { linesByCenter, linesOfPublishedCenters } from '../repositories/inventory.ts';
import type { Inventario, InventoryLine, InventoryQuery } from '../schemas/inventory.ts';
import { emergencyScope } from './emergency-scope.ts';

export type { EditLinkRow };

const FIELD = 'emergencia';

/** The emergency named, or the only active one (DESIGN.md: several active and none named -> emergency_required). */
export async function inventoryEmergency(db: Db, slug: string | undefined): Promise<EmergencyRow> {
  if (slug) return (await emergencyScope(db, slug, FIELD))[0] as EmergencyRow;
  const active = await listEmergencies(db, true);
  if (active.length === 1) return active[0] as EmergencyRow;
  if (active.length === 0) throw new AppError('no_active_emergency', [detail(FIELD, 'required')]);
  const slugs = active.map((e) => e.slug);
  throw new AppError('emergency_required', [detail(FIELD, 'choose_emergency', { code: 'required', slugs })]);
}

const byQuantityThenFreshness = (a: InventoryLine, b: InventoryLine) =>
  b.quantity - a.quantity || b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id);

/** The Inventario, or 500 inventory_unavailable (SPEC 4.4) when the store cannot be read; the cause goes to the log. */
export async function readInventory(ctx: Context, query: InventoryQuery): Promise<Inventario> {
  try {
    return await inventory(ctx, query);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw Object.assign(new AppError('inventory_unavailable'), { cause: err });
  }
}

export async function inventory(ctx: Context, query: InventoryQuery): Promise<Inventario> {
  const emergency = await inventoryEmergency(ctx.db, query.emergencia);
  const [centers, rows] = await Promise.all([
    centersOf(ctx.db, [emergency.id]),
    linesOfPublishedCenters(ctx.db, emergency.id, query.categoria),
  ]);
  const now = ctx.now();
  // Rows arrive freshest first, so each centre's lists keep that order.
  const linesByCentre = new Map<string, InventoryLine[]>();
  for (const row of rows) {
    const lines = linesByCentre.get(row.center_id) ?? [];
    lines.push(presentInventoryLine(row, now));
    linesByCentre.set(row.center_id, lines);
  }
  const freshest = (id: string) => linesByCentre.get(id)?.[0]?.updatedAt ?? '';
  const shown = query.categoria ? centers.filter((c) => linesByCentre.has(c.id)) : centers;
  // The most recently updated centres first; centres without lines after them, by title (the SQL order).
  const ordered = shown
    .map((center, index) => ({ center, index }))
    .sort((a, b) => freshest(b.center.id).localeCompare(freshest(a.center.id)) || a.index - b.index)
    .map(({ center }) => center);
  const stock = query.categoria
    ? [...linesByCentre.values()]
        .flat()
        .filter((line) => line.kind === 'have')
        .sort(byQuantityThenFreshness)
    : [];
  return {
    emergencySlug: emergency.slug,
    category: query.categoria ?? null,
    stock,
    centers: ordered.map((center) => presentInventoryCenter(center, linesByCentre.get(center.id) ?? [])),
  };
}

/** One centre's lines with their age, for the console, the centre's edit-link page and the CLI. */
export async function centerInventoryLines(ctx: Context, centerId: string): Promise<InventoryLine[]> {
  const now = ctx.now();
  return (await linesByCenter(ctx.db, centerId)).map((row) => presentInventoryLine(row, now));
}

/** A centre's edit links (never their secrets), newest first. */
export function centerEditLinks(ctx: Context, centerId: string): Promise<EditLinkRow[]> {
  return editLinksByCenter(ctx.db, centerId);
}

/** One edit link (never its secret), whichever centre it belongs to. */
export function centerEditLink(ctx: Context, id: string): Promise<EditLinkRow | undefined> {
  return findEditLink(ctx.db, id);
}

/** The record behind a centre while it is a published collection centre. */
export function publishedCenter(ctx: Context, id: string): Promise<HelpRow | undefined> {
  return findPublishedCenter(ctx, id);
}
