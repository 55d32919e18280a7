// A leader or a centre declares what a collection centre has or needs: one line per centre, kind, category
// and unit, so declaring it again updates that line (quantity, note, age) instead of adding another.
import { randomUUID } from 'node:crypto';
import type { Actor, Context } from '../context.ts';
import type { Db, Dialect } from '../db/types.ts';
import { AppError, type Lang } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import type { HelpRow } from '../repositories/help-records.ts';
import { findPublishedCenter, type InventoryLineRow, upsertLine } from '../repositories/inventory.ts';
import { type InventoryLineInput, type InventoryLineValues, inventoryLineInput } from '../schemas/inventory.ts';
import { issuesToDetails } from '../schemas/issues.ts';
import { writePublic } from './write-public.ts';

/** Validates a line with the one schema every entry point shares; 400 validation_failed with each field. */
export function parseInventoryLine(input: InventoryLineInput | unknown, lang: Lang = 'es'): InventoryLineValues {
  const parsed = inventoryLineInput.safeParse(input);
  if (!parsed.success) throw new AppError('validation_failed', issuesToDetails(parsed.error.issues, lang, input));
  return parsed.data;
}

/** The centre, locked for the write, or 409 not_a_collection_center (unknown, pending, a request, no centre status). */
export async function requireCollectionCenter(db: Db, dialect: Dialect, centerId: string): Promise<HelpRow> {
  const center = await findPublishedCenter(db, dialect, centerId, true);
  if (!center) {
    throw new AppError('not_a_collection_center', [
      { field: 'centerId', message: centerId, code: 'not_a_collection_center' },
    ]);
  }
  return center;
}

export async function setInventoryLine(
  ctx: Context,
  centerId: string,
  input: InventoryLineInput,
  actor: Actor,
): Promise<InventoryLineRow> {
  const values = parseInventoryLine(input);
  const line = await writePublic(ctx, async (trx) => {
    const center = await requireCollectionCenter(trx, ctx.dialect, centerId);
    const at = ctx.now().toISOString();
    const saved = await upsertLine(trx, {
      id: randomUUID(),
      emergency_id: center.emergency_id,
      center_id: center.id,
      ...values,
      at,
    });
    await audit(trx, {
      actor,
      action: 'inventory_line_set',
      targetType: 'collection_center',
      targetId: center.id,
      details: { lineId: saved.id, ...values },
      at,
    });
    return saved;
  });
  return { ...line, quantity: Number(line.quantity) };
}
