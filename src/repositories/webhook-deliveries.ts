// The webhooks' queue: one row per feed entry and subscription. An instance claims a due row by setting
// locked_until (its lease) in a short transaction that commits before anything is sent; the outcome is written only
// while that lease is still the row's, so an instance that lost it (it ran past the lease) changes nothing.
// created_at is when the row's retry window began: its entry's arrival, or a leader's resend.
import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db/store.ts';
import type { Db, WebhookDeliveriesTable, WebhookDeliveryStatus } from '../db/types.ts';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export async function insertDeliveries(db: Db, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** Whether any delivery is due and unclaimed: a plain read, so an idle queue costs no transaction. */
export async function hasDueDelivery(db: Db, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inside a transaction: takes up to `limit` due, unclaimed deliveries by setting their lease to `until`; the ids
 * taken. On PostgreSQL the candidates are locked with SKIP LOCKED, so instances claiming at once take different
 * rows without waiting; SQLite's transactions take the write lock first (BEGIN IMMEDIATE), one at a time.
 */
export async function claimDueDeliveries(
  { db, dialect }: Store,
  now: string,
  until: string,
  limit: number,
): Promise<string[]> {
  let candidates = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .orderBy('change_seq')
    .limit(limit);
  if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
  const ids = (await candidates.execute()).map((row) => row.id);
  if (ids.length === 0) return [];
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: until })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('id')
    .execute();
  return claimed.map((row) => row.id);
}

/** The claimed deliveries with their subscription's address and secret. */
export async function claimedDeliveries(db: Db, ids: readonly string[], until: string) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .select([
      'd.id',
      'd.change_seq',
      'd.attempts',
      'd.created_at',
      'd.locked_until',
      's.id as subscription_id',
      's.url',
      's.secret',
      's.removed_at',
    ])
    .where('d.id', 'in', ids)
    .where('d.locked_until', '=', until)
    .orderBy('d.change_seq')
    .execute();
  return rows.map((row) => ({ ...row, change_seq: Number(row.change_seq), locked_until: until }));
}

export type ClaimedDelivery = Awaited<ReturnType<typeof claimedDeliveries>>[number];

export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at?: string;
  last_status: number | null;
  last_error: string | null;
  delivered_at?: string | null;
}

/** Writes an attempt's outcome and lets the row go; false when the lease was no longer this instance's. */
export async function recordAttempt(db: Db, id: string, lease: string, outcome: AttemptOutcome): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ ...outcome, locked_until: null })
    .where('id', '=', id)
    .where('locked_until', '=', lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets a claimed row go without counting an attempt (the instance is stopping): another one sends it. */
export async function releaseDelivery(db: Db, id: string, lease: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: null })
    .where('id', '=', id)
    .where('locked_until', '=', lease)
    .execute();
}

/** A removed subscription's deliveries not sent yet stop: they become dead with the reason. */
export async function stopPendingDeliveries(db: Db, subscriptionId: string, reason: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'dead', last_error: reason, locked_until: null })
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'pending')
    .execute();
}

export async function findDelivery({ db, dialect }: Store, id: string, lock = false) {
  let query = db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A dead delivery goes back to the queue, claimed by the caller until `lease`, with a new retry window. */
export async function requeueDelivery(db: Db, id: string, at: string, lease: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
      locked_until: lease,
      delivered_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Dead deliveries of active subscriptions (those a leader can send again), newest first. */
export async function deadDeliveryRows(db: Db, subscriptionId: string | undefined, limit: number) {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .leftJoin('public_changes as c', 'c.seq', 'd.change_seq')
    .select([
      'd.id',
      'd.subscription_id',
      'd.change_seq',
      'd.attempts',
      'd.last_status',
      'd.last_error',
      'd.created_at',
      's.url',
      'c.kind',
      'c.entity',
      'c.entity_id',
    ])
    .where('d.status', '=', 'dead')
    .where('s.removed_at', 'is', null)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit);
  if (subscriptionId !== undefined) query = query.where('d.subscription_id', '=', subscriptionId);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, change_seq: Number(row.change_seq) }));
}

/** How many deliveries each subscription has in each status. */
export async function deliveryCounts(db: Db): Promise<Map<string, Record<WebhookDeliveryStatus, number>>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => ['subscription_id', 'status', eb.fn.countAll().as('n')])
    .groupBy(['subscription_id', 'status'])
    .execute();
  const counts = new Map<string, Record<WebhookDeliveryStatus, number>>();
  for (const row of rows) {
    const entry = counts.get(row.subscription_id) ?? { pending: 0, delivered: 0, dead: 0 };
    entry[row.status] = Number(row.n);
    counts.set(row.subscription_id, entry);
  }
  return counts;
}

/** Sent or dead deliveries whose window began before `before`: their feed entries are gone by then too. */
export async function dropFinishedDeliveries(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['delivered', 'dead'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
