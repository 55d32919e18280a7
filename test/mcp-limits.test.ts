// What one MCP client can make the server do: one message per POST (no batches), each counted against the right
// limit; tool and resource answers bounded in size; event streams bounded per session and per client address.
import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { buildOpenApi } from '../src/contract/openapi.ts';
import { MAX_STREAMS_PER_CLIENT, MAX_STREAMS_PER_SESSION } from '../src/http/routes/mcp/open-streams.ts';
import { tools } from '../src/mcp/tools.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, requestBody, setup } from './helpers/harness.ts';
import { initialize, LOCAL_BASE_URL, listen, rpc } from './helpers/mcp.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

const MAX_RESULT_BYTES = 16_384;
const SUBMISSIONS_PER_MINUTE = 3;
const HEADERS = {
  host: 'localhost:3000',
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2025-11-25',
};

let h: Harness;
let url = '';
let validator: OpenApiValidator;

before(async () => {
  h = await setup({
    BASE_URL: LOCAL_BASE_URL,
    TRUST_PROXY: 'true',
    RATE_LIMIT_SUBMISSIONS_PER_MINUTE: String(SUBMISSIONS_PER_MINUTE),
    MCP_MAX_RESULT_BYTES: String(MAX_RESULT_BYTES),
  });
  validator = new OpenApiValidator(buildOpenApi(h.config.baseUrl, h.config));
  url = await listen(h);
  await addEmergency(h);
  // Enough published records that a full search page is over the small cap of this file (through the commands:
  // the submissions limit of this file is tiny).
  for (let i = 0; i < 12; i++) {
    const body = requestBody({ title: `Agua para el barrio ${i}`, description: 'Sin agua potable. '.repeat(30) });
    const { result } = await submitHelp(h.ctx, helpSubmission.parse(body));
    await approveSubmission(h.ctx, result.id, 'test');
  }
});
after(() => h.close());

/** One POST /mcp through the harness (the answer is checked against the OpenAPI document). */
function post(body: unknown, options: { session?: string; from: string }) {
  return h.json({
    method: 'POST',
    url: '/mcp',
    headers: { ...HEADERS, ...(options.session ? { 'mcp-session-id': options.session } : {}) },
    payload: JSON.stringify(body),
    remoteAddress: options.from,
  });
}

async function openSession(from: string): Promise<string> {
  const res = await post(initialize, { from });
  assert.equal(res.status, 200);
  return res.headers['mcp-session-id'] as string;
}

function submissionArgs(title: string): Record<string, unknown> {
  const { type: _type, source: _source, ...fields } = requestBody({ title });
  return fields;
}

