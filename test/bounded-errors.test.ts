// An error answer stays a few KB whatever the request: at most 20 details, then one saying how many more there were.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

const many = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));

test('1,500 unknown query parameters: 400 under 4 KB, 20 details and one that counts the rest', async () => {
  const query = many(1_500, (i) => `u${i}=1`).join('&');
  const res = await h.json({ method: 'GET', url: `${HELP}?view=list&${query}` });
  assert.equal(res.status, 400);
  assert.equal(res.body.code, 'invalid_query');
  assert.ok(JSON.stringify(res.body).length < 4_096, `${JSON.stringify(res.body).length} bytes`);
  assert.equal(res.body.details.length, 21);
  assert.deepEqual(res.body.details[0], { field: 'u0', code: 'unknown_field', message: 'Campo desconocido.' });
  assert.deepEqual(res.body.details.at(-1), {
    field: '*',
    code: 'more_errors',
    message: 'Hay 1480 problemas más sin listar.',
  });
  const english = await h.json({ method: 'GET', url: `${HELP}?${query}`, headers: { 'accept-language': 'en' } });
  assert.deepEqual(english.body.details.at(-1), {
    field: '*',
    code: 'more_errors',
    message: 'There are 1480 more problems not listed.',
  });
});

test('repeated query parameters are capped the same way, on every cached read', async () => {
  const query = many(300, (i) => `p${i}=1&p${i}=2`).join('&');
  for (const path of [HELP, '/api/public/v1/inventario', '/api/logistics-operations', '/api/aid-places/places']) {
    const res = await h.json({ method: 'GET', url: `${path}?${query}` });
    assert.equal(res.status, 400, path);
    assert.equal(res.body.details.length, 21, path);
    assert.equal(res.body.details[0].code, 'repeated_parameter');
    assert.equal(res.body.details.at(-1).message, 'Hay 280 problemas más sin listar.');
    assert.ok(JSON.stringify(res.body).length < 4_096);
  }
});

test('a JSON body with 1,500 unknown fields: problems with known fields are listed first, then the count', async () => {
  const unknown = Object.fromEntries(many(1_500, (i) => [`f${i}`, 1]));
  const res = await h.json({ method: 'POST', url: HELP, payload: { ...unknown, ...requestBody({ title: 'No' }) } });
  assert.equal(res.status, 400);
  assert.equal(res.body.code, 'validation_failed');
  assert.ok(JSON.stringify(res.body).length < 4_096);
  assert.equal(res.body.details.length, 21);
  assert.equal(res.body.details[0].field, 'title', 'the problem on a known field is not crowded out');
  assert.deepEqual(res.body.details.at(-1), {
    field: '*',
    code: 'more_errors',
    message: 'Hay 1481 problemas más sin listar.',
  });
});

test('a very long unknown name is cut in the detail that echoes it', async () => {
  const name = 'n'.repeat(3_000);
  const res = await h.json({ method: 'GET', url: `${HELP}?${name}=1` });
  assert.equal(res.status, 400);
  assert.equal(res.body.details.length, 1);
  assert.equal(res.body.details[0].field, `${'n'.repeat(120)}…`);
});

test('twenty problems or fewer are listed as they are, with no count', async () => {
  const res = await h.json({ method: 'GET', url: `${HELP}?${many(20, (i) => `u${i}=1`).join('&')}` });
  assert.equal(res.body.details.length, 20);
  assert.ok(res.body.details.every((d: { code: string }) => d.code === 'unknown_field'));
});
