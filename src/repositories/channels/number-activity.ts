// What the limits on one number count (domain/intake-limits.ts), on every channel together: the messages it sent in
// the last minute, the submissions the conversations brought from it in the last day, and the messages it sent after
// the latest of those. Read inside the transaction that holds the number's conversation.
import type { Channel } from '../../channels/adapters.ts';
import type { Db } from '../../db/types.ts';
import type { NumberActivity } from '../../domain/intake-limits.ts';

export interface ActivityKeys {
  address: string;
  /** The message being taken: counted in the minute, not among those after the latest submission. */
  channel: Channel;
  providerId: string;
  minuteStart: string;
  dayStart: string;
}

export async function numberActivity(db: Db, keys: ActivityKeys): Promise<NumberActivity> {
  const minute = await db
    .selectFrom('channel_messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('address', '=', keys.address)
    .where('received_at', '>=', keys.minuteStart)
    .executeTakeFirst();
  // Only records a conversation brought: a form cannot spend the allowance of a number it merely names.
  const day = await db
    .selectFrom('help_records')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('created_at').as('newest')])
    .where('contact_whatsapp', '=', keys.address)
    .where('arrived_by', 'is not', null)
    .where('created_at', '>=', keys.dayStart)
    .executeTakeFirst();
  const newest = day?.newest ?? null;
  let since = 0;
  if (newest !== null) {
    const after = await db
      .selectFrom('channel_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('address', '=', keys.address)
      .where('received_at', '>', newest)
      .where((eb) => eb.not(eb.and([eb('channel', '=', keys.channel), eb('provider_id', '=', keys.providerId)])))
      .executeTakeFirst();
    since = Number(after?.n ?? 0);
  }
  return {
    messagesInMinute: Number(minute?.n ?? 0),
    submissionsInDay: Number(day?.n ?? 0),
    messagesSinceLast: since,
  };
}
