// Every submission that came through one of the service's intakes is announced once, on a diagnostics channel, with
// the intake and what became of it: metrics count them there, so no intake counts for itself.
import diagnostics from 'node:diagnostics_channel';
import { type ChannelName, channelAdapters } from '../channels/adapters.ts';
import { MCP_SOURCE, WEB_SOURCE } from '../channels/own-sources.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { AppError } from '../errors.ts';

/** The public API's submissions, the website's form, an assistant's tool, and every channel's intake. */
export type Intake = typeof WEB_SOURCE | 'api' | typeof MCP_SOURCE | ChannelName;

export const INTAKES: readonly Intake[] = [
  WEB_SOURCE,
  'api',
  MCP_SOURCE,
  ...(Object.keys(channelAdapters) as ChannelName[]),
];

/** What became of a submission: submitHelp's outcomes, or refused (an AppError, such as a closed emergency). */
export type SubmissionOutcome = 'created' | 'revised' | 'unchanged' | 'refused';

export const SUBMISSION_OUTCOMES: readonly SubmissionOutcome[] = ['created', 'revised', 'unchanged', 'refused'];

export interface SubmissionEvent {
  /** The database's change feed, shared by every copy of one context: a listener keeps to its own service. */
  changes: ChangeFeed;
  intake: Intake;
  outcome: SubmissionOutcome;
}

export const submissionEvents = diagnostics.channel('ayuda-directa:submission');

/** Announces what `submitted` settles to, and hands it on unchanged. A failure other than an AppError is not one. */
export async function announced<T extends { outcome: SubmissionOutcome }>(
  changes: ChangeFeed,
  intake: Intake | undefined,
  submitted: Promise<T>,
): Promise<T> {
  if (intake === undefined || !submissionEvents.hasSubscribers) return submitted;
  try {
    const value = await submitted;
    submissionEvents.publish({ changes, intake, outcome: value.outcome } satisfies SubmissionEvent);
    return value;
  } catch (err) {
    if (err instanceof AppError)
      submissionEvents.publish({ changes, intake, outcome: 'refused' } satisfies SubmissionEvent);
    throw err;
  }
}
