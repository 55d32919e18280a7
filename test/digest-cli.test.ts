// `ayuda digest` and `ayuda record confirm`: the real binary on the service's database. The CLI runs on the real
// clock, so the service's clock is set back from it: records published 150 and 100 hours before now are expired
// and por confirmar, a route assigned 100 hours ago is stale, and a pledge due an hour ago is overdue.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { refreshConfirmations } from '../src/commands/confirmation/refresh-confirmations.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { setLogisticsStatus } from '../src/commands/set-logistics-status.ts';
import type { Digest } from '../src/queries/digest.ts';
import { recordHistory } from '../src/queries/record-history.ts';
import { runCli } from './helpers/cli.ts';
import { eventually } from './helpers/eventually.ts';
import { addEmergency, BASE_URL, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
let env: Record<string, string>;
const SLUG = 'inundacion-mocoa';
const QUIET = 'sismo-popayan';
const ids = { expired: '', toConfirm: '', destination: '', pledged: '', route: '', pledge: '', reported: '' };

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, QUIET, 'Sismo Popayán');
  env = { DATABASE_URL: h.dbUrl, BASE_URL, AYUDA_ACTOR: 'operadora' };
  const request = (title: string, overrides: Record<string, unknown> = {}) =>
    publish(h, requestBody({ emergencySlug: SLUG, title, ...overrides }));

  h.clock.advanceHours((Date.now() - h.clock.now().getTime()) / 3_600_000 - 150);
  ids.expired = await request('Carpas para el coliseo', { urgency: 'needed' });
  h.clock.advanceHours(50);
  ids.toConfirm = await request('Linternas para la vereda La Tebaida', { urgency: 'stable' });
  ids.destination = await request('Agua para el albergue del colegio', { urgency: 'urgent' });
  // A delivery its pledger reported about 100 hours ago and nobody confirmed: past DELIVERY_CONFIRM_HOURS (48).
  ids.reported = await request('Cobijas para el coliseo', { urgency: 'needed', quantityRequired: 20, unit: 'cobijas' });
  const reported = await h.json({
    method: 'POST',
    url: `${HELP}/${ids.reported}/pledges`,
    payload: { quantity: 8, contactName: 'Julio Paz', contactWhatsapp: '+573205550124' },
  });
  assert.equal(reported.status, 202, JSON.stringify(reported.body));
  const report = { code: reported.body.code };
  assert.equal((await h.json({ method: 'POST', url: '/api/public/v1/pledges/confirm', payload: report })).status, 200);
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: SLUG,
      destinationHelpId: ids.destination,
      title: 'Llevar agua al colegio',
      supplyDescription: 'Bidones de agua de 20 litros',
      pickupAddress: 'Parque principal de Mocoa',
      pickupLatitude: 1.1497,
      pickupLongitude: -76.6469,
      volunteerContact: '+573105550101',
    },
    'test',
  );
  ids.route = route.id;
  await setLogisticsStatus(h.ctx, route.id, 'assigned', 'test');
  h.clock.advanceHours(98);
  await refreshConfirmations(h.ctx);
  ids.pledged = await request('Mercados para el barrio Las Américas', { quantityRequired: 30, unit: 'mercados' });
  const pledged = await h.json({
    method: 'POST',
    url: `${HELP}/${ids.pledged}/pledges`,
    payload: { quantity: 12, deliverWithinHours: 1, contactName: 'Rosa Mendoza', contactWhatsapp: '+573205550123' },
  });
  assert.equal(pledged.status, 202, JSON.stringify(pledged.body));
});
after(() => h.close());

const cli = (...args: string[]) => runCli(args, env);
const detail = async (id: string) => (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;
const digestJson = async (slug = SLUG): Promise<Digest> => {
  const res = await cli('digest', '--emergency', slug, '--json');
  assert.equal(res.code, 0, res.stderr);
  return JSON.parse(res.stdout);
};

test('digest --json is the whole digest: overdue pledge, unconfirmed delivery, stale route, por confirmar, expired', async () => {
  const digest = await digestJson();
  assert.ok(Math.abs(Date.parse(digest.generatedAt) - Date.now()) < 60_000, 'generated on the real clock');
  assert.equal(digest.overduePledges.length, 1);
  const [pledge] = digest.overduePledges;
  assert.equal(pledge?.helpId, ids.pledged);
  assert.equal(pledge?.title, 'Mercados para el barrio Las Américas');
  assert.deepEqual([pledge?.quantity, pledge?.unit], [12, 'mercados']);
  assert.deepEqual([pledge?.name, pledge?.whatsapp], ['Rosa Mendoza', '+573205550123']);
  ids.pledge = pledge?.id ?? '';

  assert.deepEqual(
    digest.unconfirmedDeliveries.map((d) => [d.helpId, d.title, d.quantity, d.unit, d.name, d.whatsapp]),
    [[ids.reported, 'Cobijas para el coliseo', 8, 'cobijas', 'Julio Paz', '+573205550124']],
    'a delivery reported over 48 hours ago and never confirmed',
  );
  assert.deepEqual(
    digest.staleRoutes.map((r) => [r.id, r.title, r.status, r.volunteerContact]),
    [[ids.route, 'Llevar agua al colegio', 'assigned', '+573105550101']],
  );
  assert.deepEqual(
    digest.toConfirm.map((r) => r.id),
    [ids.destination, ids.reported, ids.toConfirm],
    'urgent first, though published at the same time',
  );
  const [urgent] = digest.toConfirm;
  assert.equal(urgent?.type, 'request');
  assert.equal(urgent?.urgency, 'urgent');
  assert.ok(urgent?.confirmedAt && urgent.expiresAt);
  assert.equal(Date.parse(urgent.expiresAt) - Date.parse(urgent.confirmedAt), (72 + 72) * 3_600_000);
  assert.deepEqual(
    digest.expired.map((r) => r.id),
    [ids.expired],
  );
});

test('digest prints one section per list with its count and lines; an empty one says so', async () => {
  const res = await cli('digest', '--emergency', SLUG);
  assert.equal(res.code, 0, res.stderr);
  const out = res.stdout;
  assert.match(out, /^Resumen de inundacion-mocoa \(/);
  const order = [
    'Compromisos vencidos sin confirmar (1)',
    'Entregas por confirmar (1)',
    'Rutas sin movimiento hace 24 h (1)',
    'Por vencer (3)',
    'Vencidas (1)',
  ].map((heading) => out.indexOf(heading));
  assert.ok(
    order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] as number))),
    `sections in order:\n${out}`,
  );
  const pledgeLine = out.split('\n').find((l) => l.includes('Rosa Mendoza'));
  assert.ok(pledgeLine, out);
  for (const part of ['Mercados para el barrio Las Américas', '12 mercados', '+573205550123']) {
    assert.ok(pledgeLine.includes(part), `${part} in: ${pledgeLine}`);
  }
  const routeLine = out.split('\n').find((l) => l.includes('Llevar agua al colegio'));
  assert.ok(routeLine?.includes('Asignada a un voluntario') && routeLine.includes('+573105550101'), routeLine);
  const expiredLine = out.split('\n').find((l) => l.includes(ids.expired));
  assert.ok(expiredLine?.includes('Carpas para el coliseo') && expiredLine.includes('solicitud'), expiredLine);

  const quiet = await cli('digest', '--emergency', QUIET);
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.equal(quiet.stdout.match(/Nada pendiente\./g)?.length, 6, quiet.stdout);
  for (const heading of ['Compromisos vencidos sin confirmar (0)', 'Por vencer (0)', 'Vencidas (0)']) {
    assert.ok(quiet.stdout.includes(heading), heading);
  }
});

