// The only code that writes audit_log, and the leaders' read of one target's entries.
import type { Db } from '../db/types.ts';

export async function audit(
  db: Db,
  entry: { actor: string; action: string; targetType: string; targetId: string; details?: unknown; at: string },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor: entry.actor,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
      created_at: entry.at,
    })
    .execute();
}

export async function auditEntries(db: Db, targetId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
