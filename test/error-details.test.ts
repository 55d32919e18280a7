// Every error body's `details` is a list of { field, code, message } (plus documented extras such as slugs,
// uncommitted, oldestCursor, limit): `message` is a sentence for people and never repeats what was sent, which goes
// in `value`. Bad requests across the API, on a harness whose OpenAPI check runs on every answer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { purgePersonalData } from '../src/commands/personal-data/purge.ts';
import { callTool, tools } from '../src/mcp/tools.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';
import { freshClientAddress, nextMobile, nextWord } from './helpers/samples.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'sequia-guajira';
const CHANGES = '/api/public/v1/changes';
const KOBO = '/integraciones/kobo';

interface Detail {
  field: string;
  code: string;
  message: string;
  value?: unknown;
  [extra: string]: unknown;
}

/** A sentence: a capital letter (or «) first, a full stop or a question mark last. */
const SENTENCE = /^[«\p{Lu}].*[.?]$/su;

/**
 * details is a list of objects with string field, code and message; every message is a sentence equal to nothing
 * sent and containing none of it. Returns the details for the case's own checks.
 */
function checkDetails(body: { details: unknown }, sent: readonly string[], label: string): Detail[] {
  assert.ok(Array.isArray(body.details), `${label}: details is a list: ${JSON.stringify(body)}`);
  const details = body.details as Detail[];
  for (const detail of details) {
    assert.equal(typeof detail, 'object', label);
    assert.equal(typeof detail.field, 'string', `${label}: field ${JSON.stringify(detail)}`);
    assert.equal(typeof detail.code, 'string', `${label}: code ${JSON.stringify(detail)}`);
    assert.equal(typeof detail.message, 'string', `${label}: message ${JSON.stringify(detail)}`);
    assert.match(detail.message, SENTENCE, `${label}: a sentence ${JSON.stringify(detail)}`);
    for (const value of sent) {
      assert.notEqual(detail.message, value, `${label}: the message is not the value sent`);
      assert.ok(!detail.message.includes(value), `${label}: «${value}» is not in ${JSON.stringify(detail.message)}`);
    }
  }
  return details;
}

let h: Harness;
before(async () => {
  h = await setup({ KOBO_SECRET: 'secreto-compartido-con-kobo-2026' });
  await addEmergency(h, SLUG);
});
after(() => h.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  h.json({ method: 'POST', url: HELP, payload: payload as Record<string, unknown>, headers });

describe('one emergency active', () => {
  test('a body that is not JSON: invalid_json, the parser’s words in value', async () => {
    const bad = '{"title": nope}';
    const res = await post(bad, { 'content-type': 'application/json' });
    assert.deepEqual([res.status, res.body.code], [400, 'invalid_json']);
    const [detail] = checkDetails(res.body, ['nope'], 'invalid_json');
    assert.equal(detail?.code, 'syntax');
    assert.equal(typeof detail?.value, 'string');
  });

  test('a key repeated in one object: duplicate_json_key names the field', async () => {
    const res = await post('{"title":"Agua potable","title":"repetido"}', { 'content-type': 'application/json' });
    assert.deepEqual([res.status, res.body.code], [400, 'duplicate_json_key']);
    const details = checkDetails(res.body, ['repetido'], 'duplicate_json_key');
    assert.deepEqual(
      details.map((d) => [d.field, d.code]),
      [['title', 'duplicate_key']],
    );
  });

  test('an unknown field and a wrong value: one sentence per field, in English when asked', async () => {
    const unknown = nextWord();
    const res = await post(requestBody({ [unknown]: 'missing', urgency: 'nope' }), { 'accept-language': 'en' });
    assert.deepEqual([res.status, res.body.code], [400, 'validation_failed']);
    const details = checkDetails(res.body, ['missing', 'nope'], 'validation_failed');
    const byField = new Map(details.map((d) => [d.field, d]));
    assert.equal(byField.get(unknown)?.code, 'unknown_field');
    assert.equal(byField.get(unknown)?.message, 'Unknown field.');
    assert.equal(byField.get('urgency')?.code, 'invalid_value');
  });

  test('a bad query parameter: invalid_query', async () => {
    const res = await h.json({ method: 'GET', url: `${HELP}?view=list&limit=nope` });
    assert.deepEqual([res.status, res.body.code], [400, 'invalid_query']);
    const details = checkDetails(res.body, ['nope'], 'invalid_query');
    assert.deepEqual(
      details.map((d) => d.field),
      ['limit'],
    );
  });

  test('an unknown path: not_found with an empty list', async () => {
    // Not in the OpenAPI document, so asked without the harness's check.
    const res = await h.app.inject({ method: 'GET', url: '/api/public/v1/no-existe' });
    const body = JSON.parse(res.body);
    assert.deepEqual([res.statusCode, body.code], [404, 'not_found']);
    assert.deepEqual(body.details, []);
  });

  test('a body that is not JSON by its type: unsupported_media_type with an empty list', async () => {
    const res = await h.json({
      method: 'POST',
      url: HELP,
      payload: 'title=Agua',
      headers: { 'content-type': 'text/plain' },
    });
    assert.deepEqual([res.status, res.body.code], [415, 'unsupported_media_type']);
    checkDetails(res.body, ['title=Agua'], 'unsupported_media_type');
  });

  test('an emergency that does not exist: its slug moves to value', async () => {
    const slug = `no-existe-${nextWord()}`;
    const res = await post(requestBody({ emergencySlug: slug }));
    assert.deepEqual([res.status, res.body.code], [400, 'unknown_emergency']);
    const [detail] = checkDetails(res.body, [slug], 'unknown_emergency');
    assert.deepEqual([detail?.field, detail?.value], ['emergencySlug', slug]);
  });

  test('a record that does not exist: help_not_found, the id in value', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const res = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
    assert.deepEqual([res.status, res.body.code], [404, 'help_not_found']);
    const [detail] = checkDetails(res.body, [id], 'help_not_found');
    assert.equal(detail?.value, id);
  });

  test('a pledge over what is still open: uncommitted and unit beside a sentence', async () => {
    const id = await publish(
      h,
      requestBody({ emergencySlug: SLUG, title: `Agua ${nextWord()}`, quantityRequired: 10, unit: 'bidones' }),
    );
    const res = await h.json({
      method: 'POST',
      url: `${HELP}/${id}/pledges`,
      payload: { contactName: 'Ana Gómez', contactWhatsapp: nextMobile(), quantity: 12 },
    });
    assert.deepEqual([res.status, res.body.code], [409, 'pledge_exceeds_pending']);
    const [detail] = checkDetails(res.body, ['12'], 'pledge_exceeds_pending');
    assert.deepEqual([detail?.uncommitted, detail?.unit, detail?.value], [10, 'bidones', 12]);
  });

  test('a pledge with a WhatsApp number that is not one: a sentence, never the code as message', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG, title: `Mantas ${nextWord()}` }));
    const res = await h.json({
      method: 'POST',
      url: `${HELP}/${id}/pledges`,
      payload: { contactName: 'Ana Gómez', contactWhatsapp: '12' },
    });
    assert.equal(res.status, 400);
    const details = checkDetails(res.body, [], res.body.code);
    assert.ok(details.some((d) => d.field === 'contactWhatsapp'));
  });

  test('an intake without its secret: integration_unauthorized names the header', async () => {
    const res = await h.json({ method: 'POST', url: KOBO, payload: {} });
    assert.deepEqual([res.status, res.body.code], [401, 'integration_unauthorized']);
    const details = checkDetails(res.body, [], 'integration_unauthorized');
    assert.ok(details.length > 0 && details.every((d) => d.code === 'unauthorized'));
  });

  test('a cursor past the latest change: the cursor in value', async () => {
    const res = await h.json({ method: 'GET', url: `${CHANGES}?since=999999999` });
    assert.deepEqual([res.status, res.body.code], [400, 'invalid_query']);
    const [detail] = checkDetails(res.body, ['999999999'], 'unknown_cursor');
    assert.deepEqual([detail?.field, detail?.code, detail?.value], ['since', 'unknown_cursor', '999999999']);
  });

  test('an MCP tool refused: the same list in the tool’s error', async () => {
    const tool = tools.find((t) => t.name === 'comprometer_ayuda');
    assert.ok(tool);
    const id = '00000000-0000-4000-8000-000000000000';
    const args = { id, quantity: 1, contactName: 'Rosa', contactWhatsapp: nextMobile() };
    const result = await callTool(tool, h.ctx, args, (err) => assert.fail(String(err)));
    assert.equal(result.isError, true);
    const body = JSON.parse((result.content[0] as { text: string }).text);
    assert.equal(body.code, 'help_not_found');
    checkDetails(body, [id], 'mcp help_not_found');
  });
});

