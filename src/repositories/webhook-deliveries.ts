// The webhooks' queue: one row per feed entry and subscription. An instance claims a due row by setting
// locked_until (its lease) in a short transaction that commits before anything is sent, and a subscription has one
// claimed row at a time; the outcome is written only while that lease is still the row's, so an instance that lost
// it (it ran past the lease) changes nothing.
// created_at is when the row's retry window began: its entry's arrival, or a leader's resend.
import { type Insertable, type Selectable, sql } from 'kysely';
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

/**
 * Messages due and not claimed, the first in feed order first: a subscription's next one is the first of its own (a
 * failed one waiting for its retry lets later ones go ahead).
 */
function nextMessage(db: Db, now: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', now)]))
    .orderBy('d.change_seq')
    .limit(1);
}

/** Whether one of a subscription's messages is being sent: a lease not yet run out (only a claim sets one). */
function inFlight(db: Db, now: string) {
  return db.selectFrom('webhook_deliveries as f').select('f.id').where('f.locked_until', '>', now);
}

/** Subscriptions with a message due and none in flight, the one whose next message waited longest first. */
function readySubscriptions(db: Db, now: string) {
  const outer = sql.ref<string>('s.id');
  const next = () => nextMessage(db, now).where('d.subscription_id', '=', outer);
  return db
    .selectFrom('webhook_subscriptions as s')
    .select('s.id')
    .where((eb) => eb.exists(next().select('d.id')))
    .where((eb) => eb.not(eb.exists(inFlight(db, now).where('f.subscription_id', '=', outer))))
    .orderBy(next().select('d.next_attempt_at'))
    .orderBy('s.id');
}

/** Whether any subscription has a message to claim: a plain read, so an idle queue costs no transaction. */
export async function hasReadySubscription(db: Db, now: string): Promise<boolean> {
  return (await readySubscriptions(db, now).limit(1).executeTakeFirst()) !== undefined;
}

/** Subscriptions tried per claim when another instance took the ones before them first. */
const CLAIM_TRIES = 4;

/**
 * Inside a transaction: claims the next message of the subscription that has waited longest, when none of its
 * messages is in flight, by setting its lease to `until`; its id, or null when no subscription has one ready. So each
 * subscription gets one message at a time, in feed order, and a slow receiver holds only its own. On PostgreSQL the
 * subscription's row is locked (SKIP LOCKED: instances claiming at once take different subscriptions without
 * waiting), and only then is it asked again whether one of its messages is in flight, in a statement that sees
 * every claim committed before the lock was had; SQLite's transactions take the write lock first (BEGIN IMMEDIATE),
 * one at a time.
 */
export async function claimNextDelivery({ db, dialect }: Store, now: string, until: string): Promise<string | null> {
  const tried: string[] = [];
  for (let i = 0; i < CLAIM_TRIES; i++) {
    let ready = readySubscriptions(db, now).limit(1);
    if (tried.length > 0) ready = ready.where('s.id', 'not in', tried);
    if (dialect === 'postgres') ready = ready.forUpdate().skipLocked();
    const subscription = (await ready.executeTakeFirst())?.id;
    if (subscription === undefined) return null;
    tried.push(subscription);
    if (await inFlight(db, now).where('f.subscription_id', '=', subscription).executeTakeFirst()) continue;
    const next = await nextMessage(db, now)
      .select('d.id')
      .where('d.subscription_id', '=', subscription)
      .executeTakeFirst();
    if (!next) continue;
    const claimed = await db
      .updateTable('webhook_deliveries')
      .set({ locked_until: until })
      .where('id', '=', next.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returning('id')
      .executeTakeFirst();
    if (claimed) return claimed.id;
  }
  return null;
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
