// Puts messages in the outbound queue, in the transaction that decided them: they are sent after it commits (by
// this instance at once, or by any instance's worker), in order, and never if it rolls back.
import type { Channel } from '../../channels/adapters.ts';
import type { Db, OutboundKind } from '../../db/types.ts';
import type { OutboundBody } from '../../domain/outbound-body.ts';
import { newRowId } from '../../domain/record-id.ts';
import { insertOutbound } from '../../repositories/channels/outbound-messages.ts';

export interface QueueOptions {
  channel: Channel;
  address: string;
  kind: OutboundKind;
  helpId?: string | null;
  accountId?: string | null;
  now: string;
}

export async function queueMessages(db: Db, options: QueueOptions, bodies: readonly OutboundBody[]): Promise<string[]> {
  const rows = bodies.map((body, ordinal) => ({
    id: newRowId(),
    channel: options.channel,
    address: options.address,
    kind: options.kind,
    body: JSON.stringify(body),
    help_id: options.helpId ?? null,
    account_id: options.accountId ?? null,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: options.now,
    locked_until: null,
    last_error: null,
    provider_id: null,
    created_at: options.now,
    ordinal,
    sent_at: null,
  }));
  await insertOutbound(db, rows);
  return rows.map((r) => r.id);
}
