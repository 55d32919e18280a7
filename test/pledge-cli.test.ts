// `ayuda pledge list/confirm/cancel`: the real binary on the service's database; what it changes is public at once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runCli } from './helpers/cli.ts';
import { addEmergency, BASE_URL, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
let env: Record<string, string>;
const SLUG = 'inundacion-mocoa';
before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  // The CLI runs on the real clock: the service's clock is moved up to it, or every pledge would be long expired.
  h.clock.advanceHours((Date.now() - h.clock.now().getTime()) / 3_600_000);
  env = { DATABASE_URL: h.dbUrl, BASE_URL, AYUDA_ACTOR: 'operadora' };
});
after(() => h.close());

const cli = (...args: string[]) => runCli(args, env);
let phone = 3_300_000_000;
const water = (title: string) =>
  publish(h, requestBody({ emergencySlug: SLUG, title, quantityRequired: 30, unit: 'bidones' }));
const pledge = async (id: string, quantity: number, contactName: string) => {
  const contactWhatsapp = `+57${phone++}`;
  const res = await h.json({
    method: 'POST',
    url: `${HELP}/${id}/pledges`,
    payload: { quantity, contactName, contactWhatsapp },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return { code: res.body.code as string, contactWhatsapp };
};
const quantities = async (id: string) =>
  (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item.quantities;

interface Listed {
  id: string;
  helpId: string;
  helpTitle: string;
  status: string;
  quantity: number | null;
  deliveredQuantity: number | null;
  unit: string | null;
  deliverBy: string;
  contactName: string | null;
  contactWhatsapp: string | null;
  closedBy: string | null;
}
const listed = async (...extra: string[]): Promise<Listed[]> => {
  const res = await cli('pledge', 'list', '--emergency', SLUG, '--json', ...extra);
  assert.equal(res.code, 0, res.stderr);
  return JSON.parse(res.stdout);
};

test('pledge list shows each pledge with the request, quantity, status, date and the pledger’s contact', async () => {
  const id = await water('Agua para el barrio Las Américas');
  const { contactWhatsapp } = await pledge(id, 12, 'Rosa Mendoza');
  const text = await cli('pledge', 'list', '--emergency', SLUG);
  assert.equal(text.code, 0, text.stderr);
  const line = text.stdout.split('\n').find((l) => l.includes('Rosa Mendoza'));
  assert.ok(line, text.stdout);
  for (const part of ['Comprometido: aún no sale', 'Agua para el barrio Las Américas', '12 bidones', contactWhatsapp]) {
    assert.ok(line.includes(part), `${part} in: ${line}`);
  }
  assert.match(text.stdout.split('\n')[0] as string, /^id\s+estado\s+solicitud\s+cantidad/);

  const entry = (await listed()).find((p) => p.contactName === 'Rosa Mendoza');
  assert.ok(entry);
  assert.equal(entry.helpId, id);
  assert.equal(entry.helpTitle, 'Agua para el barrio Las Américas');
  assert.equal(entry.status, 'open');
  assert.equal(entry.quantity, 12);
  assert.equal(entry.unit, 'bidones');
  assert.equal(entry.contactWhatsapp, contactWhatsapp);
  assert.ok(!Number.isNaN(Date.parse(entry.deliverBy)));
});

test('pledge confirm with --quantity adds what arrived to covered; the operator is named', async () => {
  const id = await water('Agua para la escuela Simón Bolívar');
  const { code } = await pledge(id, 20, 'Jaime Ortiz');
  const res = await cli('pledge', 'confirm', code, '--quantity', '12', '--json');
  assert.equal(res.code, 0, res.stderr);
  const result = JSON.parse(res.stdout);
  assert.equal(result.ok, true);
  assert.equal(result.pledge.status, 'delivered');
  assert.equal(result.pledge.deliveredQuantity, 12);
  assert.equal(result.pledge.helpId, id);
  const q = await quantities(id);
  assert.deepEqual([q.covered, q.pending, q.committed], [12, 18, 0]);
  const entry = (await listed('--status', 'delivered')).find((p) => p.contactName === 'Jaime Ortiz');
  assert.equal(entry?.deliveredQuantity, 12);
  assert.equal(entry?.closedBy, 'cli:operadora');
  assert.ok((await listed('--status', 'open')).every((p) => p.status === 'open'));
  // A closed pledge takes no second confirmation.
  const again = await cli('pledge', 'confirm', code);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /Ese compromiso ya no está abierto/);
});

test('pledge confirm and cancel print a line for people; the code may be typed in groups', async () => {
  const id = await water('Agua para el hogar de paso');
  const first = await pledge(id, 10, 'Lucía Pardo');
  const second = await pledge(id, 5, 'Tomás Díaz');
  const confirmed = await cli('pledge', 'confirm', first.code);
  assert.equal(confirmed.code, 0, confirmed.stderr);
  assert.match(confirmed.stdout, /«Agua para el hogar de paso» .*Entregado · entregado 10 bidones de 10 bidones/);
  const typed = second.code.toLowerCase().split('-');
  const cancelled = await cli('pledge', 'cancel', ...typed);
  assert.equal(cancelled.code, 0, cancelled.stderr);
  assert.match(cancelled.stdout, /Cancelado · 5 bidones/);
  assert.match(cancelled.stdout, /vuelve a estar disponible/);
  const q = await quantities(id);
  assert.deepEqual([q.covered, q.committed, q.uncommitted], [10, 0, 20]);
});

test('an unknown code exits 1 with the Spanish message; bad options are usage errors', async () => {
  const unknown = await cli('pledge', 'confirm', 'AAA-AAA-AAA-AAA');
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /Error \(pledge_not_found\): No existe un compromiso con ese código\./);
  const cancel = await cli('pledge', 'cancel', 'no es un código', '--json');
  assert.equal(cancel.code, 1);
  assert.match(cancel.stderr, /pledge_not_found/);
  assert.equal((await cli('pledge', 'confirm')).code, 2);
  assert.equal((await cli('pledge', 'confirm', 'AAA-AAA-AAA-AAA', '--quantity', 'doce')).code, 2);
  assert.equal((await cli('pledge', 'list')).code, 2);
  assert.equal((await cli('pledge', 'list', '--emergency', SLUG, '--status', 'perdido')).code, 2);
  const nowhere = await cli('pledge', 'list', '--emergency', 'no-existe');
  assert.equal(nowhere.code, 1);
  assert.match(nowhere.stderr, /La emergencia indicada no existe/);
  const help = await cli('--help');
  for (const command of ['pledge list', 'pledge confirm', 'pledge cancel']) assert.ok(help.stdout.includes(command));
});
