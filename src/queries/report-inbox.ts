// Leaders' reads of the reports from the public: records ranked by distinct reporters, with reasons and notes.
import type { Context } from '../context.ts';
import type { ReportReason } from '../domain/report-reasons.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import {
  openReportCountIn,
  openReportCounts,
  openReportGroups,
  openReportsOf,
  type ReportGroupRow,
} from '../repositories/reports.ts';
import { type ConsoleUser, emergenciesFor, placeScopeIn } from './console-session.ts';

/** How many reported records one page lists, and how many reports of each it shows (the counts are complete). */
const MAX_GROUPS = 100;
const REPORTS_PER_RECORD = 50;

export interface ReportEntry {
  reason: ReportReason;
  note: string;
  createdAt: string;
}

export interface ReportGroup {
  helpId: string;
  title: string;
  type: 'request' | 'offer';
  status: string;
  reviewStatus: string;
  /** Open reports, each reporter counted once per reason. */
  reports: number;
  /** Distinct reporters (client addresses, IPv6 per /64), never the addresses themselves. */
  reporters: number;
  newest: string;
  reasons: Record<ReportReason, number>;
  /** Newest first. */
  entries: ReportEntry[];
}

function group(row: ReportGroupRow, entries: ReportEntry[]): ReportGroup {
  return {
    helpId: row.help_id,
    title: row.title,
    type: row.type,
    status: row.status,
    reviewStatus: row.review_status,
    reports: row.reports,
    reporters: row.reporters,
    newest: row.newest,
    reasons: { scam: row.scam, resolved: row.resolved, wrong_data: row.wrong_data, other: row.other },
    entries,
  };
}

/** Records of one emergency with open reports: most distinct reporters first, then most recently reported. */
export async function reportInbox(
  ctx: Context,
  emergencyId: string,
  helpId?: string,
  /** A scoped leader's places (placeScopeIn); null or absent: the whole emergency. */
  places?: readonly string[] | null,
): Promise<ReportGroup[]> {
  const rows = await openReportGroups(ctx.db, emergencyId, MAX_GROUPS, helpId, places);
  const reports = await openReportsOf(
    ctx.db,
    rows.map((row) => row.help_id),
    REPORTS_PER_RECORD,
  );
  const byRecord = new Map<string, ReportEntry[]>();
  for (const report of reports) {
    const list = byRecord.get(report.help_id) ?? [];
    list.push({ reason: report.reason, note: report.note, createdAt: report.created_at });
    byRecord.set(report.help_id, list);
  }
  return rows.map((row) => group(row, byRecord.get(row.help_id) ?? []));
}

/** The open reports of one record of the emergency, or null when it has none. */
export async function recordReports(ctx: Context, emergencyId: string, helpId: string): Promise<ReportGroup | null> {
  return (await reportInbox(ctx, emergencyId, helpId))[0] ?? null;
}

/** Open reports in the emergency shown, or in every emergency the user works on. */
export async function openReportTotal(ctx: Context, user: ConsoleUser, emergency: EmergencyRow | null) {
  if (emergency) {
    const places = placeScopeIn(user, emergency.id);
    if (places) return openReportCountIn(ctx.db, emergency.id, places);
    return (await openReportCounts(ctx.db, [emergency.id])).get(emergency.id) ?? 0;
  }
  const counts =
    user.role === 'admin'
      ? await openReportCounts(ctx.db)
      : await openReportCounts(
          ctx.db,
          (await emergenciesFor(ctx, user)).map((e) => e.id),
        );
  // Where a leader is limited to some places, theirs only.
  for (const emergencyId of user.placeScopes.keys()) {
    const places = placeScopeIn(user, emergencyId);
    if (places && counts.has(emergencyId))
      counts.set(emergencyId, await openReportCountIn(ctx.db, emergencyId, places));
  }
  return [...counts.values()].reduce((a, b) => a + b, 0);
}
