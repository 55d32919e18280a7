// The MCP tool retirar_publicacion: the person who sent a record withdraws it with the receipt code and the WhatsApp
// number; it is listed as destructive, wrong values answer help_not_found without saying which, the record leaves
// every read, and the publishing tools tell the person what is published, for how long and how to withdraw it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { WITHDRAWALS_PER_MINUTE } from '../src/http/plugins/rate-limit.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { type Connected, connect, LOCAL_BASE_URL, listen } from './helpers/mcp.ts';
import { nextMobile } from './helpers/samples.ts';

let h: Harness;
let session: Connected;

before(async () => {
  h = await setup({ BASE_URL: LOCAL_BASE_URL, RETENTION_AFTER_CLOSE_DAYS: '45', RETENTION_REJECTED_DAYS: '12' });
  await addEmergency(h);
  session = await connect(await listen(h));
});
after(async () => {
  await session.client.close();
  await h.close();
});

interface ToolAnswer {
  content: { type: string; text: string }[];
  structuredContent?: any;
  isError?: boolean;
}

const call = (name: string, args: Record<string, unknown>) =>
  session.client.callTool({ name, arguments: args }) as Promise<ToolAnswer>;

/** The catalogue error a tool answered, as JSON. */
const errorOf = (answer: ToolAnswer) => {
  assert.equal(answer.isError, true, answer.content[0]?.text);
  return JSON.parse(answer.content[0]?.text ?? '') as { code: string; error: string; details: unknown };
};

/** A fresh Colombian mobile, so no other record in the database holds it. */
const phone = () => {
  const national = nextMobile().slice(3);
  return { e164: `+57${national}`, typed: `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}` };
};

/** Sends a request through publicar_solicitud, approves it, and hands back what the person was told. */
async function sendThroughMcp(title: string, whatsapp: string) {
  const {
    type: _type,
    source: _source,
    externalId: _id,
    ...fields
  } = requestBody({ title, contactWhatsapp: whatsapp });
  const sent = await call('publicar_solicitud', fields);
  assert.equal(sent.isError, undefined, sent.content[0]?.text);
  await approveSubmission(h.ctx, sent.structuredContent.id, 'test');
  return { fields, ...(sent.structuredContent as { id: string; receiptCode: string; externalId: string }) };
}

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

describe('the tool list', () => {
  test('retirar_publicacion is listed as destructive and idempotent, taking receiptCode and contactWhatsapp', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'retirar_publicacion');
    assert.ok(tool, 'listed');
    assert.equal(tool.annotations?.destructiveHint, true);
    assert.equal(tool.annotations?.readOnlyHint, false);
    assert.equal(tool.annotations?.idempotentHint, true);
    assert.deepEqual(Object.keys(tool.inputSchema.properties as object).sort(), ['contactWhatsapp', 'receiptCode']);
    assert.deepEqual([...(tool.inputSchema.required as string[])].sort(), ['contactWhatsapp', 'receiptCode']);
    assert.match(tool.description ?? '', /NO se puede deshacer/);
    assert.match(tool.description ?? '', /documento de identidad/);
    assert.ok(Object.hasOwn(tool.outputSchema?.properties ?? {}, 'withdrawn'));
  });

  test('the publishing tools say what is published, what never is, for how long and how to withdraw', async () => {
    const { tools } = await session.client.listTools();
    for (const name of ['publicar_solicitud', 'publicar_ofrecimiento']) {
      const description = tools.find((t) => t.name === name)?.description ?? '';
      assert.match(description, /se publican el título/, name);
      assert.match(description, /documento de identidad no se publica nunca/, name);
      assert.match(description, /sigue visible mientras el registro está vigente/, name);
      assert.match(description, /retirar_publicacion/, name);
      assert.match(description, /help_withdrawn/, name);
      // This instance's retention days, not a placeholder.
      const { afterCloseDays, rejectedDays, identityDays } = h.config.retention;
      assert.ok(description.includes(`${afterCloseDays} días después de completarse`), name);
      assert.ok(description.includes(`a los ${rejectedDays} días`), name);
      assert.ok(description.includes(`identidad ${identityDays} días después`), name);
      assert.ok(!description.includes('{plazos}'), name);
    }
    assert.match(session.client.getInstructions() ?? '', /retirar_publicacion/);
  });
});

