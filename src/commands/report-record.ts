// Anyone reports a published record to its emergency's leaders; the same reporter repeating a report counts once.

import { createHash, randomUUID } from 'node:crypto';
import type { Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { isRecordId } from '../domain/record-id.ts';
import { AppError, detail } from '../errors.ts';
import { findReportable } from '../repositories/help-records/records.ts';
import { hasOpenReport, insertReport } from '../repositories/reports.ts';
import type { HelpReport, ReportResult } from '../schemas/report.ts';

export const REPORT_THANKS = 'Gracias: el equipo de la emergencia revisará este registro.';

/**
 * Distinct reporters are counted without keeping addresses: sha256 of the record's id and the client scope
 * (clientScope: IPv4, or IPv6 /64). The record's id salts it, so one address gives unrelated hashes on different
 * records and the table cannot follow a person across records. No installation secret exists today, and a key
 * kept in this same database would not stop whoever can read this table from testing addresses against it either.
 */
export function reporterHash(helpId: string, scope: string): string {
  return createHash('sha256').update(`ayuda-report\0${helpId}\0${scope}`).digest('base64url');
}

/**
 * Stores the report unless this reporter already has an open one with the same reason on the record (then it
 * answers the same and stores nothing). Public outputs do not change: nothing is announced to the caches.
 */
export async function reportRecord(
  ctx: Context,
  id: string,
  report: HelpReport,
  scope: string,
): Promise<{ result: ReportResult; stored: boolean }> {
  const notFound = () => new AppError('help_not_found', [detail('id', 'not_found', { value: id })]);
  if (!isRecordId(id)) throw notFound();
  const helpId = id.toLowerCase();
  const hash = reporterHash(helpId, scope);
  const stored = await inTransaction(ctx, async (trx) => {
    // The record's row lock (PostgreSQL) or the write lock (SQLite) makes check-then-insert safe.
    const record = await findReportable(trx, helpId);
    if (!record) throw notFound();
    if (await hasOpenReport(trx.db, helpId, hash, report.reason)) return false;
    await insertReport(trx.db, {
      id: randomUUID(),
      help_id: helpId,
      emergency_id: record.emergency_id,
      reason: report.reason,
      note: report.note ?? '',
      reporter_hash: hash,
      created_at: ctx.now().toISOString(),
      resolved_at: null,
      resolved_by: null,
    });
    return true;
  });
  return { result: { ok: true, message: REPORT_THANKS }, stored };
}
