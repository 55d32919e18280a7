// A leader rejects several submissions of one emergency with one private reason; each is its own decision, at the
// version shown (commands/decide-many.ts).
import type { Actor, Context } from '../context.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { type DecideManyResult, decideMany, type Selection } from './decide-many.ts';
import { rejectStep } from './reject-submission.ts';

export function rejectMany(
  ctx: Context,
  emergencyId: string,
  selections: Selection[],
  actor: Actor,
  reason: string,
  /** Whether this leader may decide on the record (`inScope` of queries/place-scope.ts); everything when absent. */
  allowed?: (record: HelpRow) => boolean,
): Promise<DecideManyResult> {
  return decideMany(ctx, {
    emergencyId,
    selections,
    allowed,
    decide: (step, count) => rejectStep(ctx, step, actor, reason, { bulk: count }),
  });
}