describe('withdrawing', () => {
  test('the code and the number as a person types them withdraw the record from every read', async () => {
    const tag = randomUUID().slice(0, 8);
    const number = phone();
    const title = `Tejas para el techo ${tag}`;
    const sent = await sendThroughMcp(title, number.e164);
    const before = await call('buscar_ayudas', { q: tag, status: 'all' });
    assert.equal(before.structuredContent.total, 1, 'published before');
    assert.equal((await call('ver_ayuda', { id: sent.id })).isError, undefined);

    const typedCode = sent.receiptCode.toLowerCase().replaceAll('-', ' ');
    const done = await call('retirar_publicacion', { receiptCode: typedCode, contactWhatsapp: number.typed });
    assert.equal(done.isError, undefined, done.content[0]?.text);
    assert.equal(done.structuredContent.withdrawn, true);
    assert.equal(done.structuredContent.id, sent.id);
    assert.equal(done.structuredContent.type, 'request');
    assert.equal(typeof done.structuredContent.title, 'string');
    assert.equal(done.structuredContent.emergencyName, 'Inundación Mocoa');
    assert.match(done.structuredContent.message, /no se puede deshacer/i);
    assert.deepEqual(JSON.parse(done.content[0]?.text ?? ''), done.structuredContent);

    await eventually(async () => {
      assert.equal(errorOf(await call('ver_ayuda', { id: sent.id })).code, 'help_not_found');
      const search = await call('buscar_ayudas', { q: tag, status: 'all' });
      assert.equal(search.structuredContent.total, 0);
      const rest = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${sent.id}` });
      assert.equal(rest.status, 404);
      const everything = await call('buscar_ayudas', { status: 'all', limit: 100 });
      const text = JSON.stringify(everything);
      for (const value of [sent.id, number.e164, title]) assert.ok(!text.includes(value), `${value} still listed`);
    });
    const row = await h.ctx.db
      .selectFrom('help_records')
      .select(['review_status', 'contact_whatsapp', 'receipt_code_hash'])
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { review_status: 'withdrawn', contact_whatsapp: '', receipt_code_hash: null });
  });

  test('a wrong code, a wrong number and a second call all answer the same help_not_found', async () => {
    const number = phone();
    const sent = await sendThroughMcp(`Mercados para tres familias ${randomUUID().slice(0, 8)}`, number.e164);
    const otherNumber = phone();
    const wrongCode = errorOf(
      await call('retirar_publicacion', { receiptCode: 'K7P-42Q-X9M-D3R', contactWhatsapp: number.e164 }),
    );
    const wrongNumber = errorOf(
      await call('retirar_publicacion', { receiptCode: sent.receiptCode, contactWhatsapp: otherNumber.e164 }),
    );
    const malformed = errorOf(
      await call('retirar_publicacion', { receiptCode: 'no es un código', contactWhatsapp: 'tampoco' }),
    );
    assert.equal(wrongCode.code, 'help_not_found');
    assert.deepEqual(wrongNumber, wrongCode, 'a wrong number reads exactly like a wrong code');
    assert.deepEqual(malformed, wrongCode, 'a malformed value reads like a wrong one');
    assert.equal((await call('ver_ayuda', { id: sent.id })).isError, undefined, 'still published');

    const done = await call('retirar_publicacion', { receiptCode: sent.receiptCode, contactWhatsapp: number.e164 });
    assert.equal(done.structuredContent?.id, sent.id, done.content[0]?.text);
    const again = errorOf(
      await call('retirar_publicacion', { receiptCode: sent.receiptCode, contactWhatsapp: number.e164 }),
    );
    assert.deepEqual(again, wrongCode);
  });

  test('the withdrawn pair cannot be sent again: help_withdrawn', async () => {
    const number = phone();
    const sent = await sendThroughMcp(`Pañales para bebés ${randomUUID().slice(0, 8)}`, number.e164);
    const done = await call('retirar_publicacion', { receiptCode: sent.receiptCode, contactWhatsapp: number.e164 });
    assert.equal(done.isError, undefined, done.content[0]?.text);
    const resent = await call('publicar_solicitud', { ...sent.fields, externalId: sent.externalId });
    assert.equal(errorOf(resent).code, 'help_withdrawn');
  });

  test('missing or oversized arguments are named, as for the other writing tools', async () => {
    const missing = errorOf(await call('retirar_publicacion', { receiptCode: 'K7P-42Q-X9M-D3R' }));
    assert.equal(missing.code, 'validation_failed');
    assert.match(JSON.stringify(missing.details), /contactWhatsapp/);
    const extra = errorOf(
      await call('retirar_publicacion', { receiptCode: 'K7P-42Q-X9M-D3R', contactWhatsapp: '+573001234567', id: 'x' }),
    );
    assert.equal(extra.code, 'validation_failed');
    const long = errorOf(
      await call('retirar_publicacion', { receiptCode: 'K'.repeat(65), contactWhatsapp: '+573001234567' }),
    );
    assert.match(JSON.stringify(long.details), /receiptCode/);
  });
});

/** A session on a second instance with `env`, from one client address: raw JSON-RPC posts, as limits count them. */
async function sessionFrom(env: Record<string, string>, remoteAddress: string) {
  const limited = await setup({ BASE_URL: LOCAL_BASE_URL, ...env }, h);
  const headers: Record<string, string> = {
    host: 'localhost:3000',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const rpc = (id: number, method: string, params: Record<string, unknown>) =>
    limited.app.inject({
      method: 'POST',
      url: '/mcp',
      headers,
      payload: { jsonrpc: '2.0', id, method, params },
      remoteAddress,
    });
  const opened = await rpc(1, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'withdraw-limits', version: '1.0.0' },
  });
  headers['mcp-session-id'] = opened.headers['mcp-session-id'] as string;
  headers['mcp-protocol-version'] = '2025-11-25';
  const attempt = (id: number) =>
    rpc(id, 'tools/call', {
      name: 'retirar_publicacion',
      arguments: { receiptCode: 'K7P-42Q-X9M-D3R', contactWhatsapp: '+573001234567' },
    });
  return { rpc, attempt, close: () => limited.close() };
}

describe('limits', () => {
  test('withdrawals are held to the withdrawals limit when the submissions limit is higher', async () => {
    const { rpc, attempt, close } = await sessionFrom({}, '198.51.100.78');
    try {
      for (let i = 0; i < WITHDRAWALS_PER_MINUTE; i++) assert.equal((await attempt(10 + i)).statusCode, 200);
      const refused = await attempt(99);
      assert.equal(refused.statusCode, 429);
      assert.equal(JSON.parse(refused.body).code, 'rate_limited');
      const submission = await rpc(100, 'tools/call', { name: 'reportar_registro', arguments: {} });
      assert.notEqual(submission.statusCode, 429, 'other writes keep their own limit');
    } finally {
      await close();
    }
  });

  test('with a submissions limit below it, each call counts against that limit of the caller’s address', async () => {
    const { rpc, attempt, close } = await sessionFrom({ RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '2' }, '198.51.100.77');
    try {
      assert.equal((await attempt(2)).statusCode, 200);
      assert.equal((await attempt(3)).statusCode, 200);
      const refused = await attempt(4);
      assert.equal(refused.statusCode, 429);
      assert.equal(JSON.parse(refused.body).code, 'rate_limited');
      // Reads from the same address are counted apart.
      const read = await rpc(5, 'tools/call', { name: 'listar_emergencias', arguments: {} });
      assert.equal(read.statusCode, 200);
    } finally {
      await close();
    }
  });
});
