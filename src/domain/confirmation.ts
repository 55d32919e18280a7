// Needs stay current: a published record not confirmed for RECONFIRM_AFTER_HOURS is "por confirmar"; after
// EXPIRE_AFTER_HOURS more it is expired and leaves public lists, the map and the counts until it is confirmed
// again. A completed record has nothing left to confirm. Pure: the clock and the hours come in.
export const confirmationStates = ['current', 'to_confirm', 'expired'] as const;
export type ConfirmationState = (typeof confirmationStates)[number];

/** The list filter: not_expired (the default) is current or to_confirm. */
export const confirmationFilters = ['not_expired', 'all', ...confirmationStates] as const;
export type ConfirmationFilter = (typeof confirmationFilters)[number];

export interface ConfirmationHours {
  reconfirmAfterHours: number;
  expireAfterHours: number;
}

const HOUR_MS = 3_600_000;

export function confirmationState(
  confirmedAt: string | null,
  status: string,
  now: Date,
  hours: ConfirmationHours,
): ConfirmationState {
  if (status === 'completed' || confirmedAt === null) return 'current';
  const age = now.getTime() - Date.parse(confirmedAt);
  if (age < hours.reconfirmAfterHours * HOUR_MS) return 'current';
  if (age < (hours.reconfirmAfterHours + hours.expireAfterHours) * HOUR_MS) return 'to_confirm';
  return 'expired';
}

/** When a record confirmed at `confirmedAt` turns "por confirmar", and when it expires. */
export function confirmationDeadlines(confirmedAt: string, hours: ConfirmationHours) {
  const at = Date.parse(confirmedAt);
  return {
    toConfirmAt: new Date(at + hours.reconfirmAfterHours * HOUR_MS).toISOString(),
    expiresAt: new Date(at + (hours.reconfirmAfterHours + hours.expireAfterHours) * HOUR_MS).toISOString(),
  };
}

/** Whether a filter keeps a record in this state. */
export function passesConfirmation(filter: ConfirmationFilter | undefined, state: ConfirmationState): boolean {
  if (filter === undefined || filter === 'not_expired') return state !== 'expired';
  return filter === 'all' || filter === state;
}

/** The columns of a record confirmed now: the clock starts again. */
export function confirmedNow(now: string): { confirmed_at: string; confirmation_state: ConfirmationState } {
  return { confirmed_at: now, confirmation_state: 'current' };
}
