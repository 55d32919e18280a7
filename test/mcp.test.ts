// The MCP server at /mcp, driven by the SDK's own client over real HTTP: tools, transport errors, sessions
// shared by two instances, and privacy of every tool output.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { STREAM_CHECK_MS } from '../src/http/routes/mcp/open-streams.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup } from './helpers/harness.ts';
import { type Connected, connect, initialize, LOCAL_BASE_URL, listen, raw, rpc } from './helpers/mcp.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { nextDocument } from './helpers/samples.ts';
import { LOGISTICS_OPERATION_FIELDS } from './helpers/spec.ts';

let a: Harness;
let b: Harness;
let urlA = '';
let urlB = '';
let session: Connected;
let slug = '';
let publishedId = '';
const volunteerContact = `voluntario-${randomUUID()}@correo.test`;
const identityDocument = nextDocument();

const toolNames = [
  'listar_emergencias',
  'consultar_panorama',
  'buscar_ayudas',
  'ver_ayuda',
  'buscar_operaciones_logisticas',
  'consultar_inventario',
  'sugerir_coincidencias',
  'publicar_solicitud',
  'publicar_ofrecimiento',
  'reportar_registro',
  'retirar_publicacion',
  'comprometer_ayuda',
  'ofrecer_transporte',
];

before(async () => {
  a = await setup({ BASE_URL: LOCAL_BASE_URL });
  b = await setup({ BASE_URL: LOCAL_BASE_URL }, a);
  urlA = await listen(a);
  urlB = await listen(b);
  const emergency = await addEmergency(a);
  slug = emergency.slug;
  publishedId = await publish(a, requestBody({ title: 'Lancha para evacuar familias', urgency: 'urgent' }));
  const now = a.ctx.now().toISOString();
  await a.ctx.db
    .insertInto('logistics_operations')
    .values({
      id: randomUUID(),
      emergency_id: emergency.id,
      destination_help_id: publishedId,
      title: 'Llevar la lancha',
      supply_description: 'Una lancha con motor',
      quantity_label: null,
      pickup_address: 'Puerto de Mocoa',
      pickup_latitude: 1.15,
      pickup_longitude: -76.65,
      pickup_help_id: null,
      distance_km: 2.5,
      route_conditions: 'Vía destapada',
      volunteer_contact: volunteerContact,
      status: 'available',
      created_at: now,
      updated_at: now,
    })
    .execute();
  session = await connect(urlA);
});
after(async () => {
  await session.client.close();
  await b.close();
  await a.close();
});

const call = (name: string, args: Record<string, unknown> = {}) =>
  session.client.callTool({ name, arguments: args }) as Promise<{
    content: { type: string; text: string }[];
    structuredContent?: any;
    isError?: boolean;
  }>;

test('initialize gives a session id, the instructions state the review rule, and every tool is listed', async () => {
  assert.match(session.sessionId, /^[0-9a-f-]{36}$/);
  assert.match(session.client.getInstructions() ?? '', /NO publican/);
  const { tools } = await session.client.listTools();
  assert.deepEqual(
    tools.map((t) => t.name),
    toolNames,
  );
  for (const tool of tools) {
    assert.ok(tool.title && tool.description && tool.description.length > 80, tool.name);
    assert.equal(tool.inputSchema.type, 'object');
    assert.equal(tool.outputSchema?.type, 'object');
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const name of toolNames.slice(0, 6)) assert.equal(byName.get(name)?.annotations?.readOnlyHint, true, name);
  for (const name of ['publicar_solicitud', 'publicar_ofrecimiento']) {
    const tool = byName.get(name);
    assert.ok(tool);
    assert.equal(tool.annotations?.idempotentHint, true);
    assert.equal(tool.annotations?.destructiveHint, false);
    assert.match(tool.description ?? '', /NO publica/);
    assert.equal((tool.inputSchema.properties as Record<string, unknown>).type, undefined);
    assert.ok(!(tool.inputSchema.required as string[]).includes('source'));
    assert.ok(!(tool.inputSchema.required as string[]).includes('externalId'), 'generated when left out');
    assert.ok((tool.inputSchema.properties as Record<string, unknown>).editToken);
    assert.match(tool.description ?? '', /editToken/);
    const output = tool.outputSchema?.properties as Record<string, unknown>;
    assert.ok(output.editToken && output.externalId, 'the output schema lists editToken and externalId');
  }
  const search = byName.get('buscar_ayudas')?.inputSchema.properties as Record<string, { type?: string }>;
  assert.equal(search.latitude?.type, 'number');
  assert.equal(search.logistics?.type, 'boolean');
  assert.equal(search.limit?.type, 'integer');
});

