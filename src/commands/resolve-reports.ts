// A leader marks a record's open reports as reviewed; the record itself is not changed (nothing is hidden).
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { AppError, detail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { findById } from '../repositories/help-records/records.ts';
import { resolveOpenReports } from '../repositories/reports.ts';

export async function resolveReports(ctx: Context, emergencyId: string, helpId: string, actor: Actor): Promise<number> {
  return inTransaction(ctx, async (trx) => {
    const record = await findById(trx, helpId);
    if (!record || record.emergency_id !== emergencyId) {
      throw new AppError('not_found', [detail('id', 'not_found', { value: helpId })]);
    }
    const now = ctx.now().toISOString();
    const resolved = await resolveOpenReports(trx.db, helpId, now, actor);
    if (resolved > 0) {
      await audit(trx.db, {
        actor,
        action: 'reports_resolved',
        targetType: 'help_record',
        targetId: helpId,
        details: { resolved },
        at: now,
      });
    }
    return resolved;
  });
}
