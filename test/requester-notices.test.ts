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

/** A text the number sends on WhatsApp, through the service's own intake. */
async function writes(address: string, text: string) {
  const { receiveMessage } = await import('../src/commands/channels/receive-message.ts');
  await receiveMessage(h.ctx, {
    channel: 'whatsapp',
    address,
    providerId: `wamid.${nextWord()}`,
    sentAt: h.ctx.now().toISOString(),
    input: { kind: 'text', text },
  });
}

async function repliesTo(address: string) {
  const rows = await h.ctx.db
    .selectFrom('outbound_messages')
    .select('body')
    .where('address', '=', address)
    .where('kind', '=', 'reply')
    .orderBy('created_at')
    .execute();
  return rows.map((m) => (JSON.parse(m.body) as { text: string }).text);
}

test('the requester answers RECIBIDO or NO LLEGÓ from their phone; a delivery reported after the question waits for its own', async () => {
  const number = nextMobile();
  const body = requestBody({
    source: 'whatsapp',
    externalId: `wamid.${nextWord()}`,
    contactWhatsapp: number,
    title: 'Agua para el albergue de la escuela',
    quantityRequired: 30,
    unit: 'bidones',
  });
  const { result } = await submitHelp(h.ctx, helpSubmission.parse(body), { arrivedBy: 'whatsapp' });
  await approveSubmission(h.ctx, result.id, 'leader-1');
  const pledge = async (quantity: number) => {
    const remoteAddress = freshClientAddress();
    const pledged = await h.json({
      method: 'POST',
      url: `${HELP}/${result.id}/pledges`,
      payload: { quantity, contactName: 'Ana Gómez', contactWhatsapp: nextMobile() },
      remoteAddress,
    });
    assert.equal(pledged.status, 202, JSON.stringify(pledged.body));
    return pledged.body.code as string;
  };
  const report = async (code: string) => {
    const reported = await h.json({ method: 'POST', url: '/api/public/v1/pledges/confirm', payload: { code } });
    assert.equal(reported.body.pledge.status, 'reported');
  };
  const quantities = async () =>
    (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${result.id}` })).body.item.quantities;

  // The pledge is told at once; its report, an hour later, at once too, with the question.
  const first = await pledge(10);
  const second = await pledge(15);
  h.clock.advanceHours(1);
  await report(first);
  const told = await notices(number);
  assert.match(
    told.at(-1) ?? '',
    /dice que ya entregó \(10 bidones\)\. Si le llegó, responda RECIBIDO; si no le llegó, responda NO LLEGÓ\./,
  );
  // A scammer reports his own pledge after the question: the answer to the first must not confirm it.
  await report(second);
  // Someone else writing RECIBIDO settles nothing.
  const stranger = nextMobile();
  await writes(stranger, 'Recibido');
  assert.equal((await quantities()).covered, 0);

  await writes(number, 'RECIBIDO');
  let q = await quantities();
  assert.equal(q.covered, 10, 'the delivery asked about is confirmed');
  assert.equal(q.committed, 15, 'the one reported after the question is still only reported');
  assert.match(
    (await repliesTo(number)).at(-1) ?? '',
    /Quedó confirmada la entrega a «Agua para el albergue de la escuela» \(10 bidones\): ya cuenta como cubierta\./,
  );
  // Answered: saying it again settles nothing more (it is an ordinary message again).
  await writes(number, 'recibido');
  assert.equal((await quantities()).covered, 10);
  assert.equal((await quantities()).committed, 15);

  // The second report is heard in the hourly summary, which asks too; this time it did not arrive.
  h.clock.advanceHours(1);
  assert.equal(await queuePledgeSummaries(h.ctx), 1);
  assert.match(
    (await notices(number)).at(-1) ?? '',
    /1 entrega avisada; .*Si le llegó, responda RECIBIDO; si no le llegó, responda NO LLEGÓ\./,
  );
  await writes(number, 'No llegó');
  q = await quantities();
  assert.equal(q.covered, 10);
  assert.equal(q.committed, 0, 'what was reserved is open again');
  const statuses = await h.ctx.db
    .selectFrom('pledges')
    .select('status')
    .where('help_id', '=', result.id)
    .orderBy('created_at')
    .execute();
  assert.deepEqual(
    statuses.map((s) => s.status),
    ['delivered', 'disputed'],
  );
  assert.match(
    (await repliesTo(number)).at(-1) ?? '',
    /anotamos que la entrega a «Agua para el albergue de la escuela» no llegó/,
  );
});
