// Waiting time raises priority; this recomputes the stored scores in batches (any instance may run it).
import type { Context } from '../context.ts';
import { approvedForRefresh, updateRecord } from '../repositories/help-records/records.ts';
import { derivedFields } from './derived-fields.ts';
import { writePublic } from './write-public.ts';

const BATCH = 500;

export async function refreshPriorities(ctx: Context): Promise<number> {
  let changed = 0;
  let after = '';
  for (;;) {
    const rows = await approvedForRefresh(ctx.db, after, BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.id as string;
    const now = ctx.now();
    const updates = rows
      .map((row) => ({ row, score: derivedFields(row, now).priority_score }))
      .filter(({ row, score }) => score !== row.priority_score);
    if (updates.length === 0) continue;
    await writePublic(ctx, async (trx) => {
      for (const { row, score } of updates) await updateRecord(trx, row.id, { priority_score: score });
    });
    changed += updates.length;
  }
  return changed;
}
