// Volunteers claim routes: the offer waits for a leader, who accepts (the route is assigned, the contact private) or
// declines; with the code the volunteer marks en camino and entregado (a delivery adds to covered).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { eraseByWhatsapp } from '../src/commands/personal-data/erase.ts';
import { exportPersonalData } from '../src/commands/personal-data/export.ts';
import { settleById } from '../src/commands/pledges/settle-pledge.ts';
import { decideClaim } from '../src/commands/route-claims/decide-claim.ts';
import { setLogisticsStatus } from '../src/commands/set-logistics-status.ts';
import { callTool, tools } from '../src/mcp/tools.ts';
import { claimsOfEmergency } from '../src/repositories/route-claims.ts';
import { engine } from './helpers/database.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';

let h: Harness;
let emergencyId = '';
let phone = 3_170_000_000;
const nextPhone = () => `+57${phone++}`;

before(async () => {
  h = await setup();
  emergencyId = (await addEmergency(h)).id;
});
after(() => h.close());

async function newRoute(title = 'Llevar agua al barrio') {
  const destination = await publish(h, requestBody({ title: `Agua: ${title}`, quantityRequired: 40, unit: 'bidones' }));
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: 'inundacion-mocoa',
      destinationHelpId: destination,
      title,
      supplyDescription: 'Bidones de agua',
      pickupAddress: 'Bodega central',
      pickupLatitude: 1.15,
      pickupLongitude: -76.64,
    },
    'leader-1',
  );
  return { id: route.id, destination };
}

const claim = (routeId: string, body: Record<string, unknown> = {}) =>
  h.json({
    method: 'POST',
    url: `/api/logistics-operations/${routeId}/claims`,
    payload: {
      contactName: 'Carlos Muñoz',
      contactWhatsapp: nextPhone(),
      vehicle: 'Camioneta 4x4',
      when: 'Hoy a las 3 pm',
      ...body,
    },
  });
const progress = (code: string, status: string, quantity?: number) =>
  h.json({
    method: 'POST',
    url: '/api/logistics-operations/claims/progress',
    payload: quantity === undefined ? { code, status } : { code, status, quantity },
  });
const publicRoutes = async () =>
  (await h.json({ method: 'GET', url: '/api/logistics-operations?emergencia=inundacion-mocoa' })).body.operations.map(
    (o: { id: string }) => o.id,
  );
const claimOf = async (routeId: string, name: string) =>
  (await claimsOfEmergency(h.ctx.db, emergencyId)).find((c) => c.operation_id === routeId && c.contact_name === name);
