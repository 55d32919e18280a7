// DELETE /api/public/v1/help/{id}: the person who sent a record withdraws it with its editToken (or an integration
// with its key); it leaves every public output at once and its personal data is gone. Any failure is the same 404
// as an unknown id, the pair cannot be sent again, and attempts are rate-limited per client address.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { addSource } from '../src/commands/source-registration.ts';
import { WITHDRAWALS_PER_MINUTE } from '../src/http/plugins/rate-limit.ts';
import { addEmergency, type Harness, HELP, list, offerBody, requestBody, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { nextDocument, nextMobile } from './helpers/samples.ts';

const MAP_POINTS = '/api/public/v1/map-points';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

let address = 0;
/** A fresh client address per use, so no test spends another's withdrawal attempts. */
const nextAddress = () => `203.0.113.${++address}`;

/** Values no other record holds, to search every output for. */
function planted() {
  const tag = randomUUID().slice(0, 8);
  return {
    contactName: `Retirante ${tag}`,
    contactWhatsapp: nextMobile(),
    address: `Carrera ${tag} # 12-34`,
    description: `Descripcion privada ${tag}`,
    title: `Pedido retirable ${tag}`,
  };
}

interface Sent {
  id: string;
  editToken: string;
  body: Record<string, unknown>;
}

async function send(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Sent> {
  const res = await h.json({ method: 'POST', url: HELP, payload: body, headers, remoteAddress: nextAddress() });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return { id: res.body.id, editToken: res.body.editToken, body };
}

async function sendAndPublish(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Sent> {
  const sent = await send(body, headers);
  await approveSubmission(h.ctx, sent.id, 'test');
  return sent;
}

function withdraw(id: string, authorization?: string, remoteAddress = nextAddress()) {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  return h.request({ method: 'DELETE', url: `${HELP}/${id}`, headers, remoteAddress });
}

const detail = (id: string) => h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });

/** Retries until the check passes: on PostgreSQL the caches hear of a write by notification, a moment later. */
async function eventually(check: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await check();
    } catch (err) {
      if (attempt >= 30) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Every public JSON read that could show the record: detail, lists, search, map points and MCP ver_ayuda. */
async function publicReads(id: string, word: string): Promise<{ url: string; text: string }[]> {
  const urls = [
    `${HELP}?view=detail&id=${id}`,
    `${HELP}?view=list&status=all&limit=100`,
    `${HELP}?view=list&status=all&q=${encodeURIComponent(word)}`,
    `${HELP}?view=panorama`,
    `${MAP_POINTS}?status=all`,
    `${MAP_POINTS}?type=request&status=all`,
  ];
  const outputs = [];
  for (const url of urls) outputs.push({ url, text: (await h.request({ method: 'GET', url })).body });
  outputs.push({ url: `mcp:ver_ayuda(${id})`, text: await mcpVerAyuda(id) });
  return outputs;
}

/** ver_ayuda over the /mcp transport, as an assistant calls it. */
async function mcpVerAyuda(id: string): Promise<string> {
  const headers: Record<string, string> = {
    host: new URL(h.config.baseUrl).host,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const rpc = (id: number, method: string, params: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url: '/mcp', headers, payload: { jsonrpc: '2.0', id, method, params } });
  const opened = await rpc(1, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'withdraw-test', version: '1.0.0' },
  });
  headers['mcp-session-id'] = opened.headers['mcp-session-id'] as string;
  headers['mcp-protocol-version'] = '2025-11-25';
  return (await rpc(2, 'tools/call', { name: 'ver_ayuda', arguments: { id } })).body;
}

