// Review decisions of the last hour, from the audit log: the same figure on every instance, and one that survives
// a restart (a counter in memory would do neither).
import type { Context } from '../context.ts';
import { decisionCounts } from '../repositories/audit-decisions.ts';

/** The audit actions of a decision (commands/approve-submission.ts, reject-submission.ts) -> what was decided. */
const DECISION_OF = {
  approved: 'approved',
  revision_approved: 'approved',
  rejected: 'rejected',
  revision_rejected: 'rejected',
} as const;

export type Decision = (typeof DECISION_OF)[keyof typeof DECISION_OF];

export const DECISIONS: readonly Decision[] = [...new Set(Object.values(DECISION_OF))];

export async function decisionsLastHour(ctx: Context): Promise<Record<Decision, number>> {
  const since = new Date(ctx.now().getTime() - 3_600_000).toISOString();
  const counts = await decisionCounts(ctx.db, Object.keys(DECISION_OF), since);
  const totals = Object.fromEntries(DECISIONS.map((d) => [d, 0])) as Record<Decision, number>;
  for (const [action, decision] of Object.entries(DECISION_OF)) totals[decision] += counts.get(action) ?? 0;
  return totals;
}
