// When a pledge is late ("vencido"): one rule for the digest, the review stats and the pledge list's mark. An open
// pledge whose delivery date has passed is late; it stays late through its grace period, until someone confirms the
// delivery, the pledger reports it or cancels it, or the sweep expires it (then it is no longer open).
import type { PledgeStatus } from './pledges.ts';

/** The only status a late pledge can have: reported, delivered, cancelled, expired or disputed ones are not late. */
export const OVERDUE_PLEDGE_STATUS = 'open' as const satisfies PledgeStatus;

/** Whether a pledge is late at `now`: still open and its delivery date (deliver_by) already passed. */
export function isOverduePledge(pledge: { status: PledgeStatus; deliverBy: string }, now: Date): boolean {
  return pledge.status === OVERDUE_PLEDGE_STATUS && Date.parse(pledge.deliverBy) < now.getTime();
}
