// What to say once the caller has performed a turn's action: saved or not, a code's status, a withdrawal.
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

export function withdrawReplies(ok: boolean, code: string, env: ConversationEnv): Reply[] {
  return paragraphs([ok ? texts.withdrawn() : texts.notWithdrawn(code)], env.medium.maxText);
}
