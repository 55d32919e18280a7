// WhatsApp and SMS conversations: one row per channel and number, its state while a conversation is open.
import type { Selectable } from 'kysely';
import type { Channel } from '../../channels/adapters.ts';
import type { Store } from '../../db/store.ts';
import type { ConversationsTable, Db } from '../../db/types.ts';

export type ConversationRow = Selectable<ConversationsTable>;

/** The number's conversation, locked to the commit on PostgreSQL (SQLite's write transaction already is). */
export async function lockConversation(
  { db, dialect }: Store,
  channel: Channel,
  address: string,
): Promise<ConversationRow | undefined> {
  let query = db.selectFrom('conversations').selectAll().where('channel', '=', channel).where('address', '=', address);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findConversation(db: Db, channel: Channel, address: string) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('channel', '=', channel)
    .where('address', '=', address)
    .executeTakeFirst();
}

export async function insertConversation(db: Db, row: ConversationRow): Promise<boolean> {
  const inserted = await db
    .insertInto('conversations')
    .values(row)
    .onConflict((oc) => oc.columns(['channel', 'address']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function updateConversation(
  db: Db,
  id: string,
  patch: Partial<Omit<ConversationRow, 'id' | 'channel' | 'address' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('conversations').set(patch).where('id', '=', id).execute();
}

export async function conversationsOf(db: Db, addresses: readonly string[]): Promise<ConversationRow[]> {
  if (addresses.length === 0) return [];
  return db.selectFrom('conversations').selectAll().where('address', 'in', addresses).execute();
}

export async function deleteConversations(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('conversations').where('id', 'in', ids).execute();
}

/** Conversations whose last message is older than `before` (retention). */
export async function idleConversations(db: Db, before: string): Promise<string[]> {
  const rows = await db.selectFrom('conversations').select('id').where('last_inbound_at', '<', before).execute();
  return rows.map((r) => r.id);
}
