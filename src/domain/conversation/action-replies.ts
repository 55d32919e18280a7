// What to say once the caller has performed a turn's action: saved or not, a code's status, a withdrawal.

import { withoutLinkSchemes } from '../text.ts';
import { paragraphs } from './replies.ts';
import { texts } from './texts.ts';
import type { ConversationEnv, Reply, SubmissionStatus } from './types.ts';

/** The submission was saved: its code, its status page, review before publication, "estado" and "retirar". */
export function receiptReplies(code: string, env: ConversationEnv): Reply[] {
  return paragraphs([texts.receipt(code), texts.receiptReview(code, env.statusUrl(code))], env.medium.maxText);
}

/** The caller could not save (reason: one Spanish sentence); the state stays at confirm, so "enviar" retries. */
export function submitFailedReplies(reason: string, env: ConversationEnv): Reply[] {
  return paragraphs([texts.submitFailed(reason.trim())], env.medium.maxText);
}

/** status undefined: no submission with this code from this number. */
export function statusReplies(status: SubmissionStatus | undefined, code: string, env: ConversationEnv): Reply[] {
  const limit = env.medium.maxText;
  if (!status) return paragraphs([texts.statusUnknown(code)], limit);
  const { type, emergencyName, pledges } = status;
  const line =
    status.state === 'published'
      ? texts.statusPublished(type, code, emergencyName, pledges)
      : status.state === 'pending_review'
        ? texts.statusPending(type, code, emergencyName)
        : texts.statusNotPublished(type, code, emergencyName);
  return paragraphs([line, texts.statusLink(env.statusUrl(code))], limit);
}

/** The record was withdrawn and its data erased (the code is not repeated). */
export function withdrawnReplies(env: ConversationEnv): Reply[] {
  return paragraphs([texts.withdrawn()], env.medium.maxText);
}

/** No record of this number has that code (or it was withdrawn already). */
export function notWithdrawnReplies(code: string, env: ConversationEnv): Reply[] {
  return paragraphs([texts.notWithdrawn(code)], env.medium.maxText);
}

/**
 * The question before a withdrawal: the record's title (the person's own words, with any link's scheme taken off so
 * it is not a tappable link) and what will be erased. Only "SI" in reply withdraws.
 */
export function withdrawAskReplies(title: string, env: ConversationEnv): Reply[] {
  return paragraphs([texts.withdrawAsk(withoutLinkSchemes(title))], env.medium.maxText);
}

/** A "SI" for a record that is no longer there to withdraw (withdrawn meanwhile, or its number changed). */
export function withdrawGoneReplies(env: ConversationEnv): Reply[] {
  return paragraphs([texts.withdrawGone()], env.medium.maxText);
}

/** The number made the day's most submissions: said once, and then nothing more is answered until the day is past. */
export function dailyLimitReplies(limit: number, env: ConversationEnv): Reply[] {
  return paragraphs([texts.dailyLimit(limit)], env.medium.maxText);
}

/** Any other answer to that question: nothing was withdrawn. */
export function withdrawKeptReplies(env: ConversationEnv): Reply[] {
  return paragraphs([texts.withdrawKept()], env.medium.maxText);
}
