// A leader marks a record's open reports as reviewed; the record itself is not changed (nothing is hidden).
import type { Actor, Context } from '../context.ts';
import { AppError } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { findById } from '../repositories/help-records.ts';
import { resolveOpenReports } from '../repositories/reports.ts';

export async function resolveReports(ctx: Context, emergencyId: string, helpId: string, actor: Actor): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const record = await findById(trx, ctx.dialect, helpId);
    if (!record || record.emergency_id !== emergencyId) {
      throw new AppError('not_found', [{ field: 'id', message: helpId, code: 'not_found' }]);
    }
    const now = ctx.now().toISOString();
    const resolved = await resolveOpenReports(trx, helpId, now, actor);
    if (resolved > 0) {
      await audit(trx, {
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
