// A leader corrects a submission (or a pending revision) and publishes the corrected content in one step.
import type { Actor, Context } from '../context.ts';
import { confirmedNow } from '../domain/confirmation.ts';
import { AppError } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { noticeSubmitter } from './channels/notices.ts';
import { checkVersion } from './expected-version.ts';
import { changeRecord, logDecision, saveRecord } from './record-change.ts';
import type { SubmissionFields } from './submission-fields.ts';

/** What a leader may correct; the emergency and the identity document stay as submitted. */
export type EditableFields = Omit<SubmissionFields, 'emergency_id' | 'identity_document'>;

export async function approveWithEdits(
  ctx: Context,
  id: string,
  edits: EditableFields,
  actor: Actor,
  note?: string | null,
  /** The content version the leader corrected; when given and stale, nothing is published. */
  expectedVersion?: number,
): Promise<HelpRow> {
  return changeRecord(ctx, id, async (step) => {
    const { record, now } = step;
    checkVersion(record, expectedVersion);
    if (edits.type !== record.type) {
      throw new AppError('validation_failed', [
        {
          field: 'type',
          code: 'type_fixed',
          message: 'El tipo de una publicación no se cambia al aprobarla.',
          value: record.type,
        },
      ]);
    }
    const submitted: Partial<SubmissionFields> =
      record.review_status === 'approved' && record.pending_revision
        ? (JSON.parse(record.pending_revision) as SubmissionFields)
        : record;
    const changed = (Object.keys(edits) as (keyof EditableFields)[]).filter(
      (key) => (submitted[key] ?? null) !== (edits[key] ?? null),
    );
    const details = {
      edited: Object.fromEntries(changed.map((key) => [key, { from: submitted[key], to: edits[key] }])),
    };
    if (record.review_status === 'pending_review') {
      const saved = await saveRecord(ctx, step, {
        ...edits,
        review_status: 'approved',
        reviewed_at: now,
        // Published or revised by a leader: confirmed as current now.
        ...confirmedNow(now),
        published_at: record.published_at ?? now,
        review_note: note ?? null,
      });
      await logDecision(step, actor, { kind: 'approved', isPublic: true, note, status: saved.status, details });
      await noticeSubmitter(ctx, { ...step, record: saved }, 'approved');
      return saved;
    }
    if (record.review_status === 'approved' && record.pending_revision) {
      const saved = await saveRecord(ctx, step, {
        ...edits,
        identity_document: (submitted as SubmissionFields).identity_document ?? record.identity_document,
        // The hash stays the submitted one: the same payload sent again is "unchanged", not a new revision.
        content_hash: record.revision_hash as string,
        pending_revision: null,
        revision_hash: null,
        revision_submitted_at: null,
        reviewed_at: now,
        // Published or revised by a leader: confirmed as current now.
        ...confirmedNow(now),
      });
      await logDecision(step, actor, {
        kind: 'revision_approved',
        isPublic: true,
        note,
        status: saved.status,
        details,
      });
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
  });
}
