// What a conversation's turn asks the service to do, through the same commands as the API and the website: submit
// (validated by the one submission schema, with the sender's number as the contact), look up a receipt code, or
// withdraw a submission by its code and the sender's number. Each ends with the replies that say how it went.
import type { Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import {
  notWithdrawnReplies,
  receiptReplies,
  statusReplies,
  submitFailedReplies,
  withdrawAskReplies,
  withdrawGoneReplies,
  withdrawnReplies,
} from '../../domain/conversation/converse.ts';
import type { Action, ConversationEnv, Reply } from '../../domain/conversation/types.ts';
import { AppError, errorMessage } from '../../errors.ts';
import { receiptStatus } from '../../queries/receipt-status.ts';
import { withdrawableByReceipt } from '../../queries/withdrawable.ts';
import { deleteInbound, linkInbound } from '../../repositories/channels/channel-messages.ts';
import { updateConversation } from '../../repositories/channels/conversations.ts';
import { linkOutbound } from '../../repositories/channels/outbound-messages.ts';
import { findByReceiptCode, findBySourceExternalId } from '../../repositories/help-records/records.ts';
import { parseInput } from '../../schemas/parse.ts';
import { helpSubmission } from '../../schemas/submission.ts';
import { withdrawConfirmed } from '../personal-data/withdraw.ts';
import { renewReceiptCode } from '../renew-receipt-code.ts';
import { submitHelp } from '../submit-help.ts';
import type { AnswerBudget } from './answer-budget.ts';
import type { InboundMessage } from './inbound-message.ts';
import { queueMessages } from './queue.ts';

interface Opened {
  conversationId: string;
  /** The message that opened the conversation: the submission's externalId. */
  openedBy: string;
}

const NOT_SAVED = 'No pudimos guardar su envío en este momento.';

/** What answers the message, within what it may still be answered with. */
async function reply(
  ctx: Context,
  message: InboundMessage,
  budget: AnswerBudget,
  replies: Reply[],
  kind: 'reply' | 'farewell' = 'reply',
  /** The record the replies quote: its erasure takes them. */
  helpId?: string,
): Promise<void> {
  const now = ctx.now().toISOString();
  await queueMessages(
    ctx.db,
    { channel: message.channel, address: message.address, kind, now, ...(helpId === undefined ? {} : { helpId }) },
    budget.take(replies),
  );
}

async function submit(
  ctx: Context,
  message: InboundMessage,
  budget: AnswerBudget,
  env: ConversationEnv,
  action: Extract<Action, { kind: 'submit' }>,
  opened: Opened,
): Promise<void> {
  const parsed = parseInput(helpSubmission, {
    ...action.submission,
    source: message.channel,
    externalId: opened.openedBy,
    contactWhatsapp: message.address,
    publishContact: true,
  });
  if (!parsed.ok) {
    const fields = parsed.details.map((d) => d.field).join(', ');
    return reply(ctx, message, budget, submitFailedReplies(`${NOT_SAVED} Revise: ${fields}.`, env));
  }
  let given: string | undefined;
  try {
    // The intake says which channel brought it; `source` is only a name and proves nothing.
    given = (await submitHelp(ctx, parsed.value, { arrivedBy: message.channel })).result.receiptCode;
  } catch (err) {
    // The person is told either way; the conversation stays at its summary, so "enviar" tries again.
    await reply(
      ctx,
      message,
      budget,
      submitFailedReplies(err instanceof AppError ? errorMessage(err.code, 'es') : NOT_SAVED, env),
    );
    if (err instanceof AppError) return;
    throw err;
  }
  const row = await findBySourceExternalId(ctx, message.channel, opened.openedBy);
  if (!row) return reply(ctx, message, budget, submitFailedReplies(NOT_SAVED, env));
  // Saved by an earlier "enviar" whose answer never went (the conversation stayed open): its code is kept only as a
  // hash, so this number, the one that sent it, is given a new one.
  const code = given ?? (await renewReceiptCode(ctx, row.id, 'submitter', { send: false })).code;
  const now = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    // The conversation is over; the messages that made it point at the submission (the console shows them).
    await updateConversation(trx.db, opened.conversationId, { state: null, updated_at: now });
    // Both ways, from the message that opened it: its withdrawal or erasure takes them with it.
    const since = await linkInbound(trx.db, message.channel, message.address, opened.openedBy, row.id);
    if (since !== null) await linkOutbound(trx.db, message.channel, message.address, since, row.id);
    await queueMessages(
      trx.db,
      { channel: message.channel, address: message.address, kind: 'receipt', helpId: row.id, now },
      budget.take(receiptReplies(code, env)),
    );
  });
}

/** The message "retirar CÓDIGO" holds a valid code, a credential: it is not kept once the code has been read. */
async function forgetCode(ctx: Context, message: InboundMessage): Promise<void> {
  await deleteInbound(ctx.db, [{ channel: message.channel, provider_id: message.providerId }]);
}

/**
 * The "SI" that answers the withdrawal's question: the record named then is withdrawn (its conversation's messages
 * go with it), and the answer says so once, without the code.
 */
export async function confirmWithdrawal(
  ctx: Context,
  message: InboundMessage,
  budget: AnswerBudget,
  env: ConversationEnv,
  helpId: string,
): Promise<void> {
  let ok = true;
  try {
    await withdrawConfirmed(ctx, helpId, message.address);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ok = false;
  }
  await forgetCode(ctx, message);
  return reply(ctx, message, budget, ok ? withdrawnReplies(env) : withdrawGoneReplies(env), ok ? 'farewell' : 'reply');
}

export async function performAction(
  ctx: Context,
  message: InboundMessage,
  budget: AnswerBudget,
  env: ConversationEnv,
  action: Action,
  opened: Opened,
): Promise<void> {
  switch (action.kind) {
    case 'submit':
      return submit(ctx, message, budget, env, action, opened);
    case 'status': {
      // Over a channel, a code answers only to the number that sent the submission.
      const row = await findByReceiptCode(ctx.db, action.code);
      const status = row?.contact_whatsapp === message.address ? await receiptStatus(ctx, action.code) : undefined;
      const summary = status && {
        state: status.state,
        type: status.type,
        emergencyName: status.emergencyName,
        pledges: status.pledges.length,
      };
      return reply(ctx, message, budget, statusReplies(summary, action.code, env));
    }
    case 'withdraw': {
      // Nothing is withdrawn yet: the person is asked, and only "SI" within minutes withdraws (receive-message.ts).
      const found = await withdrawableByReceipt(ctx, action.code, message.address);
      if (!found) return reply(ctx, message, budget, notWithdrawnReplies(action.code, env));
      await forgetCode(ctx, message);
      await updateConversation(ctx.db, opened.conversationId, {
        withdraw_help_id: found.row.id,
        withdraw_asked_at: ctx.now().toISOString(),
      });
      // The question quotes the record's title: linked to the record, it goes with the record's erasure.
      return reply(ctx, message, budget, withdrawAskReplies(found.row.title, env), 'reply', found.row.id);
    }
  }
}
