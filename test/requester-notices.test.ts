// A stranger pledges and cancels in a loop to send a person in need false "help is coming" texts. The person hears
// the first pledge at once and then at most one message an hour with the totals, including that pledges were
// cancelled and their request is still published; nothing more, however many times it is done.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { queuePledgeSummaries } from '../src/commands/channels/notices.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { WHATSAPP_ENV } from './helpers/message-providers.ts';
import { freshClientAddress, nextMobile, nextWord } from './helpers/samples.ts';

let h: Harness;

before(async () => {
  h = await setup(WHATSAPP_ENV);
  await addEmergency(h);
});
after(() => h.close());

const notices = async (address: string) =>
  (
    await h.ctx.db
      .selectFrom('outbound_messages')
      .select(['kind', 'body'])
      .where('address', '=', address)
      .where('kind', '=', 'notice')
      .orderBy('created_at')
      .execute()
  ).map((m) => (JSON.parse(m.body) as { text: string }).text);

test('fifteen pledge-and-cancel cycles send the requester two messages, the second saying they were cancelled', async () => {
  const number = nextMobile();
  const body = requestBody({
    source: 'whatsapp',
    externalId: `wamid.${nextWord()}`,
    contactWhatsapp: number,
    category: 'rescate',
    title: 'Rescate en la vereda El Pepino',
    quantityRequired: 4,
    unit: 'personas',
  });
  const { result } = await submitHelp(h.ctx, helpSubmission.parse(body), { arrivedBy: 'whatsapp' });
  await approveSubmission(h.ctx, result.id, 'leader-1');
  const approved = (await notices(number)).length;

  for (let i = 0; i < 15; i++) {
    const remoteAddress = freshClientAddress();
    const pledged = await h.json({
      method: 'POST',
      url: `${HELP}/${result.id}/pledges`,
      payload: { quantity: 4, contactName: 'Rescate Express', contactWhatsapp: nextMobile() },
      remoteAddress,
    });
    assert.equal(pledged.status, 202, JSON.stringify(pledged.body));
    const cancelled = await h.json({
      method: 'POST',
      url: '/api/public/v1/pledges/cancel',
      payload: { code: pledged.body.code },
      remoteAddress,
    });
    assert.equal(cancelled.status, 200);
  }
  const atOnce = (await notices(number)).slice(approved);
  assert.equal(atOnce.length, 1, 'the first pledge at once; the other 29 changes wait for the hour');
  assert.match(
    atOnce[0] ?? '',
    /alguien se comprometió a llevar ayuda a «Rescate en la vereda El Pepino» \(4 personas\)/,
  );

  assert.equal(await queuePledgeSummaries(h.ctx), 0, 'not within the hour');
  h.clock.advanceHours(1);
  assert.equal(await queuePledgeSummaries(h.ctx), 1);
  assert.equal(await queuePledgeSummaries(h.ctx), 0, 'once');
  const all = (await notices(number)).slice(approved);
  assert.equal(all.length, 2);
  assert.match(
    all[1] ?? '',
    /novedades de «Rescate en la vereda El Pepino» desde las \d\d:\d\d: 14 compromisos nuevos, 15 compromisos cancelados o vencidos; comprometido ahora: 0 personas\. Su solicitud sigue publicada\./,
  );
  assert.doesNotMatch(all.join('\n'), /Rescate Express|\+57/, 'never who pledged');
  h.clock.advanceHours(2);
  assert.equal(await queuePledgeSummaries(h.ctx), 0, 'nothing new, nothing sent');
});
