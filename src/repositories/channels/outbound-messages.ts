// Messages to send on WhatsApp and SMS: a queue every instance drains. Only the oldest unsent message of each number
// can be claimed, so a number's messages arrive in the order they were written even when several instances send.
// A claim is a lease (locked_until) set in a short transaction that commits before the send.
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Channel } from '../../channels/adapters.ts';
import type { Store } from '../../db/store.ts';
import type { Db, OutboundMessagesTable } from '../../db/types.ts';

export type OutboundRow = Selectable<OutboundMessagesTable>;

export async function insertOutbound(db: Db, rows: Insertable<OutboundMessagesTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('outbound_messages').values(rows).execute();
}

const due = (now: string) =>
  sql<boolean>`m.status = 'pending' and m.next_attempt_at <= ${now} and (m.locked_until is null or m.locked_until <= ${now})
    and not exists (select 1 from outbound_messages o where o.channel = m.channel and o.address = m.address
      and o.status = 'pending' and (o.created_at < m.created_at or (o.created_at = m.created_at and o.ordinal < m.ordinal)))`;

export async function hasDueOutbound(db: Db, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbound_messages as m')
    .select('m.id')
    .where('m.status', '=', 'pending')
    .where('m.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('m.locked_until', 'is', null), eb('m.locked_until', '<=', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes up to `limit` due messages, each the oldest unsent of its number; their ids. */
export async function claimDueOutbound(
  { db, dialect }: Store,
  now: string,
  until: string,
  limit: number,
): Promise<string[]> {
  let candidates = db
    .selectFrom('outbound_messages as m')
    .select('m.id')
    .where(due(now))
    .orderBy('m.created_at')
    .orderBy('m.ordinal')
    .limit(limit);
  if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
  const ids = (await candidates.execute()).map((row) => row.id);
  if (ids.length === 0) return [];
  const claimed = await db
    .updateTable('outbound_messages')
    .set({ locked_until: until })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return claimed.map((row) => row.id);
}

export async function outboundByIds(db: Db, ids: readonly string[]): Promise<OutboundRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('outbound_messages').selectAll().where('id', 'in', ids).orderBy('created_at').execute();
}

export interface OutboundOutcome {
  status: OutboundRow['status'];
  attempts: number;
  next_attempt_at?: string;
  last_error: string | null;
  provider_id?: string | null;
  sent_at?: string | null;
  /** The body with its codes hidden, once it no longer has to go (domain/outbound-body.ts withoutCodes). */
  body?: string;
}

/** The outcome of an attempt, written only while the lease is still this instance's. */
export async function settleOutbound(db: Db, id: string, lease: string, outcome: OutboundOutcome): Promise<void> {
  await db
    .updateTable('outbound_messages')
    .set({ ...outcome, locked_until: null })
    .where('id', '=', id)
    .where('locked_until', '=', lease)
    .execute();
}

export async function releaseOutbound(db: Db, id: string, lease: string): Promise<void> {
  await db
    .updateTable('outbound_messages')
    .set({ locked_until: null })
    .where('id', '=', id)
    .where('locked_until', '=', lease)
    .execute();
}

export async function outboundOf(db: Db, addresses: readonly string[], helpIds: readonly string[]) {
  if (addresses.length === 0 && helpIds.length === 0) return [];
  return db
    .selectFrom('outbound_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(addresses.length > 0 ? [eb('address', 'in', addresses)] : []),
        ...(helpIds.length > 0 ? [eb('help_id', 'in', helpIds)] : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('ordinal')
    .execute();
}

/** The replies sent to a person since `since` that no record claims yet now point at this one. */
export async function linkOutbound(db: Db, channel: Channel, address: string, since: string, helpId: string) {
  await db
    .updateTable('outbound_messages')
    .set({ help_id: helpId })
    .where('channel', '=', channel)
    .where('address', '=', address)
    .where('created_at', '>=', since)
    .where('help_id', 'is', null)
    .where('account_id', 'is', null)
    .execute();
}

export async function deleteOutbound(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('outbound_messages').where('id', 'in', ids).execute();
}

/** Written before `before` and no longer waiting (retention). */
export async function purgeOutbound(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('outbound_messages')
    .where('created_at', '<', before)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
