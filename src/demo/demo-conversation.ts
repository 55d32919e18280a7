// A request that came by SMS, through the same intake a gateway's webhook feeds (receiveMessage), then approved: a
// newcomer sees a record whose channel the intake recorded, published with contact.channel "sms" (a call and a
// text message instead of a WhatsApp link), and its conversation on the record's page in the console.

import { approveSubmission } from '../commands/approve-submission.ts';
import { receiveMessage } from '../commands/channels/receive-message.ts';
import type { Context } from '../context.ts';
import { findBySourceExternalId } from '../repositories/help-records/records.ts';
import { DEMO_ACTOR } from './demo-data.ts';
import { mobileNumber } from './mobile-blocks.ts';

const MINUTE_MS = 60_000;

/** What the person typed, one SMS each, answering the conversation's questions in order. */
const SCRIPT = [
  'hola',
  '1', // Necesito ayuda
  '2', // Agua
  'Agua potable para 4 familias',
  '12 bidones',
  '2', // Se necesita pronto
  'Mocoa, Putumayo',
  'San Agustín',
  'Calle 9 # 4-18, casa azul junto a la tienda',
  'Luz Dary Quinayas',
  '1', // Sí, acepto
  'enviar',
];

/** 555 after the block marks the number as fictional, like every demo number; this one is the SMS sender's. */
export const DEMO_SMS_NUMBER = mobileNumber(320, 5_559_000);

/** Plays the conversation from `startMinutesAgo`, one message a minute, and approves the request later. */
export async function seedDemoConversation(ctx: Context, startMinutesAgo: number): Promise<string> {
  const reference = ctx.now().getTime();
  let clock = reference - startMinutesAgo * MINUTE_MS;
  const past: Context = { ...ctx, now: () => new Date(clock) };
  for (const [i, text] of SCRIPT.entries()) {
    clock += MINUTE_MS;
    await receiveMessage(past, {
      channel: 'sms',
      address: DEMO_SMS_NUMBER,
      providerId: `demo-sms-${i + 1}`,
      sentAt: new Date(clock).toISOString(),
      input: { kind: 'text', text },
    });
  }
  const record = await findBySourceExternalId(ctx, 'sms', 'demo-sms-1');
  if (!record) throw new Error('The demo SMS conversation did not make its request.');
  clock += 40 * MINUTE_MS;
  await approveSubmission(past, record.id, DEMO_ACTOR);
  return record.id;
}
