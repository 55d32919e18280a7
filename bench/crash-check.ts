// The verdict of a crash run, read from the database: every acknowledged submission is there exactly once.
import type { DatabaseConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Outcome } from './crash-senders.ts';

export interface Verdict {
  sent: number;
  acknowledged: number;
  /** Answered with something other than 202 (nothing should be: limits are off). */
  otherStatus: Record<string, number>;
  /** Refused at connect: the service was down. */
  refused: number;
  /** Connected but no status line came back: the kill cut them. */
  cut: number;
  found: number;
  lost: number;
  duplicated: number;
  /** The stored record is not the one whose id the 202 gave. */
  wrongId: number;
  /** Records without exactly one `submitted` timeline event: half a transaction would have survived. */
  badTimeline: number;
  /** Committed, then the kill came before the 202 left: allowed, the sender retries with the same pair. */
  committedUnacknowledged: number;
  /** Rows of this run's source that no sender sent. */
  unknown: number;
}

export async function checkRun(config: DatabaseConfig, source: string, outcomes: Outcome[]): Promise<Verdict> {
  const database = await openDatabase(config, { migrate: false, listen: false, poolSize: 1 });
  let rows: { id: string; external_id: string; events: number | string | bigint }[];
  try {
    rows = await database.db
      .selectFrom('help_records as h')
      .leftJoin('timeline_events as t', (join) => join.onRef('t.help_id', '=', 'h.id').on('t.kind', '=', 'submitted'))
      .select((eb) => ['h.id', 'h.external_id', eb.fn.count('t.id').as('events')])
      .where('h.source', '=', source)
      .groupBy(['h.id', 'h.external_id'])
      .execute();
  } finally {
    await database.close();
  }
  const stored = new Map<string, { ids: string[]; events: number }>();
  for (const row of rows) {
    const entry = stored.get(row.external_id) ?? { ids: [], events: 0 };
    entry.ids.push(row.id);
    entry.events += Number(row.events);
    stored.set(row.external_id, entry);
  }
  const verdict: Verdict = {
    sent: outcomes.length,
    acknowledged: 0,
    otherStatus: {},
    refused: 0,
    cut: 0,
    found: 0,
    lost: 0,
    duplicated: 0,
    wrongId: 0,
    badTimeline: 0,
    committedUnacknowledged: 0,
    unknown: 0,
  };
  const sentIds = new Set<string>();
  for (const outcome of outcomes) {
    sentIds.add(outcome.externalId);
    const entry = stored.get(outcome.externalId);
    if (outcome.status === 202) {
      verdict.acknowledged++;
      if (!entry) verdict.lost++;
      else {
        verdict.found++;
        if (outcome.id !== null && !entry.ids.includes(outcome.id)) verdict.wrongId++;
      }
    } else {
      if (outcome.status !== 0) verdict.otherStatus[outcome.status] = (verdict.otherStatus[outcome.status] ?? 0) + 1;
      else if (outcome.refused) verdict.refused++;
      else verdict.cut++;
      if (entry) verdict.committedUnacknowledged++;
    }
  }
  for (const [externalId, entry] of stored) {
    if (entry.ids.length > 1) verdict.duplicated += entry.ids.length - 1;
    if (entry.events !== entry.ids.length) verdict.badTimeline++;
    if (!sentIds.has(externalId)) verdict.unknown++;
  }
  return verdict;
}
