// What an administrator gives to subscribe an endpoint to the change feed (CLI and console alike): the URL, and
// optionally one emergency and some of the feed's kinds. Everything else the feed has is sent.
import * as z from 'zod';
import { changeKinds } from './change-event.ts';
import { emergencySlug, text } from './common.ts';

export const WEBHOOK_URL_MAX = 2000;

export const webhookSubscriptionInput = z.strictObject({
  url: text({ min: 1, max: WEBHOOK_URL_MAX }),
  emergencySlug: emergencySlug.optional(),
  /** None: every kind. */
  kinds: z.array(z.enum(changeKinds)).min(1).optional(),
  description: text({ max: 200 }).optional(),
});
