// WhatsApp and SMS data joins the right to know, erasure and retention: the conversation, every message received
// and sent. A unique value planted in a conversation is found by the export and is gone after erasure; a
// withdrawal takes its submission's messages; retention deletes what is older than RETENTION_MESSAGES_DAYS.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { eraseByWhatsapp } from '../src/commands/personal-data/erase.ts';
import { exportPersonalData } from '../src/commands/personal-data/export.ts';
import { purgePersonalData } from '../src/commands/personal-data/purge.ts';
import { withdrawWithReceipt } from '../src/commands/personal-data/withdraw.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';
import {
  ProviderStandIn,
  signedWhatsapp,
  WHATSAPP_ENV,
  whatsappNotification,
  whatsappSender,
  wholeRequest,
} from './helpers/message-providers.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { leaderCodeFor } from './helpers/receipt-code.ts';
import { nextDocument } from './helpers/samples.ts';

let h: Harness;
let graph: ProviderStandIn;

before(async () => {
  graph = await new ProviderStandIn().start();
  h = await setup({ ...WHATSAPP_ENV, WHATSAPP_API_URL: graph.url('/v23.0'), RETENTION_MESSAGES_DAYS: '30' });
  await addEmergency(h);
});
after(async () => {
  await h.close();
  await graph.close();
});

async function converse(messages: Record<string, unknown>[]): Promise<void> {
  for (const m of messages) {
    const response = await h.request(signedWhatsapp(whatsappNotification([m])));
    assert.equal(response.statusCode, 200, response.body);
  }
  await sendDueOutbound(h.ctx);
}

async function channelRows(address: string) {
  const [conversations, inbound, outbound] = await Promise.all([
    h.ctx.db.selectFrom('conversations').selectAll().where('address', '=', address).execute(),
    h.ctx.db.selectFrom('channel_messages').selectAll().where('address', '=', address).execute(),
    h.ctx.db.selectFrom('outbound_messages').selectAll().where('address', '=', address).execute(),
  ]);
  return { conversations, inbound, outbound };
}

test('the right to know lists the conversation and its messages; erasure by number deletes them all', async () => {
  const marker = `Agua para la vereda Canario${process.pid}`;
  const from = '573016660001';
  await converse(wholeRequest(from, marker));
  // A second conversation still open, with a text typed in it.
  const s = whatsappSender(from);
  await converse([s.text('Necesito ayuda'), s.choice('cat:ropa'), s.text(`Cobijas ${marker}`)]);

  const found = await exportPersonalData(h.ctx, '+573016660001');
  const tables = new Set(found.items.map((item) => item.table));
  for (const table of ['help_records', 'conversations', 'channel_messages', 'outbound_messages']) {
    assert.ok(tables.has(table), `${table} in the export`);
  }
  const exported = JSON.stringify(found.items);
  assert.ok(exported.includes(marker), 'what the person typed is in the export');

  await eraseByWhatsapp(h.ctx, '+573016660001', 'cli', 'Pedido de la persona');
  const left = await channelRows('+573016660001');
  assert.deepEqual(left, { conversations: [], inbound: [], outbound: [] });
  // Nothing of it anywhere in the channel tables.
  const all = JSON.stringify([
    await h.ctx.db.selectFrom('conversations').selectAll().execute(),
    await h.ctx.db.selectFrom('channel_messages').selectAll().execute(),
    await h.ctx.db.selectFrom('outbound_messages').selectAll().execute(),
  ]);
  assert.equal(all.includes(marker), false);
  assert.equal(all.includes('573016660001'), false);
});

test("a withdrawal takes its submission's messages, and nothing more is sent about it", async () => {
  const from = '573016660002';
  await converse(wholeRequest(from, 'Colchonetas para el albergue'));
  const record = await h.ctx.db
    .selectFrom('help_records')
    .selectAll()
    .where('contact_whatsapp', '=', '+573016660002')
    .executeTakeFirstOrThrow();
  const linked = () =>
    h.ctx.db.selectFrom('channel_messages').select('provider_id').where('help_id', '=', record.id).execute();
  assert.ok((await linked()).length > 0);
  await withdrawWithReceipt(h.ctx, await leaderCodeFor(h.ctx, record.id), '+573016660002');
  assert.equal((await linked()).length, 0);
  const aboutIt = await h.ctx.db
    .selectFrom('outbound_messages')
    .select('id')
    .where('help_id', '=', record.id)
    .execute();
  assert.equal(aboutIt.length, 0);
});

test('retention deletes conversations and messages older than RETENTION_MESSAGES_DAYS', async () => {
  const from = '573016660003';
  const s = whatsappSender(from);
  await converse([s.text('Hola')]);
  const dry = await purgePersonalData(h.ctx, { dryRun: true });
  assert.equal(dry.lines.find((l) => l.table === 'channel_messages')?.count, 0);
  h.clock.advanceHours(31 * 24);
  const report = await purgePersonalData(h.ctx, { dryRun: false });
  const count = (table: string) => report.lines.find((l) => l.rule === 'channel_messages' && l.table === table)?.count;
  assert.ok((count('channel_messages') ?? 0) >= 1);
  assert.ok((count('conversations') ?? 0) >= 1);
  assert.ok((count('outbound_messages') ?? 0) >= 1);
  assert.deepEqual(await channelRows('+573016660003'), { conversations: [], inbound: [], outbound: [] });
});

test('what a person typed on WhatsApp leaks nowhere public: before review nothing, after it only name and number', async () => {
  const from = '573016660004';
  const marker = nextDocument().replace(/\D/g, '');
  const s = whatsappSender(from);
  const address = `Calle ${marker} # 9-99, casa esquinera`;
  const typedAside = `mi cedula es ${marker}77`;
  await converse([
    s.text('Hola'),
    s.choice('type:request'),
    s.choice('cat:agua'),
    s.text(`Agua potable sector ${marker}`),
    s.text(typedAside),
    s.text('20 bidones'),
    s.choice('urg:needed'),
    s.place(1.1523, -76.6431),
    s.text('San Miguel'),
    s.text(address),
    s.choice('name:profile'),
    s.choice('yes'),
    s.choice('send'),
  ]);
  const before = await crawlPublic(h);
  assert.deepEqual(leaks(before, [marker, '3016660004']), [], 'nothing of a submission waiting for review');
  const record = await h.ctx.db
    .selectFrom('help_records')
    .selectAll()
    .where('contact_whatsapp', '=', '+573016660004')
    .executeTakeFirstOrThrow();
  await approveSubmission(h.ctx, record.id, 'test');
  const after = await crawlPublic(h);
  assert.deepEqual(
    leaks(after, [address, typedAside, '1.1523', '-76.6431']),
    [],
    'the exact place and stray texts stay private',
  );
  assert.ok(leaks(after, ['3016660004']).length > 0, 'the number the person agreed to publish is public');
});