describe('several emergencies active', () => {
  before(() => addEmergency(h, OTHER, 'Sequía La Guajira'));

  test('a submission naming none: emergency_required, the slugs in slugs and not in the sentence', async () => {
    const res = await post(requestBody());
    assert.deepEqual([res.status, res.body.code], [400, 'emergency_required']);
    const [detail] = checkDetails(res.body, [SLUG, OTHER], 'emergency_required');
    assert.deepEqual([...((detail?.slugs as string[]) ?? [])].sort(), [OTHER, SLUG].sort());
  });

  test('an expired cursor: oldestCursor beside a sentence, the cursor sent in value', async () => {
    const old = String((await h.json({ method: 'GET', url: CHANGES })).body.next);
    await publish(h, requestBody({ emergencySlug: SLUG, title: `Antes ${nextWord()}` }));
    h.clock.advanceHours(24 * 31);
    await publish(h, requestBody({ emergencySlug: SLUG, title: `Después ${nextWord()}` }));
    await purgePersonalData(h.ctx, { dryRun: false });
    const res = await h.json({ method: 'GET', url: `${CHANGES}?since=${old}` });
    assert.deepEqual([res.status, res.body.code], [410, 'cursor_expired'], JSON.stringify(res.body));
    const [detail] = checkDetails(res.body, [], 'cursor_expired');
    assert.deepEqual([detail?.field, detail?.value], ['since', old]);
    assert.ok(Number(detail?.oldestCursor) > Number(old));
  });
});

describe('a starting instance with a small read limit', () => {
  let small: Harness;
  before(async () => {
    small = await setup({ RATE_LIMIT_READS_PER_MINUTE: '1' });
  });
  after(() => small.close());

  test('readyz while the index builds: a searchIndex detail, not an object', async () => {
    const res = await small.json({ method: 'GET', url: '/readyz' });
    assert.deepEqual([res.status, res.body.code], [503, 'service_unavailable']);
    const details = checkDetails(res.body, [], 'readyz');
    assert.deepEqual(
      details.map((d) => [d.field, d.code]),
      [['searchIndex', 'building']],
    );
  });

  test('past the read limit: rate_limited with limit and retryAfterSeconds', async () => {
    const address = freshClientAddress();
    assert.equal((await small.json({ method: 'GET', url: `${HELP}?view=list`, remoteAddress: address })).status, 200);
    const res = await small.json({ method: 'GET', url: `${HELP}?view=list`, remoteAddress: address });
    assert.deepEqual([res.status, res.body.code], [429, 'rate_limited']);
    const [detail] = checkDetails(res.body, [], 'rate_limited');
    assert.equal(detail?.limit, 1);
    assert.ok(Number(detail?.retryAfterSeconds) > 0);
  });
});
