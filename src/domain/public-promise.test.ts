import assert from 'node:assert/strict';
import { test } from 'node:test';
import { placePromise } from './public-promise.ts';

const point = { latitude: 1.1478, longitude: -76.6476 };
const mocoa = 'Mocoa, Putumayo';

test("a request's or a person's offer's place is promised approximate, the street and point never", () => {
  for (const type of ['request', 'offer'] as const) {
    const promise = placePromise({
      type,
      ...point,
      address: 'Calle 8 # 5-21',
      neighborhood: 'San Miguel',
      municipality: mocoa,
    });
    assert.deepEqual(promise, {
      shown: `${type === 'request' ? 'San Miguel, ' : ''}Mocoa, Putumayo, un punto aproximado (unos 300 m)`,
      hidden: 'la dirección y el punto exacto',
    });
  }
  // Without a neighbourhood the approximate place is still named.
  assert.equal(
    placePromise({ type: 'request', ...point, municipality: mocoa }).shown,
    `${mocoa}, un punto aproximado (unos 300 m)`,
  );
});

test('asked for, or a collection centre: the address and the exact point are promised, nothing of the place hidden', () => {
  const asked = placePromise({
    type: 'offer',
    showExactLocation: true,
    ...point,
    address: 'Tienda La 14',
    municipality: mocoa,
  });
  assert.deepEqual(asked, {
    shown: 'Tienda La 14 y el punto exacto, Mocoa, Putumayo (ubicación exacta)',
    hidden: null,
  });
  const centre = placePromise({
    type: 'offer',
    collectionCenterStatus: 'needs_resources',
    ...point,
    address: 'Bodega',
    municipality: null,
  });
  assert.deepEqual(centre, { shown: 'Bodega y el punto exacto (ubicación exacta)', hidden: null });
});

test('a municipality alone is promised as such; no place at all promises nothing', () => {
  assert.deepEqual(placePromise({ type: 'request', municipality: mocoa }), {
    shown: `${mocoa} (aproximado)`,
    hidden: null,
  });
  assert.deepEqual(placePromise({ type: 'offer', municipality: null }), { shown: null, hidden: null });
  // An address with no point is still hidden unless asked.
  assert.deepEqual(placePromise({ type: 'offer', address: 'Finca El Mirador', municipality: null }), {
    shown: null,
    hidden: 'la dirección y el punto exacto',
  });
});
