// A request sent on the website by someone who ticked «Recibir avisos en este número»: the code went to the number by
// SMS, she typed it back on the receipt page, and the request was approved, which she was told by SMS. A newcomer
// sees a web record whose number is proved (the console says so) and the notice it got, through the same commands
// the form and the receipt page use. Later she called the emergency's line: she had lost her receipt code, and a
// leader read her a new one by phone (the record's history shows «Código de recibo nuevo»).

import { WEB_SOURCE } from '../channels/own-sources.ts';
import { approveSubmission } from '../commands/approve-submission.ts';
import { proveNumber, sendProofCode } from '../commands/channels/number-proof.ts';
import { renewReceiptCode } from '../commands/renew-receipt-code.ts';
import { submitHelp } from '../commands/submit-help.ts';
import type { Context } from '../context.ts';
import { helpSubmission } from '../schemas/submission.ts';
import { DEMO_ACTOR, demoEmergency } from './demo-data.ts';
import { mobileNumber } from './mobile-blocks.ts';

const MINUTE_MS = 60_000;

/** 555 after the block marks the number as fictional, like every demo number; this one proved itself by code. */
export const DEMO_PROVED_NUMBER = mobileNumber(321, 5_559_100);

/** Sends the form `startMinutesAgo`, proves the number two minutes later, and approves the request later still. */
export async function seedDemoNumberProof(ctx: Context, startMinutesAgo: number): Promise<string> {
  let clock = ctx.now().getTime() - startMinutesAgo * MINUTE_MS;
  const past: Context = { ...ctx, now: () => new Date(clock) };
  const { result } = await submitHelp(
    past,
    helpSubmission.parse({
      type: 'request',
      source: WEB_SOURCE,
      externalId: 'demo-web-avisos-1',
      emergencySlug: demoEmergency.slug,
      title: 'Colchonetas para una familia de cinco',
      description: 'El agua entró a la casa y se dañaron las camas. Dormimos donde una vecina.',
      category: 'refugio',
      urgency: 'needed',
      resourceLabel: 'Colchonetas',
      quantityRequired: 5,
      unit: 'colchonetas',
      contactName: 'Yaneth Chasoy',
      contactWhatsapp: DEMO_PROVED_NUMBER,
      publishContact: true,
      municipalityCode: '86001',
      neighborhood: 'Barrio Olímpico',
      address: 'Carrera 7 # 12-30, segundo piso',
    }),
  );
  // The demo always shows an SMS proof, whatever channel this instance has configured.
  clock += MINUTE_MS;
  const sent = await sendProofCode(past, result.id, 'sms', 'asked');
  if (sent.kind !== 'sent') throw new Error('The demo web request could not be sent its code.');
  clock += 2 * MINUTE_MS;
  if ((await proveNumber(past, result.id, sent.code)).kind !== 'proved') {
    throw new Error('The demo web request did not prove its number.');
  }
  clock += 35 * MINUTE_MS;
  await approveSubmission(past, result.id, DEMO_ACTOR);
  clock += 50 * MINUTE_MS;
  await renewReceiptCode(past, result.id, DEMO_ACTOR, { send: false });
  return result.id;
}
