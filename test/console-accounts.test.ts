// Creating a leader from the console: an emergency the list does not offer is named beside the list, nothing saved.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Browser, leader } from './helpers/console.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
});
after(() => h.close());

test('an unknown emergency in the new-leader form answers 400 with the form again and creates no account', async () => {
  const admin = await leader(h, [], 'admin');
  await admin.browser.get('/panel/cuentas');
  const email = `desconocida-${process.pid}@ayuda.test`;
  const password = 'una-clave-de-prueba';
  const refused = await admin.browser.post('/panel/cuentas', {
    email,
    name: 'Líder Nueva',
    password,
    emergencies: 'no-existe',
  });
  assert.equal(refused.statusCode, 400);
  assert.match(refused.body, /La emergencia indicada no existe\./);
  assert.match(refused.body, new RegExp(`value="${email}"`), 'what was typed is shown again');
  assert.doesNotMatch((await admin.browser.get('/panel/cuentas')).body, new RegExp(email));
  assert.equal((await new Browser(h).signIn(email, password)).statusCode, 401);
});
