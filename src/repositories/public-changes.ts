// The public change feed's rows: numbered in commit order under the lock of public_change_head's one row, read
// after a cursor, redacted when a record's personal data goes, dropped after the retention window.
import { type Selectable, sql } from 'kysely';
import type { ChangeEntity, Db, PublicChangesTable } from '../db/types.ts';

/** An entry as read: its number as a number on both engines. */
export type ChangeRow = Omit<Selectable<PublicChangesTable>, 'seq'> & { seq: number };

export type NewChange = Omit<ChangeRow, 'seq' | 'redacted'>;

/** The latest entry of each of these entities: what a new state is compared with. */
export async function latestChanges(
  db: Db,
  entity: ChangeEntity,
  ids: readonly string[],
): Promise<Map<string, Pick<ChangeRow, 'kind' | 'state' | 'fingerprint'>>> {
  const latest = new Map<string, Pick<ChangeRow, 'kind' | 'state' | 'fingerprint'>>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await db
      .selectFrom('public_changes')
      .select(['entity_id', 'kind', 'state', 'fingerprint'])
      .where('seq', 'in', (eb) =>
        eb
          .selectFrom('public_changes')
          .select((s) => s.fn.max('seq').as('seq'))
          .where('entity', '=', entity)
          .where('entity_id', 'in', chunk)
          .groupBy('entity_id'),
      )
      .execute();
    for (const row of rows) latest.set(row.entity_id, row);
  }
  return latest;
}

/**
 * Appends the changes with the next numbers. The update takes the head row's lock and keeps it to the commit, so
 * a transaction that numbers later commits later: a reader never sees n before n - 1.
 */
export async function appendChanges(db: Db, changes: NewChange[]): Promise<ChangeRow[]> {
  if (changes.length === 0) return [];
  const head = await db
    .updateTable('public_change_head')
    .set({ seq: sql`seq + ${changes.length}` })
    .where('id', '=', 1)
    .returning('seq')
    .executeTakeFirstOrThrow();
  const first = Number(head.seq) - changes.length + 1;
  const rows = changes.map((change, i) => ({ ...change, seq: first + i, redacted: 0 }));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('public_changes')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  return rows;
}

/** The newest number given and the oldest cursor still answered. */
export async function changeHead(db: Db): Promise<{ seq: number; floor: number }> {
  const row = await db
    .selectFrom('public_change_head')
    .select(['seq', 'floor'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { seq: Number(row.seq), floor: Number(row.floor) };
}

/** Entries after `since` up to `upTo` (a head read first: everything at or below it has committed). */
export async function changesAfter(
  db: Db,
  since: number,
  upTo: number,
  limit: number,
  emergencyIds?: readonly string[],
): Promise<ChangeRow[]> {
  let query = db
    .selectFrom('public_changes')
    .selectAll()
    .where('seq', '>', since)
    .where('seq', '<=', upTo)
    .orderBy('seq')
    .limit(limit);
  if (emergencyIds) query = query.where('emergency_id', 'in', emergencyIds.length > 0 ? emergencyIds : ['']);
  const rows = await query.execute();
  for (const row of rows) row.seq = Number(row.seq);
  return rows as ChangeRow[];
}

/** Entries by number (the webhooks read the events they deliver). */
export async function changesBySeq(db: Db, seqs: readonly number[]): Promise<ChangeRow[]> {
  if (seqs.length === 0) return [];
  const rows = await db.selectFrom('public_changes').selectAll().where('seq', 'in', seqs).orderBy('seq').execute();
  for (const row of rows) row.seq = Number(row.seq);
  return rows as ChangeRow[];
}

/** Earlier entries of these entities lose their state: what a withdrawal or an erasure removes from the feed. */
export async function redactChanges(db: Db, entity: ChangeEntity, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('public_changes')
    .set({ state: null, fingerprint: null, redacted: 1 })
    .where('entity', '=', entity)
    .where('entity_id', 'in', ids)
    .where('state', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Entries whose state holds these digits (a LIKE filter; the caller matches exactly). */
export async function changesHolding(db: Db, hint: string) {
  const rows = await db
    .selectFrom('public_changes')
    .select(['seq', 'entity', 'entity_id', 'kind', 'at', 'state'])
    .where('state', 'like', `%${hint}%`)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ ...row, seq: Number(row.seq), state: row.state as string }));
}

export async function redactChange(db: Db, seq: number): Promise<void> {
  await db
    .updateTable('public_changes')
    .set({ state: null, fingerprint: null, redacted: 1 })
    .where('seq', '=', seq)
    .execute();
}

/** Drops the entries before `before` and raises the floor past them; how many went. */
export async function dropChangesBefore(db: Db, before: string): Promise<number> {
  const last = await db
    .selectFrom('public_changes')
    .select((s) => s.fn.max('seq').as('seq'))
    .where('at', '<', before)
    .executeTakeFirst();
  if (last?.seq === null || last?.seq === undefined) return 0;
  const upTo = Number(last.seq);
  const result = await db.deleteFrom('public_changes').where('seq', '<=', upTo).executeTakeFirst();
  await db
    .updateTable('public_change_head')
    .set({ floor: sql`case when floor < ${upTo} then ${upTo} else floor end` })
    .where('id', '=', 1)
    .execute();
  return Number(result.numDeletedRows);
}

/** Counts dropped entries would leave (a dry run of retention). */
export async function countChangesBefore(db: Db, before: string): Promise<number> {
  const row = await db
    .selectFrom('public_changes')
    .select((s) => s.fn.countAll().as('n'))
    .where('at', '<', before)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Records a migration left waiting for a fresh feed entry, oldest id first. */
export async function pendingFeedTouches(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('feed_touches')
    .select('entity_id')
    .where('entity', '=', 'help')
    .orderBy('entity_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.entity_id);
}

export async function deleteFeedTouches(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('feed_touches').where('entity', '=', 'help').where('entity_id', 'in', ids).execute();
}
