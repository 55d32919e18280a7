// A decision names the content version the leader saw; another version means the submitter changed it since.
import { AppError, detail } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';

/** Throws stale_version (nothing changes) when a version was named and the record has moved past it. */
export function checkVersion(record: Pick<HelpRow, 'id' | 'content_version'>, expected: number | undefined): void {
  if (expected === undefined || expected === record.content_version) return;
  throw new AppError('stale_version', [
    detail('version', 'stale_version', { id: record.id, expected, current: record.content_version }),
  ]);
}
