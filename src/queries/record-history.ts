// A record's whole history for leaders: every timeline event (private ones too) and every audit entry, oldest first.
import type { Context } from '../context.ts';
import { auditEntries } from '../repositories/audit.ts';
import { fullTimeline } from '../repositories/timeline.ts';

export type TimelineEntry = Awaited<ReturnType<typeof fullTimeline>>[number];
export type AuditEntry = Awaited<ReturnType<typeof auditEntries>>[number];

export async function recordHistory(
  ctx: Context,
  helpId: string,
): Promise<{ timeline: TimelineEntry[]; audit: AuditEntry[] }> {
  const [timeline, audit] = await Promise.all([fullTimeline(ctx.db, helpId), auditEntries(ctx.db, helpId)]);
  return { timeline, audit };
}