describe('withdrawing with the editToken', () => {
  test('204 with no body; the record leaves detail, lists, search, map points and MCP, and its data is erased', async () => {
    const values = planted();
    const sent = await sendAndPublish(requestBody(values));
    // Only the website's form takes an identity document; planted here to see it erased as well.
    const identityDocument = nextDocument();
    await h.ctx.db
      .updateTable('help_records')
      .set({ identity_document: identityDocument })
      .where('id', '=', sent.id)
      .execute();
    const searchWord = values.title.split(' ')[2] ?? '';
    // Public before: every read below shows it, so their silence afterwards means something.
    const visible = await publicReads(sent.id, searchWord);
    for (const url of [`${HELP}?view=detail&id=${sent.id}`, `${MAP_POINTS}?status=all`, `mcp:ver_ayuda(${sent.id})`]) {
      assert.ok(visible.find((o) => o.url === url)?.text.includes(sent.id), `visible before in ${url}`);
    }
    assert.equal((await list(h, { status: 'all', q: searchWord })).body.total, 1);
    assert.ok(
      leaks(visible, [values.contactName, values.contactWhatsapp]).length > 0,
      'the consented contact is public before',
    );

    const res = await withdraw(sent.id, `Bearer ${sent.editToken}`);
    assert.equal(res.statusCode, 204);
    assert.equal(res.body, '');

    await eventually(async () => {
      const gone = await detail(sent.id);
      assert.equal(gone.status, 404);
      assert.equal(gone.body.code, 'help_not_found');
      assert.equal((await list(h, { status: 'all', q: searchWord })).body.total, 0);
      const reads = await publicReads(sent.id, searchWord);
      assert.deepEqual(leaks(reads, Object.values(values)), []);
      // The id itself only where it was asked for (an error may name the id requested).
      const lists = reads.filter((o) => !o.url.includes(sent.id));
      assert.deepEqual(leaks(lists, [sent.id]), []);
    });
    const everywhere = [...(await crawlPublic(h)), ...(await publicReads(sent.id, searchWord))];
    assert.deepEqual(
      leaks(everywhere, [
        values.contactName,
        values.contactWhatsapp,
        values.address,
        values.description,
        identityDocument,
      ]),
      [],
    );

    const row = await h.ctx.db
      .selectFrom('help_records')
      .selectAll()
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.review_status, 'withdrawn');
    assert.equal(row.withdrawn_by, 'submitter');
    assert.equal(row.contact_name, '');
    assert.equal(row.contact_whatsapp, '');
    assert.equal(row.identity_document, null);
    assert.equal(row.address, null);
    assert.equal(row.latitude, null);
    assert.equal(row.edit_token_hash, null);
    assert.equal(row.receipt_code_hash, null);
    const text = JSON.stringify(row);
    for (const value of Object.values(values)) assert.ok(!text.includes(value), `${value} stays in the row`);
  });

  test('a submission still in review is withdrawn too', async () => {
    const values = planted();
    const sent = await send(offerBody({ contactName: values.contactName, contactWhatsapp: values.contactWhatsapp }));
    assert.equal((await withdraw(sent.id, `Bearer ${sent.editToken}`)).statusCode, 204);
    const row = await h.ctx.db
      .selectFrom('help_records')
      .select(['review_status', 'contact_whatsapp'])
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { review_status: 'withdrawn', contact_whatsapp: '' });
  });

  test('the scheme name is case-insensitive, as in POST', async () => {
    const sent = await sendAndPublish(requestBody());
    assert.equal((await withdraw(sent.id, `bearer ${sent.editToken}`)).statusCode, 204);
  });
});

describe('a failure says nothing about the record', () => {
  test('wrong, missing or malformed credentials answer the same 404 as an unknown id, and nothing changes', async () => {
    const values = planted();
    const sent = await sendAndPublish(requestBody(values));
    const other = await sendAndPublish(requestBody());
    const unknown = await withdraw(randomUUID(), `Bearer ${sent.editToken}`);
    assert.equal(unknown.statusCode, 404);
    assert.equal(JSON.parse(unknown.body).code, 'help_not_found');
    for (const authorization of [
      `Bearer ${sent.editToken.slice(0, -1)}${sent.editToken.endsWith('A') ? 'B' : 'A'}`,
      `Bearer ${other.editToken}`,
      undefined,
      '',
      `Basic ${Buffer.from(`x:${sent.editToken}`).toString('base64')}`,
      sent.editToken,
      'Bearer ',
    ]) {
      const res = await withdraw(sent.id, authorization);
      assert.equal(res.statusCode, 404, String(authorization));
      assert.equal(res.body, unknown.body, `the same body as an unknown id (${authorization})`);
      assert.equal(res.headers['content-type'], unknown.headers['content-type']);
    }
    const still = await detail(sent.id);
    assert.equal(still.status, 200);
    assert.equal(still.body.item.contact.whatsapp, values.contactWhatsapp);
    assert.equal((await detail(other.id)).status, 200, 'the other record is untouched too');
  });

  test('a second DELETE of a withdrawn record answers the same 404', async () => {
    const sent = await sendAndPublish(requestBody());
    const unknown = await withdraw(randomUUID(), `Bearer ${sent.editToken}`);
    assert.equal((await withdraw(sent.id, `Bearer ${sent.editToken}`)).statusCode, 204);
    const again = await withdraw(sent.id, `Bearer ${sent.editToken}`);
    assert.equal(again.statusCode, 404);
    assert.equal(again.body, unknown.body);
  });

  test('an id that is not a uuid, or a path with more segments, is a 404 too', async () => {
    const sent = await sendAndPublish(requestBody());
    for (const id of ['no-es-un-id', `${sent.id}x`, encodeURIComponent("' OR 1=1 --")]) {
      const res = await withdraw(id, `Bearer ${sent.editToken}`);
      assert.equal(res.statusCode, 404, id);
      assert.equal(JSON.parse(res.body).code, 'help_not_found', id);
    }
    assert.equal((await detail(sent.id)).status, 200);
  });
});