test('read tools return structured content and the same JSON as text', async () => {
  const emergencies = await call('listar_emergencias');
  assert.deepEqual(
    emergencies.structuredContent.emergencies.map((e: { slug: string }) => e.slug),
    [slug],
  );
  assert.deepEqual(JSON.parse(emergencies.content[0]?.text ?? ''), emergencies.structuredContent);

  const overview = await call('consultar_panorama', { emergencySlug: slug });
  assert.equal(overview.structuredContent.emergencies[0].counts.urgentRequests, 1);

  const found = await call('buscar_ayudas', { q: 'lancha', latitude: 1.15, longitude: -76.65, radiusKm: 10 });
  assert.equal(found.structuredContent.total, 1);
  assert.equal(found.structuredContent.items[0].id, publishedId);
  assert.equal(found.structuredContent.filters.radiusKm, 10);
  assert.equal(typeof found.structuredContent.items[0].location.distanceKm, 'number');

  const detail = await call('ver_ayuda', { id: publishedId });
  assert.equal(detail.structuredContent.item.id, publishedId);

  const routes = await call('buscar_operaciones_logisticas', { emergencia: slug });
  assert.equal(routes.structuredContent.canManage, false);
  assert.equal(routes.structuredContent.operations.length, 1);
  assert.deepEqual(Object.keys(routes.structuredContent.operations[0]).sort(), LOGISTICS_OPERATION_FIELDS);
  assert.equal(routes.structuredContent.operations[0].destination_help_point_id, publishedId);
});

test('read tools answer errors from the catalogue as tool errors', async () => {
  const missing = await call('ver_ayuda', { id: randomUUID() });
  assert.equal(missing.isError, true);
  assert.equal(JSON.parse(missing.content[0]?.text ?? '').code, 'help_not_found');
  const unknown = await call('buscar_operaciones_logisticas', { emergencia: 'no-existe' });
  assert.equal(JSON.parse(unknown.content[0]?.text ?? '').code, 'unknown_emergency');
  const pair = await call('buscar_ayudas', { latitude: 1.15 });
  assert.equal(pair.isError, true);
  const body = JSON.parse(pair.content[0]?.text ?? '');
  assert.equal(body.code, 'invalid_query');
  assert.deepEqual(
    body.details.map((d: { field: string }) => d.field),
    ['longitude'],
  );
  // Schema failures speak like the REST API: catalogue code, Spanish message, one detail per field.
  const typed = await call('buscar_ayudas', { limit: 500, logistics: 'yes', extra: 1 });
  assert.equal(typed.isError, true);
  const typedBody = JSON.parse(typed.content[0]?.text ?? '');
  assert.equal(typedBody.code, 'invalid_query');
  assert.equal(typedBody.error, 'Los filtros de la consulta no son válidos.');
  assert.deepEqual(typedBody.details.map((d: { field: string }) => d.field).sort(), ['extra', 'limit', 'logistics']);
  assert.ok(typedBody.details.every((d: { message: string }) => !/expected|Invalid input/i.test(d.message)));
});

test('an unknown tool is a JSON-RPC error -32602, not a tool result', async () => {
  await assert.rejects(
    session.client.callTool({ name: 'no_existe', arguments: {} }),
    (err: { code?: number; message?: string }) => err.code === -32602 && /no_existe/.test(err.message ?? ''),
  );
});

test('consultar_inventario answers what centres have and need, with each line’s age', async () => {
  const centre = await publish(
    a,
    offerBody({
      title: 'Centro de acopio MCP',
      collectionCenterStatus: 'needs_resources',
      latitude: 1.15,
      longitude: -76.65,
    }),
  );
  await setInventoryLine(a.ctx, centre, { kind: 'have', category: 'agua', quantity: 80, unit: 'bidones' }, 'test');
  await setInventoryLine(a.ctx, centre, { kind: 'need', category: 'panales', quantity: 30, unit: 'paquetes' }, 'test');
  const all = await call('consultar_inventario', { emergencia: slug });
  assert.equal(all.isError, undefined);
  const mine = all.structuredContent.centers.find(
    (c: { collectionCenterId: string }) => c.collectionCenterId === centre,
  );
  assert.equal(mine.need[0].category, 'panales');
  assert.equal(mine.have[0].stale, false);
  assert.deepEqual(JSON.parse(all.content[0]?.text ?? ''), all.structuredContent);
  const water = await call('consultar_inventario', { emergencia: slug, categoria: 'agua' });
  assert.equal(water.structuredContent.stock[0].quantity, 80);
  const unknown = await call('consultar_inventario', { emergencia: 'no-existe' });
  assert.equal(JSON.parse(unknown.content[0]?.text ?? '').code, 'unknown_emergency');
  const bad = await call('consultar_inventario', { categoria: 'gasolina' });
  assert.equal(JSON.parse(bad.content[0]?.text ?? '').details[0].field, 'categoria');
});

