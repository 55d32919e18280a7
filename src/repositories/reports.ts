// The only code that reads and writes reports from the public. Reports are for leaders: no public read uses this.
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, ReportsTable } from '../db/types.ts';
import type { ReportReason } from '../domain/report-reasons.ts';
import { inPlaces } from './place-scopes.ts';

export type ReportRow = Selectable<ReportsTable>;

/** Whether this reporter already has an open report with this reason on this record. */
export async function hasOpenReport(db: Db, helpId: string, reporterHash: string, reason: ReportReason) {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('help_id', '=', helpId)
    .where('reporter_hash', '=', reporterHash)
    .where('reason', '=', reason)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReport(db: Db, row: Insertable<ReportsTable>): Promise<void> {
  await db.insertInto('reports').values(row).execute();
}

/** Closes every open report of a record; returns how many were closed. */
export async function resolveOpenReports(db: Db, helpId: string, at: string, by: string): Promise<number> {
  const result = await db
    .updateTable('reports')
    .set({ resolved_at: at, resolved_by: by })
    .where('help_id', '=', helpId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Open reports per emergency (all emergencies when none are named). */
export async function openReportCounts(db: Db, emergencyIds?: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (emergencyIds && emergencyIds.length === 0) return counts;
  let query = db
    .selectFrom('reports')
    .select(['emergency_id', (eb) => eb.fn.countAll().as('n')])
    .where('resolved_at', 'is', null);
  if (emergencyIds) query = query.where('emergency_id', 'in', emergencyIds);
  for (const row of await query.groupBy('emergency_id').execute()) counts.set(row.emergency_id, Number(row.n));
  return counts;
}

export interface ReportGroupRow {
  help_id: string;
  title: string;
  type: 'request' | 'offer';
  status: string;
  review_status: string;
  reports: number;
  reporters: number;
  newest: string;
  scam: number;
  resolved: number;
  wrong_data: number;
  other: number;
}

const reasonCount = (reason: ReportReason) =>
  sql<number>`sum(case when r.reason = ${reason} then 1 else 0 end)`.as(reason);

/**
 * Records of an emergency with open reports, those reported by the most distinct reporters first (one address
 * reporting many times cannot outrank several people), then the most recently reported.
 */
export async function openReportGroups(
  db: Db,
  emergencyId: string,
  limit: number,
  helpId?: string,
  /** A leader's place scope (domain/place-scope.ts): only records in these places or without a municipality. */
  places?: readonly string[] | null,
): Promise<ReportGroupRow[]> {
  let query = db
    .selectFrom('reports as r')
    .innerJoin('help_records as h', 'h.id', 'r.help_id')
    .select(['r.help_id', 'h.title', 'h.type', 'h.status', 'h.review_status'])
    .select((eb) => [
      eb.fn.countAll<number>().as('reports'),
      eb.fn.count<number>('r.reporter_hash').distinct().as('reporters'),
      eb.fn.max('r.created_at').as('newest'),
      reasonCount('scam'),
      reasonCount('resolved'),
      reasonCount('wrong_data'),
      reasonCount('other'),
    ])
    .where('r.emergency_id', '=', emergencyId)
    .where('r.resolved_at', 'is', null);
  if (helpId) query = query.where('r.help_id', '=', helpId);
  if (places) query = query.where(inPlaces('h.municipality_code', places));
  const rows = await query
    .groupBy(['r.help_id', 'h.title', 'h.type', 'h.status', 'h.review_status'])
    .orderBy('reporters', 'desc')
    .orderBy('newest', 'desc')
    .orderBy('r.help_id')
    .limit(limit)
    .execute();
  // PostgreSQL sends counts and sums as strings (bigint).
  return rows.map((row) => ({
    help_id: row.help_id,
    title: row.title,
    type: row.type,
    status: row.status,
    review_status: row.review_status,
    reports: Number(row.reports),
    reporters: Number(row.reporters),
    newest: row.newest,
    scam: Number(row.scam),
    resolved: Number(row.resolved),
    wrong_data: Number(row.wrong_data),
    other: Number(row.other),
  }));
}

/** Open reports of the given records, newest first, at most perRecord of each (one flood cannot crowd out the rest). */
export async function openReportsOf(db: Db, helpIds: string[], perRecord: number): Promise<ReportRow[]> {
  if (helpIds.length === 0) return [];
  const ranked = db
    .selectFrom('reports')
    .selectAll()
    .select(sql<number>`row_number() over (partition by help_id order by created_at desc, id)`.as('place'))
    .where('help_id', 'in', helpIds)
    .where('resolved_at', 'is', null);
  const rows = await db
    .selectFrom(ranked.as('r'))
    .selectAll()
    .where('place', '<=', perRecord)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(({ place: _place, ...row }) => row);
}

/** Report notes about these records, and any note with the hint in it (the caller checks each exactly). */
export async function reportNotes(db: Db, helpIds: string[], hint: string | null) {
  if (helpIds.length === 0 && hint === null) return [];
  return db
    .selectFrom('reports')
    .select(['id', 'help_id', 'reason', 'note', 'created_at'])
    .where('note', '!=', '')
    .where((eb) => {
      const any = [];
      if (helpIds.length > 0) any.push(eb('help_id', 'in', helpIds));
      if (hint !== null) any.push(eb('note', 'like', `%${hint}%`));
      return eb.or(any);
    })
    .orderBy('created_at')
    .execute();
}

export async function setReportNote(db: Db, id: string, note: string): Promise<void> {
  await db.updateTable('reports').set({ note }).where('id', '=', id).execute();
}

/** Resolved reports' notes older than `before` are emptied (the report itself stays, for the counts). */
export async function dueReportNotes(db: Db, resolvedBefore: string) {
  return db
    .selectFrom('reports')
    .select('id')
    .where('note', '!=', '')
    .where('resolved_at', '<', resolvedBefore)
    .execute();
}

/** Open reports of one emergency's records in these places (or without a municipality): a scoped leader's count. */
export async function openReportCountIn(db: Db, emergencyId: string, places: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('reports as r')
    .innerJoin('help_records as h', 'h.id', 'r.help_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('r.emergency_id', '=', emergencyId)
    .where('r.resolved_at', 'is', null)
    .where(inPlaces('h.municipality_code', places))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
