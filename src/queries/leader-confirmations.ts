// A published record's confirmation as its leaders see it: the state, when it was last confirmed, and when it
// turns por confirmar and expires under this service's hours. A record that is not published, or is completed,
// has nothing to confirm.
import type { Context } from '../context.ts';
import { type ConfirmationState, confirmationDeadlines } from '../domain/confirmation.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';

export interface LeaderConfirmation {
  state: ConfirmationState;
  confirmedAt: string | null;
  /** When it turns (or turned) por confirmar; null without a confirmation date. */
  toConfirmAt: string | null;
  /** When it expires (or expired); null without a confirmation date. */
  expiresAt: string | null;
}

export function leaderConfirmation(ctx: Context, record: HelpRow): LeaderConfirmation | undefined {
  if (record.review_status !== 'approved' || record.status === 'completed') return undefined;
  const deadlines = record.confirmed_at ? confirmationDeadlines(record.confirmed_at, ctx.config) : null;
  return {
    state: record.confirmation_state,
    confirmedAt: record.confirmed_at,
    toConfirmAt: deadlines?.toConfirmAt ?? null,
    expiresAt: deadlines?.expiresAt ?? null,
  };
}
