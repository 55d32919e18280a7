// Names that every plain object inherits (constructor, __proto__, toString…) arriving in a URL or a query: they
// find nothing, answer 404 or 400, and never show or run what the object prototype holds.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorsByField } from '../src/http/forms/form-errors.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];
/** What a function or an object prototype looks like when it is turned into text. */
const PROTOTYPE_TEXT = /native code|\[object Object\]|function \w*\(/;

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

describe('names of the object prototype in URLs', () => {
  test('/static/<name> is a 404 for every prototype name, at the top and below a folder', async () => {
    for (const name of PROTOTYPE_NAMES) {
      for (const url of [`/static/${name}`, `/static/leaflet/${name}`, `/static/${name}/x.js`]) {
        const res = await h.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, `${url}: ${res.body.slice(0, 200)}`);
        assert.equal(JSON.parse(res.body).code, 'not_found', url);
      }
    }
    const real = await h.app.inject({ method: 'GET', url: '/static/leaflet/leaflet.js' });
    assert.equal(real.statusCode, 200, 'the real assets are still served');
  });

  test('a query parameter named after the prototype is an unknown filter on the emergency page and its twin', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      for (const url of [`/emergencias/${SLUG}?${name}=1`, `/emergencias/${SLUG}.md?${name}=1`]) {
        const res = await h.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        assert.equal(res.statusCode, 400, `${url}: ${res.body.slice(0, 200)}`);
        assert.doesNotMatch(res.body, PROTOTYPE_TEXT, url);
        assert.ok(res.body.includes(name), `${url} names the unknown parameter`);
      }
    }
  });

  test('a console flash key named after the prototype shows no message', async () => {
    const { browser } = await leader(h, [SLUG]);
    for (const name of PROTOTYPE_NAMES) {
      const res = await browser.get(`/panel?hecho=${name}`);
      assert.equal(res.statusCode, 200);
      assert.doesNotMatch(res.body, PROTOTYPE_TEXT, name);
      assert.doesNotMatch(res.body, /class="flash"/, name);
    }
    assert.match((await browser.get('/panel?hecho=guardado')).body, /Cambios guardados/, 'real flashes still show');
  });

  test('form errors keyed by a prototype name stay plain entries', () => {
    const errors = errorsByField([
      { field: 'constructor', code: 'invalid', message: 'uno' },
      { field: '__proto__', code: 'invalid', message: 'dos' },
      { field: 'toString.0', code: 'invalid', message: 'tres' },
    ]);
    assert.deepEqual(Object.entries(errors), [
      ['constructor', 'uno'],
      ['__proto__', 'dos'],
      ['toString', 'tres'],
    ]);
  });
});
