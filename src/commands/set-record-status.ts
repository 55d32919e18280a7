// Lifecycle of a published record: active -> in_process -> completed, and reopening.
import type { Actor, Context } from '../context.ts';
import { confirmedNow } from '../domain/confirmation.ts';
import type { RecordStatus } from '../domain/statuses.ts';
import { AppError, detail } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { changeRecord, logDecision, saveRecord } from './record-change.ts';

export async function setRecordStatus(
  ctx: Context,
  id: string,
  status: RecordStatus,
  actor: Actor,
  note?: string | null,
): Promise<HelpRow> {
  return changeRecord(ctx, id, async (step) => {
    const { record } = step;
    if (record.review_status !== 'approved') {
      throw new AppError('invalid_state', [detail('id', 'not_published')]);
    }
    if (record.status === status) {
      throw new AppError('invalid_state', [detail('status', 'same_status', { value: status })]);
    }
    // A leader who moves a record has just checked on it: it counts as confirmed.
    const saved = await saveRecord(ctx, step, { status, status_note: note ?? null, ...confirmedNow(step.now) });
    await logDecision(step, actor, {
      kind: 'status_changed',
      isPublic: true,
      note,
      status,
      details: { from: record.status, to: status, note },
    });
    return saved;
  });
}
