// Removes a line a centre no longer declares. A centre's edit link may only remove that centre's own lines.
import type { Actor, Context } from '../context.ts';
import { AppError, detail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { deleteLine, findLine, type InventoryLineRow } from '../repositories/inventory.ts';
import { writePublic } from './write-public.ts';

export interface RemoveLineOptions {
  /** When set, a line of any other centre is answered as not found, never removed. */
  centerId?: string;
}

export async function removeInventoryLine(
  ctx: Context,
  lineId: string,
  actor: Actor,
  options: RemoveLineOptions = {},
): Promise<InventoryLineRow> {
  const removed = await writePublic(ctx, async (trx) => {
    const line = await findLine(trx, lineId, true);
    if (!line || (options.centerId !== undefined && line.center_id !== options.centerId)) {
      throw new AppError('inventory_line_not_found', [detail('lineId', 'not_found', { value: lineId })]);
    }
    const at = ctx.now().toISOString();
    await deleteLine(trx.db, line.id);
    await audit(trx.db, {
      actor,
      action: 'inventory_line_removed',
      targetType: 'collection_center',
      targetId: line.center_id,
      details: { lineId: line.id, kind: line.kind, category: line.category, quantity: line.quantity, unit: line.unit },
      at,
    });
    return line;
  });
  return { ...removed, quantity: Number(removed.quantity) };
}
