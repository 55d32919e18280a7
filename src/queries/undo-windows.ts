// What the console shows of the leaders' decisions that can still be undone (commands/pledges/cancel-with-undo.ts,
// commands/route-claims/decline-with-undo.ts).
import type { Context } from '../context.ts';
import { openWindowsOfEmergency } from '../repositories/undo-windows.ts';

/** A refusal of an offer waiting for its minutes to pass: until when, and whether "Deshacer" still works. */
export interface PendingDecline {
  until: string;
  undoable: boolean;
}

/** The offers of an emergency a leader said no to, not yet applied: claim id -> its refusal. */
export async function pendingClaimDeclines(ctx: Context, emergencyId: string): Promise<Map<string, PendingDecline>> {
  const now = ctx.now().toISOString();
  const windows = await openWindowsOfEmergency(ctx.db, emergencyId, 'route_claim');
  return new Map(windows.map((w) => [w.target_id, { until: w.until, undoable: w.until > now }]));
}