describe('after withdrawal', () => {
  test('sending the same pair again answers 409 help_withdrawn, with or without the old token', async () => {
    const body = requestBody();
    const sent = await sendAndPublish(body);
    assert.equal((await withdraw(sent.id, `Bearer ${sent.editToken}`)).statusCode, 204);
    const before = await h.ctx.db
      .selectFrom('help_records')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const [payload, headers] of [
      [body, {}],
      [{ ...body, title: 'Otro título para el mismo par' }, {}],
      [{ ...body, title: 'Otro título para el mismo par' }, { authorization: `Bearer ${sent.editToken}` }],
    ] as const) {
      const res = await h.json({ method: 'POST', url: HELP, payload, headers, remoteAddress: nextAddress() });
      assert.equal(res.status, 409, JSON.stringify(res.body));
      assert.equal(res.body.code, 'help_withdrawn');
    }
    const afterCount = await h.ctx.db
      .selectFrom('help_records')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(afterCount.n), Number(before.n), 'nothing was written');
    assert.equal((await detail(sent.id)).status, 404);
    // A new pair is a new submission.
    const fresh = await send({ ...body, externalId: `${String(body.externalId)}-nuevo` });
    assert.notEqual(fresh.id, sent.id);
  });
});

describe('registered integrations', () => {
  test('a registered source withdraws its pair with its key; another source’s key cannot', async () => {
    const own = await addSource(h.ctx, `app-retiro-${process.pid}`, 'test');
    const stranger = await addSource(h.ctx, `app-ajena-${process.pid}`, 'test');
    const sent = await sendAndPublish(requestBody({ source: own.name }), { authorization: `Bearer ${own.key}` });
    const refused = await withdraw(sent.id, `Bearer ${stranger.key}`);
    assert.equal(refused.statusCode, 404);
    assert.equal(JSON.parse(refused.body).code, 'help_not_found');
    assert.equal((await detail(sent.id)).status, 200);
    assert.equal((await withdraw(sent.id, `Bearer ${own.key}`)).statusCode, 204);
    await eventually(async () => assert.equal((await detail(sent.id)).status, 404));
  });
});

describe('limits and browsers', () => {
  test(`after ${WITHDRAWALS_PER_MINUTE} attempts in a minute from one address the next is 429; another address goes on`, async () => {
    const sent = await sendAndPublish(requestBody());
    const ip = nextAddress();
    for (let i = 0; i < WITHDRAWALS_PER_MINUTE; i++) {
      assert.equal((await withdraw(randomUUID(), `Bearer ${sent.editToken}`, ip)).statusCode, 404);
    }
    const limited = await withdraw(sent.id, `Bearer ${sent.editToken}`, ip);
    assert.equal(limited.statusCode, 429);
    assert.equal(JSON.parse(limited.body).code, 'rate_limited');
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.equal((await detail(sent.id)).status, 200, 'a refused attempt withdraws nothing');
    assert.equal((await withdraw(sent.id, `Bearer ${sent.editToken}`, nextAddress())).statusCode, 204);
  });

  test('a browser on another origin may send it: the preflight allows DELETE and Authorization', async () => {
    const sent = await sendAndPublish(requestBody());
    const preflight = await h.request({
      method: 'OPTIONS',
      url: `${HELP}/${sent.id}`,
      headers: {
        origin: 'https://otra-app.example',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.match(String(preflight.headers['access-control-allow-methods']), /\bDELETE\b/);
    assert.match(String(preflight.headers['access-control-allow-headers']), /\bAuthorization\b/i);
    const res = await h.request({
      method: 'DELETE',
      url: `${HELP}/${sent.id}`,
      headers: { origin: 'https://otra-app.example', authorization: `Bearer ${sent.editToken}` },
      remoteAddress: nextAddress(),
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });
});

describe('the description', () => {
  test('the API description states what is published, what never is, for how long, and how to withdraw', async () => {
    const doc = (await h.json({ method: 'GET', url: '/api/public/openapi.json' })).body;
    const info: string = doc.info.description;
    assert.match(info, /documento de identidad/);
    assert.match(info, new RegExp(`${h.config.retention.afterCloseDays} días`));
    assert.match(info, /DELETE \/api\/public\/v1\/help\/\{id\}/);
    assert.ok(info.includes(`${h.config.baseUrl}/retirar`));
    const operation = doc.paths['/api/public/v1/help/{id}'].delete;
    assert.match(operation.description, /No se puede deshacer/);
    assert.deepEqual(Object.keys(operation.responses).sort(), ['204', '400', '404', '413', '415', '429']);
    const submit = doc.paths['/api/public/v1/help'].post;
    assert.match(submit.description, /documento de identidad no se publica nunca/);
    assert.ok(submit.responses['409'].content['application/json'].examples.help_withdrawn);
  });

  test('another instance’s retention periods are the ones its description states', async () => {
    const other = await setup({ RETENTION_AFTER_CLOSE_DAYS: '45', RETENTION_IDENTITY_DAYS: '7' }, h);
    try {
      const info: string = (await other.json({ method: 'GET', url: '/api/public/openapi.json' })).body.info.description;
      assert.match(info, /45 días\s+después de que se completa/);
      assert.match(info, /identidad se\s+borra 7 días/);
    } finally {
      await other.close();
    }
  });
});
