// A WhatsApp conversation against started servers (real HTTP, the outbound worker running, the real clock): every
// reply reaches the Graph API stand-in without anyone draining the queue by hand. On PostgreSQL the messages
// alternate between two instances on one database: any instance continues the conversation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hubSignature } from '../src/channels/signatures.ts';
import { createEmergency } from '../src/commands/create-emergency.ts';
import { loadConfig } from '../src/config.ts';
import { receiptCodeHash } from '../src/domain/receipt-seal.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { engine, freshDatabase, type TestDatabase } from './helpers/database.ts';
import { eventually } from './helpers/eventually.ts';
import { ProviderStandIn, WHATSAPP_ENV, whatsappNotification } from './helpers/message-providers.ts';
import { codeIn } from './helpers/receipt-code.ts';

let graph: ProviderStandIn;
let db: TestDatabase;
const servers: RunningServer[] = [];

before(async () => {
  graph = await new ProviderStandIn().start();
  db = await freshDatabase();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    PRIORITY_REFRESH_MINUTES: '0',
    ...WHATSAPP_ENV,
    WHATSAPP_API_URL: graph.url('/v23.0'),
  });
  servers.push(await startServer(config, { logger: false }));
  if (engine === 'postgres') servers.push(await startServer(config, { logger: false }));
  const first = servers[0] as RunningServer;
  await createEmergency(
    first.ctx,
    { slug: 'inundacion-mocoa', name: 'Inundación Mocoa', latitude: 1.1466, longitude: -76.6475 },
    'test',
  );
});
after(async () => {
  for (const server of servers) await server.stop();
  await graph.close();
  db.cleanup();
});

const FROM = '573012223344';
let sent = 0;

async function say(content: Record<string, unknown>): Promise<string> {
  sent++;
  const message = {
    from: FROM,
    id: `wamid.srv-${process.pid}-${sent}`,
    timestamp: String(1_778_416_000 + sent),
    ...content,
  };
  const body = JSON.stringify(whatsappNotification([message]));
  const server = servers[sent % servers.length] as RunningServer;
  const before = graph.to(`+${FROM}`).length;
  const response = await fetch(`${server.url}/integraciones/whatsapp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': hubSignature(WHATSAPP_ENV.WHATSAPP_APP_SECRET, body),
    },
    body,
  });
  assert.equal(response.status, 200, await response.text());
  await eventually(async () => graph.to(`+${FROM}`).length > before, 5000);
  // Replies of one turn arrive together; give the last of them a moment.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return graph.to(`+${FROM}`).slice(before).map(ProviderStandIn.text).join('\n');
}

const text = (body: string) => ({ type: 'text', text: { body } });
const pick = (id: string) => ({
  type: 'interactive',
  interactive: { type: 'list_reply', list_reply: { id, title: id } },
});

test('message by message to the receipt, each reply sent by the running worker', async () => {
  assert.match(await say(text('Buenas, necesito ayuda')), /[Cc]ategor/);
  await say(pick('cat:alimentos'));
  await say(text('Mercados para 3 familias'));
  await say(text('3 mercados'));
  await say(pick('urg:needed'));
  await say({ type: 'location', location: { latitude: 1.1501, longitude: -76.6452 } });
  await say(text('Barrio Obrero'));
  await say(text('Calle 4 # 7-10, segundo piso'));
  await say(pick('name:profile'));
  const summary = await say(pick('yes'));
  assert.match(summary, /Mercados para 3 familias/);
  const receipt = await say(pick('send'));
  const first = servers[0] as RunningServer;
  const record = await first.ctx.db
    .selectFrom('help_records')
    .select(['receipt_code_hash', 'review_status', 'contact_name', 'source'])
    .where('contact_whatsapp', '=', `+${FROM}`)
    .executeTakeFirstOrThrow();
  assert.equal(record.source, 'whatsapp');
  assert.equal(record.review_status, 'pending_review');
  assert.equal(record.contact_name, 'María Fernanda Rojas');
  assert.equal(record.receipt_code_hash, receiptCodeHash(codeIn(receipt)), receipt);
  // Every reply went out once, in the order written.
  const ids = graph.to(`+${FROM}`).map((s) => JSON.stringify(s.body));
  assert.equal(new Set(ids).size, ids.length);
});
