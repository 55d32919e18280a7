// Both MCP protocol eras on one endpoint: a 2026-07-28 client (server/discover, no session, the envelope in each
// request's _meta) and a 2025-11-25 client (initialize, Mcp-Session-Id) get the same tools, answers, errors and
// limits, each driven by the SDK's own client over real HTTP, and by raw requests for the transport's edges.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import {
  LEGACY_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSION,
} from '../src/contract/mcp-protocol.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';
import {
  CONFIRMS,
  type Connected,
  connect,
  ERAS,
  type Era,
  LOCAL_BASE_URL,
  listen,
  MODERN_VERSION,
  modernRequest,
  rpc,
} from './helpers/mcp.ts';

const SUBMISSIONS_PER_MINUTE = 2;

let a: Harness;
let b: Harness;
let urlA = '';
let urlB = '';
let slug = '';
let publishedId = '';
const clients = new Map<Era, Connected>();

before(async () => {
  const env = {
    BASE_URL: LOCAL_BASE_URL,
    TRUST_PROXY: 'true',
    RATE_LIMIT_SUBMISSIONS_PER_MINUTE: String(SUBMISSIONS_PER_MINUTE),
  };
  a = await setup(env);
  b = await setup(env, a);
  urlA = await listen(a);
  urlB = await listen(b);
  slug = (await addEmergency(a)).slug;
  publishedId = await publish(a, requestBody({ title: 'Motobomba para achicar agua', urgency: 'urgent' }));
  for (const era of ERAS) clients.set(era, await connect(urlA, era));
});
after(async () => {
  for (const connected of clients.values()) await connected.client.close();
  await b.close();
  await a.close();
});

function client(era: Era) {
  const connected = clients.get(era);
  assert.ok(connected);
  return connected.client;
}

type Result = { content: { type: string; text: string }[]; structuredContent?: unknown; isError?: boolean };

/** A tool result without the per-era envelope (_meta) and the moment it was made, so two answers compare. */
function comparable(result: Record<string, unknown>): Result {
  const { _meta: _envelope, ...rest } = result;
  // Also inside the text block, where the same JSON appears escaped.
  const text = JSON.stringify(rest)
    .replace(/\\"generatedAt\\":\\"[^"\\]+\\"/g, '\\"generatedAt\\":\\"-\\"')
    .replace(/"generatedAt":"[^"]+"/g, '"generatedAt":"-"');
  return JSON.parse(text);
}

async function callIn(era: Era, name: string, args: Record<string, unknown>): Promise<Result> {
  return comparable(await client(era).callTool({ name, arguments: args }));
}

