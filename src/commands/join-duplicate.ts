// A leader joins a pending submission to a published record of the same need: the submission leaves the inbox, is
// never published and is not a rejection (no rejection notice, count or number hash: its person is genuine). Its
// person is told where their need is followed now; its pledges, if any, follow it to the kept record.
import type { Actor, Context } from '../context.ts';
import { joinedNoticeText } from '../domain/joined-notice-text.ts';
import { isHolding } from '../domain/pledges.ts';
import { AppError, detail } from '../errors.ts';
import { urls } from '../presenters/urls.ts';
import { movePledges } from '../repositories/help-records/joins.ts';
import { findById, type HelpRow } from '../repositories/help-records/records.ts';
import { reachable } from './channels/notices.ts';
import { queueMessages } from './channels/queue.ts';
import { type DecideManyResult, decideMany, type Selection } from './decide-many.ts';
import { checkVersion } from './expected-version.ts';
import { countsToward, moveTotals } from './pledges/pledge-totals.ts';
import { type ChangeStep, changeRecord, logDecision, saveRecord } from './record-change.ts';

export interface JoinInput {
  /** The pending submission to join. */
  id: string;
  /** The content version the leader saw; another one means the submitter changed it since (stale_version). */
  version: number;
  /** The published record that stays. */
  keptId: string;
  actor: Actor;
  /** The leader's private note. */
  note?: string | null;
}

function refused(field: string, code: string, message: string, value?: string): AppError {
  return new AppError('invalid_state', [{ field, code, message, ...(value === undefined ? {} : { value }) }]);
}

/** Joins one submission; throws stale_version, not_found or invalid_state and changes nothing then. */
export async function joinDuplicate(ctx: Context, input: JoinInput): Promise<HelpRow> {
  return changeRecord(ctx, input.id, async (step) => {
    checkVersion(step.record, input.version);
    return joinStep(ctx, step, input);
  });
}

/** The join itself, inside the joined record's change; shared with the bulk join. */
export async function joinStep(
  ctx: Context,
  step: ChangeStep,
  input: Pick<JoinInput, 'keptId' | 'actor' | 'note'> & { details?: Record<string, unknown> },
): Promise<HelpRow> {
  const { record, now, trx } = step;
  if (record.review_status === 'approved') {
    // Its public record has pledges and a history of its own: the leader decides on the revision instead.
    throw refused(
      'id',
      'published_record',
      'Una publicación ya publicada no se puede unir a otra: apruebe o rechace sus cambios.',
      record.review_status,
    );
  }
  if (record.review_status !== 'pending_review') {
    throw refused(
      'id',
      'nothing_to_join',
      'La publicación no espera revisión; value dice su estado.',
      record.review_status,
    );
  }
  if (input.keptId === record.id) {
    throw refused('keptId', 'same_record', 'Elija otra publicación: no se puede unir una publicación a sí misma.');
  }
  const kept = await findById(trx, input.keptId, true);
  // Another emergency's record is as unknown here as a missing one: nothing of it is told.
  if (!kept || kept.emergency_id !== record.emergency_id) {
    throw new AppError('not_found', [detail('keptId', 'not_found', { value: input.keptId })]);
  }
  if (kept.type !== record.type) {
    // A request joined to an offer would vanish from the requests: nobody would bring it anything.
    throw refused(
      'keptId',
      'other_type',
      'Solo se une una solicitud a otra solicitud, y un ofrecimiento a otro ofrecimiento.',
      kept.type,
    );
  }
  if (kept.review_status !== 'approved') {
    throw refused(
      'keptId',
      'kept_not_published',
      'La publicación que se conserva debe estar publicada: apruebe primero una de las dos.',
      kept.review_status,
    );
  }
  const note = input.note?.trim() || null;
  const saved = await saveRecord(ctx, step, { review_status: 'joined', reviewed_at: now, duplicate_of: kept.id });
  await logDecision(step, input.actor, {
    kind: 'submission_joined',
    isPublic: false,
    note,
    details: { keptId: kept.id, ...(note ? { note } : {}), ...input.details },
  });
  const keptStep: ChangeStep = { trx, record: kept, now };
  await followPledges(ctx, keptStep, record.id);
  await logDecision(keptStep, input.actor, {
    kind: 'duplicate_joined',
    isPublic: false,
    details: { joinedId: record.id },
  });
  await noticeJoined(ctx, { ...step, record: saved }, kept);
  return saved;
}

/** The joined record's pledges become the kept one's, with what they hold and what they delivered. */
async function followPledges(ctx: Context, keptStep: ChangeStep, fromId: string): Promise<void> {
  const moved = await movePledges(keptStep.trx.db, fromId, keptStep.record.id, keptStep.now);
  if (moved.length === 0) return;
  const delta = { committed: 0, open: 0, covered: 0 };
  for (const pledge of moved) {
    const counts = countsToward(pledge, keptStep.record);
    if (isHolding(pledge.status)) {
      delta.open += 1;
      if (counts) delta.committed += pledge.quantity ?? 0;
    } else if (pledge.status === 'delivered') {
      delta.covered += (counts ? pledge.delivered_quantity : pledge.converted_quantity) ?? 0;
    }
  }
  await moveTotals(ctx, keptStep, delta);
}

/** Tells the joined submission's person, on the channel it came by, where their need is followed now. */
async function noticeJoined(ctx: Context, step: ChangeStep, kept: HelpRow): Promise<void> {
  const { record } = step;
  const channel = reachable(record);
  if (channel === null) return;
  const base = ctx.config.baseUrl;
  const text = joinedNoticeText(record, { kept: urls.help(base, kept.id), status: `${base}/estado` });
  await queueMessages(
    step.trx.db,
    { channel, address: record.contact_whatsapp, kind: 'notice', helpId: record.id, now: step.now },
    [{ text }],
  );
}

/**
 * Joins several submissions of one emergency to one kept record; each carries the version shown and is its own
 * decision: one that changed since is skipped (and listed) without undoing the others. Same result shape as
 * rejectMany, `rejected` holding the joined ones, so the inbox shows one result page for both.
 */
export function joinMany(
  ctx: Context,
  emergencyId: string,
  selections: Selection[],
  keptId: string,
  actor: Actor,
  note?: string | null,
  /** Whether this leader may decide on the record (`inScope` of queries/place-scope.ts); everything when absent. */
  allowed?: (record: HelpRow) => boolean,
): Promise<DecideManyResult> {
  return decideMany(ctx, {
    emergencyId,
    selections,
    allowed,
    excluded: keptId,
    decide: (step, count) => joinStep(ctx, step, { keptId, actor, note, details: { bulk: count } }),
    // A kept record that cannot take them refuses the whole action: every other one would fail the same way.
    fatal: (err) => err.details?.some((d) => d.field === 'keptId') ?? false,
  });
}
