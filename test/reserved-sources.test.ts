// The sources the service writes itself (web, whatsapp, sms, mcp, kobo:…) cannot be claimed by a stranger: the
// public API and the assistants' tools answer 400 reserved_source and write nothing, so nobody can make the service
// speak to strangers' numbers as if they had written by SMS or WhatsApp. A pair stored under one of them before
// the rule is still revised with its editToken.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isReservedSource, ownSources } from '../src/channels/own-sources.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { CONFIRMS, connect, LOCAL_BASE_URL, listen } from './helpers/mcp.ts';
import { nextMobile, nextWord } from './helpers/samples.ts';

let h: Harness;
let mcpUrl = '';
const RESERVED = [...ownSources, 'kobo:aK3pQz7Vn2XcRtY8mLw4Bd'];

before(async () => {
  h = await setup({ BASE_URL: LOCAL_BASE_URL });
  mcpUrl = await listen(h);
  await addEmergency(h);
});
after(() => h.close());

const countOf = async (table: 'help_records' | 'outbound_messages') =>
  Number(
    (
      await h.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const records = () => countOf('help_records');
const messages = () => countOf('outbound_messages');

function refused(res: { status: number; body: any }, source: string) {
  assert.equal(res.status, 400, `${source}: ${JSON.stringify(res.body)}`);
  assert.equal(res.body.code, 'reserved_source');
  assert.deepEqual(
    res.body.details.map((d: { field: string; code: string }) => [d.field, d.code]),
    [['source', 'reserved_source']],
  );
}

test('the list: the service’s own sources and every kobo: form, nothing else', () => {
  for (const source of RESERVED) assert.ok(isReservedSource(source), source);
  for (const source of ['app-ayuda-putumayo', 'webapp', 'sms-colombia', 'kobo', 'mcp-client']) {
    assert.ok(!isReservedSource(source), source);
  }
});

test('the public API refuses each of them, with or without an Idempotency-Key, and writes nothing', async () => {
  const before = await records();
  for (const source of RESERVED) {
    refused(await h.json({ method: 'POST', url: HELP, payload: requestBody({ source }) }), source);
    const keyed = await h.json({
      method: 'POST',
      url: HELP,
      payload: requestBody({ source }),
      headers: { 'idempotency-key': `reservado-${nextWord()}` },
    });
    refused(keyed, source);
  }
  assert.equal(await records(), before);
  // The same body under the integration's own name is taken.
  const own = await h.json({ method: 'POST', url: HELP, payload: requestBody({ source: 'app-ayuda-putumayo' }) });
  assert.equal(own.status, 202, JSON.stringify(own.body));
});

test('a scammer posing as the SMS channel reaches nobody: thirty forged submissions queue no message', async () => {
  const before = { records: await records(), messages: await messages() };
  for (let i = 0; i < 30; i++) {
    const forged = requestBody({
      source: i % 2 === 0 ? 'sms' : 'whatsapp',
      externalId: `falso-${i}`,
      contactWhatsapp: nextMobile(),
      title: 'Verifique su cuenta en http://panel-ayuda.example',
      urgency: 'urgent',
    });
    refused(await h.json({ method: 'POST', url: HELP, payload: forged }), String(forged.source));
  }
  assert.deepEqual({ records: await records(), messages: await messages() }, before);
});

test('a pair stored under a reserved name before the rule is revised with its editToken, and only with it', async () => {
  // As an older version stored it, when the API still took the name.
  const original = requestBody({ source: 'web', externalId: `antes-${nextWord()}` });
  const { result } = await submitHelp(h.ctx, helpSubmission.parse(original));
  assert.ok(result.editToken);
  const revised = { ...original, title: 'Agua y mercados para la familia' };
  refused(await h.json({ method: 'POST', url: HELP, payload: revised }), 'web');
  refused(
    await h.json({ method: 'POST', url: HELP, payload: revised, headers: { authorization: 'Bearer adivinado' } }),
    'web',
  );
  const proven = await h.json({
    method: 'POST',
    url: HELP,
    payload: revised,
    headers: { authorization: `Bearer ${result.editToken}` },
  });
  assert.equal(proven.status, 202, JSON.stringify(proven.body));
  assert.equal(proven.body.id, result.id);
});

test('an assistant’s tools write mcp, and refuse another reserved source before asking the person', async () => {
  const { type: _type, source: _source, ...fields } = requestBody({ title: `Carpas ${nextWord()}` });
  const assistant = await connect(mcpUrl, 'legacy', CONFIRMS);
  try {
    for (const source of RESERVED.filter((s) => s !== 'mcp')) {
      const result = await assistant.client.callTool({ name: 'publicar_solicitud', arguments: { ...fields, source } });
      assert.equal(result.isError, true, source);
      const error = JSON.parse((result.content as { text: string }[])[0]?.text ?? '');
      assert.equal(error.code, 'reserved_source', source);
    }
    assert.equal(assistant.asked.length, 0, 'nobody was asked to confirm a refused submission');
    const sent = await assistant.client.callTool({ name: 'publicar_solicitud', arguments: fields });
    assert.notEqual(sent.isError, true, JSON.stringify(sent));
    const row = await h.ctx.db
      .selectFrom('help_records')
      .select('source')
      .where('title', '=', String(fields.title))
      .executeTakeFirstOrThrow();
    assert.equal(row.source, 'mcp');
  } finally {
    await assistant.client.close();
  }
});
