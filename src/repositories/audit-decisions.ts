// Review decisions taken since an instant, read from the audit log every decision writes (commands/record-change.ts).
import type { Db } from '../db/types.ts';

/** How many entries of each of `actions` were written at or after `since`. */
export async function decisionCounts(db: Db, actions: readonly string[], since: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('audit_log')
    .where('action', 'in', actions)
    .where('created_at', '>=', since)
    .select((eb) => ['action', eb.fn.countAll().as('n')])
    .groupBy('action')
    .execute();
  return new Map(rows.map((row) => [row.action, Number(row.n)]));
}