test('record confirm makes a record current again, named after the operator', async () => {
  assert.equal((await detail(ids.toConfirm)).confirmation.state, 'to_confirm');
  const res = await cli('record', 'confirm', ids.toConfirm);
  assert.equal(res.code, 0, res.stderr);
  assert.match(res.stdout, /«Linternas para la vereda La Tebaida» .*sigue vigente, confirmada .*vence /);
  // The CLI is another process: this instance's reads follow its write once the change feed brings it.
  await eventually(async () => (await detail(ids.toConfirm)).confirmation.state === 'current', 10_000);
  const item = await detail(ids.toConfirm);
  assert.equal(item.confirmation.state, 'current');
  assert.equal(item.status, 'active');
  const { audit } = await recordHistory(h.ctx, ids.toConfirm);
  assert.ok(
    audit.some((entry) => entry.actor === 'cli:operadora'),
    'the operator is in the record’s audit',
  );

  const json = await cli('record', 'confirm', ids.destination, '--json');
  assert.equal(json.code, 0, json.stderr);
  const result = JSON.parse(json.stdout);
  assert.equal(result.id, ids.destination);
  assert.equal(result.status, 'active');
  assert.equal(result.confirmation.state, 'current');
  assert.ok(Math.abs(Date.parse(result.confirmation.confirmedAt) - Date.now()) < 60_000);
  assert.equal(
    Date.parse(result.confirmation.toConfirmAt) - Date.parse(result.confirmation.confirmedAt),
    72 * 3_600_000,
  );
  assert.deepEqual(
    (await digestJson()).toConfirm.map((r) => r.id),
    [ids.reported],
    'only the one not confirmed is left por confirmar',
  );
});

test('record confirm --closed completes the record; a completed one takes no second confirmation', async () => {
  const res = await cli('record', 'confirm', ids.expired, '--closed', 'not_needed', '--json');
  assert.equal(res.code, 0, res.stderr);
  const result = JSON.parse(res.stdout);
  assert.equal(result.status, 'completed');
  assert.equal(result.confirmation.expiresAt, null);
  await eventually(async () => (await detail(ids.expired)).status === 'completed', 10_000);
  const item = await detail(ids.expired);
  assert.deepEqual([item.status, item.confirmation.state], ['completed', 'current']);
  assert.deepEqual((await digestJson()).expired, [], 'no longer expired');

  const helped = await cli('record', 'confirm', ids.pledged, '--closed', 'helped');
  assert.equal(helped.code, 0, helped.stderr);
  assert.match(helped.stdout, /completada, ya recibió ayuda/);
  await eventually(async () => (await detail(ids.pledged)).status === 'completed', 10_000);

  const again = await cli('record', 'confirm', ids.expired);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /Error \(invalid_state\)/);
});

test('unknown emergency or record exits 1; bad options are usage errors; --help lists both commands', async () => {
  const nowhere = await cli('digest', '--emergency', 'no-existe');
  assert.equal(nowhere.code, 1);
  assert.match(nowhere.stderr, /La emergencia indicada no existe/);
  const json = await cli('digest', '--emergency', 'no-existe', '--json');
  assert.equal(json.code, 1);
  assert.equal(json.stdout, '');
  const unknown = await cli('record', 'confirm', '01a20ba0-0000-7000-8000-000000000000');
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /Error \(not_found\)/);
  assert.equal((await cli('digest')).code, 2);
  assert.equal((await cli('record', 'confirm')).code, 2);
  const badClosing = await cli('record', 'confirm', ids.destination, '--closed', 'perdido');
  assert.equal(badClosing.code, 2);
  assert.match(badClosing.stderr, /--closed no válido/);
  const help = await cli('--help');
  for (const command of ['digest', 'record confirm']) assert.ok(help.stdout.includes(command), command);
});
