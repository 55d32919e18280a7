// Privacy rules, each proven by planting a unique value and searching every public output for it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { tokenHash } from '../src/auth/tokens.ts';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { createEditLink } from '../src/commands/center-edit-links.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { addSource } from '../src/commands/source-registration.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { nextDocument } from './helpers/samples.ts';

let h: Harness;
/** Unique values that must never leave the leaders' side. */
const canaries = {
  pendingPhone: '+573005550101',
  pendingName: `Canario Pendiente ${randomUUID().slice(0, 8)}`,
  rejectedPhone: '+573005550102',
  rejectReason: `motivo-privado-${randomUUID()}`,
  identityDocument: nextDocument(),
  revisionPhone: '+573005550103',
  revisionTitle: `Revision privada ${randomUUID().slice(0, 8)}`,
  volunteerContact: `voluntario-${randomUUID()}@correo.test`,
  actor: `leader-${randomUUID()}`,
};
/** Published with consent: these must be public. */
const published = { phone: '+573005550104', name: 'Publicada Con Consentimiento' };
let approvedWithDocument = '';
/** A collection centre's consented contact: public in the help API, never in the places feed or the inventory. */
const centreContact = { phone: '+573005550105', name: `Responsable Centro ${randomUUID().slice(0, 8)}` };
let centreId = '';
/** What a leader's console work leaves behind: identity, private notes, secrets. */
const consoleCanaries = {
  email: '',
  name: '',
  reason: `motivo-panel-${randomUUID()}`,
  volunteer: `voluntario-panel-${randomUUID()}`,
  link: '',
  session: '',
  csrf: '',
};
/** A centre's secret edit link, and its stored hash: for the leaders and the centre only. */
const editLink = { token: '', hash: '' };
/** A submitter's editToken and an integration's key, and their stored hashes: for their holders only. */
const submitterSecrets = { editToken: '', editTokenHash: '', sourceKey: '', sourceKeyHash: '' };

before(async () => {
  h = await setup();
  const emergency = await addEmergency(h);
  const owned = await h.json({ method: 'POST', url: HELP, payload: requestBody({ title: 'Envío con su editToken' }) });
  submitterSecrets.editToken = owned.body.editToken;
  submitterSecrets.editTokenHash = tokenHash(owned.body.editToken);
  await approveSubmission(h.ctx, owned.body.id, canaries.actor);
  submitterSecrets.sourceKey = (await addSource(h.ctx, 'app-privada', canaries.actor)).key;
  submitterSecrets.sourceKeyHash = tokenHash(submitterSecrets.sourceKey);
  const integrated = await h.json({
    method: 'POST',
    url: HELP,
    payload: requestBody({ source: 'app-privada', title: 'Envío de una integración registrada' }),
    headers: { authorization: `Bearer ${submitterSecrets.sourceKey}` },
  });
  await approveSubmission(h.ctx, integrated.body.id, canaries.actor);
  await submit(
    h,
    requestBody({
      contactWhatsapp: canaries.pendingPhone,
      contactName: canaries.pendingName,
      title: 'Agua pendiente de revisión',
    }),
  );
  const rejected = await submit(
    h,
    requestBody({ contactWhatsapp: canaries.rejectedPhone, title: 'Solicitud rechazada' }),
  );
  await rejectSubmission(h.ctx, rejected, canaries.actor, canaries.rejectReason);
  // The web form may carry an identity document; it is for the leaders only, even once approved.
  const withDocument = helpSubmission.parse(
    requestBody({ contactWhatsapp: published.phone, contactName: published.name, title: 'Medicamentos con documento' }),
  );
  const { result } = await submitHelp(h.ctx, withDocument, { identityDocument: canaries.identityDocument });
  approvedWithDocument = result.id;
  await approveSubmission(h.ctx, approvedWithDocument, canaries.actor);
  await setRecordStatus(h.ctx, approvedWithDocument, 'in_process', canaries.actor);
  // A revision of a published record is private until approved.
  const body = requestBody({ title: 'Carpas publicadas' });
  const revised = await publish(h, body);
  await submit(h, { ...body, title: canaries.revisionTitle, contactWhatsapp: canaries.revisionPhone });
  // A logistics route towards a published request, with a volunteer's private contact.
  const now = h.ctx.now().toISOString();
  await h.ctx.db
    .insertInto('logistics_operations')
    .values({
      id: randomUUID(),
      emergency_id: emergency.id,
      destination_help_id: revised,
      title: 'Llevar carpas',
      supply_description: 'Diez carpas',
      quantity_label: '10 carpas',
      pickup_address: 'Coliseo',
      pickup_latitude: 1.15,
      pickup_longitude: -76.65,
      pickup_help_id: null,
      distance_km: 1.2,
      route_conditions: null,
      volunteer_contact: canaries.volunteerContact,
      status: 'available',
      created_at: now,
      updated_at: now,
    })
    .execute();
  // A collection centre with a place, an inventory and a secret edit link.
  centreId = await publish(
    h,
    offerBody({
      title: 'Centro de acopio del coliseo',
      category: 'acopio',
      collectionCenterStatus: 'needs_resources',
      address: 'Coliseo municipal',
      latitude: 1.1521,
      longitude: -76.6513,
      contactName: centreContact.name,
      contactWhatsapp: centreContact.phone,
    }),
  );
  await setInventoryLine(
    h.ctx,
    centreId,
    { kind: 'have', category: 'agua', quantity: 40, unit: 'bidones' },
    canaries.actor,
  );
  await setInventoryLine(
    h.ctx,
    centreId,
    { kind: 'need', category: 'ropa', quantity: 9, unit: 'cajas' },
    canaries.actor,
  );
  const link = await createEditLink(h.ctx, centreId, canaries.actor);
  editLink.token = link.token;
  editLink.hash = tokenHash(link.token);
  await leaderWorksInTheConsole(emergency.slug, revised);
});

