// The only code that reads and writes inventory_lines: what each collection centre has and needs.
import type { Selectable } from 'kysely';
import type { Store } from '../db/store.ts';
import type { Db, InventoryKind, InventoryLinesTable } from '../db/types.ts';

export type InventoryLineRow = Selectable<InventoryLinesTable>;

export type NewLine = Omit<InventoryLineRow, 'created_at' | 'updated_at'> & { at: string };

/** Insert, or update the line with the same centre, kind, category and unit; returns the stored line. */
export async function upsertLine(db: Db, line: NewLine): Promise<InventoryLineRow> {
  return db
    .insertInto('inventory_lines')
    .values({
      id: line.id,
      emergency_id: line.emergency_id,
      center_id: line.center_id,
      kind: line.kind,
      category: line.category,
      quantity: line.quantity,
      unit: line.unit,
      note: line.note,
      created_at: line.at,
      updated_at: line.at,
    })
    .onConflict((oc) =>
      oc.columns(['center_id', 'kind', 'category', 'unit']).doUpdateSet({
        quantity: line.quantity,
        note: line.note,
        updated_at: line.at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A centre's lines of one kind and category, the first written first (the unit that decides a match is its). */
export function linesOfKindAndCategory(
  db: Db,
  key: { centerId: string; kind: InventoryKind; category: string },
): Promise<InventoryLineRow[]> {
  return db
    .selectFrom('inventory_lines')
    .selectAll()
    .where('center_id', '=', key.centerId)
    .where('kind', '=', key.kind)
    .where('category', '=', key.category)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Sets a line's quantity and note, keeping its unit as first written; returns the stored line. */
export function updateLineAmount(
  db: Db,
  id: string,
  values: { quantity: number; note: string; at: string },
): Promise<InventoryLineRow> {
  return db
    .updateTable('inventory_lines')
    .set({ quantity: values.quantity, note: values.note, updated_at: values.at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findLine({ db, dialect }: Store, id: string, lock = false): Promise<InventoryLineRow | undefined> {
  let query = db.selectFrom('inventory_lines').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function deleteLine(db: Db, id: string): Promise<void> {
  await db.deleteFrom('inventory_lines').where('id', '=', id).execute();
}

/** A centre's lines: what it has, then what it needs; the freshest first within each. */
export function linesByCenter(db: Db, centerId: string): Promise<InventoryLineRow[]> {
  return db
    .selectFrom('inventory_lines')
    .selectAll()
    .where('center_id', '=', centerId)
    .orderBy('kind')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Lines of an emergency's published centres, optionally of one category; the freshest first. */
export function linesOfPublishedCenters(db: Db, emergencyId: string, category?: string): Promise<InventoryLineRow[]> {
  let query = db
    .selectFrom('inventory_lines as l')
    .innerJoin('help_records as h', 'h.id', 'l.center_id')
    .selectAll('l')
    .where('l.emergency_id', '=', emergencyId)
    .where('h.emergency_id', '=', emergencyId)
    .where('h.type', '=', 'offer')
    .where('h.review_status', '=', 'approved')
    .where('h.collection_center_status', 'is not', null);
  if (category) query = query.where('l.category', '=', category);
  return query.orderBy('l.updated_at', 'desc').orderBy('l.id').execute();
}

export interface LineSummaryRow {
  center_id: string;
  kind: InventoryKind;
  category: string;
  updated_at: string;
}

/** Per centre, kind and category: the latest update, for the places feed (no quantities needed). */
export async function lineSummaries(db: Db, centerIds: string[]): Promise<LineSummaryRow[]> {
  if (centerIds.length === 0) return [];
  const rows = await db
    .selectFrom('inventory_lines')
    .select(['center_id', 'kind', 'category', (eb) => eb.fn.max('updated_at').as('updated_at')])
    .where('center_id', 'in', centerIds)
    .groupBy(['center_id', 'kind', 'category'])
    .orderBy('center_id')
    .orderBy('kind')
    .orderBy('category')
    .execute();
  return rows as LineSummaryRow[];
}

/** The lines of these centres, as linesByCenter orders them. */
export function linesByCenters(db: Db, centerIds: readonly string[]): Promise<InventoryLineRow[]> {
  if (centerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('inventory_lines')
    .selectAll()
    .where('center_id', 'in', centerIds)
    .orderBy('center_id')
    .orderBy('kind')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}