async function helpRecordCount(): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('one message per POST, each one counted', () => {
  test('a batch of 40 publicar_solicitud is refused whole: 400 JSON-RPC -32600, nothing created, nothing counted', async () => {
    const from = '192.0.2.10';
    const session = await openSession(from);
    const before = await helpRecordCount();
    const batch = Array.from({ length: 40 }, (_, i) =>
      rpc('tools/call', { name: 'publicar_solicitud', arguments: submissionArgs(`Lote de solicitudes ${i}`) }, i + 1),
    );
    const res = await post(batch, { session, from });
    assert.equal(res.status, 400);
    assert.equal(res.body.jsonrpc, '2.0');
    assert.equal(res.body.id, null);
    assert.equal(res.body.error.code, -32600);
    assert.match(res.body.error.message, /^Los lotes JSON-RPC .* no se admiten en MCP \(2025-11-25 ni 2026-07-28\)/);
    assert.match(res.body.error.message, /un mensaje por petición/);
    assert.equal(await helpRecordCount(), before, 'no message of the batch ran');
    // The refused batch took nothing from the submissions allowance of this address.
    const one = await post(rpc('tools/call', { name: 'publicar_solicitud', arguments: submissionArgs('Sola') }, 41), {
      session,
      from,
    });
    assert.equal(one.status, 200);
    // This client cannot ask its user: the person confirms by link, and nothing is sent before.
    assert.equal(JSON.parse(one.body.result.content[0].text).code, 'consent_confirmation_required');
    assert.equal(one.headers['ratelimit-limit'], String(SUBMISSIONS_PER_MINUTE));
    assert.equal(one.headers['ratelimit-remaining'], String(SUBMISSIONS_PER_MINUTE - 1));
    assert.equal(await helpRecordCount(), before);
  });

  test('a batch of searches is refused the same way, with a small answer', async () => {
    const from = '192.0.2.11';
    const session = await openSession(from);
    const batch = Array.from({ length: 100 }, (_, i) =>
      rpc('tools/call', { name: 'buscar_ayudas', arguments: { limit: 100 } }, i + 1),
    );
    const res = await post(batch, { session, from });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, -32600);
    assert.ok(JSON.stringify(res.body).length < 1_000);
    // Even a batch of one message and an empty array: a batch is not a message of 2025-11-25.
    for (const body of [[rpc('tools/list')], []]) {
      const refused = await post(body, { session, from });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error.code, -32600);
    }
  });

  test('submission tools count as submissions; requests, notifications and client responses as reads', async () => {
    const from = '192.0.2.12';
    const session = await openSession(from);
    const reads = h.config.readsPerMinute;
    const remaining = (res: { headers: Record<string, unknown> }) => Number(res.headers['ratelimit-remaining']);
    const notification = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { session, from });
    assert.equal(notification.status, 202);
    assert.equal(notification.headers['ratelimit-limit'], String(reads));
    const response = await post({ jsonrpc: '2.0', id: 77, result: {} }, { session, from });
    assert.equal(response.status, 202);
    assert.equal(response.headers['ratelimit-limit'], String(reads));
    assert.equal(remaining(response), remaining(notification) - 1, 'a client response is one more read');
    const cancelled = await post(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
      { session, from },
    );
    assert.equal(remaining(cancelled), remaining(response) - 1);

    for (let i = 0; i < SUBMISSIONS_PER_MINUTE; i++) {
      const sent = await post(
        rpc('tools/call', { name: 'publicar_solicitud', arguments: submissionArgs(`Cuenta ${i}`) }, i + 1),
        { session, from },
      );
      assert.equal(sent.status, 200);
      assert.equal(sent.headers['ratelimit-limit'], String(SUBMISSIONS_PER_MINUTE));
    }
    const before = await helpRecordCount();
    const limited = await post(
      rpc('tools/call', { name: 'publicar_ofrecimiento', arguments: submissionArgs('Una más') }, 9),
      { session, from },
    );
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'rate_limited');
    assert.equal(await helpRecordCount(), before);
    // Reads still pass: they are counted apart.
    const search = await post(rpc('tools/call', { name: 'buscar_ayudas', arguments: { limit: 1 } }, 10), {
      session,
      from,
    });
    assert.equal(search.status, 200);
    assert.equal(search.headers['ratelimit-limit'], String(reads));
  });

  test('every tool not declared read-only is counted as a submission, even when its arguments are refused', async () => {
    const session = await openSession('192.0.2.14');
    for (const [i, tool] of tools.entries()) {
      const res = await post(rpc('tools/call', { name: tool.name, arguments: { nope: 1 } }, i + 1), {
        session,
        from: `198.51.100.${i + 1}`,
      });
      assert.equal(res.status, 200, tool.name);
      const writes = tool.annotations.readOnlyHint !== true;
      assert.equal(writes, tool.submits === true, `${tool.name}: read-only exactly when it does not send`);
      const limit = writes ? SUBMISSIONS_PER_MINUTE : h.config.readsPerMinute;
      assert.equal(res.headers['ratelimit-limit'], String(limit), tool.name);
    }
  });

  test('too many bad arguments: the tool error lists 20 problems and says how many more there were', async () => {
    const from = '192.0.2.13';
    const session = await openSession(from);
    const args = Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`x${i}`, 1]));
    const res = await post(rpc('tools/call', { name: 'buscar_ayudas', arguments: args }), { session, from });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.isError, true);
    const body = JSON.parse(res.body.result.content[0].text);
    assert.equal(body.code, 'invalid_query');
    assert.equal(body.details.length, 21);
    assert.deepEqual(body.details.at(-1), {
      field: '*',
      code: 'more_errors',
      message: 'Hay 1480 problemas más sin listar.',
    });
    assert.ok(JSON.stringify(res.body).length < 4_096);
  });
});

