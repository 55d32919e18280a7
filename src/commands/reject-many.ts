// A leader rejects several submissions of one emergency with one private reason; each is its own decision.
import type { Actor, Context } from '../context.ts';
import { AppError, detail } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { checkVersion } from './expected-version.ts';
import { changeRecord } from './record-change.ts';
import { rejectStep } from './reject-submission.ts';

/** At most this many in one action: a slip of the thumb cannot empty a whole inbox. */
export const BULK_REJECT_MAX = 100;

export interface Selection {
  id: string;
  /** The content version shown when the leader selected it. */
  version: number;
}

export type SkipReason = 'stale_version' | 'not_pending' | 'not_found';

export interface RejectManyResult {
  rejected: { id: string; title: string }[];
  skipped: { id: string; title: string | null; reason: SkipReason; currentVersion: number | null }[];
}

export async function rejectMany(
  ctx: Context,
  emergencyId: string,
  selections: Selection[],
  actor: Actor,
  reason: string,
  /** Whether this leader may decide on the record (`inScope` of queries/place-scope.ts); everything when absent. */
  allowed?: (record: HelpRow) => boolean,
): Promise<RejectManyResult> {
  const unique = [...new Map(selections.map((s) => [s.id, s])).values()];
  if (unique.length === 0) {
    throw new AppError('validation_failed', [
      { field: 'seleccion', code: 'required', message: 'Elija al menos una publicación.' },
    ]);
  }
  if (unique.length > BULK_REJECT_MAX) {
    throw new AppError('validation_failed', [
      {
        field: 'seleccion',
        code: 'too_many',
        message: `Elija como máximo ${BULK_REJECT_MAX} publicaciones a la vez.`,
        max: BULK_REJECT_MAX,
      },
    ]);
  }
  const result: RejectManyResult = { rejected: [], skipped: [] };
  // One transaction per record: a record that changed is skipped without undoing the others.
  for (const selection of unique) {
    let seen: { title: string; version: number } | null = null;
    try {
      const saved = await changeRecord(ctx, selection.id, async (step) => {
        if (step.record.emergency_id !== emergencyId) {
          throw new AppError('not_found', [detail('id', 'not_found', { value: selection.id })]);
        }
        // A record outside the leader's places, named by an altered form: skipped like one of another emergency.
        if (allowed && !allowed(step.record)) {
          throw new AppError('not_found', [detail('id', 'not_found', { value: selection.id })]);
        }
        seen = { title: step.record.title, version: step.record.content_version };
        checkVersion(step.record, selection.version);
        return rejectStep(ctx, step, actor, reason, { bulk: unique.length });
      });
      result.rejected.push({ id: saved.id, title: saved.title });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const known = seen as { title: string; version: number } | null;
      const why: SkipReason | null =
        err.code === 'stale_version'
          ? 'stale_version'
          : err.code === 'invalid_state'
            ? 'not_pending'
            : err.code === 'not_found'
              ? 'not_found'
              : null;
      if (!why) throw err;
      result.skipped.push({
        id: selection.id,
        title: known?.title ?? null,
        reason: why,
        currentVersion: known?.version ?? null,
      });
    }
  }
  return result;
}
