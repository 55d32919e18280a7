// When a record's person was last told of pledges, and what happened since: the pace of the requester's notices.
import type { Db } from '../../db/types.ts';

/** The timeline kinds a requester hears of in their hourly summary. */
const ACTIVITY = ['pledged', 'pledge_reported', 'pledge_released'] as const;
export type PledgeActivity = (typeof ACTIVITY)[number];

/**
 * Moves the record's last pledge notice from `previous` (null: never told) to `now`; false when another instance
 * (or another change of the same record) already did. Not a public change: nothing any reader sees moves.
 */
export async function markPledgeNoticed(db: Db, id: string, previous: string | null, now: string): Promise<boolean> {
  const result = await db
    .updateTable('help_records')
    .set({ pledge_noticed_at: now })
    .where('id', '=', id)
    .where((eb) => (previous === null ? eb('pledge_noticed_at', 'is', null) : eb('pledge_noticed_at', '=', previous)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records whose person was last told of pledges at or before `before` and that have had pledge activity since, with
 * how many of each kind: the hourly summaries that are due.
 */
export async function pledgeActivityDue(db: Db, before: string) {
  const rows = await db
    .selectFrom('help_records as h')
    .innerJoin('timeline_events as t', 't.help_id', 'h.id')
    .select(['h.id', 'h.pledge_noticed_at', 't.kind', (eb) => eb.fn.countAll<number>().as('n')])
    // Records a conversation brought, or whose form's number was proved: the ones whose person can be told.
    .where((eb) => eb.or([eb('h.arrived_by', 'is not', null), eb('h.number_proved_at', 'is not', null)]))
    .where('h.review_status', '=', 'approved')
    .where('h.pledge_noticed_at', 'is not', null)
    .where('h.pledge_noticed_at', '<=', before)
    .where('t.kind', 'in', ACTIVITY)
    .whereRef('t.created_at', '>', 'h.pledge_noticed_at')
    .groupBy(['h.id', 'h.pledge_noticed_at', 't.kind'])
    .limit(5000)
    .execute();
  const due = new Map<string, { since: string; counts: Record<PledgeActivity, number> }>();
  for (const row of rows) {
    const since = row.pledge_noticed_at as string;
    const entry = due.get(row.id) ?? { since, counts: { pledged: 0, pledge_reported: 0, pledge_released: 0 } };
    entry.counts[row.kind as PledgeActivity] = Number(row.n);
    due.set(row.id, entry);
  }
  return due;
}
