// Request ids: every response carries X-Request-Id, every log line of the request names it, and error pages show it
// as the reference a person reads out to the team. Only a trusted proxy may choose it, and only in the accepted form:
// a client's text never comes back in a header, a page or a log line.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { buildApp } from '../src/http/app.ts';
import { GENERATED_REQUEST_ID, REQUEST_ID_HEADER, REQUEST_ID_LOG_LABEL } from '../src/http/request-id.ts';
import { REFERENCE_SLOT, referenceLabel } from '../src/views/request-reference.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';

/** Every line the logging instance writes, parsed. */
class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  readonly raw: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      this.raw.push(line);
      this.lines.push(JSON.parse(line));
    }
    done();
  }
}

const PROXY = '10.0.0.5';
const CLIENT = '203.0.113.9';
const SCRIPT = '<script>alert("ref")</script>';
/** Characters a proxy's id may have, but far too many of them: 10 KB. */
const HUGE = 'A'.repeat(10 * 1024);
const PAGE = { accept: 'text/html' };

let h: Harness;
/** A second instance on the same database, its own TRUST_PROXY alike, logging everything down to trace. */
let logged: FastifyInstance;
const logs = new LogCapture();

before(async () => {
  h = await setup({ TRUST_PROXY: PROXY });
  await addEmergency(h);
  logged = await buildApp(h.ctx, h.database, { logger: { level: 'trace', stream: logs } });
  await logged.ready();
});
after(async () => {
  await logged.close();
  await h.close();
});

/**
 * Until the change feed has been still for a quarter of a second: on PostgreSQL a write's own notification comes back
 * a moment after its commit and empties the response cache once more.
 */
async function settled(): Promise<void> {
  let seen = h.ctx.changes.version();
  for (let still = 0; still < 5; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = h.ctx.changes.version();
    still = now === seen ? still + 1 : 0;
    seen = now;
  }
}

function idOf(response: { headers: Record<string, unknown> }): string {
  const id = response.headers[REQUEST_ID_HEADER];
  assert.equal(typeof id, 'string', 'the response carries X-Request-Id');
  return id as string;
}

