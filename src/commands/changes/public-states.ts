// What the public API shows of the aid records a transaction touched, read inside it: each record, the inventory of
// each centre among them and the routes to them; null where the public view no longer shows it.
import type { Context } from '../../context.ts';
import type { Store } from '../../db/store.ts';
import type { ChangeEntity } from '../../db/types.ts';
import { presentInventoryCenter, presentInventoryLine } from '../../presenters/inventory-line.ts';
import { presentLogisticsOperation } from '../../presenters/logistics-operation.ts';
import { presentRows } from '../../queries/present-rows.ts';
import { slugsOf } from '../../repositories/emergencies.ts';
import { publishedCentersByIds } from '../../repositories/help-records/centers.ts';
import { findPublicByIds } from '../../repositories/help-records/public.ts';
import { feedKeys } from '../../repositories/help-records/records.ts';
import { linesByCenters } from '../../repositories/inventory.ts';
import { routesTo } from '../../repositories/logistics.ts';
import type { InventoryLine } from '../../schemas/inventory.ts';

export interface PublicState {
  entity: ChangeEntity;
  id: string;
  emergencyId: string;
  /** The public JSON, or null: not (or no longer) in the public view. */
  state: object | null;
}

export async function publicStates(ctx: Context, trx: Store, ids: readonly string[]): Promise<PublicState[]> {
  const db = trx.db;
  const keys = await feedKeys(db, ids);
  if (keys.length === 0) return [];
  const known = keys.map((k) => k.id);
  const centreIds = keys.filter((k) => k.collection_center_status !== null).map((k) => k.id);
  const [rows, centres, lines, routes] = await Promise.all([
    findPublicByIds(db, known),
    publishedCentersByIds(db, centreIds),
    linesByCenters(db, centreIds),
    routesTo(db, known),
  ]);
  const presented = await presentRows({ ...ctx, db }, rows);
  const help = new Map(presented.map((item) => [item.id, item]));
  const states: PublicState[] = keys.map((k) => ({
    entity: 'help',
    id: k.id,
    emergencyId: k.emergency_id,
    state: help.get(k.id) ?? null,
  }));

  const now = ctx.now();
  const linesOf = new Map<string, InventoryLine[]>();
  for (const line of lines) {
    const list = linesOf.get(line.center_id) ?? [];
    list.push(presentInventoryLine(line, now));
    linesOf.set(line.center_id, list);
  }
  const published = new Map(centres.map((c) => [c.id, c]));
  for (const k of keys) {
    if (k.collection_center_status === null) continue;
    const centre = published.get(k.id);
    states.push({
      entity: 'inventory',
      id: k.id,
      emergencyId: k.emergency_id,
      state: centre ? presentInventoryCenter(centre, linesOf.get(k.id) ?? []) : null,
    });
  }

  const slugs = await slugsOf(
    db,
    routes.map((r) => r.emergency_id),
  );
  for (const route of routes) {
    const shown =
      route.status === 'available' &&
      route.destination_review_status === 'approved' &&
      route.destination_latitude !== null &&
      route.destination_longitude !== null;
    states.push({
      entity: 'route',
      id: route.id,
      emergencyId: route.emergency_id,
      state: shown ? presentLogisticsOperation(route, slugs.get(route.emergency_id) ?? '') : null,
    });
  }
  return states;
}
