// WhatsApp and SMS messages to people and leaders as an operator watches them: waiting, failed, and failed only
// because the channel's reach window had closed. Read when metrics are scraped.
import { sql } from 'kysely';
import type { Db } from '../../db/types.ts';

export interface OutboundStates {
  pending: number;
  failed: number;
  windowClosed: number;
}

/** `windowClosed`: the error the sender records for a message outside the reach window with no template. */
export async function outboundStates(db: Db, windowClosed: string): Promise<OutboundStates> {
  const row = await db
    .selectFrom('outbound_messages')
    .where('status', 'in', ['pending', 'failed'])
    .select([
      sql<number>`sum(case when status = 'pending' then 1 else 0 end)`.as('pending'),
      sql<number>`sum(case when status = 'failed' and (last_error is null or last_error <> ${windowClosed}) then 1 else 0 end)`.as(
        'failed',
      ),
      sql<number>`sum(case when status = 'failed' and last_error = ${windowClosed} then 1 else 0 end)`.as('closed'),
    ])
    .executeTakeFirst();
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    windowClosed: Number(row?.closed ?? 0),
  };
}
