// One message from a person on a conversation channel (WhatsApp, SMS), through the guided conversation. First, in
// one transaction: the message is logged under the provider's id (a retried delivery stops here), the number's
// conversation is locked, the number's limits are counted, the conversation takes its turn and its replies are
// queued. Then what the turn asks for, each through the service's own commands: the submission (submitHelp, keyed by
// the message that opened the conversation, so doing it again is harmless), a status lookup or a withdrawal, and the
// replies that report it. All that answers one message goes through its AnswerBudget.
import { conversationOf } from '../../channels/adapters.ts';
import type { Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import type { Db } from '../../db/types.ts';
import { deliveryAnswer } from '../../domain/conversation/commands.ts';
import { converse, dailyLimitReplies, isYes, withdrawKeptReplies } from '../../domain/conversation/converse.ts';
import type { Action, ConversationEnv, ConversationState, Inbound } from '../../domain/conversation/types.ts';
import { allowance, messageWindowStart, submissionWindowStart } from '../../domain/intake-limits.ts';
import { deliveryAnswerText } from '../../domain/notice-texts.ts';
import { newRowId } from '../../domain/record-id.ts';
import { activeEmergencies } from '../../queries/emergencies.ts';
import { insertInbound } from '../../repositories/channels/channel-messages.ts';
import {
  type ConversationRow,
  insertConversation,
  lockConversation,
  updateConversation,
} from '../../repositories/channels/conversations.ts';
import { numberActivity } from '../../repositories/channels/number-activity.ts';
import { deliveryQuestionsTo } from '../../repositories/help-records/delivery-questions.ts';
import type { HelpRow } from '../../repositories/help-records/records.ts';
import { answerReportedDeliveries } from '../pledges/settle-pledge.ts';
import { AnswerBudget } from './answer-budget.ts';
import { confirmWithdrawal, performAction } from './conversation-actions.ts';
import type { InboundMessage } from './inbound-message.ts';
import { reachable } from './notices.ts';
import { outboundQueued } from './outbound-signal.ts';
import { queueMessages } from './queue.ts';

/** A conversation left this long restarts with the next message. */
export const IDLE_RESTART_MS = 30 * 60_000;
/** "retirar CÓDIGO" asks first; a "SI" later than this withdraws nothing. */
export const WITHDRAW_CONFIRM_MS = 10 * 60_000;
/** A reported delivery's question (RECIBIDO or NO LLEGÓ) is answered within a week; later, on /estado. */
export const DELIVERY_ANSWER_MS = 7 * 24 * 3_600_000;

/** limited: logged, past one of the number's limits, and neither taken nor answered. */
export type ReceiveOutcome = 'handled' | 'duplicate' | 'late' | 'limited';

/** What the log keeps of a message: its text, or the place shared. */
function bodyOf(input: Inbound): string | null {
  switch (input.kind) {
    case 'text':
      return input.text;
    case 'location':
      return `${input.latitude},${input.longitude}`;
    case 'choice':
      return input.title ?? input.id;
    default:
      return null;
  }
}

export async function conversationEnv(ctx: Context, message: InboundMessage): Promise<ConversationEnv> {
  const emergencies = await activeEmergencies(ctx);
  const statusPage = `${ctx.config.baseUrl}/estado`;
  return {
    medium: conversationOf(message.channel).medium,
    emergencies: emergencies.map((e) => ({ slug: e.slug, name: e.name })),
    ...(message.profileName ? { profileName: message.profileName } : {}),
    // The receipt code is a credential: it never goes into a URL.
    statusUrl: () => statusPage,
  };
}

function parseState(row: ConversationRow, now: Date): ConversationState | null {
  if (row.state === null) return null;
  if (now.getTime() - Date.parse(row.last_inbound_at) > IDLE_RESTART_MS) return null;
  return JSON.parse(row.state) as ConversationState;
}

/** The record "retirar CÓDIGO" asked about, while the question is fresh; null when none was asked or it is old. */
function askedWithdrawal(row: ConversationRow, now: Date): string | null {
  if (row.withdraw_help_id === null || row.withdraw_asked_at === null) return null;
  return now.getTime() - Date.parse(row.withdraw_asked_at) <= WITHDRAW_CONFIRM_MS ? row.withdraw_help_id : null;
}

interface Taken {
  outcome: ReceiveOutcome;
  action?: Action;
  /** A "SI" to the withdrawal's question: the record to withdraw. */
  withdrawal?: string;
  /** RECIBIDO or NO LLEGÓ to the question about a record's reported deliveries. */
  delivery?: { helpId: string; askedAt: string; answer: 'received' | 'not_received' };
  conversationId?: string;
  openedBy?: string | null;
}

export interface ReceiveLog {
  error(details: object, message: string): void;
}

/**
 * The provider's time of a message, never later than when it arrived: a phone whose clock runs ahead (one SMS dated
 * next year) would otherwise make every later message from its number arrive "late", cancelar included.
 */
function sentBy(sentAt: string, at: string): string {
  const sent = Date.parse(sentAt);
  return Number.isNaN(sent) || sent > Date.parse(at) ? at : sentAt;
}

export async function receiveMessage(ctx: Context, message: InboundMessage, log?: ReceiveLog): Promise<ReceiveOutcome> {
  const env = await conversationEnv(ctx, message);
  const budget = new AnswerBudget(env.medium);
  const replyTo = (now: string) => ({
    channel: message.channel,
    address: message.address,
    kind: 'reply' as const,
    now,
  });
  const taken = await inTransaction(ctx, async (trx): Promise<Taken> => {
    const now = ctx.now();
    const at = now.toISOString();
    const sentAt = sentBy(message.sentAt, at);
    const logged = await insertInbound(trx.db, {
      channel: message.channel,
      provider_id: message.providerId,
      address: message.address,
      kind: message.input.kind,
      body: bodyOf(message.input),
      sent_at: sentAt,
      received_at: at,
      help_id: null,
    });
    if (!logged) return { outcome: 'duplicate' };
    await insertConversation(trx.db, {
      id: newRowId(),
      channel: message.channel,
      address: message.address,
      state: null,
      opened_by: null,
      withdraw_help_id: null,
      withdraw_asked_at: null,
      last_inbound_at: at,
      last_sent_at: sentAt,
      created_at: at,
      updated_at: at,
    });
    const row = await lockConversation(trx, message.channel, message.address);
    if (!row) throw new Error('conversation vanished after its insert');
    // A message sent before the newest one already taken arrived late: answering it now would answer the wrong
    // question. It stays in the log; the person sees the current question and answers that. (A time stored in the
    // future before times were bounded is read as now.)
    if (Date.parse(sentAt) < Date.parse(sentBy(row.last_sent_at, at))) {
      await updateConversation(trx.db, row.id, { last_inbound_at: at, updated_at: at });
      return { outcome: 'late' };
    }
    const answered = { withdraw_help_id: null, withdraw_asked_at: null };
    // Past a limit of the number the message stays in the log and moves nothing: a flood goes unanswered, and a
    // number that made the day's submissions is told so once (its conversation closed), then not answered until the
    // day is past.
    const limits = ctx.config.intakeLimits;
    const activity = await numberActivity(trx.db, {
      address: message.address,
      channel: message.channel,
      providerId: message.providerId,
      minuteStart: messageWindowStart(now),
      dayStart: submissionWindowStart(now),
    });
    const allowed = allowance(activity, limits);
    if (allowed === 'quiet') {
      await updateConversation(trx.db, row.id, { last_inbound_at: at, updated_at: at });
      return { outcome: 'limited' };
    }
    if (allowed === 'tell') {
      await updateConversation(trx.db, row.id, {
        ...answered,
        state: null,
        last_inbound_at: at,
        last_sent_at: sentAt,
        updated_at: at,
      });
      await queueMessages(trx.db, replyTo(at), budget.take(dailyLimitReplies(limits.submissionsPerDay, env)));
      return { outcome: 'handled' };
    }
    // The withdrawal's question is answered by this message, whatever it says: SI withdraws, anything else does not.
    const asked = askedWithdrawal(row, now);
    if (asked !== null && isYes(message.input)) {
      await updateConversation(trx.db, row.id, {
        ...answered,
        last_inbound_at: at,
        last_sent_at: sentAt,
        updated_at: at,
      });
      return { outcome: 'handled', withdrawal: asked };
    }
    // RECIBIDO or NO LLEGÓ, from the number a record's notices go to, on the channel they go by.
    const answer = deliveryAnswer(message.input);
    const question = answer === null ? undefined : await askedDelivery(trx.db, message, now);
    if (answer !== null && question?.delivery_asked_at) {
      await updateConversation(trx.db, row.id, {
        ...(row.withdraw_help_id === null ? {} : answered),
        last_inbound_at: at,
        last_sent_at: sentAt,
        updated_at: at,
      });
      return { outcome: 'handled', delivery: { helpId: question.id, askedAt: question.delivery_asked_at, answer } };
    }
    const state = parseState(row, now);
    const turn = converse(state, message.input, env);
    const openedBy = state === null ? (turn.state === null ? null : message.providerId) : row.opened_by;
    await updateConversation(trx.db, row.id, {
      ...(row.withdraw_help_id === null ? {} : answered),
      state: turn.state === null ? null : JSON.stringify(turn.state),
      opened_by: openedBy,
      last_inbound_at: at,
      last_sent_at: sentAt,
      updated_at: at,
    });
    // A question asked and not answered SI (or answered too late) says so before anything else; a turn that asks for
    // an action says it with the action's outcome, in the one answer the message gets.
    const replies = row.withdraw_help_id === null ? turn.replies : [...withdrawKeptReplies(env), ...turn.replies];
    if (turn.action === undefined) await queueMessages(trx.db, replyTo(at), budget.take(replies));
    else budget.hold(replies);
    return {
      outcome: 'handled',
      ...(turn.action === undefined ? {} : { action: turn.action }),
      conversationId: row.id,
      openedBy: openedBy ?? message.providerId,
    };
  });
  if (taken.outcome === 'handled') outboundQueued();
  if (taken.withdrawal !== undefined) {
    try {
      await confirmWithdrawal(ctx, message, budget, env, taken.withdrawal);
    } catch (err) {
      // The message is logged; the provider must not send it again. The person may write SI after asking again.
      log?.error({ err }, 'a withdrawal the person confirmed failed');
    }
    outboundQueued();
  }
  if (taken.delivery !== undefined) {
    try {
      await answerDeliveries(ctx, message, budget, taken.delivery);
    } catch (err) {
      // The message is logged; the provider must not send it again. The person can still answer on /estado.
      log?.error({ err }, 'a delivery answer failed');
    }
    outboundQueued();
  }
  if (taken.action && taken.conversationId) {
    try {
      await performAction(ctx, message, budget, env, taken.action, {
        conversationId: taken.conversationId,
        openedBy: taken.openedBy ?? message.providerId,
      });
    } catch (err) {
      // The message is logged and the person was told; the provider must not send it again.
      log?.error({ err }, 'a conversation action failed');
    }
    outboundQueued();
  }
  return taken.outcome;
}

/** The record whose question this number answers: the latest asked within the week, on the channel it went by. */
async function askedDelivery(db: Db, message: InboundMessage, now: Date): Promise<HelpRow | undefined> {
  const since = new Date(now.getTime() - DELIVERY_ANSWER_MS).toISOString();
  const asked = await deliveryQuestionsTo(db, message.address, since);
  return asked.find((record) => reachable(record) === message.channel);
}

async function answerDeliveries(
  ctx: Context,
  message: InboundMessage,
  budget: AnswerBudget,
  delivery: NonNullable<Taken['delivery']>,
): Promise<void> {
  const settled = await answerReportedDeliveries(ctx, delivery.helpId, delivery.askedAt, delivery.answer);
  const { record } = settled;
  const text = deliveryAnswerText(
    delivery.answer,
    { type: record.type, title: record.title, unit: record.unit },
    settled,
    { status: `${ctx.config.baseUrl}/estado` },
  );
  await queueMessages(
    ctx.db,
    { channel: message.channel, address: message.address, kind: 'reply', now: ctx.now().toISOString() },
    budget.take([{ text }]),
  );
}
