// A leader approves several submissions of one emergency at once, each at the version shown on screen: a card
// edited after it was shown is skipped and listed, never published.
import type { Actor, Context } from '../context.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { approveStep } from './approve-submission.ts';
import { type DecideManyResult, decideMany, type Selection } from './decide-many.ts';

export function approveMany(
  ctx: Context,
  emergencyId: string,
  selections: Selection[],
  actor: Actor,
  allowed?: (record: HelpRow) => boolean,
): Promise<DecideManyResult> {
  return decideMany(ctx, {
    emergencyId,
    selections,
    allowed,
    decide: (step) => approveStep(ctx, step, actor, null),
  });
}
