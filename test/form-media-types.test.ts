// HTML forms take application/x-www-form-urlencoded only: a body of any other type (text/plain, multipart, JSON,
// XML…) sent to the console, a centre's edit link or the website's forms is 415 unsupported_media_type, never a
// 500, and writes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createEditLink } from '../src/commands/center-edit-links.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, offerBody, publish, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const OTHER_TYPES: [string, string][] = [
  ['text/plain', 'kind=need&category=agua&quantity=5&unit=litros'],
  ['text/plain; charset=utf-8', 'title=Agua'],
  [
    'multipart/form-data; boundary=----limite',
    '------limite\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n------limite--\r\n',
  ],
  ['application/json', '{"kind":"need","category":"agua","quantity":5,"unit":"litros","_csrf":["x"]}'],
  ['application/xml', '<a/>'],
  ['application/octet-stream', 'abc'],
];

let h: Harness;
let centreId = '';
let token = '';
before(async () => {
  h = await setup();
  await addEmergency(h);
  centreId = await publish(
    h,
    offerBody({ title: 'Centro de acopio Coliseo', category: 'acopio', collectionCenterStatus: 'needs_resources' }),
  );
  token = (await createEditLink(h.ctx, centreId, 'leader:prueba')).token;
});
after(() => h.close());

async function counts() {
  const one = async (table: 'inventory_lines' | 'help_records' | 'console_sessions') =>
    Number(
      (
        await h.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await one('inventory_lines'), await one('help_records'), await one('console_sessions')];
}

describe('form bodies of another type', () => {
  test('the console answers 415 with its own Spanish page, whatever the type, and writes nothing', async () => {
    const { browser } = await leader(h, [SLUG]);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const before = await counts();
    for (const url of [
      `/panel/e/${SLUG}/centros/${centreId}/lineas`,
      '/panel/entrar',
      `/panel/emergencias/${SLUG}/cerrar`,
    ]) {
      for (const [type, payload] of OTHER_TYPES) {
        const res = await h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type, cookie } });
        assert.equal(res.statusCode, 415, `${url} ${type}: ${res.body.slice(0, 300)}`);
        assert.match(String(res.headers['content-type']), /text\/html/);
        assert.equal(res.headers['cache-control'], 'no-store', 'still a console page');
        assert.match(res.body, /Tipo de envío no admitido/);
        assert.match(res.body, /application\/x-www-form-urlencoded/);
      }
    }
    assert.deepEqual(await counts(), before);
    const ok = await browser.get(`/panel/e/${SLUG}/centros/${centreId}`);
    assert.equal(ok.statusCode, 200);
    const saved = await browser.post(`/panel/e/${SLUG}/centros/${centreId}/lineas`, {
      kind: 'need',
      category: 'agua',
      quantity: '5',
      unit: 'litros',
    });
    assert.equal(saved.statusCode, 303, 'a real form still works');
  });

  test('a centre’s edit link answers 415 the same way', async () => {
    const before = await counts();
    for (const [type, payload] of OTHER_TYPES) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/centro/${token}/lineas`,
        payload,
        headers: { 'content-type': type },
      });
      assert.equal(res.statusCode, 415, `${type}: ${res.body.slice(0, 300)}`);
      assert.match(res.body, /Tipo de envío no admitido/);
    }
    assert.deepEqual(await counts(), before);
  });

  test('the website’s forms answer 415 unsupported_media_type and write nothing', async () => {
    const before = await counts();
    for (const url of ['/necesito-ayuda', '/quiero-ayudar']) {
      for (const [type, payload] of OTHER_TYPES) {
        const res = await h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
        assert.equal(res.statusCode, 415, `${url} ${type}: ${res.body.slice(0, 300)}`);
        const body = JSON.parse(res.body);
        assert.equal(body.code, 'unsupported_media_type');
        assert.ok(
          body.details.some((d: { message: string }) => d.message.includes('application/x-www-form-urlencoded')),
          'the details say what a form takes',
        );
      }
    }
    assert.deepEqual(await counts(), before);
  });

  test('over a real connection the unread body does not hold the answer back, and the connection serves again', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 3; i++) {
      for (const url of ['/necesito-ayuda', `/centro/${token}/lineas`]) {
        const res = await fetch(`${address}${url}`, {
          method: 'POST',
          body: 'x'.repeat(40_000),
          headers: { 'content-type': 'text/plain' },
          signal: AbortSignal.timeout(10_000),
        });
        assert.equal(res.status, 415, url);
        await res.arrayBuffer();
      }
    }
  });

  test('the JSON API keeps its own rule: application/json only', async () => {
    const res = await h.json({
      method: 'POST',
      url: '/api/public/v1/help',
      payload: 'title=Agua',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.status, 415);
    assert.equal(res.body.code, 'unsupported_media_type');
  });
});
