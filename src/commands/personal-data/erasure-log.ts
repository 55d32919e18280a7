// The erasure log, and a restore re-applying it: a backup taken before an erasure must not bring the data back.
import type { Context } from '../../context.ts';
import { allErasures, checkpointAfterErasure, insertErasures, knownErasureIds } from '../../repositories/erasures.ts';
import { writePublic } from '../write-public.ts';
import { eraseRecords } from './erase-records.ts';
import { holderOf } from './holders.ts';
import type { ErasureEntry } from './types.ts';

export async function erasureLog(ctx: Context): Promise<ErasureEntry[]> {
  return (await allErasures(ctx.db)).map((row) => ({
    id: row.id,
    targetTable: row.target_table,
    targetId: row.target_id,
    scope: row.scope,
    actor: row.actor,
    reason: row.reason,
    createdAt: row.created_at,
  }));
}

/**
 * Each entry this database does not hold is applied again, oldest first, keeping its id: a record's entry erases
 * the record and its own texts as before (and withdraws it again if the person or the team had withdrawn it); an
 * entry for a text found by a number empties that text, since the number itself was never logged.
 */
export async function reapplyErasures(ctx: Context, entries: ErasureEntry[]): Promise<{ applied: number }> {
  const known = await knownErasureIds(
    ctx.db,
    entries.map((e) => e.id),
  );
  const missing = entries.filter((e) => !known.has(e.id)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  let applied = 0;
  for (const entry of missing) {
    await writePublic(ctx, async (trx) => {
      if (entry.targetTable === 'help_records' && entry.scope !== 'text') {
        const withdrawn = entry.actor === 'submitter' ? 'submitter' : entry.actor === 'retention' ? null : 'team';
        await eraseRecords(trx, {
          recordIds: [entry.targetId],
          scope: entry.scope,
          actor: entry.actor,
          reason: entry.reason,
          withdrawBy: entry.scope === 'all' ? withdrawn : null,
          everywhere: null,
          now: entry.createdAt,
          logIds: new Map([[`help_records:${entry.targetId}`, entry.id]]),
        });
      } else {
        await holderOf(entry.targetTable)?.clear?.(trx.db, entry.targetId);
        await insertErasures(trx.db, [
          {
            id: entry.id,
            target_table: entry.targetTable,
            target_id: entry.targetId,
            scope: entry.scope,
            actor: entry.actor,
            reason: entry.reason,
            created_at: entry.createdAt,
          },
        ]);
      }
    });
    applied++;
  }
  if (applied > 0) await checkpointAfterErasure(ctx);
  return { applied };
}