test('publicar_solicitud sends to review, publishes nothing, and a repeat creates nothing', async () => {
  const externalId = `mcp-${randomUUID()}`;
  const { type: _type, source: _source, ...fields } = requestBody({ title: 'Colchonetas para el albergue' });
  const sent = await call('publicar_solicitud', { ...fields, externalId });
  assert.equal(sent.isError, undefined);
  assert.equal(sent.structuredContent.reviewStatus, 'pending_review');
  assert.equal(sent.structuredContent.queued, true);
  assert.equal(sent.structuredContent.type, 'request');
  assert.equal(sent.structuredContent.externalId, externalId);
  assert.match(sent.structuredContent.editToken, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(JSON.parse(sent.content[0]?.text ?? '').editToken, sent.structuredContent.editToken, 'in the text too');
  const again = await call('publicar_solicitud', { ...fields, externalId });
  assert.equal(again.structuredContent.id, sent.structuredContent.id);
  assert.equal(again.structuredContent.editToken, undefined, 'only the first send carries the token');
  const row = await a.ctx.db
    .selectFrom('help_records')
    .select(['source', 'review_status'])
    .where('id', '=', sent.structuredContent.id)
    .executeTakeFirstOrThrow();
  assert.deepEqual({ ...row }, { source: 'mcp', review_status: 'pending_review' });
  const search = await call('buscar_ayudas', { q: 'colchonetas', status: 'all' });
  assert.equal(search.structuredContent.total, 0);
  const detail = await call('ver_ayuda', { id: sent.structuredContent.id });
  assert.equal(detail.isError, true);
});

test('publicar_ofrecimiento sends to review and names each bad field', async () => {
  const { type: _type, ...fields } = offerBody();
  const sent = await call('publicar_ofrecimiento', fields);
  assert.equal(sent.structuredContent.type, 'offer');
  assert.equal(sent.structuredContent.reviewStatus, 'pending_review');

  const bad = await call('publicar_ofrecimiento', { ...fields, title: 'No', contactWhatsapp: '123' });
  assert.equal(bad.isError, true);
  const badBody = JSON.parse(bad.content[0]?.text ?? '');
  assert.equal(badBody.code, 'validation_failed');
  assert.deepEqual(badBody.details.map((d: { field: string }) => d.field).sort(), ['contactWhatsapp', 'title']);
  assert.match(JSON.stringify(badBody.details), /formato internacional/);
  const badId = await call('publicar_ofrecimiento', { ...fields, externalId: '' });
  assert.equal(badId.isError, true);
  assert.match(badId.content[0]?.text ?? '', /externalId/);
  const halfPlace = await call('publicar_ofrecimiento', { ...fields, latitude: 1.15 });
  const body = JSON.parse(halfPlace.content[0]?.text ?? '');
  assert.equal(body.code, 'validation_failed');
  assert.deepEqual(body.details[0], {
    field: 'longitude',
    code: 'coordinates_pair',
    message: 'Los campos latitude y longitude van juntos: indique los dos.',
  });
  const noConsent = await call('publicar_ofrecimiento', { ...fields, publishContact: false });
  assert.equal(noConsent.isError, true);
  assert.match(noConsent.content[0]?.text ?? '', /publishContact/);
});

test('externalId left out is generated and returned; editToken changes a send; a stranger gets source_conflict', async () => {
  const {
    type: _type,
    source: _source,
    externalId: _id,
    ...fields
  } = requestBody({ title: 'Cobijas para el albergue' });
  const first = await call('publicar_solicitud', fields);
  assert.equal(first.isError, undefined, first.content[0]?.text);
  const { externalId, editToken, id } = first.structuredContent;
  assert.match(externalId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const second = await call('publicar_solicitud', fields);
  assert.notEqual(second.structuredContent.id, id, 'two sends without externalId are two records');
  // Another assistant chooses the same pair with its own content: the API's own error body, as a tool error.
  const hijack = await call('publicar_solicitud', { ...fields, externalId, contactWhatsapp: '+573009998877' });
  assert.equal(hijack.isError, true);
  const conflict = JSON.parse(hijack.content[0]?.text ?? '');
  assert.equal(conflict.code, 'source_conflict');
  assert.equal(typeof conflict.error, 'string');
  const wrong = await call('publicar_solicitud', {
    ...fields,
    externalId,
    title: 'Otro título',
    editToken: 'adivinado',
  });
  assert.equal(JSON.parse(wrong.content[0]?.text ?? '').code, 'source_conflict');
  const row = await a.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  assert.equal(row.contact_whatsapp, '+573001234567', 'nothing changed');
  // The submitter, with its token, changes it; the change waits for review like any other.
  const owned = await call('publicar_solicitud', { ...fields, externalId, title: 'Cobijas y colchonetas', editToken });
  assert.equal(owned.isError, undefined, owned.content[0]?.text);
  assert.equal(owned.structuredContent.id, id);
  assert.equal(owned.structuredContent.reviewStatus, 'pending_review');
  assert.equal(owned.structuredContent.editToken, undefined);
  const changed = await a.ctx.db
    .selectFrom('help_records')
    .select('title')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(changed.title, 'Cobijas y colchonetas');
});

test('resources: the OpenAPI document and the description of the service', async () => {
  const { resources } = await session.client.listResources();
  const uris = resources.map((r) => r.uri);
  for (const uri of [`${LOCAL_BASE_URL}/api/public/openapi.json`, `${LOCAL_BASE_URL}/llms.txt`]) {
    assert.ok(uris.includes(uri), uri);
  }
  const openapi = await session.client.readResource({ uri: `${LOCAL_BASE_URL}/api/public/openapi.json` });
  const doc = JSON.parse((openapi.contents[0] as { text: string }).text);
  assert.ok(doc.paths['/mcp'].post && doc.paths['/mcp'].get && doc.paths['/mcp'].delete);
  const about = await session.client.readResource({ uri: `${LOCAL_BASE_URL}/llms.txt` });
  const text = (about.contents[0] as { text: string }).text;
  assert.match(text, /revisión/);
  // The resource is the document served at its URI.
  const served = await a.app.inject({ method: 'GET', url: '/llms.txt' });
  assert.equal(served.statusCode, 200);
  assert.match(served.headers['content-type'] as string, /^text\/markdown; charset=utf-8/);
  assert.equal(served.body, text);
  assert.match(text, /^# Ayuda Directa\n\n> /, 'llmstxt.org: H1 then a summary blockquote');
  for (const path of [
    '/api/public/openapi.json',
    '/desarrolladores.md#mcp',
    '/api/aid-places/places',
    '/api/public/v1/inventario',
  ]) {
    assert.ok(text.includes(`](${LOCAL_BASE_URL}${path}`), path);
  }
});

test('transport errors: missing session 400, unknown session 404, bad protocol version 400', async () => {
  const missing = await raw(urlA, { method: 'POST', body: rpc('tools/list') });
  assert.equal(missing.status, 400);
  assert.equal(JSON.parse(missing.body).code, 'mcp_session_required');
  const unknown = await raw(urlA, {
    method: 'POST',
    headers: { 'mcp-session-id': randomUUID() },
    body: rpc('tools/list'),
  });
  assert.equal(unknown.status, 404);
  assert.equal(JSON.parse(unknown.body).code, 'mcp_session_not_found');
  const version = await raw(urlA, {
    method: 'POST',
    headers: { 'mcp-session-id': session.sessionId, 'mcp-protocol-version': '1999-01-01' },
    body: rpc('tools/list'),
  });
  assert.equal(version.status, 400);
  assert.equal(JSON.parse(version.body).code, 'mcp_protocol_version');
  assert.equal((await raw(urlA, { method: 'GET', headers: { accept: 'text/event-stream' } })).status, 400);
  const getUnknown = await raw(urlA, {
    method: 'GET',
    headers: { accept: 'text/event-stream', 'mcp-session-id': randomUUID() },
  });
  assert.equal(getUnknown.status, 404);
});

test('a foreign Origin or Host gets 403; the own ones pass', async () => {
  const origin = await raw(urlA, { method: 'POST', headers: { origin: 'https://evil.example' }, body: initialize });
  assert.equal(origin.status, 403);
  assert.equal(JSON.parse(origin.body).code, 'forbidden_origin');
  const host = await raw(urlA, { method: 'POST', headers: { host: 'evil.example' }, body: initialize });
  assert.equal(host.status, 403);
  const own = await raw(urlA, { method: 'POST', headers: { origin: 'http://localhost:3000' }, body: initialize });
  assert.equal(own.status, 200);
  assert.ok(own.headers['mcp-session-id']);
  assert.equal(own.headers['access-control-allow-origin'], '*');
  const preflight = await raw(urlA, {
    method: 'OPTIONS',
    headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'DELETE' },
  });
  assert.match(String(preflight.headers['access-control-allow-methods']), /DELETE/);
  assert.match(String(own.headers['access-control-expose-headers']), /Mcp-Session-Id/);
});

test('a session opened on one instance continues on another, streams there, and ends with DELETE', async () => {
  const other = await connect(urlA);
  const headers = { 'mcp-session-id': other.sessionId, 'mcp-protocol-version': '2025-11-25' };
  const listed = await raw(urlB, { method: 'POST', headers, body: rpc('tools/list', {}, 7) });
  assert.equal(listed.status, 200);
  assert.equal(JSON.parse(listed.body).result.tools.length, toolNames.length);
  const called = await raw(urlB, {
    method: 'POST',
    headers,
    body: rpc('tools/call', { name: 'ver_ayuda', arguments: { id: publishedId } }, 8),
  });
  assert.equal(JSON.parse(called.body).result.structuredContent.item.id, publishedId);
  const stream = await raw(urlB, { method: 'GET', headers: { ...headers, accept: 'text/event-stream' }, readMs: 200 });
  assert.equal(stream.status, 200);
  assert.match(String(stream.headers['content-type']), /text\/event-stream/);
  assert.equal(stream.headers['mcp-session-id'], other.sessionId);

  await other.transport.terminateSession();
  const ended = await raw(urlB, { method: 'POST', headers, body: rpc('tools/list') });
  assert.equal(ended.status, 404);
  assert.equal((await raw(urlA, { method: 'DELETE', headers })).status, 404);
  await other.client.close();
});

test('DELETE answers 200 and ends the GET streams of that session', async () => {
  const own = await connect(urlA);
  const headers = { 'mcp-session-id': own.sessionId, 'mcp-protocol-version': '2025-11-25' };
  const stream = raw(urlA, { method: 'GET', headers: { ...headers, accept: 'text/event-stream' } });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal((await raw(urlA, { method: 'DELETE', headers })).status, 200);
  assert.equal((await stream).status, 200, 'the stream ended when the session did');
  assert.equal((await raw(urlA, { method: 'GET', headers })).status, 404);
  await own.client.close();
});

test('DELETE on one instance ends the GET streams the session holds on another', async () => {
  const own = await connect(urlA);
  const headers = { 'mcp-session-id': own.sessionId, 'mcp-protocol-version': '2025-11-25' };
  const started = Date.now();
  const stream = raw(urlA, { method: 'GET', headers: { ...headers, accept: 'text/event-stream' } });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal((await raw(urlB, { method: 'DELETE', headers })).status, 200);
  assert.equal((await stream).status, 200);
  assert.ok(Date.now() - started < STREAM_CHECK_MS + 2_000, 'the stream on A ended soon after the DELETE on B');
  await own.client.close();
});

test('an idle session expires after 30 minutes', async () => {
  const idle = await connect(urlA);
  const headers = { 'mcp-session-id': idle.sessionId };
  a.clock.advanceHours(0.25);
  assert.equal((await raw(urlA, { method: 'POST', headers, body: rpc('ping') })).status, 200);
  a.clock.advanceHours(0.6);
  assert.equal((await raw(urlA, { method: 'POST', headers, body: rpc('ping') })).status, 404);
  await idle.client.close();
  // The shared session of the other tests was idle just as long: open it again.
  await session.client.close();
  session = await connect(urlA);
});

test('no private value leaves through any MCP tool or resource', async () => {
  const pendingPhone = '+573005550199';
  const pendingName = `Canario MCP ${randomUUID().slice(0, 8)}`;
  const {
    type: _type,
    source: _source,
    ...fields
  } = requestBody({
    contactWhatsapp: pendingPhone,
    contactName: pendingName,
    title: 'Solicitud pendiente por MCP',
  });
  await call('publicar_solicitud', { ...fields, externalId: `canario-${randomUUID()}` });
  const withDocument = helpSubmission.parse(requestBody({ title: 'Medicinas con documento' }));
  const { result } = await submitHelp(a.ctx, withDocument, { identityDocument });
  await approveSubmission(a.ctx, result.id, 'test');

  // Every public output, the MCP tools and resources included (test/helpers/public-surface.ts).
  const outputs = await crawlPublic(a);
  const values = [pendingPhone, pendingPhone.slice(1), pendingName, identityDocument, volunteerContact];
  assert.deepEqual(leaks(outputs, values), []);
  // The search can fail: the approved record with the document is in the MCP outputs.
  assert.ok(outputs.some((o) => o.url === `mcp:ver_ayuda({"id":"${result.id}"})` && o.text.includes(result.id)));
});
