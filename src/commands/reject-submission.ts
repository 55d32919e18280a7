// A leader rejects a pending submission (never published) or a pending revision (the public record stays).
import type { Actor, Context } from '../context.ts';
import { AppError } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { noticeSubmitter } from './channels/notices.ts';
import { checkVersion } from './expected-version.ts';
import { type ChangeStep, changeRecord, logDecision, saveRecord } from './record-change.ts';
import { keepRejectedNumber } from './rejected-numbers.ts';

export async function rejectSubmission(
  ctx: Context,
  id: string,
  actor: Actor,
  reason: string,
  /** The content version the leader saw; when given and stale, nothing changes. */
  expectedVersion?: number,
): Promise<HelpRow> {
  return changeRecord(ctx, id, async (step) => {
    checkVersion(step.record, expectedVersion);
    return rejectStep(ctx, step, actor, reason);
  });
}

/** The rejection itself, inside a record change; shared with the bulk rejection. */
export async function rejectStep(
  ctx: Context,
  step: ChangeStep,
  actor: Actor,
  reason: string,
  details?: Record<string, unknown>,
): Promise<HelpRow> {
  const { record, now } = step;
  const logged = details ? { note: reason, ...details } : undefined;
  if (record.review_status === 'pending_review') {
    const saved = await saveRecord(ctx, step, { review_status: 'rejected', reviewed_at: now, reject_reason: reason });
    await logDecision(step, actor, { kind: 'rejected', isPublic: false, note: reason, details: logged });
    await noticeSubmitter(ctx, { ...step, record: saved }, 'rejected');
    await keepRejectedNumber(ctx, step);
    return saved;
  }
  if (record.review_status === 'approved' && record.pending_revision) {
    const saved = await saveRecord(ctx, step, {
      pending_revision: null,
      revision_hash: null,
      revision_submitted_at: null,
    });
    await logDecision(step, actor, { kind: 'revision_rejected', isPublic: false, note: reason, details: logged });
    return saved;
  }
  throw new AppError('invalid_state', [
    {
      field: 'id',
      code: 'nothing_to_reject',
      message: 'La publicación no espera revisión; value dice su estado.',
      value: record.review_status,
    },
  ]);
}