describe('answers bounded in size', () => {
  test('a tool result over the cap becomes a tool error that asks to narrow the search', async () => {
    const from = '192.0.2.20';
    const session = await openSession(from);
    const res = await post(rpc('tools/call', { name: 'buscar_ayudas', arguments: { limit: 100 } }), { session, from });
    assert.equal(res.status, 200);
    assert.ok(JSON.stringify(res.body).length < 2_000, 'the refusal is small');
    assert.equal(res.body.result.isError, true);
    assert.equal(res.body.result.structuredContent, undefined);
    const body = JSON.parse(res.body.result.content[0].text);
    assert.equal(body.code, 'result_too_large');
    assert.match(body.error, /demasiado grande/);
    assert.equal(body.details[0].field, 'limit');
    assert.match(body.details[0].message, new RegExp(`el máximo es ${MAX_RESULT_BYTES}: baje limit`));
    // Asking for less is answered.
    const fewer = await post(rpc('tools/call', { name: 'buscar_ayudas', arguments: { limit: 2 } }, 2), {
      session,
      from,
    });
    assert.equal(fewer.body.result.isError, undefined);
    assert.equal(fewer.body.result.structuredContent.returned, 2);
  });

  test('a resource over the cap is a JSON-RPC error; a small one is read', async () => {
    const from = '192.0.2.21';
    const session = await openSession(from);
    const openapi = await post(rpc('resources/read', { uri: `${LOCAL_BASE_URL}/api/public/openapi.json` }), {
      session,
      from,
    });
    assert.equal(openapi.status, 200);
    assert.equal(openapi.body.result, undefined);
    assert.match(openapi.body.error.message, new RegExp(`máximo por respuesta es ${MAX_RESULT_BYTES}`));
    assert.ok(JSON.stringify(openapi.body).length < 1_000);
    const about = await post(rpc('resources/read', { uri: `${LOCAL_BASE_URL}/llms.txt` }, 2), { session, from });
    assert.match(about.body.result.contents[0].text, /^# Ayuda Directa/);
  });
});

interface Stream {
  status: number;
  body: () => Promise<string>;
  close: () => void;
}

/** A GET /mcp over real HTTP, resolved when its headers arrive; the stream stays open until close(). */
function openStream(session: string, forwardedFor?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(`${url}/mcp`),
      {
        method: 'GET',
        agent: false,
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': session,
          'mcp-protocol-version': '2025-11-25',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        const ended = new Promise<string>((done) => res.on('close', () => done(text)));
        resolve({ status: res.statusCode ?? 0, body: () => ended, close: () => res.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function sessionOverHttp(forwardedFor?: string): Promise<string> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      accept: HEADERS.accept,
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify(initialize),
  });
  await res.text();
  return res.headers.get('mcp-session-id') as string;
}

/** The refusal is the API's JSON error body, as the OpenAPI document lists it. */
async function assertTooManyStreams(stream: Stream): Promise<void> {
  assert.equal(stream.status, 429);
  const text = await stream.body();
  validator.check('GET', '/mcp', 429, 'application/json', text);
  assert.equal(JSON.parse(text).code, 'too_many_streams');
}

/** A closed stream frees its slot once the server sees the connection go: retried for up to 2 s. */
async function openWhenFreed(session: string, forwardedFor?: string): Promise<Stream> {
  const until = Date.now() + 2_000;
  for (;;) {
    const stream = await openStream(session, forwardedFor);
    if (stream.status === 200 || Date.now() > until) return stream;
    await stream.body();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('event streams bounded per session and per client address', () => {
  test(`the ${MAX_STREAMS_PER_SESSION + 1}th stream of one session is 429 too_many_streams; closing one frees its slot`, async () => {
    const session = await sessionOverHttp();
    const open: Stream[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
        const stream = await openStream(session);
        open.push(stream);
        assert.equal(stream.status, 200);
      }
      await assertTooManyStreams(await openStream(session));
      // Another session of the same client still opens its own.
      const other = await openStream(await sessionOverHttp());
      open.push(other);
      assert.equal(other.status, 200);
      open.shift()?.close();
      const again = await openWhenFreed(session);
      open.push(again);
      assert.equal(again.status, 200);
      await assertTooManyStreams(await openStream(session));
    } finally {
      for (const stream of open) stream.close();
    }
  });

  test(`one client address holds at most ${MAX_STREAMS_PER_CLIENT} streams, IPv6 counted per /64`, async () => {
    const open: Stream[] = [];
    try {
      // Many addresses of one /64, as one subscriber's devices would use.
      for (let s = 0; open.length < MAX_STREAMS_PER_CLIENT; s++) {
        const address = `2001:db8:1:2::${(s + 1).toString(16)}`;
        const session = await sessionOverHttp(address);
        for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
          const stream = await openStream(session, `2001:db8:1:2:${s}::${i + 1}`);
          open.push(stream);
          assert.equal(stream.status, 200);
        }
      }
      const fresh = await sessionOverHttp('2001:db8:1:2::ffff');
      await assertTooManyStreams(await openStream(fresh, '2001:db8:1:2:ffff:ffff:ffff:ffff'));
      // Another /64 is another client.
      const neighbour = await openStream(await sessionOverHttp('2001:db8:1:3::1'), '2001:db8:1:3::1');
      open.push(neighbour);
      assert.equal(neighbour.status, 200);
      open.shift()?.close();
      const freed = await openWhenFreed(fresh, '2001:db8:1:2::ffff');
      open.push(freed);
      assert.equal(freed.status, 200);
    } finally {
      for (const stream of open) stream.close();
    }
  });
});
