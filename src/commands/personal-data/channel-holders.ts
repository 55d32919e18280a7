// WhatsApp and SMS: conversations (their state holds what the person typed so far), the messages received and
// the messages sent. Found by the person's number and by their records; erased (deleted) with either; kept
// RETENTION_MESSAGES_DAYS after the last message (their retention, below). A leader's own alert number is found
// and erased by that number.
import { channelLabel } from '../../channels/adapters.ts';
import { labelledFields } from '../../db/column-roles.ts';
import { conversationRoles, inboundRoles, leaderAlertRoles, outboundRoles } from '../../db/trail-roles.ts';
import type { Db } from '../../db/types.ts';
import { outboundText } from '../../domain/outbound-body.ts';
import {
  countInboundBefore,
  deleteInbound,
  inboundOf,
  purgeInbound,
} from '../../repositories/channels/channel-messages.ts';
import { conversationsOf, deleteConversations, idleConversations } from '../../repositories/channels/conversations.ts';
import { alertsByNumber, removeLeaderAlert } from '../../repositories/channels/leader-alerts.ts';
import { deleteOutbound, outboundOf, purgeOutbound } from '../../repositories/channels/outbound-messages.ts';
import type { ErasureTarget, PersonalDataHolder, TouchedRow } from './holder.ts';

/**
 * The numbers whose conversations and messages all go: those an erasure by number names. An erasure of records
 * alone (a withdrawal, retention) takes the messages of those records, not the person's other conversations.
 */
function numbersOf(target: ErasureTarget): string[] {
  if (target.scope === 'identity') return [];
  return (target.everywhere?.values.phones ?? []).filter((n) => n !== '');
}

/** The numbers the target's own records were sent from. */
function ownNumbersOf(target: ErasureTarget): string[] {
  if (target.scope === 'identity') return [];
  return target.records.map((r) => r.contact_whatsapp).filter((n) => n !== '');
}

function recordIdsOf(target: ErasureTarget): string[] {
  return target.scope === 'identity' ? [] : target.records.map((r) => r.id);
}

/** A received message's id in the erasure log: its channel and the provider's id. */
const inboundKey = (row: { channel: string; provider_id: string }) => `${row.channel}:${row.provider_id}`;

export const conversationsHolder: PersonalDataHolder<'conversations'> = {
  table: 'conversations',
  async find(db, search) {
    return (await conversationsOf(db, [search.phone])).map((r) => ({
      table: 'conversations',
      id: r.id,
      label: `Conversación por ${channelLabel(r.channel)}`,
      fields: labelledFields(conversationRoles, r, ['channel', 'last_inbound_at']),
    }));
  },
  async erase(trx, target) {
    // An erasure by number takes every conversation of the number; an erasure of records, the conversations of
    // their numbers that hold nothing half written (a new message simply opens a new one).
    const everything = await conversationsOf(trx.db, numbersOf(target));
    const idle = (await conversationsOf(trx.db, ownNumbersOf(target))).filter((r) => r.state === null);
    const rows = [...new Map([...everything, ...idle].map((r) => [r.id, r])).values()];
    await deleteConversations(
      trx.db,
      rows.map((r) => r.id),
    );
    return rows.map((r): TouchedRow => ({ table: 'conversations', id: r.id }));
  },
  clear: (db: Db, id: string) => deleteConversations(db, [id]),
  retention: {
    kind: 'delete',
    rule: 'channel_messages',
    async purge(db, cut) {
      const idle = await idleConversations(db, cut.messagesBefore);
      await deleteConversations(db, idle);
      return idle.length;
    },
  },
};

export const channelMessagesHolder: PersonalDataHolder<'channel_messages'> = {
  table: 'channel_messages',
  async find(db, search) {
    return (await inboundOf(db, [search.phone], search.recordIds)).map((r) => ({
      table: 'channel_messages',
      id: inboundKey(r),
      label: `Mensaje recibido por ${channelLabel(r.channel)}`,
      fields: labelledFields(inboundRoles, r, ['channel', 'kind', 'help_id', 'sent_at']),
    }));
  },
  async erase(trx, target) {
    const rows = await inboundOf(trx.db, numbersOf(target), recordIdsOf(target));
    await deleteInbound(trx.db, rows);
    return rows.map((r): TouchedRow => ({ table: 'channel_messages', id: inboundKey(r) }));
  },
  async clear(db, id) {
    const [channel, ...rest] = id.split(':');
    await deleteInbound(db, [{ channel: channel ?? '', provider_id: rest.join(':') }]);
  },
  retention: {
    kind: 'delete',
    rule: 'channel_messages',
    count: (db, cut) => countInboundBefore(db, cut.messagesBefore),
    purge: (db, cut) => purgeInbound(db, cut.messagesBefore),
  },
};

export const outboundMessagesHolder: PersonalDataHolder<'outbound_messages'> = {
  table: 'outbound_messages',
  async find(db, search) {
    const rows = await outboundOf(db, [search.phone], search.recordIds);
    // An alert about the person's record went to a leader's number: the leader's, not theirs to see.
    const theirs = rows.filter((r) => r.account_id === null || r.address === search.phone);
    return theirs.map((r) => ({
      table: 'outbound_messages',
      id: r.id,
      label: `Mensaje enviado por ${channelLabel(r.channel)}`,
      // The text as it was sent, not the stored envelope around it (the whole envelope when it has no text).
      fields: labelledFields(outboundRoles, { ...r, body: outboundText(r.body) ?? r.body }, [
        'channel',
        'kind',
        'help_id',
        'status',
        'created_at',
      ]),
    }));
  },
  async erase(trx, target) {
    // Messages still waiting go too: nothing is sent to a number after its data is erased.
    const rows = await outboundOf(trx.db, numbersOf(target), recordIdsOf(target));
    await deleteOutbound(
      trx.db,
      rows.map((r) => r.id),
    );
    return rows.map((r): TouchedRow => ({ table: 'outbound_messages', id: r.id }));
  },
  clear: (db, id) => deleteOutbound(db, [id]),
  retention: { kind: 'delete', rule: 'channel_messages', purge: (db, cut) => purgeOutbound(db, cut.messagesBefore) },
};

export const leaderAlertsHolder: PersonalDataHolder<'leader_alerts'> = {
  table: 'leader_alerts',
  async find(db, search) {
    return (await alertsByNumber(db, [search.phone])).map((r) => ({
      table: 'leader_alerts',
      id: r.account_id,
      label: 'Número de un líder para recibir alertas por WhatsApp',
      fields: labelledFields(leaderAlertRoles, r, ['account_id', 'created_at']),
    }));
  },
  async erase(trx, target) {
    if (!target.everywhere) return [];
    const rows = await alertsByNumber(trx.db, target.everywhere.values.phones);
    for (const r of rows) await removeLeaderAlert(trx.db, r.account_id);
    return rows.map((r): TouchedRow => ({ table: 'leader_alerts', id: r.account_id }));
  },
  clear: (db, id) => removeLeaderAlert(db, id),
  retention: { kind: 'none', why: "A leader's own number, kept while they want alerts; erased with the number." },
};