/** The visible text of a page's <main>: tags dropped, runs of space made one. */
function mainText(body: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('generated ids', () => {
  test('each response has its own, as REF- and digits, never in the shape of a receipt code', async () => {
    const seen = new Set<string>();
    const requests = 1000;
    // An unknown path answers without the database: the id is all that differs.
    for (let i = 0; i < requests; i++) {
      const response = await h.app.inject({ url: '/api/public/v1/no-such-path', remoteAddress: CLIENT });
      const id = idOf(response);
      assert.match(id, GENERATED_REQUEST_ID);
      assert.doesNotMatch(id, RECEIPT_CODE_FORMAT);
      seen.add(id);
    }
    // Ten random digits: a repeat among a thousand draws has a chance of about 1 in 20,000.
    assert.equal(seen.size, requests);
  });

  test('a JSON error keeps its body and carries the id only in the header', async () => {
    const response = await h.request({ url: `${HELP}?view=detail&id=not-a-record`, remoteAddress: CLIENT });
    assert.equal(response.statusCode, 404);
    const id = idOf(response);
    assert.deepEqual(Object.keys(JSON.parse(response.body)).sort(), ['code', 'details', 'error']);
    assert.ok(!response.body.includes(id));
  });

  test('CORS lets a page of another origin read it', async () => {
    const response = await h.app.inject({ url: HELP, headers: { origin: 'https://otro.example' } });
    assert.match(String(response.headers['access-control-expose-headers']), /X-Request-Id/i);
  });
});

describe('an id from a trusted proxy', () => {
  const ask = (remoteAddress: string, id: string) =>
    h.app.inject({ url: '/healthz', remoteAddress, headers: { [REQUEST_ID_HEADER]: id } });

  test('is kept when the peer is the proxy and the id has the accepted form', async () => {
    for (const id of ['a', '0af7651916cd43dd8448eb211c80319c', 'lb:7f3a_9.2-x', 'x'.repeat(64)]) {
      assert.equal(idOf(await ask(PROXY, id)), id);
    }
  });

  test('is replaced when it comes from a client the service does not trust', async () => {
    const response = await ask(CLIENT, 'chosen-by-the-client');
    assert.notEqual(idOf(response), 'chosen-by-the-client');
    assert.match(idOf(response), GENERATED_REQUEST_ID);
  });

  test('is replaced when it is malformed or too long, even from the proxy', async () => {
    for (const id of [SCRIPT, 'two words', 'a,b', 'x'.repeat(65), HUGE, 'ñandú']) {
      const response = await h.app.inject({
        url: '/healthz',
        remoteAddress: PROXY,
        headers: { [REQUEST_ID_HEADER]: id },
      });
      assert.match(idOf(response), GENERATED_REQUEST_ID, id.slice(0, 20));
    }
  });
});

describe('logs', () => {
  /** The lines written while `send` ran. */
  async function linesOf<T>(send: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
    const start = logs.lines.length;
    const result = await send();
    return { result, lines: logs.lines.slice(start) };
  }

  test('every line of one request names the id its response carries', async () => {
    const cases: InjectOptions[] = [
      { url: '/api/public/v1/no-such-path' },
      { method: 'POST', url: HELP, headers: { 'content-type': 'application/json' }, payload: '{"broken":' },
      { url: '/no-such-page', headers: PAGE },
      { url: '/panel/entrar' },
    ];
    for (const options of cases) {
      const { result, lines } = await linesOf(() => logged.inject({ remoteAddress: CLIENT, ...options }));
      assert.ok(lines.length >= 2, `${options.url}: its lines were written`);
      for (const line of lines) assert.equal(line[REQUEST_ID_LOG_LABEL], idOf(result), JSON.stringify(line));
    }
  });

  test('a trusted proxy’s id is the one on the lines', async () => {
    const { result, lines } = await linesOf(() =>
      logged.inject({ url: '/healthz', remoteAddress: PROXY, headers: { [REQUEST_ID_HEADER]: 'lb-7f3a.2' } }),
    );
    assert.equal(idOf(result), 'lb-7f3a.2');
    for (const line of lines) assert.equal(line[REQUEST_ID_LOG_LABEL], 'lb-7f3a.2');
  });

  test('a cached read answered before the framework names its id too', async () => {
    const id = await publish(h, requestBody({ title: 'Agua para el albergue de la escuela' }));
    const base = await logged.listen({ port: 0, host: '127.0.0.1' });
    await settled();
    // The first read fills the cache; the second is answered from it, with one line of its own.
    const url = `${base}${HELP}?view=detail&id=${id}`;
    await (await fetch(url)).arrayBuffer();
    const { result, lines } = await linesOf(async () => {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response;
    });
    assert.equal(result.status, 200);
    const reference = idOf({ headers: Object.fromEntries(result.headers) });
    assert.match(reference, GENERATED_REQUEST_ID);
    const named = lines.filter((line) => line[REQUEST_ID_LOG_LABEL] === reference);
    assert.deepEqual(
      named.map((line) => line.msg),
      ['request completed'],
    );
  });
});

describe('error pages show the reference', () => {
  test('the website’s 404, in Spanish and English, and its Markdown twin', async () => {
    for (const lang of ['es', 'en'] as const) {
      const query = lang === 'en' ? '?lang=en' : '';
      const response = await h.app.inject({ url: `/no-such-page${query}`, headers: PAGE });
      assert.equal(response.statusCode, 404);
      assert.ok(mainText(response.body).includes(`${referenceLabel[lang]}: ${idOf(response)}`), response.body);
      assert.ok(!response.body.includes(REFERENCE_SLOT));
    }
    const twin = await h.app.inject({ url: '/ayudas/no-such-record.md' });
    assert.equal(twin.statusCode, 404);
    assert.ok(twin.body.includes(idOf(twin)), twin.body);
    assert.ok(!twin.body.includes(REFERENCE_SLOT));
  });

  test('a form the website refuses (a post from another site)', async () => {
    for (const lang of ['es', 'en'] as const) {
      const query = lang === 'en' ? '?lang=en' : '';
      const response = await h.app.inject({
        method: 'POST',
        url: `/estado${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        payload: 'codigo=X',
        remoteAddress: CLIENT,
      });
      assert.equal(response.statusCode, 403);
      assert.ok(mainText(response.body).includes(`${referenceLabel[lang]}: ${idOf(response)}`), response.body);
    }
  });

  test('the console’s error page', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/panel/entrar',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=x',
      remoteAddress: CLIENT,
    });
    assert.equal(response.statusCode, 415);
    assert.ok(mainText(response.body).includes(`${referenceLabel.es}: ${idOf(response)}`), response.body);
    assert.ok(!response.body.includes(REFERENCE_SLOT));
  });

  test('a page that is not an error has no reference', async () => {
    const response = await h.app.inject({ url: '/', headers: PAGE });
    assert.equal(response.statusCode, 200);
    assert.ok(!mainText(response.body).includes(`${referenceLabel.es}:`));
  });
});

describe('a client cannot plant its own text', () => {
  test('a script or 10 KB sent as X-Request-Id comes back in no header, page or log line', async () => {
    const start = logs.raw.length;
    const asked: InjectOptions[] = [
      { url: '/no-such-page', headers: PAGE },
      { url: '/no-such-page?lang=en', headers: PAGE },
      { url: '/api/public/v1/no-such-path' },
      { method: 'POST', url: '/panel/entrar', headers: { 'content-type': 'text/plain' }, payload: 'x' },
      {
        method: 'POST',
        url: '/estado',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        payload: 'codigo=X',
      },
    ];
    for (const planted of [SCRIPT, HUGE]) {
      for (const options of asked) {
        const response = await logged.inject({
          ...options,
          remoteAddress: CLIENT,
          headers: { ...(options.headers as Record<string, string>), [REQUEST_ID_HEADER]: planted },
        });
        assert.match(idOf(response), GENERATED_REQUEST_ID);
        for (const value of Object.values(response.headers)) assert.ok(!String(value).includes(planted));
        assert.ok(!response.body.includes(planted), `${options.url}: the page does not echo it`);
        assert.ok(!response.body.includes('alert('));
      }
    }
    const written = logs.raw.slice(start).join('\n');
    assert.ok(written.length > 0);
    assert.ok(!written.includes('<script>') && !written.includes('alert('));
    assert.ok(!written.includes(HUGE.slice(0, 100)));
  });
});
