// What one message a person sent may still be answered with. On a medium that answers each message once (SMS), all
// that is said in answer to it (the turn's replies, then its action's outcome) goes together as one reply, queued
// once: a message never costs more than one reply of two parts, however the answer is put together. Elsewhere
// replies go as they come.
import { oneAnswer } from '../../domain/conversation/one-reply.ts';
import type { Medium, Reply } from '../../domain/conversation/types.ts';

export class AnswerBudget {
  readonly #medium: Medium;
  #held: Reply[] = [];
  #spent = false;

  constructor(medium: Medium) {
    this.#medium = medium;
  }

  /** Replies to say with the next ones: the turn's own, before the outcome of the action that follows it. */
  hold(replies: readonly Reply[]): void {
    this.#held.push(...replies);
  }

  /** What to queue now: these replies after any held; on a one-reply medium, nothing once it has answered. */
  take(replies: readonly Reply[]): Reply[] {
    const all = [...this.#held, ...replies];
    this.#held = [];
    if (all.length === 0 || this.#spent) return [];
    if (this.#medium.oneReply) this.#spent = true;
    return oneAnswer(all, this.#medium);
  }
}
