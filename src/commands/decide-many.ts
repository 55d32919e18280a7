// One decision applied to several submissions a leader selected on screen: each is its own transaction, and a
// record that changed since it was shown (or left review, or lies elsewhere) is skipped and listed, never decided.
import type { Context } from '../context.ts';
import { AppError, detail } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { checkVersion } from './expected-version.ts';
import { type ChangeStep, changeRecord } from './record-change.ts';

/** At most this many in one action: a slip of the thumb cannot empty a whole inbox. */
export const BULK_DECISION_MAX = 100;

export interface Selection {
  id: string;
  /** The content version shown when the leader selected it. */
  version: number;
}

export const skipReasons = ['stale_version', 'not_pending', 'not_found'] as const;
export type SkipReason = (typeof skipReasons)[number];

export interface DecideManyResult {
  decided: { id: string; title: string }[];
  skipped: { id: string; title: string | null; reason: SkipReason; currentVersion: number | null }[];
}

/** The error code a decision throws -> why the record was skipped; other errors are real failures. */
const skipFor: Record<string, SkipReason> = {
  stale_version: 'stale_version',
  invalid_state: 'not_pending',
  not_found: 'not_found',
};

export interface ManyDecision {
  emergencyId: string;
  selections: Selection[];
  /** Whether this leader may decide on the record (a leader limited to some places); everything when absent. */
  allowed?: (record: HelpRow) => boolean;
  /** The decision itself on the locked record, whose version has been checked. */
  decide: (step: ChangeStep, count: number) => Promise<HelpRow>;
  /** An error that refuses the whole action rather than one record (every other one would fail the same way). */
  fatal?: (err: AppError) => boolean;
  /** Ids never decided in this action (a join's kept record). */
  excluded?: string;
}

/** The selection once per id; refused (validation_failed) when empty or over the limit, before anything changes. */
export function checkSelections(selections: Selection[]): Selection[] {
  const unique = [...new Map(selections.map((s) => [s.id, s])).values()];
  if (unique.length === 0) {
    throw new AppError('validation_failed', [
      { field: 'seleccion', code: 'required', message: 'Elija al menos una publicación.' },
    ]);
  }
  if (unique.length > BULK_DECISION_MAX) {
    throw new AppError('validation_failed', [
      {
        field: 'seleccion',
        code: 'too_many',
        message: `Elija como máximo ${BULK_DECISION_MAX} publicaciones a la vez.`,
        max: BULK_DECISION_MAX,
      },
    ]);
  }
  return unique;
}

export async function decideMany(ctx: Context, decision: ManyDecision): Promise<DecideManyResult> {
  const unique = checkSelections(decision.selections.filter((s) => s.id !== decision.excluded));
  const result: DecideManyResult = { decided: [], skipped: [] };
  for (const selection of unique) {
    let seen: { title: string; version: number } | null = null;
    try {
      const saved = await changeRecord(ctx, selection.id, async (step) => {
        if (step.record.emergency_id !== decision.emergencyId) {
          throw new AppError('not_found', [detail('id', 'not_found', { value: selection.id })]);
        }
        // A record outside the leader's places, named by an altered form: skipped like one of another emergency.
        if (decision.allowed && !decision.allowed(step.record)) {
          throw new AppError('not_found', [detail('id', 'not_found', { value: selection.id })]);
        }
        seen = { title: step.record.title, version: step.record.content_version };
        checkVersion(step.record, selection.version);
        return decision.decide(step, unique.length);
      });
      result.decided.push({ id: saved.id, title: saved.title });
    } catch (err) {
      const why = err instanceof AppError && !decision.fatal?.(err) ? skipFor[err.code] : undefined;
      if (!why) throw err;
      // An out-of-scope record's title is not this leader's to read: it is skipped before it is seen.
      const known = why === 'not_found' ? null : (seen as { title: string; version: number } | null);
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