const covered = async (id: string) =>
  (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item.quantities.covered;

test('a claim waits for the leaders: nothing public changes, and a code comes back', async () => {
  const route = await newRoute('Ruta a la vereda alta');
  const res = await claim(route.id, { contactName: 'Luz Dary' });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  assert.match(res.body.code, /^[2-9A-Z]{3}(-[2-9A-Z]{3}){3}$/);
  assert.equal(res.body.claim.status, 'pending');
  assert.equal(res.body.claim.routeStatus, 'available');
  assert.ok((await publicRoutes()).includes(route.id), 'still available in public');
  assert.equal((await progress(res.body.code, 'in_transit')).body.code, 'route_claim_closed', 'not theirs yet');
});

test('accepted: the route is assigned with the private contact, others declined; the volunteer moves it with the code', async () => {
  const route = await newRoute('Ruta al colegio');
  const mine = await claim(route.id, { contactName: 'Pedro Pablo' });
  const other = await claim(route.id, { contactName: 'Otra Persona' });
  const row = await claimOf(route.id, 'Pedro Pablo');
  assert.ok(row);
  const decided = await decideClaim(h.ctx, row.id, emergencyId, 'accept', 'panel:lider@example.org');
  assert.equal(decided.claim.status, 'accepted');
  assert.equal(decided.claim.routeStatus, 'assigned');
  assert.ok(!(await publicRoutes()).includes(route.id), 'no longer available');
  assert.equal((await claimOf(route.id, 'Otra Persona'))?.status, 'declined');
  assert.equal((await progress(other.body.code, 'in_transit')).body.code, 'route_claim_closed');
  const contact = await h.ctx.db
    .selectFrom('logistics_operations')
    .select('volunteer_contact')
    .where('id', '=', route.id)
    .executeTakeFirstOrThrow();
  assert.match(String(contact.volunteer_contact), /Pedro Pablo/);

  assert.equal((await progress(mine.body.code, 'delivered', 5)).body.code, 'route_claim_closed', 'en camino first');
  const going = await progress(mine.body.code.toLowerCase(), 'in_transit');
  assert.equal(going.status, 200, JSON.stringify(going.body));
  assert.equal(going.body.claim.routeStatus, 'in_transit');
  const done = await progress(mine.body.code, 'delivered', 25);
  assert.equal(done.body.claim.routeStatus, 'delivered');
  assert.equal(await covered(route.destination), 0, 'the volunteer reports the delivery; it is not covered yet');
  // A leader confirms the reported delivery, as any other: now it counts.
  const held = await h.ctx.db
    .selectFrom('pledges')
    .select(['id', 'status', 'contact_name'])
    .where('help_id', '=', route.destination)
    .executeTakeFirstOrThrow();
  assert.equal(held.status, 'reported');
  await settleById(h.ctx, held.id, emergencyId, 'deliver', 'panel:lider@example.org');
  assert.equal(await covered(route.destination), 25, 'confirmed, the delivery adds to covered');
});

test('declined, unavailable, unknown: each answers its own code and changes nothing', async () => {
  const route = await newRoute('Ruta al puesto de salud');
  await claim(route.id, { contactName: 'Declinado' });
  const row = await claimOf(route.id, 'Declinado');
  assert.ok(row);
  await decideClaim(h.ctx, row.id, emergencyId, 'decline', 'panel:lider@example.org');
  await assert.rejects(decideClaim(h.ctx, row.id, emergencyId, 'accept', 'x'), { code: 'route_claim_closed' });
  await assert.rejects(decideClaim(h.ctx, row.id, 'otra-emergencia', 'accept', 'x'), { code: 'route_claim_not_found' });
  await setLogisticsStatus(h.ctx, route.id, 'cancelled', 'leader-1');
  assert.equal((await claim(route.id)).body.code, 'route_not_available');
  const unknown = await claim('0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.code, 'route_not_found');
  assert.equal((await progress('AAA-AAA-AAA-AAA', 'in_transit')).body.code, 'route_claim_not_found');
});

test('a route given back to available takes the code from its volunteer', async () => {
  const route = await newRoute('Ruta devuelta');
  const mine = await claim(route.id, { contactName: 'Se Retiró' });
  const row = await claimOf(route.id, 'Se Retiró');
  assert.ok(row);
  await decideClaim(h.ctx, row.id, emergencyId, 'accept', 'leader-1');
  await setLogisticsStatus(h.ctx, route.id, 'available', 'leader-1');
  assert.equal((await claimOf(route.id, 'Se Retiró'))?.status, 'withdrawn');
  assert.equal((await progress(mine.body.code, 'in_transit')).body.code, 'route_claim_closed');
});

test('open claims are capped per WhatsApp number in an emergency', async () => {
  const number = '+573180001122';
  const routes = [];
  for (let i = 0; i < 4; i++) routes.push(await newRoute(`Ruta limitada ${i + 1}`));
  for (const route of routes.slice(0, 3))
    assert.equal((await claim(route.id, { contactWhatsapp: number })).status, 202);
  const res = await claim((routes[3] as { id: string }).id, { contactWhatsapp: number });
  assert.equal(res.status, 429);
  assert.equal(res.body.code, 'too_many_open_claims');
});

test('ofrecer_transporte claims through the same command', async () => {
  const route = await newRoute('Ruta pedida por un asistente');
  const tool = tools.find((t) => t.name === 'ofrecer_transporte');
  assert.ok(tool);
  const unexpected = (err: unknown) => assert.fail(String(err));
  const args = { id: route.id, contactName: 'Asistida', contactWhatsapp: '+573189990000', when: 'Mañana temprano' };
  const result = await callTool(tool, h.ctx, args, unexpected);
  assert.ok(!result.isError, JSON.stringify(result));
  assert.equal((result.structuredContent as { claim: { status: string } }).claim.status, 'pending');
  const bad = await callTool(tool, h.ctx, { ...args, when: '' }, unexpected);
  assert.equal(JSON.parse((bad.content[0] as { text: string }).text).code, 'validation_failed');
});

test("a claimer's name and number: in no public output, in their export, gone after erasure", async () => {
  const route = await newRoute('Ruta privada');
  const who = { name: 'Voluntario Canario Único', whatsapp: '+573181234987' };
  const res = await claim(route.id, { contactName: who.name, contactWhatsapp: who.whatsapp });
  const row = await claimOf(route.id, who.name);
  assert.ok(row);
  await decideClaim(h.ctx, row.id, emergencyId, 'accept', 'leader-1');
  assert.deepEqual(leaks(await crawlPublic(h), [who.name, who.whatsapp, who.whatsapp.slice(1), res.body.code]), []);
  const known = await exportPersonalData(h.ctx, who.whatsapp);
  assert.ok(known.items.some((i) => i.table === 'route_claims' && i.fields.Nombre === who.name));
  await eraseByWhatsapp(h.ctx, who.whatsapp, 'admin-1', 'Supresión');
  const rows = JSON.stringify(await h.ctx.db.selectFrom('route_claims').selectAll().execute());
  assert.ok(!rows.includes(who.whatsapp) && !rows.includes(who.name));
  const routeRow = await h.ctx.db
    .selectFrom('logistics_operations')
    .select('volunteer_contact')
    .where('id', '=', route.id)
    .executeTakeFirstOrThrow();
  assert.ok(!String(routeRow.volunteer_contact).includes('318 123 4987'), String(routeRow.volunteer_contact));
  assert.ok(!String(routeRow.volunteer_contact).includes(who.name), 'the name copied into the route goes too');
  // Down to the bytes: neither the database files nor a dump keep them.
  if (engine === 'sqlite') {
    const file = h.config.database.kind === 'sqlite' ? h.config.database.file : '';
    for (const path of [file, `${file}-wal`]) {
      if (!existsSync(path)) continue;
      const bytes = readFileSync(path);
      for (const value of [who.name, who.whatsapp])
        assert.equal(bytes.indexOf(Buffer.from(value)), -1, `${value} in ${path}`);
    }
  } else {
    const dump = execFileSync('pg_dump', ['--data-only', h.dbUrl], { maxBuffer: 256 * 1024 * 1024 }).toString();
    assert.ok(dump.includes(route.id));
    for (const value of [who.name, who.whatsapp]) assert.ok(!dump.includes(value), `${value} in the dump`);
  }
});

test('a resend with the same Idempotency-Key answers the same code and claims once; the form does the same', async () => {
  const route = await newRoute('Ruta reenviada');
  const payload = { contactName: 'Reenvío', contactWhatsapp: '+573182220001', when: 'Hoy' };
  const send = () =>
    h.json({
      method: 'POST',
      url: `/api/logistics-operations/${route.id}/claims`,
      payload,
      headers: { 'idempotency-key': 'claim-once-1' },
    });
  const first = await send();
  const again = await send();
  assert.equal(first.status, 202);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(again.body.code, first.body.code);
  const form = () =>
    h.app.inject({
      method: 'POST',
      url: `/rutas/${route.id}/llevar`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
      payload: new URLSearchParams({
        contactName: 'Desde el formulario',
        contactWhatsapp: '3182220002',
        when: 'Mañana',
        idempotencyKey: 'form-key-1',
      }).toString(),
    });
  const page = await form();
  const reload = await form();
  assert.equal(page.statusCode, 200);
  const codeOf = (body: string) => /[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3}/.exec(body)?.[0];
  assert.ok(codeOf(page.body));
  assert.equal(codeOf(reload.body), codeOf(page.body));
  const claims = (await claimsOfEmergency(h.ctx.db, emergencyId)).filter((c) => c.operation_id === route.id);
  assert.equal(claims.length, 2, 'one from the API, one from the form');
});
