// A leader or a centre declares what a collection centre has or needs: one line per centre, kind, category
// and unit, so declaring it again updates that line (quantity, age, and the note when one is written: an empty note
// keeps the stored one, domain/inventory-note.ts) instead of adding another. Units are
// told apart as people read them, not as they type them: "Personas", "PERSONAS" and "personás" are the line
// first written "personas", which keeps that spelling.
import { randomUUID } from 'node:crypto';
import type { Actor, Context } from '../context.ts';
import type { Store } from '../db/store.ts';
import { confirmedNow } from '../domain/confirmation.ts';
import { noteAfterUpdate } from '../domain/inventory-note.ts';
import { fold } from '../domain/text.ts';
import { AppError, detail, type Lang } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { findPublishedCenter } from '../repositories/help-records/centers.ts';
import { type HelpRow, updateRecord } from '../repositories/help-records/records.ts';
import {
  type InventoryLineRow,
  linesOfKindAndCategory,
  updateLineAmount,
  upsertLine,
} from '../repositories/inventory.ts';
import { type InventoryLineInput, type InventoryLineValues, inventoryLineInput } from '../schemas/inventory.ts';
import { parseOrThrow } from '../schemas/parse.ts';
import { writePublic } from './write-public.ts';

/** Validates a line with the one schema every entry point shares; 400 validation_failed with each field. */
export function parseInventoryLine(input: InventoryLineInput | unknown, lang: Lang = 'es'): InventoryLineValues {
  return parseOrThrow(inventoryLineInput, input, 'validation_failed', lang);
}

/** The centre, locked for the write, or 409 not_a_collection_center (unknown, pending, a request, no centre status). */
export async function requireCollectionCenter(trx: Store, centerId: string): Promise<HelpRow> {
  const center = await findPublishedCenter(trx, centerId, true);
  if (!center) {
    throw new AppError('not_a_collection_center', [detail('centerId', 'not_a_collection_center', { value: centerId })]);
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
    const center = await requireCollectionCenter(trx, centerId);
    const at = ctx.now().toISOString();
    // The centre is locked above, so no other write can add a line of this key between the read and the write.
    const same = await sameLine(trx, center.id, values);
    const note = noteAfterUpdate(same?.note, values.note);
    const saved = same
      ? await updateLineAmount(trx.db, same.id, { quantity: values.quantity, note, at })
      : await upsertLine(trx.db, {
          id: randomUUID(),
          emergency_id: center.emergency_id,
          center_id: center.id,
          ...values,
          note,
          at,
        });
    await audit(trx.db, {
      actor,
      action: 'inventory_line_set',
      targetType: 'collection_center',
      targetId: center.id,
      details: { lineId: saved.id, ...values, note: saved.note, unit: saved.unit },
      at,
    });
    // A centre that keeps its inventory is current: its offer is confirmed with every update.
    await updateRecord(trx, center.id, confirmedNow(at));
    return saved;
  });
  return { ...line, quantity: Number(line.quantity) };
}

/** A unit as people read it: no case, no accents, one space between words ("Bolsas  Grandes" = "bolsas grandes"). */
function unitKey(unit: string): string {
  return fold(unit).trim().replace(/\s+/g, ' ');
}

/** The centre's line of this kind and category whose unit reads the same (the oldest, if two do). */
async function sameLine(
  trx: Store,
  centerId: string,
  values: InventoryLineValues,
): Promise<InventoryLineRow | undefined> {
  const unit = unitKey(values.unit);
  const lines = await linesOfKindAndCategory(trx.db, { centerId, kind: values.kind, category: values.category });
  return lines.find((line) => unitKey(line.unit) === unit);
}