async function sessionCount(): Promise<number> {
  const row = await a.ctx.db
    .selectFrom('mcp_sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A raw POST /mcp through the harness (which checks the answer against the OpenAPI document). */
async function post(body: unknown, headers: Record<string, string>, from = '192.0.2.40') {
  const res = await a.json({
    method: 'POST',
    url: '/mcp',
    headers: {
      host: 'localhost:3000',
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...headers,
    },
    payload: JSON.stringify(body),
    remoteAddress: from,
  });
  return res;
}

describe('one server, two protocol eras', () => {
  test('a 2026-07-28 client discovers the server without a session; a 2025-11-25 client gets one', async () => {
    assert.equal(client('modern').getNegotiatedProtocolVersion(), MODERN_VERSION);
    assert.equal(client('legacy').getNegotiatedProtocolVersion(), '2025-11-25');
    assert.match(clients.get('legacy')?.sessionId ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(clients.get('modern')?.sessionId, '');
    const sessions = await sessionCount();
    const fresh = await connect(urlB, 'modern');
    await fresh.client.listTools();
    await fresh.client.close();
    assert.equal(await sessionCount(), sessions, 'the modern era stores no session');
    assert.equal(client('modern').getInstructions(), client('legacy').getInstructions());
    assert.match(client('modern').getInstructions() ?? '', /NO publican/);
  });

  test('both eras list the same tools with the same schemas and hints', async () => {
    const legacy = (await client('legacy').listTools()).tools;
    const modern = (await client('modern').listTools()).tools;
    assert.ok(legacy.length >= 13);
    assert.deepEqual(modern, legacy);
  });

  test('every read tool answers the same in both eras', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['listar_emergencias', {}],
      ['consultar_panorama', { emergencySlug: slug }],
      ['buscar_ayudas', { q: 'motobomba', limit: 5 }],
      ['ver_ayuda', { id: publishedId }],
      ['buscar_operaciones_logisticas', { emergencia: slug }],
      ['consultar_inventario', { emergencia: slug }],
      ['sugerir_coincidencias', { id: publishedId }],
    ];
    for (const [name, args] of calls) {
      const legacy = await callIn('legacy', name, args);
      const modern = await callIn('modern', name, args);
      assert.notEqual(legacy.isError, true, name);
      assert.deepEqual(modern, legacy, name);
    }
    const found = await callIn('modern', 'buscar_ayudas', { q: 'motobomba', limit: 5 });
    assert.equal((found.structuredContent as { items: { id: string }[] }).items[0]?.id, publishedId);
  });

  test('bad arguments get the same catalogue error in both eras; an unknown tool is -32602 in both', async () => {
    const args = { limit: 500, logistics: 'yes', extra: 1 };
    const legacy = await callIn('legacy', 'buscar_ayudas', args);
    const modern = await callIn('modern', 'buscar_ayudas', args);
    assert.equal(modern.isError, true);
    assert.deepEqual(modern, legacy);
    assert.equal(JSON.parse(modern.content[0]?.text ?? '').code, 'invalid_query');
    for (const era of ERAS) {
      await assert.rejects(
        client(era).callTool({ name: 'no_existe', arguments: {} }),
        (err: { code?: number }) => err.code === -32602,
        era,
      );
    }
  });

  test('the resources are the same in both eras', async () => {
    const legacy = (await client('legacy').listResources()).resources;
    const modern = (await client('modern').listResources()).resources;
    assert.deepEqual(modern, legacy);
    const uri = `${LOCAL_BASE_URL}/llms.txt`;
    const text = (era: Era) =>
      client(era)
        .readResource({ uri })
        .then((r) => r.contents[0]);
    assert.deepEqual(await text('modern'), await text('legacy'));
  });

  test('every write tool works in both eras, through the same commands', async () => {
    for (const [i, era] of ERAS.entries()) {
      // Published through the commands: this file's submissions limit is two a minute per address.
      const body = requestBody({ title: `Mantas ${era}`, quantityRequired: 40, unit: 'mantas' });
      const target = (await submitHelp(a.ctx, helpSubmission.parse(body))).result.id;
      await approveSubmission(a.ctx, target, 'test');
      // Each call from an address of its own, for the same reason.
      let address = 10 + 10 * i;
      const call = async (name: string, args: Record<string, unknown>) => {
        const own = await connect(urlA, era, CONFIRMS, { 'x-forwarded-for': `198.51.100.${address++}` });
        try {
          return comparable(await own.client.callTool({ name, arguments: args }));
        } finally {
          await own.client.close();
        }
      };
      const report = await call('reportar_registro', { id: target, reason: 'wrong_data', note: `Nota ${era}` });
      assert.notEqual(report.isError, true, `${era} ${JSON.stringify(report)}`);
      const pledge = await call('comprometer_ayuda', {
        id: target,
        quantity: 5,
        contactName: `Donante ${era}`,
        contactWhatsapp: era === 'modern' ? '+573125550101' : '+573125550102',
      });
      assert.equal((pledge.structuredContent as { pledge: { status: string } }).pledge.status, 'open', era);
      const route = await createLogisticsOperation(
        a.ctx,
        {
          emergencySlug: slug,
          destinationHelpId: target,
          title: `Llevar mantas ${era}`,
          supplyDescription: 'Mantas',
          pickupAddress: 'Bodega central',
          pickupLatitude: 1.15,
          pickupLongitude: -76.64,
        },
        'leader-1',
      );
      const claim = await call('ofrecer_transporte', {
        id: route.id,
        contactName: `Conductora ${era}`,
        contactWhatsapp: era === 'modern' ? '+573189990101' : '+573189990102',
        when: 'Mañana temprano',
      });
      assert.equal((claim.structuredContent as { claim: { status: string } }).claim.status, 'pending', era);
      const number = era === 'modern' ? '+573005550101' : '+573005550102';
      const sent = await submitHelp(
        a.ctx,
        helpSubmission.parse(requestBody({ title: `Retirar ${era}`, contactWhatsapp: number })),
      );
      const withdrawn = await call('retirar_publicacion', {
        receiptCode: sent.result.receiptCode,
        contactWhatsapp: number,
      });
      assert.notEqual(withdrawn.isError, true, `${era} ${JSON.stringify(withdrawn)}`);
    }
  });

  test('a 2026-07-28 request may reach any instance: nothing of it is kept between requests', async () => {
    const onB = await connect(urlB, 'modern');
    const onA = await callIn('modern', 'ver_ayuda', { id: publishedId });
    const fromB = comparable(await onB.client.callTool({ name: 'ver_ayuda', arguments: { id: publishedId } }));
    await onB.client.close();
    assert.deepEqual(fromB, onA);
  });
});

describe('the 2026-07-28 transport', () => {
  test("the revisions this service names are the SDK's: 2025-era sessions and the modern one", async () => {
    const sdk = await import('@modelcontextprotocol/server');
    assert.deepEqual([...LEGACY_PROTOCOL_VERSIONS], sdk.SUPPORTED_PROTOCOL_VERSIONS);
    assert.equal(LEGACY_PROTOCOL_VERSION, sdk.LATEST_PROTOCOL_VERSION);
    assert.equal(MODERN_PROTOCOL_VERSION, MODERN_VERSION);
  });

  test('lists and reads carry cache hints; 2025-11-25 answers carry none', async () => {
    const modern = modernRequest('tools/list');
    const listed = await post(modern.body, modern.headers);
    assert.equal(listed.status, 200);
    assert.equal(listed.body.result.ttlMs, 600_000);
    assert.equal(listed.body.result.cacheScope, 'public');
    const read = modernRequest('resources/read', { uri: `${LOCAL_BASE_URL}/llms.txt` });
    const resource = await post(read.body, read.headers);
    assert.equal(resource.body.result.ttlMs, 60_000);
    const session = clients.get('legacy')?.sessionId ?? '';
    const legacy = await post(rpc('tools/list'), { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
    assert.equal(legacy.status, 200);
    assert.equal(legacy.body.result.ttlMs, undefined);
  });

  test('a header that contradicts the message, or a modern version without the envelope, is refused', async () => {
    const call = modernRequest('tools/call', { name: 'ver_ayuda', arguments: { id: publishedId } });
    const mismatch = await post(call.body, { ...call.headers, 'mcp-method': 'tools/list' });
    assert.equal(mismatch.status, 400);
    assert.equal(typeof mismatch.body.error.code, 'number');
    const bare = await post(rpc('tools/list'), { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/list' });
    assert.equal(bare.status, 400);
    // Without either, the message is a 2025-11-25 one, which needs its session.
    const sessionless = await post(rpc('tools/list'), {});
    assert.equal(sessionless.status, 400);
    assert.equal(sessionless.body.code, 'mcp_session_required');
  });

  test('subscriptions/listen is acknowledged and ended at once: the lists never change, so no stream is held', async () => {
    const subscription = await client('modern').listen({ toolsListChanged: true, resourcesListChanged: true });
    assert.deepEqual(subscription.honoredFilter, {});
    assert.equal(await subscription.closed, 'graceful', 'the server ends it itself');
    const raw = await fetch(`${urlB}/mcp`, listenRequest());
    assert.equal(raw.status, 200);
    assert.match(raw.headers.get('content-type') ?? '', /^text\/event-stream/);
    // The whole stream arrives and ends: the acknowledgement, then the empty result.
    const body = await raw.text();
    assert.match(body, /notifications\/subscriptions\/acknowledged/);
    assert.match(body, /"resultType":"complete"/);
  });

  test('a foreign Origin gets 403 in this era too', async () => {
    const call = modernRequest('tools/list');
    const res = await post(call.body, { ...call.headers, origin: 'https://evil.example' });
    assert.equal(res.status, 403);
  });

  test('publicar_solicitud counts as a submission per message; reads are counted apart', async () => {
    const from = '192.0.2.41';
    const { type: _type, source: _source, ...fields } = requestBody({ title: `Carpas ${randomUUID()}` });
    for (let i = 0; i < SUBMISSIONS_PER_MINUTE; i++) {
      const call = modernRequest('tools/call', {
        name: 'publicar_solicitud',
        arguments: { ...fields, externalId: `eras-${i}-${randomUUID()}` },
      });
      const sent = await post(call.body, call.headers, from);
      assert.equal(sent.status, 200);
      assert.equal(sent.headers['ratelimit-limit'], String(SUBMISSIONS_PER_MINUTE));
      // The raw client declares no elicitation: the person confirms by link, and nothing is sent before.
      assert.equal(JSON.parse(sent.body.result.content[0].text).code, 'consent_confirmation_required');
    }
    const over = modernRequest('tools/call', { name: 'publicar_solicitud', arguments: fields });
    const limited = await post(over.body, over.headers, from);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'rate_limited');
    const read = modernRequest('tools/call', { name: 'buscar_ayudas', arguments: { limit: 1 } });
    const search = await post(read.body, read.headers, from);
    assert.equal(search.status, 200);
    assert.equal(search.headers['ratelimit-limit'], String(a.config.readsPerMinute));
  });
});

/** A raw subscriptions/listen request. */
function listenRequest(): RequestInit {
  const message = modernRequest('subscriptions/listen', { notifications: { toolsListChanged: true } });
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...message.headers },
    body: JSON.stringify(message.body),
  };
}
