// How much one number may ask of the WhatsApp and SMS conversations, counted in the database so every instance
// agrees: messages a minute (past it a message is logged and left unanswered, so a flood of texts costs no replies)
// and submissions a day (past it the number is told once and then answered no more, so one number cannot fill the
// review inbox). Both count the number on every channel together.

/** Messages one number may send in a minute and still be answered (CHANNEL_MESSAGES_PER_MINUTE). */
export const DEFAULT_CHANNEL_MESSAGES_PER_MINUTE = 20;
/** Submissions one number may make through the conversations in a day (CHANNEL_SUBMISSIONS_PER_DAY). */
export const DEFAULT_CHANNEL_SUBMISSIONS_PER_DAY = 5;

const MESSAGE_WINDOW_MS = 60_000;
/** A rolling day, like the other daily limits: no midnight at which a number gets a fresh allowance at once. */
const SUBMISSION_WINDOW_MS = 24 * 3_600_000;

export interface IntakeLimits {
  messagesPerMinute: number;
  submissionsPerDay: number;
}

/** Where the per-minute count starts for a message received at `now`. */
export function messageWindowStart(now: Date): string {
  return new Date(now.getTime() - MESSAGE_WINDOW_MS).toISOString();
}

/** Where the daily count of submissions starts at `now`. */
export function submissionWindowStart(now: Date): string {
  return new Date(now.getTime() - SUBMISSION_WINDOW_MS).toISOString();
}

/** What the number's recent activity, as counted, leaves this message. */
export interface NumberActivity {
  /** Messages received from the number within the minute, this one included. */
  messagesInMinute: number;
  /** Submissions the number made through the conversations within the day. */
  submissionsInDay: number;
  /** Messages received from the number after its latest submission of the day, this one excepted. */
  messagesSinceLast: number;
}

/**
 * - `take`: the conversation takes the message;
 * - `tell`: the first message after the day's last allowed submission: told, once, that the number reached its limit;
 * - `quiet`: logged, not taken, not answered (past the minute's messages, or past the day's limit once told).
 */
export type Allowance = 'take' | 'tell' | 'quiet';

export function allowance(activity: NumberActivity, limits: IntakeLimits): Allowance {
  if (activity.messagesInMinute > limits.messagesPerMinute) return 'quiet';
  if (activity.submissionsInDay < limits.submissionsPerDay) return 'take';
  return activity.messagesSinceLast === 0 ? 'tell' : 'quiet';
}
