// Messages received on WhatsApp and SMS. The provider's id is the key: a delivery the provider retries (they do,
// and out of order) is recognised and nothing is done twice.
import type { Selectable } from 'kysely';
import type { Channel } from '../../channels/adapters.ts';
import type { ChannelMessagesTable, Db } from '../../db/types.ts';

export type ChannelMessageRow = Selectable<ChannelMessagesTable>;

/** false: this message was received before. */
export async function insertInbound(db: Db, row: ChannelMessageRow): Promise<boolean> {
  const inserted = await db
    .insertInto('channel_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['channel', 'provider_id']).doNothing())
    .returning('provider_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Links the messages of a conversation (from the one that opened it) to the submission it ended in. */
/**
 * The messages received in a conversation that made a record, from the one that opened it: they point at the record
 * from then on. When the conversation opened (null when its first message is unknown), so the replies follow suit.
 */
export async function linkInbound(
  db: Db,
  channel: Channel,
  address: string,
  openedBy: string,
  helpId: string,
): Promise<string | null> {
  const opening = await db
    .selectFrom('channel_messages')
    .select('received_at')
    .where('channel', '=', channel)
    .where('provider_id', '=', openedBy)
    .executeTakeFirst();
  if (!opening) return null;
  const since = opening.received_at;
  await db
    .updateTable('channel_messages')
    .set({ help_id: helpId })
    .where('channel', '=', channel)
    .where('address', '=', address)
    .where('received_at', '>=', since)
    .where('help_id', 'is', null)
    .execute();
  return since;
}

export async function inboundOf(db: Db, addresses: readonly string[], helpIds: readonly string[]) {
  if (addresses.length === 0 && helpIds.length === 0) return [];
  return db
    .selectFrom('channel_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(addresses.length > 0 ? [eb('address', 'in', addresses)] : []),
        ...(helpIds.length > 0 ? [eb('help_id', 'in', helpIds)] : []),
      ]),
    )
    .orderBy('received_at')
    .execute();
}

export async function deleteInbound(db: Db, keys: readonly { channel: string; provider_id: string }[]) {
  for (const key of keys) {
    await db
      .deleteFrom('channel_messages')
      .where('channel', '=', key.channel as ChannelMessageRow['channel'])
      .where('provider_id', '=', key.provider_id)
      .execute();
  }
}

/** Received before `before` (retention). */
export async function purgeInbound(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('channel_messages').where('received_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countInboundBefore(db: Db, before: string): Promise<number> {
  const row = await db
    .selectFrom('channel_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('received_at', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