/** A leader with a unique e-mail and name rejects, routes and links through the console itself. */
async function leaderWorksInTheConsole(slug: string, destination: string): Promise<void> {
  const { browser, email } = await leader(h, [slug]);
  consoleCanaries.email = email;
  consoleCanaries.name = (
    await h.ctx.db.selectFrom('accounts').select('name').where('email', '=', email).executeTakeFirstOrThrow()
  ).name;
  const rejected = await submit(h, requestBody({ title: 'Rechazo desde el panel' }));
  await browser.get(`/panel/e/${slug}/revisar/${rejected}`);
  await browser.post(`/panel/e/${slug}/revisar/${rejected}/rechazar`, { reason: consoleCanaries.reason });
  await browser.get(`/panel/e/${slug}/logistica`);
  const route = await browser.post(`/panel/e/${slug}/logistica`, {
    destinationHelpId: destination,
    title: 'Ruta desde el panel',
    supplyDescription: 'Carpas',
    pickupHelpId: centreId,
    volunteerContact: consoleCanaries.volunteer,
  });
  assert.equal(route.statusCode, 303, route.body);
  await browser.get(`/panel/e/${slug}/centros/${centreId}`);
  const created = await browser.post(`/panel/e/${slug}/centros/${centreId}/enlaces`);
  consoleCanaries.link = /\/centro\/([A-Za-z0-9_-]{43})/.exec(created.body)?.[1] ?? '';
  assert.ok(consoleCanaries.link);
  consoleCanaries.session = browser.cookies.get('ayuda_panel') ?? '';
  consoleCanaries.csrf = browser.csrf;
}
after(() => h.close());

