// Notices and the leaders' replies go only to records a WhatsApp or SMS conversation really brought
// (help_records.arrived_by, set by the intake), never to whatever `source` says. A record stored under `sms` that no
// intake brought (as a forger could before reserved sources) gets no notice when a leader decides on it and no
// reply form; the migration gives older records a channel only where the service's own messages prove one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { replyToSubmitter, replyWindow } from '../src/commands/channels/reply-to-submitter.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { migrateDownTo, migrateToLatest, migrationNames } from '../src/db/migrate.ts';
import { findById } from '../src/repositories/help-records/records.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { WHATSAPP_ENV } from './helpers/message-providers.ts';
import { nextMobile, nextWord } from './helpers/samples.ts';

let h: Harness;

before(async () => {
  h = await setup({ ...WHATSAPP_ENV, SMS_SECRET: 'secreto-sms', SMS_SEND_URL: 'http://127.0.0.1:9/message' });
  await addEmergency(h);
});
after(() => h.close());

const sentTo = async (address: string) =>
  (await h.ctx.db.selectFrom('outbound_messages').select('kind').where('address', '=', address).execute()).map(
    (m) => m.kind,
  );

/** A record stored as `source` says, brought by `arrivedBy` (or by no conversation at all). */
async function stored(source: string, arrivedBy?: 'whatsapp' | 'sms') {
  const number = nextMobile();
  const body = requestBody({ source, externalId: `origen-${nextWord()}`, contactWhatsapp: number });
  const { result } = await submitHelp(h.ctx, helpSubmission.parse(body), arrivedBy ? { arrivedBy } : {});
  return { id: result.id, number };
}

test('a record that only says it came by SMS gets no notice and no reply form; one the intake brought does', async () => {
  const forged = await stored('sms');
  const real = await stored('sms', 'sms');
  for (const record of [forged, real]) await rejectSubmission(h.ctx, record.id, 'leader-1', 'Duplicado');
  assert.deepEqual(await sentTo(forged.number), [], 'the stranger behind a forged record hears nothing');
  assert.deepEqual(await sentTo(real.number), ['notice']);

  const forgedApproved = await stored('whatsapp');
  await approveSubmission(h.ctx, forgedApproved.id, 'leader-1');
  assert.deepEqual(await sentTo(forgedApproved.number), []);
  const row = await findById(h.ctx, forgedApproved.id);
  assert.ok(row);
  assert.equal(await replyWindow(h.ctx, row), null, 'the console shows no conversation and no reply form');
  await assert.rejects(
    replyToSubmitter(h.ctx, forgedApproved.id, 'Hola, ¿sigue necesitando agua?', {
      actor: 'leader-1',
      accountId: null,
    }),
    { code: 'channel_reply_unavailable' },
  );
  assert.deepEqual(await sentTo(forgedApproved.number), []);
});

test('the public contact says how the person came: an SMS sender is offered a call and a text, not WhatsApp', async () => {
  const bySms = await stored('sms', 'sms');
  const byWeb = await stored('app-ayuda-putumayo');
  for (const record of [bySms, byWeb]) await approveSubmission(h.ctx, record.id, 'leader-1');
  const detail = async (id: string) =>
    (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item.contact;
  assert.equal((await detail(bySms.id)).channel, 'sms');
  assert.equal((await detail(bySms.id)).whatsapp, bySms.number, 'the number stays, as the SPEC requires');
  assert.equal((await detail(byWeb.id)).channel, 'unknown');
  const page = async (id: string) => (await h.app.inject({ method: 'GET', url: `/ayudas/${id}` })).body;
  const smsPage = await page(bySms.id);
  assert.ok(smsPage.includes(`sms:${bySms.number}`) && smsPage.includes(`tel:${bySms.number}`));
  assert.ok(!smsPage.includes('wa.me/'), 'no WhatsApp button for someone who wrote by SMS');
  assert.ok((await page(byWeb.id)).includes(`wa.me/${byWeb.number.slice(1)}`));
});

test('the migration gives a channel only to records the service’s own messages prove', async () => {
  const byMessage = await stored('whatsapp');
  const byReceipt = await stored('sms');
  const claimed = await stored('sms');
  const alerted = await stored('app-ayuda-putumayo');
  const at = h.ctx.now().toISOString();
  await h.ctx.db
    .insertInto('channel_messages')
    .values({
      channel: 'whatsapp',
      provider_id: `wamid.${nextWord()}`,
      address: byMessage.number,
      kind: 'text',
      body: 'Necesito agua',
      sent_at: at,
      received_at: at,
      help_id: byMessage.id,
    })
    .execute();
  const sent = (help_id: string, address: string, kind: 'receipt' | 'alert', account_id: string | null) => ({
    id: `msg-${nextWord()}`,
    channel: 'sms' as const,
    address,
    kind,
    body: JSON.stringify({ text: 'Recibido' }),
    help_id,
    account_id,
    status: 'sent' as const,
    next_attempt_at: at,
    created_at: at,
    ordinal: 0,
  });
  await h.ctx.db
    .insertInto('outbound_messages')
    .values(sent(byReceipt.id, byReceipt.number, 'receipt', null))
    .execute();
  // A leader's alert about a record proves nothing about how its person wrote.
  await h.ctx.db
    .insertInto('outbound_messages')
    .values(sent(alerted.id, '+573115550101', 'alert', 'leader-1'))
    .execute();

  await migrateDownTo(h.ctx.db as never, h.ctx.dialect, '017-route-pickups');
  const names = migrationNames(h.ctx.dialect);
  const later = names.slice(names.indexOf('017-route-pickups') + 1);
  assert.equal(later[0], '018-arrived-by');
  assert.deepEqual(await migrateToLatest(h.ctx.db as never, h.ctx.dialect), later);
  const channelOf = async (id: string) => (await findById(h.ctx, id))?.arrived_by;
  assert.equal(await channelOf(byMessage.id), 'whatsapp');
  assert.equal(await channelOf(byReceipt.id), 'sms');
  assert.equal(await channelOf(claimed.id), null, 'a source that only says sms is not a channel');
  assert.equal(await channelOf(alerted.id), null);
});
