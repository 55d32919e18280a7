// Rows -> InventoryLine and its centre (SPEC 2.9). Copies allowed fields one by one; the age is computed at
// reading time, so the same row reads as fresh today and stale tomorrow.
import { categoryLabel } from '../domain/categories.ts';
import { hoursSinceUpdate, isStale } from '../domain/inventory.ts';
import type { CollectionCenterStatus } from '../domain/statuses.ts';
import type { CenterRow } from '../repositories/help-records/centers.ts';
import type { InventoryLineRow } from '../repositories/inventory.ts';
import type { InventoryCenter, InventoryLine } from '../schemas/inventory.ts';

export function presentInventoryLine(row: InventoryLineRow, now: Date): InventoryLine {
  return {
    id: row.id,
    collectionCenterId: row.center_id,
    kind: row.kind,
    category: row.category as InventoryLine['category'],
    categoryLabel: categoryLabel(row.category),
    quantity: Number(row.quantity),
    unit: row.unit,
    note: row.note,
    updatedAt: row.updated_at,
    hoursSinceUpdate: hoursSinceUpdate(row.updated_at, now),
    stale: isStale(row.updated_at, now),
  };
}

/** lines: the centre's presented lines, already in the order to show. */
export function presentInventoryCenter(
  center: Pick<CenterRow, 'id' | 'title' | 'address' | 'collection_center_status'>,
  lines: InventoryLine[],
): InventoryCenter {
  return {
    collectionCenterId: center.id,
    title: center.title,
    location: center.address ?? null,
    status: (center.collection_center_status as CollectionCenterStatus | null) ?? null,
    have: lines.filter((line) => line.kind === 'have'),
    need: lines.filter((line) => line.kind === 'need'),
  };
}
