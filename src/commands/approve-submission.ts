// A leader approves a pending submission (it is published) or a pending revision (it replaces the public one).
import type { Actor, Context } from '../context.ts';
import { confirmedNow } from '../domain/confirmation.ts';
import { AppError } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { noticeSubmitter } from './channels/notices.ts';
import { checkVersion } from './expected-version.ts';
import { type ChangeStep, changeRecord, logDecision, saveRecord } from './record-change.ts';
import type { SubmissionFields } from './submission-fields.ts';

export async function approveSubmission(
  ctx: Context,
  id: string,
  actor: Actor,
  note?: string | null,
  /** The content version the leader saw; when given and stale, nothing is published. */
  expectedVersion?: number,
): Promise<HelpRow> {
  return changeRecord(ctx, id, async (step) => {
    checkVersion(step.record, expectedVersion);
    return approveStep(ctx, step, actor, note);
  });
}

/** Publishes the locked record (or its pending revision); the caller has checked the version it names. */
export async function approveStep(
  ctx: Context,
  step: ChangeStep,
  actor: Actor,
  note?: string | null,
): Promise<HelpRow> {
  const { record, now } = step;
  if (record.review_status === 'pending_review') {
    const saved = await saveRecord(ctx, step, {
      review_status: 'approved',
      reviewed_at: now,
      // Published or revised by a leader: confirmed as current now.
      ...confirmedNow(now),
      published_at: record.published_at ?? now,
      review_note: note ?? null,
    });
    await logDecision(step, actor, { kind: 'approved', isPublic: true, note, status: saved.status });
    await noticeSubmitter(ctx, { ...step, record: saved }, 'approved');
    return saved;
  }
  if (record.review_status === 'approved' && record.pending_revision) {
    const revision = JSON.parse(record.pending_revision) as SubmissionFields;
    const saved = await saveRecord(ctx, step, {
      ...revision,
      content_hash: record.revision_hash as string,
      pending_revision: null,
      revision_hash: null,
      revision_submitted_at: null,
      reviewed_at: now,
      // Published or revised by a leader: confirmed as current now.
      ...confirmedNow(now),
    });
    await logDecision(step, actor, { kind: 'revision_approved', isPublic: true, note, status: saved.status });
    return saved;
  }
  throw new AppError('invalid_state', [
    {
      field: 'id',
      code: 'nothing_to_approve',
      message: 'La publicación no espera revisión; value dice su estado.',
      value: record.review_status,
    },
  ]);
}