test('no private value appears in any public output', async () => {
  const outputs = await crawlPublic(h);
  assert.ok(outputs.length >= 15, `crawled ${outputs.length} outputs`);
  const phoneDigits = (p: string) => p.slice(1);
  const values = [
    ...Object.values(canaries),
    phoneDigits(canaries.pendingPhone),
    phoneDigits(canaries.rejectedPhone),
    phoneDigits(canaries.revisionPhone),
    editLink.token,
    editLink.hash,
    ...Object.values(submitterSecrets),
    ...Object.values(consoleCanaries),
  ];
  assert.ok(
    values.every((v) => v.length >= 8),
    'every canary was planted',
  );
  assert.ok(
    outputs.some((o) => o.url.startsWith('mcp:consultar_inventario')),
    'MCP tools are crawled',
  );
  assert.deepEqual(leaks(outputs, values), []);
});

test('the places feed, its manifest and the inventory carry no data about persons', async () => {
  const outputs = (await crawlPublic(h)).filter((o) =>
    ['/api/aid-places/', '/.well-known/aid-places', '/api/public/v1/inventario'].some((path) => o.url.startsWith(path)),
  );
  const feedOfCentre = outputs.filter((o) => o.url.startsWith('/api/aid-places/') && o.text.includes(centreId));
  assert.ok(feedOfCentre.length >= 2, 'the centre is in the feed, with and without the emergency filter');
  assert.ok(outputs.some((o) => o.url.includes('categoria=agua') && o.text.includes('"quantity":40')));
  const phone = centreContact.phone;
  const values = [centreContact.name, phone, phone.slice(1), phone.slice(3), published.name, published.phone, 'wa.me'];
  assert.deepEqual(leaks(outputs, values), []);
});

test('the canary search can fail: consented contact data of approved records is public', async () => {
  const outputs = await crawlPublic(h);
  const found = leaks(outputs, [published.phone, published.name]);
  assert.ok(
    found.some((f) => f.includes(`id=${approvedWithDocument}`)),
    found.join('\n'),
  );
  assert.ok(
    found.some((f) => f.includes('mcp:ver_ayuda') && f.includes(approvedWithDocument)),
    'the MCP outputs are searched too',
  );
  // And the routes exist publicly as a count (one planted, one made in the console), without their volunteers.
  assert.ok(outputs.some((o) => o.text.includes('"availableRoutes":2')));
  // The centre's contact is public where consent publishes it, so its absence from the feed means something.
  const centre = leaks(outputs, [centreContact.name, centreContact.phone]);
  assert.ok(
    centre.some((f) => f.includes(`id=${centreId}`)),
    centre.join('\n'),
  );
});

test('reports from the public (reason, note, reporter) appear in no public output; the leaders see them', async () => {
  const note = `nota-reporte-${randomUUID()}`;
  const formNote = `nota-formulario-${randomUUID()}`;
  const api = await h.json({
    method: 'POST',
    url: `/api/public/v1/help/${centreId}/reports`,
    payload: { reason: 'scam', note },
    remoteAddress: '198.51.100.7',
  });
  assert.equal(api.status, 202);
  const form = await h.app.inject({
    method: 'POST',
    url: `/ayudas/${approvedWithDocument}/reportar`,
    payload: new URLSearchParams({ reason: 'wrong_data', note: formNote }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: '198.51.100.8',
  });
  assert.equal(form.statusCode, 303);
  const hashes = (await h.ctx.db.selectFrom('reports').select('reporter_hash').execute()).map((r) => r.reporter_hash);
  assert.ok(hashes.length >= 2);
  const outputs = await crawlPublic(h);
  assert.ok(
    outputs.some((o) => o.url.startsWith('POST /api/public/v1/help/')),
    'the report answers are crawled',
  );
  assert.ok(
    outputs.some((o) => o.url.startsWith('mcp:reportar_registro')),
    'and the MCP tool',
  );
  assert.deepEqual(leaks(outputs, [note, formNote, ...hashes, '198.51.100.7', '198.51.100.8']), []);
  // The canaries are real: the emergency's leaders read them in the console.
  const { browser } = await leader(h, ['inundacion-mocoa']);
  const page = await browser.get('/panel/e/inundacion-mocoa/reportes');
  assert.ok(page.body.includes(note) && page.body.includes(formNote));
});
