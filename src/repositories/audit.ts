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

/** Audit entries about these targets that carry details, and any details with the hint in them. */
export async function auditDetails(db: Db, targetIds: string[], hint: string | null) {
  if (targetIds.length === 0 && hint === null) return [];
  return db
    .selectFrom('audit_log')
    .select(['id', 'action', 'target_type', 'target_id', 'details', 'created_at'])
    .where('details', 'is not', null)
    .where((eb) => {
      const any = [];
      if (targetIds.length > 0) any.push(eb('target_id', 'in', targetIds));
      if (hint !== null) any.push(eb('details', 'like', `%${hint}%`));
      return eb.or(any);
    })
    .orderBy('id')
    .execute();
}

export async function setAuditDetails(db: Db, id: number, details: string | null): Promise<void> {
  await db.updateTable('audit_log').set({ details }).where('id', '=', id).execute();
}
