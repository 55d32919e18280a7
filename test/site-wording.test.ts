// Counts and quantities read as Spanish and English: "Faltan 204 de 204 cobijas", "1 línea", never "1 líneas" or
// "204 cobijas requeridos"; a place said once; a route titled by what it carries and where to.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { setCoveredQuantity } from '../src/commands/set-covered-quantity.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
let h: Harness;
const ids = { blankets: '', covered: '', centre: '', pepino: '' };

const get = async (url: string) => {
  const response = await h.app.inject({ method: 'GET', url });
  assert.equal(response.statusCode, 200, url);
  return response.body;
};
/** A page and its Markdown twin. */
const both = async (path: string, query = '') => [
  await get(`${path}${query}`),
  await get(`${path === '/' ? '/index' : path}.md${query}`),
];

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  ids.blankets = await publish(
    h,
    requestBody({ title: 'Cobijas para el albergue', category: 'refugio', quantityRequired: 204, unit: 'cobijas' }),
  );
  ids.covered = await publish(
    h,
    requestBody({ title: 'Bidones para la escuela', category: 'agua', quantityRequired: 30, unit: 'bidones' }),
  );
  await setCoveredQuantity(h.ctx, ids.covered, 30, 'test');
  ids.pepino = await publish(
    h,
    requestBody({
      title: 'Agua para la vereda',
      category: 'agua',
      address: 'Vereda El Pepino',
      neighborhood: 'el pepino',
      showExactLocation: true,
    }),
  );
  ids.centre = await publish(
    h,
    offerBody({ title: 'Centro de acopio Coliseo', category: 'acopio', collectionCenterStatus: 'needs_resources' }),
  );
  await setInventoryLine(
    h.ctx,
    ids.centre,
    { kind: 'have', category: 'agua', quantity: 1200, unit: 'bidones', note: '' },
    'test',
  );
  await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: SLUG,
      destinationHelpId: ids.pepino,
      title: 'Ruta 7',
      supplyDescription: 'Agua potable',
      quantityLabel: '30 bidones',
      pickupAddress: 'Puerto de Mocoa',
      pickupLatitude: 1.15,
      pickupLongitude: -76.65,
      volunteerContact: 'voluntario@correo.test',
    },
    'test',
  );
});
after(() => h.close());

const NEVER = ['requeridos', 'pendientes', '1 líneas', '1 centros', '1 rutas', '1 registros'];

test('the emergency list says what is missing out of what was asked for, or that all is covered', async () => {
  for (const body of await both(`/emergencias/${SLUG}`)) {
    assert.ok(body.includes('Faltan 204 de 204 cobijas'), 'pending out of required, unit as typed');
    assert.ok(body.includes('Cubierto: 30 bidones'), 'all covered, said once');
    for (const wrong of NEVER) assert.ok(!body.includes(wrong), wrong);
  }
  for (const body of await both(`/emergencias/${SLUG}`, '?lang=en')) {
    assert.ok(body.includes('204 of 204 cobijas still needed'));
    assert.ok(body.includes('Covered: 30 bidones'));
    assert.ok(!body.includes(' required,'));
  }
});

test('the home page’s quantity lines use the same words', async () => {
  for (const body of await both('/')) {
    assert.ok(body.includes('Faltan 204 de 204 cobijas'), 'home quantities');
    for (const wrong of NEVER) assert.ok(!body.includes(wrong), wrong);
  }
});

test('the centres page counts in words that agree: 1 centro, 1 línea, 0 líneas', async () => {
  for (const body of await both('/centros', `?emergencia=${SLUG}`)) {
    assert.ok(body.includes('1 centro publicado.'));
    assert.ok(body.includes('1 línea'));
    assert.ok(body.includes('0 líneas'));
    assert.ok(body.includes('1.200 bidones'), 'the thousands separator the pages use');
    for (const wrong of NEVER) assert.ok(!body.includes(wrong), wrong);
  }
  for (const body of await both('/centros', `?emergencia=${SLUG}&lang=en`)) {
    assert.ok(body.includes('1 published centre.'));
    assert.ok(body.includes('1 line'));
    assert.ok(!body.includes('1 lines'));
  }
});

test('a place is said once: the vereda named in the address is not repeated', async () => {
  for (const body of await both(`/emergencias/${SLUG}`)) {
    assert.ok(body.includes('Vereda El Pepino'));
    assert.ok(!/Vereda El Pepino, el pepino/i.test(body), 'neighbourhood repeated');
  }
});

test('a route reads as what it carries and where to, keeping the team’s name for it', async () => {
  const [page, twin] = await both('/rutas', `?emergencia=${SLUG}`);
  assert.match(page ?? '', /<h2>Llevar agua potable a Vereda El Pepino<\/h2>/);
  assert.match(twin ?? '', /## Llevar agua potable a Vereda El Pepino\n/);
  assert.ok(page?.includes('Ruta 7'), 'the team’s name stays');
  assert.ok(page?.includes('1 ruta disponible.'));
  const [en] = await both('/rutas', `?emergencia=${SLUG}&lang=en`);
  assert.match(en ?? '', /<h2>Take agua potable to Vereda El Pepino<\/h2>/);
  assert.ok(en?.includes('1 route available.'));
});
