// The website's request and offer forms: same schema and command as the API, inline errors that keep what was
// typed, one record per form however often it is sent, a private identity document, a receipt that shows no contact.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { closeEmergency } from '../src/repositories/emergencies.ts';
import { addEmergency, type Harness, HELP, list, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { nextDocument } from './helpers/samples.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'sismo-pasto';
let h: Harness;

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url,
    payload: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

function get(url: string, headers: Record<string, string> = {}) {
  return h.app.inject({ method: 'GET', url, headers });
}

/** Everything a person fills in on the request form, as the browser sends it. */
function requestFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    externalId: randomUUID(),
    emergencySlug: SLUG,
    title: 'Agua potable para seis familias',
    category: 'agua',
    urgency: 'urgent',
    description: 'Estamos aislados por el río, sin agua desde ayer.',
    resourceLabel: 'Bidones de agua de 20 litros',
    quantityRequired: '30',
    unit: 'bidones',
    neededPeople: '24',
    latitude: '1,1478',
    longitude: '-76.6476',
    address: 'Calle 8 # 5-21, junto a la escuela',
    neighborhood: 'San Miguel',
    contactName: 'María Fernanda Rojas',
    contactWhatsapp: '+57 300 123 4567',
    identityDocument: '',
    publishContact: 'si',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

function offerFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    externalId: randomUUID(),
    emergencySlug: SLUG,
    title: 'Camioneta 4x4 para llevar mercados',
    category: 'transporte',
    description: 'Disponible por las tardes.',
    collectionCenterStatus: '',
    vehicle: 'Camioneta 4x4',
    capacityKg: '800',
    capacityBoxes: '40',
    passengerCapacity: '3',
    zones: 'Mocoa y veredas del sur',
    availableUntil: '2026-06-30',
    needsTransport: 'no',
    latitude: '',
    longitude: '',
    address: 'Parque principal de Mocoa',
    contactName: 'Jorge Hernán Muñoz',
    contactWhatsapp: '+573157654321',
    publishContact: 'si',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

async function rowCount(): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function rowOf(id: string) {
  return h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function idFrom(location: unknown): string {
  const match = /^\/recibido\/([0-9a-f-]{36})(\?lang=en)?$/.exec(String(location));
  assert.ok(match, `a receipt address: ${location}`);
  return match[1] as string;
}

/** The inline error of a field: its text, and the control marked invalid and described by it. */
function inlineError(body: string, name: string): string {
  const error = new RegExp(`<strong class="error" id="${name}-error">([^<]*)</strong>`).exec(body);
  assert.ok(error, `an inline error on ${name}`);
  const control = new RegExp(`<(?:input|select|textarea)[^>]*\\bid="${name}"[^>]*>`).exec(body);
  assert.ok(control, `the ${name} control`);
  assert.match(control[0], /aria-invalid="true"/, `${name} is marked invalid`);
  assert.match(control[0], new RegExp(`aria-describedby="[^"]*${name}-error`), `${name} is described by its error`);
  assert.match(body, new RegExp(`<li><a href="#${name}">`), `the summary links to ${name}`);
  return error[1] as string;
}

describe('website forms', () => {
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  test('with no active emergency the forms say so and offer nothing to send', async () => {
    for (const path of ['/necesito-ayuda', '/quiero-ayudar']) {
      const res = await get(path);
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /no hay ninguna emergencia activa/);
      assert.doesNotMatch(res.body, /<form/);
    }
    await addEmergency(h, SLUG, 'Inundación Mocoa');
  });

  test('the request form: every field labelled, bounds as attributes, consent unticked, identity private', async () => {
    const res = await get('/necesito-ayuda');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
    const body = res.body;
    for (const name of [
      'emergencySlug',
      'title',
      'category',
      'description',
      'resourceLabel',
      'quantityRequired',
      'unit',
      'neededPeople',
      'latitude',
      'longitude',
      'address',
      'neighborhood',
      'contactName',
      'contactWhatsapp',
      'identityDocument',
      'publishContact',
    ]) {
      assert.match(body, new RegExp(`<label for="${name}">`), `${name} has a label`);
      assert.match(body, new RegExp(`id="${name}" name="${name}"`), `${name} has a control`);
    }
    assert.match(body, /<legend>Urgencia<\/legend>/);
    assert.match(body, /id="title" name="title" type="text" value="" maxlength="100" minlength="4"[^>]* required/);
    assert.match(body, /id="description" name="description" rows="4" maxlength="600"/);
    assert.match(body, /id="address" name="address" type="text" value="" maxlength="180" minlength="4"/);
    const consent = /<input type="checkbox" id="publishContact"[^>]*>/.exec(body)?.[0] ?? '';
    assert.match(consent, /required/);
    assert.doesNotMatch(consent, /checked/, 'consent is never ticked in advance');
    assert.match(body, /Documento de identidad \(opcional, privado\)/);
    assert.match(body, /Nunca se publica/);
    assert.match(body, /<input type="hidden" name="externalId" value="[0-9a-f-]{36}">/);
    // The only active emergency is chosen already.
    assert.match(body, /<option value="inundacion-mocoa"[^>]* selected>Inundación Mocoa<\/option>/);
    assert.match(body, /<form class="envio" method="post" action="\/necesito-ayuda">/);
    assert.match(body, /<script src="\/static\/ubicacion.js" defer><\/script>/);
    assert.doesNotMatch(body, /<script>|\sstyle="|\son[a-z]+="/, 'no inline script, style or handler (CSP)');
    // Each render is a new form: a new id.
    const again = await get('/necesito-ayuda');
    const idOf = (html: string) => /name="externalId" value="([^"]+)"/.exec(html)?.[1];
    assert.notEqual(idOf(body), idOf(again.body));
  });

  test('the offer form: its own fields, no identity document', async () => {
    const res = await get('/quiero-ayudar');
    assert.equal(res.statusCode, 200);
    for (const name of [
      'title',
      'category',
      'description',
      'collectionCenterStatus',
      'vehicle',
      'capacityKg',
      'capacityBoxes',
      'passengerCapacity',
      'zones',
      'availableUntil',
      'latitude',
      'longitude',
      'address',
      'contactName',
      'contactWhatsapp',
      'publishContact',
    ]) {
      assert.match(res.body, new RegExp(`<label for="${name}">`), `${name} has a label`);
    }
    assert.match(res.body, /<legend>¿Lo que ofrece necesita que alguien lo recoja\?<\/legend>/);
    assert.doesNotMatch(res.body, /identityDocument/);
    assert.doesNotMatch(/<input type="checkbox" id="publishContact"[^>]*>/.exec(res.body)?.[0] ?? 'checked', /checked/);
    // Latitude is optional on an offer.
    assert.doesNotMatch(/<input id="latitude"[^>]*>/.exec(res.body)?.[0] ?? 'required', /required/);
  });

  test('a request is received, waits for review, keeps its identity document private, then is public without it', async () => {
    const document = nextDocument();
    const before = await rowCount();
    const res = await post('/necesito-ayuda', requestFields({ identityDocument: `  ${document}  ` }));
    assert.equal(res.statusCode, 303, res.body);
    const id = idFrom(res.headers.location);
    assert.equal(await rowCount(), before + 1);

    const row = await rowOf(id);
    assert.equal(row.review_status, 'pending_review');
    assert.equal(row.source, 'web');
    assert.match(row.external_id, /^[0-9a-f-]{36}$/);
    assert.equal(row.identity_document, document, 'stored trimmed, for the leaders');
    assert.equal(row.contact_whatsapp, '+573001234567');
    assert.equal(row.latitude, 1.1478, 'a decimal comma is read as a point');
    assert.equal(row.urgency, 'urgent');
    assert.equal(row.quantity_required, 30);
    assert.equal(row.people, 24);

    const receipt = await get(`/recibido/${id}`);
    assert.equal(receipt.statusCode, 200);
    assert.match(receipt.body, /Recibimos su envío/);
    assert.match(receipt.body, /espera la revisión del equipo de la emergencia/);
    assert.match(receipt.body, /Todavía no es público/);
    assert.ok(receipt.body.includes(id));
    assert.match(receipt.body, /Solicitud de ayuda/);
    assert.match(receipt.body, /Agua potable para seis familias/);
    assert.match(receipt.body, /Inundación Mocoa/);
    assert.match(receipt.body, /Qué sigue/);
    for (const secret of [document, 'María Fernanda Rojas', '+573001234567', '300 123 4567']) {
      assert.ok(!receipt.body.includes(secret), `the receipt does not show ${secret}`);
    }

    // Not public until a leader approves it.
    assert.equal((await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).status, 404);
    const pending = await list(h, { status: 'all' });
    assert.ok(!pending.body.items.some((item: { id: string }) => item.id === id));

    await approveSubmission(h.ctx, id, 'test');
    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
    assert.equal(detail.status, 200);
    assert.equal(detail.body.item.contact.name, 'María Fernanda Rojas', 'the consented contact is public');
    const published = await list(h, { status: 'all' });
    assert.ok(published.body.items.some((item: { id: string }) => item.id === id));
    const approvedReceipt = await get(`/recibido/${id}`);
    assert.match(approvedReceipt.body, /ya es público/);
    assert.match(approvedReceipt.body, new RegExp(`href="/ayudas/${id}"`));
    // The document never leaves through any public surface: API, MCP, pages, twins, receipts, feeds.
    assert.deepEqual(leaks(await crawlPublic(h), [document]), []);
  });

  test('an offer is received with its transport and capacity; the offer form takes no identity document', async () => {
    const res = await post(
      '/quiero-ayudar',
      offerFields({
        identityDocument: 'CC-NO-DEBE-GUARDARSE',
        needsTransport: 'si',
        collectionCenterStatus: 'needs_resources',
        latitude: '1.15',
        longitude: '-76.65',
      }),
    );
    assert.equal(res.statusCode, 303, res.body);
    const row = await rowOf(idFrom(res.headers.location));
    assert.equal(row.type, 'offer');
    assert.equal(row.source, 'web');
    assert.equal(row.review_status, 'pending_review');
    assert.equal(row.needs_transport, 1);
    assert.equal(row.capacity_boxes, 40);
    assert.equal(row.collection_center_status, 'needs_resources');
    assert.equal(row.available_until, '2026-06-30');
    assert.equal(row.identity_document, null);
    const receipt = await get(`/recibido/${row.id}`);
    assert.match(receipt.body, /Ofrecimiento de ayuda/);
    assert.ok(!receipt.body.includes('+573157654321'));
  });

  const badInputs: [string, string, Record<string, string | undefined>, string, RegExp][] = [
    ['missing consent', '/necesito-ayuda', { publishContact: undefined }, 'publishContact', /Marque la casilla/],
    ['bad WhatsApp', '/necesito-ayuda', { contactWhatsapp: '300 123' }, 'contactWhatsapp', /WhatsApp no válido/],
    ['latitude out of range', '/necesito-ayuda', { latitude: '40.7' }, 'latitude', /entre -4\.3 y 13\.6/],
    ['longitude out of range', '/necesito-ayuda', { longitude: '-60' }, 'longitude', /entre -79\.1 y -66\.8/],
    ['latitude not a number', '/necesito-ayuda', { latitude: 'norte' }, 'latitude', /entre -4\.3 y 13\.6/],
    ['missing address', '/necesito-ayuda', { address: '' }, 'address', /Campo obligatorio/],
    ['title too long', '/necesito-ayuda', { title: 'x'.repeat(101) }, 'title', /como máximo 100 caracteres/],
    ['title too short', '/necesito-ayuda', { title: 'Sí' }, 'title', /al menos 4 caracteres/],
    [
      'description too long',
      '/necesito-ayuda',
      { description: 'y'.repeat(601) },
      'description',
      /como máximo 600 caracteres/,
    ],
    ['unknown emergency', '/necesito-ayuda', { emergencySlug: 'no-existe' }, 'emergencySlug', /emergencias activas/],
    ['quantity not a number', '/necesito-ayuda', { quantityRequired: 'muchos' }, 'quantityRequired', /un número/],
    ['quantity zero', '/necesito-ayuda', { quantityRequired: '0' }, 'quantityRequired', /mayor que 0/],
    ['people not whole', '/necesito-ayuda', { neededPeople: '2.5' }, 'neededPeople', /entero/],
    ['people negative', '/necesito-ayuda', { neededPeople: '-3' }, 'neededPeople', /mayor o igual que 0/],
    ['category tampered', '/necesito-ayuda', { category: 'armas' }, 'category', /Elija una opción/],
    [
      'identity document too long',
      '/necesito-ayuda',
      { identityDocument: '1'.repeat(41) },
      'identityDocument',
      /como máximo 40 caracteres/,
    ],
    ['offer boxes not whole', '/quiero-ayudar', { capacityBoxes: '1.5' }, 'capacityBoxes', /entero/],
    ['offer date not real', '/quiero-ayudar', { availableUntil: '2026-02-30' }, 'availableUntil', /fecha real/],
    ['offer half a point', '/quiero-ayudar', { latitude: '1.15' }, 'longitude', /juntas/],
    ['offer kg too large', '/quiero-ayudar', { capacityKg: '100001' }, 'capacityKg', /menor o igual que 100000/],
  ];
  for (const [what, path, overrides, name, message] of badInputs) {
    test(`${what}: 400, the Spanish error beside ${name}, nothing written`, async () => {
      const before = await rowCount();
      const fields = path === '/necesito-ayuda' ? requestFields(overrides) : offerFields(overrides);
      const res = await post(path, fields);
      assert.equal(res.statusCode, 400);
      assert.match(String(res.headers['content-type']), /text\/html/);
      assert.match(inlineError(res.body, name), message);
      assert.match(res.body, /Revise estos campos antes de enviar/);
      assert.match(res.body, /No se guardó nada todavía/);
      assert.equal(await rowCount(), before);
    });
  }

  test('a form with errors keeps everything typed, the same form id, but never echoes the identity document', async () => {
    const fields = requestFields({ contactWhatsapp: '12', identityDocument: 'CC-1061234567', urgency: 'stable' });
    const res = await post('/necesito-ayuda', fields);
    assert.equal(res.statusCode, 400);
    for (const name of ['title', 'resourceLabel', 'unit', 'address', 'neighborhood', 'contactName', 'latitude']) {
      const value = fields[name] as string;
      assert.ok(res.body.includes(`value="${value}"`), `${name} is kept`);
    }
    assert.ok(res.body.includes(`>${fields.description}</textarea>`));
    assert.match(res.body, /value="12"/);
    assert.match(res.body, /<option value="agua" selected>/);
    assert.match(res.body, /value="stable" checked/);
    assert.match(/<input type="checkbox" id="publishContact"[^>]*>/.exec(res.body)?.[0] ?? '', /checked/);
    assert.ok(res.body.includes(`name="externalId" value="${fields.externalId}"`), 'the same form, the same id');
    assert.ok(!res.body.includes('CC-1061234567'), 'the document is not written back into the page');
    assert.match(res.body, /escríbalo otra vez/);
    assert.match(res.body, /id="identityDocument" name="identityDocument" type="text" value=""/);
  });

  test('several problems are listed at once, in the order of the form', async () => {
    const res = await post(
      '/necesito-ayuda',
      requestFields({ title: '', latitude: '99', publishContact: undefined, contactWhatsapp: 'no' }),
    );
    assert.equal(res.statusCode, 400);
    const order = [...res.body.matchAll(/<li><a href="#([A-Za-z]+)">/g)].map((m) => m[1]);
    assert.deepEqual(order, ['title', 'latitude', 'contactWhatsapp', 'publishContact']);
  });

  test('the same form sent twice (double tap, reload after sending) is one record', async () => {
    const before = await rowCount();
    const fields = requestFields({ title: 'Carpas para el albergue' });
    const first = await post('/necesito-ayuda', fields);
    const second = await post('/necesito-ayuda', fields);
    assert.equal(first.statusCode, 303);
    assert.equal(second.statusCode, 303);
    assert.equal(first.headers.location, second.headers.location);
    assert.equal(await rowCount(), before + 1);
    // Fixing an error and sending again is still the same form: one record.
    const fixed = requestFields({ title: 'Colchonetas para el albergue', contactWhatsapp: '12' });
    assert.equal((await post('/necesito-ayuda', fixed)).statusCode, 400);
    const sent = await post('/necesito-ayuda', { ...fixed, contactWhatsapp: '+573001234567' });
    assert.equal(sent.statusCode, 303);
    assert.equal((await post('/necesito-ayuda', { ...fixed, contactWhatsapp: '+573001234567' })).statusCode, 303);
    assert.equal(await rowCount(), before + 2);
  });

  test('a form sent again with other content (back, edit, send) leaves the first send as it was', async () => {
    const before = await rowCount();
    const fields = requestFields({ title: 'Mercados para el albergue' });
    const first = await post('/necesito-ayuda', fields);
    assert.equal(first.statusCode, 303);
    const id = idFrom(first.headers.location);
    const row = await rowOf(id);
    assert.ok(row.edit_token_hash, 'the form’s send is owned like any other');
    const edited = await post('/necesito-ayuda', { ...fields, title: 'Mercados y cobijas para el albergue' });
    assert.equal(edited.statusCode, 409);
    assert.match(edited.body, /ya se había enviado con otros datos/);
    assert.ok(edited.body.includes('Mercados y cobijas para el albergue'), 'what was typed is kept');
    const newId = /name="externalId" value="([^"]+)"/.exec(edited.body)?.[1];
    assert.ok(newId && newId !== fields.externalId, 'the form comes back under a fresh id');
    assert.deepEqual(await rowOf(id), row, 'the first send is unchanged');
    const resent = await post('/necesito-ayuda', {
      ...fields,
      externalId: newId,
      title: 'Mercados y cobijas para el albergue',
    });
    assert.equal(resent.statusCode, 303, 'sending it again is a new submission');
    assert.equal(await rowCount(), before + 2);
  });

  test('hostile strings come back escaped in the page with errors', async () => {
    const res = await post(
      '/necesito-ayuda',
      requestFields({
        title: '<script>alert(1)</script>',
        address: '"><img src=x onerror=alert(2)>',
        description: '</textarea><script>alert(3)</script>',
        contactWhatsapp: 'x',
      }),
    );
    assert.equal(res.statusCode, 400);
    assert.ok(res.body.includes('value="&lt;script&gt;alert(1)&lt;/script&gt;"'));
    assert.ok(res.body.includes('value="&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"'));
    assert.ok(res.body.includes('&lt;/textarea&gt;&lt;script&gt;alert(3)&lt;/script&gt;</textarea>'));
    assert.ok(!res.body.includes('<script>alert'));
    assert.ok(!res.body.includes('<img src=x'));
  });

  test('a post from another site is refused with 403 and writes nothing; our own origin is accepted', async () => {
    const before = await rowCount();
    const foreign = await post('/necesito-ayuda', requestFields(), { origin: 'https://evil.example' });
    assert.equal(foreign.statusCode, 403);
    assert.match(foreign.body, /no vino de las páginas de Ayuda Directa/);
    const fetchMeta = await post('/quiero-ayudar', offerFields(), { 'sec-fetch-site': 'cross-site' });
    assert.equal(fetchMeta.statusCode, 403);
    const opaque = await post('/quiero-ayudar', offerFields(), { origin: 'null' });
    assert.equal(opaque.statusCode, 403);
    assert.equal(await rowCount(), before);
    const own = await post('/necesito-ayuda', requestFields(), {
      origin: 'http://ayuda.test',
      'sec-fetch-site': 'same-origin',
    });
    assert.equal(own.statusCode, 303);
  });

  test('English with ?lang=en: labels, errors and the receipt', async () => {
    const page = await get('/necesito-ayuda?lang=en');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html lang="en">/);
    assert.match(page.body, /<h1>I need help<\/h1>/);
    assert.match(page.body, /<label for="title">Title/);
    assert.match(page.body, /Identity document \(optional, private\)/);
    assert.match(page.body, /action="\/necesito-ayuda\?lang=en"/);
    const offer = await get('/quiero-ayudar?lang=en');
    assert.match(offer.body, /<h1>Offer help<\/h1>/);
    assert.match(offer.body, /<label for="vehicle">Vehicle/);
    const bad = await post('/necesito-ayuda?lang=en', requestFields({ publishContact: undefined, title: '' }));
    assert.equal(bad.statusCode, 400);
    assert.match(inlineError(bad.body, 'publishContact'), /Tick the box/);
    assert.match(inlineError(bad.body, 'title'), /Required field/);
    const sent = await post('/necesito-ayuda?lang=en', requestFields());
    assert.equal(sent.statusCode, 303);
    assert.match(String(sent.headers.location), /\?lang=en$/);
    const receipt = await get(String(sent.headers.location));
    assert.match(receipt.body, /We received your submission/);
    assert.match(receipt.body, /awaits review by the emergency team/);
  });

  test('twins: each form page explains its fields, the same API call, consent and review', async () => {
    for (const [path, type] of [
      ['/necesito-ayuda', 'request'],
      ['/quiero-ayudar', 'offer'],
    ] as const) {
      for (const res of [await get(`${path}.md`), await get(path, { accept: 'text/markdown' })]) {
        assert.equal(res.statusCode, 200);
        assert.match(String(res.headers['content-type']), /text\/markdown/);
        assert.match(res.body, /\| `publishContact` \| sí \|/);
        assert.match(res.body, /\| `title` \| sí \| 4–100 caracteres \|/);
        assert.match(res.body, /curl -X POST 'http:\/\/ayuda\.test\/api\/public\/v1\/help'/);
        assert.match(res.body, new RegExp(`"type": "${type}"`));
        assert.match(res.body, /"emergencySlug": "inundacion-mocoa"/);
        assert.match(res.body, /"publishContact": true/);
        assert.match(res.body, /Nada se publica sin revisión/);
        assert.match(res.body, /pide su permiso expreso/);
        assert.doesNotMatch(res.body, /<form|<input/);
      }
    }
    const request = await get('/necesito-ayuda.md');
    assert.match(request.body, /\| `latitude` \| sin municipalityCode \| -4\.3 … 13\.6 \|/);
    assert.match(request.body, /documento de identidad solo se recibe en el formulario web/);
    const offer = await get('/quiero-ayudar.md');
    assert.match(offer.body, /\| `latitude` \| no \|/);
    assert.match(offer.body, /\| `needsTransport` \| no \|/);
    // The JSON the twin shows is accepted by the API as it stands.
    const example = /-d '(\{[\s\S]*?\})'/.exec(request.body)?.[1] ?? '{}';
    const accepted = await h.json({ method: 'POST', url: HELP, payload: JSON.parse(example) });
    assert.equal(accepted.status, 202);
    assert.equal(accepted.body.reviewStatus, 'pending_review');
    const english = await get('/quiero-ayudar.md?lang=en');
    assert.match(english.body, /## Sending the same through the API/);
  });

  test('the receipt twin, and an unknown receipt is a 404 page', async () => {
    const sent = await post('/quiero-ayudar', offerFields({ title: 'Voluntarios para cargar' }));
    const id = idFrom(sent.headers.location);
    const twin = await get(`/recibido/${id}.md`);
    assert.equal(twin.statusCode, 200);
    assert.match(String(twin.headers['content-type']), /text\/markdown/);
    assert.match(twin.body, /Voluntarios para cargar/);
    assert.ok(!twin.body.includes('+573157654321'));
    for (const unknown of [randomUUID(), 'no-es-un-id', '<script>']) {
      const res = await get(`/recibido/${encodeURIComponent(unknown)}`);
      assert.equal(res.statusCode, 404);
      assert.match(String(res.headers['content-type']), /text\/html/);
      assert.match(res.body, /Envío no encontrado/);
      assert.ok(!res.body.includes('<script>'));
    }
  });

  test('a rejected submission’s receipt says it was not published, without its content', async () => {
    const sent = await post('/necesito-ayuda', requestFields({ title: 'Pedido que se rechazará' }));
    const id = idFrom(sent.headers.location);
    const { rejectSubmission } = await import('../src/commands/reject-submission.ts');
    await rejectSubmission(h.ctx, id, 'test', 'motivo privado del rechazo');
    const receipt = await get(`/recibido/${id}`);
    assert.equal(receipt.statusCode, 200);
    assert.match(receipt.body, /no lo publicó/);
    assert.ok(!receipt.body.includes('Pedido que se rechazará'));
    assert.ok(!receipt.body.includes('motivo privado del rechazo'));
  });

  test('with several emergencies: none chosen unless the link names one; sending without one is an error', async () => {
    await addEmergency(h, OTHER, 'Sismo Pasto');
    const page = await get('/necesito-ayuda');
    assert.match(page.body, /<option value="">Elija la emergencia<\/option>/);
    assert.doesNotMatch(page.body, /<option value="[a-z-]+"[^>]* selected>/);
    const linked = await get(`/quiero-ayudar?emergencia=${OTHER}`);
    assert.match(linked.body, /<option value="sismo-pasto"[^>]* selected>Sismo Pasto<\/option>/);
    const ignored = await get('/quiero-ayudar?emergencia=%3Cscript%3E');
    assert.equal(ignored.statusCode, 200);
    assert.ok(!ignored.body.includes('<script>'));
    const before = await rowCount();
    const missing = await post('/necesito-ayuda', requestFields({ emergencySlug: '' }));
    assert.equal(missing.statusCode, 400);
    assert.match(inlineError(missing.body, 'emergencySlug'), /Elija una de las emergencias activas/);
    // A closed emergency takes no submissions.
    const other = await h.ctx.db
      .selectFrom('emergencies')
      .select('id')
      .where('slug', '=', OTHER)
      .executeTakeFirstOrThrow();
    await closeEmergency(h.ctx.db, other.id, h.ctx.now().toISOString());
    const closed = await post('/necesito-ayuda', requestFields({ emergencySlug: OTHER }));
    assert.equal(closed.statusCode, 400);
    assert.match(inlineError(closed.body, 'emergencySlug'), /emergencias activas/);
    assert.equal(await rowCount(), before);
  });
});

describe('website forms under the submissions limit', () => {
  let limited: Harness;
  before(async () => {
    limited = await setup({ RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '2' });
    await addEmergency(limited, SLUG, 'Inundación Mocoa');
  });
  after(async () => {
    await limited?.close();
  });

  test('past the limit: 429 with Retry-After, the form back with what was typed, nothing written', async () => {
    const send = (fields: Record<string, string>) =>
      limited.app.inject({
        method: 'POST',
        url: '/necesito-ayuda',
        payload: form(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    assert.equal((await send(requestFields())).statusCode, 303);
    assert.equal((await send(requestFields())).statusCode, 303);
    const refused = await send(requestFields({ title: 'Medicamentos para la diabetes' }));
    assert.equal(refused.statusCode, 429);
    assert.ok(refused.headers['retry-after']);
    assert.match(refused.body, /demasiados formularios seguidos/);
    assert.match(refused.body, /value="Medicamentos para la diabetes"/);
    const count = await limited.ctx.db
      .selectFrom('help_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 2);
  });
});
