// POST /api/public/v1/help: every bound of SPEC 2.2-2.4, the error contract, and "nothing public before review".
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  addEmergency,
  countRecords,
  type Harness,
  HELP,
  list,
  offerBody,
  requestBody,
  setup,
} from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  h.json({ method: 'POST', url: HELP, payload: payload as object, headers });

/** Asserts a 400 that names field with code, and that nothing was written. */
async function rejects(payload: unknown, field: string, code: string, errorCode = 'validation_failed') {
  const before = await countRecords(h);
  const res = await post(payload);
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.code, errorCode);
  assert.equal(typeof res.body.error, 'string');
  const detail = res.body.details.find((d: { field: string }) => d.field === field);
  assert.ok(detail, `no detail for ${field}: ${JSON.stringify(res.body.details)}`);
  assert.equal(detail.code, code, `${field}: ${JSON.stringify(detail)}`);
  assert.equal(await countRecords(h), before, 'a rejected submission must write nothing');
}

describe('accepted submissions', () => {
  test('a request is committed, answered 202 with a complete PublishResult, and stays private', async () => {
    const body = requestBody({ contactWhatsapp: '+57 300 123 4567', title: 'Medicamentos para adultos mayores' });
    const res = await post(body);
    assert.equal(res.status, 202);
    assert.deepEqual(Object.keys(res.body).sort(), [
      'editToken',
      'emergencySlug',
      'id',
      'message',
      'ok',
      'queued',
      'receiptCode',
      'reviewStatus',
      'type',
    ]);
    assert.match(res.body.receiptCode, /^[2-9A-Z]{3}(-[2-9A-Z]{3}){3}$/, 'the person’s receipt code');
    assert.equal(res.body.ok, true);
    assert.equal(res.body.queued, true);
    assert.equal(res.body.type, 'request');
    assert.equal(res.body.emergencySlug, 'inundacion-mocoa');
    assert.equal(res.body.reviewStatus, 'pending_review');
    assert.match(res.body.editToken, /^[A-Za-z0-9_-]{43}$/, 'a new pair gets its secret edit token');
    const row = await h.ctx.db
      .selectFrom('help_records')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.review_status, 'pending_review');
    assert.equal(row.contact_whatsapp, '+573001234567', 'stored in E.164');
    assert.equal(row.urgency, 'needed');
    assert.ok(row.edit_token_hash, 'the token is stored as a hash');
    assert.notEqual(row.edit_token_hash, res.body.editToken, 'never in clear');
    assert.equal(row.people, 1, 'neededPeople defaults to 1');
    const listed = await list(h, { status: 'all', q: 'medicamentos' });
    assert.equal(listed.body.total, 0, 'a submission is visible nowhere public before approval');
    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${res.body.id}` });
    assert.equal(detail.status, 404);
    assert.equal(detail.body.code, 'help_not_found');
  });

  test('an offer with every field is accepted; type selects the variant', async () => {
    const res = await post(
      offerBody({
        emergencySlug: 'inundacion-mocoa',
        description: 'Disponible mañana y tarde.',
        address: 'Parque principal',
        latitude: 1.1497,
        longitude: -76.6469,
        collectionCenterStatus: 'needs_resources',
        vehicle: 'Camioneta 4x4',
        capacityKg: 800.5,
        capacityBoxes: 40,
        passengerCapacity: 4,
        zones: 'Mocoa y veredas del sur',
        availableUntil: '2028-02-29',
        needsTransport: true,
      }),
    );
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.body.type, 'offer');
    const row = await h.ctx.db
      .selectFrom('help_records')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.capacity_kg, 800.5);
    assert.equal(row.available_until, '2028-02-29');
    assert.equal(row.needs_transport, 1);
  });

  test('neededPeople is accepted as the deprecated alias, with its bounds', async () => {
    const res = await post(
      requestBody({ neededPeople: 10000, quantityRequired: 1000000, unit: 'litros', resourceLabel: 'Agua' }),
    );
    assert.equal(res.status, 202);
    const row = await h.ctx.db
      .selectFrom('help_records')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.people, 10000);
    assert.equal(row.quantity_required, 1000000);
  });

  test('boundary values are accepted', async () => {
    for (const overrides of [
      { title: 'abcd', latitude: -4.3, longitude: -79.1 },
      { title: 'x'.repeat(100), latitude: 13.6, longitude: -66.8, description: 'd'.repeat(600) },
      { contactName: 'Jo', address: 'Cll8', neighborhood: 'n'.repeat(80), neededPeople: 0, unit: 'u'.repeat(40) },
    ]) {
      const res = await post(requestBody(overrides));
      assert.equal(res.status, 202, `${JSON.stringify(overrides)}: ${JSON.stringify(res.body)}`);
    }
  });
});

describe('rejected submissions: 400 with a detail per field, nothing written', () => {
  test('consent is required and must be exactly true', async () => {
    await rejects(requestBody({ publishContact: false }), 'publishContact', 'consent_required', 'consent_required');
    await rejects(requestBody({ publishContact: 'true' }), 'publishContact', 'consent_required', 'consent_required');
    const missing = requestBody();
    delete missing.publishContact;
    await rejects(missing, 'publishContact', 'consent_required', 'consent_required');
  });

  test('required fields of the common part and of each variant', async () => {
    for (const field of [
      'source',
      'externalId',
      'title',
      'category',
      'contactName',
      'contactWhatsapp',
      'address',
      'latitude',
      'longitude',
    ]) {
      const body = requestBody();
      delete body[field];
      await rejects(body, field, 'required');
    }
    for (const field of ['source', 'externalId', 'title', 'category', 'contactName', 'contactWhatsapp']) {
      const body = offerBody();
      delete body[field];
      await rejects(body, field, 'required');
    }
    await rejects(requestBody({ type: 'donation' }), 'type', 'invalid_value');
    const noType = requestBody();
    delete noType.type;
    await rejects(noType, 'type', 'invalid_value');
  });

  test('string lengths of SPEC 2.2-2.4', async () => {
    await rejects(requestBody({ title: 'abc' }), 'title', 'too_small');
    await rejects(requestBody({ title: '   abc   ' }), 'title', 'too_small');
    await rejects(requestBody({ title: 'x'.repeat(101) }), 'title', 'too_big');
    await rejects(requestBody({ description: 'x'.repeat(601) }), 'description', 'too_big');
    await rejects(requestBody({ contactName: 'J' }), 'contactName', 'too_small');
    await rejects(requestBody({ contactName: 'J'.repeat(101) }), 'contactName', 'too_big');
    await rejects(requestBody({ address: 'abc' }), 'address', 'too_small');
    await rejects(requestBody({ address: 'a'.repeat(181) }), 'address', 'too_big');
    await rejects(requestBody({ neighborhood: 'n'.repeat(81) }), 'neighborhood', 'too_big');
    await rejects(requestBody({ resourceLabel: 'r'.repeat(161) }), 'resourceLabel', 'too_big');
    await rejects(requestBody({ unit: '' }), 'unit', 'too_small');
    await rejects(requestBody({ unit: 'u'.repeat(41) }), 'unit', 'too_big');
    await rejects(offerBody({ address: 'a'.repeat(181) }), 'address', 'too_big');
    await rejects(offerBody({ vehicle: 'v'.repeat(81) }), 'vehicle', 'too_big');
    await rejects(offerBody({ zones: 'z'.repeat(181) }), 'zones', 'too_big');
  });

  test('numeric bounds of SPEC 2.3-2.4', async () => {
    await rejects(requestBody({ latitude: -4.31 }), 'latitude', 'too_small');
    await rejects(requestBody({ latitude: 13.61 }), 'latitude', 'too_big');
    await rejects(requestBody({ longitude: -79.11 }), 'longitude', 'too_small');
    await rejects(requestBody({ longitude: -66.79 }), 'longitude', 'too_big');
    await rejects(requestBody({ latitude: '1.2' }), 'latitude', 'invalid_type');
    await rejects(requestBody({ neededPeople: 10001 }), 'neededPeople', 'too_big');
    await rejects(requestBody({ neededPeople: -1 }), 'neededPeople', 'too_small');
    await rejects(requestBody({ neededPeople: 2.5 }), 'neededPeople', 'invalid_type');
    await rejects(requestBody({ quantityRequired: 0 }), 'quantityRequired', 'too_small');
    await rejects(requestBody({ quantityRequired: 1000001 }), 'quantityRequired', 'too_big');
    await rejects(offerBody({ capacityKg: -1 }), 'capacityKg', 'too_small');
    await rejects(offerBody({ capacityKg: 100001 }), 'capacityKg', 'too_big');
    await rejects(offerBody({ capacityBoxes: 1.5 }), 'capacityBoxes', 'invalid_type');
    await rejects(offerBody({ capacityBoxes: 100001 }), 'capacityBoxes', 'too_big');
    await rejects(offerBody({ passengerCapacity: 10001 }), 'passengerCapacity', 'too_big');
    await rejects(offerBody({ latitude: 1.2 }), 'longitude', 'coordinates_pair');
  });

  test('enumerations, dates and booleans', async () => {
    await rejects(requestBody({ category: 'comida' }), 'category', 'invalid_value');
    await rejects(requestBody({ urgency: 'high' }), 'urgency', 'invalid_value');
    await rejects(offerBody({ collectionCenterStatus: 'open' }), 'collectionCenterStatus', 'invalid_value');
    await rejects(offerBody({ availableUntil: '2026-02-30' }), 'availableUntil', 'invalid_date');
    await rejects(offerBody({ availableUntil: '2027-02-29' }), 'availableUntil', 'invalid_date');
    await rejects(offerBody({ availableUntil: '30/06/2026' }), 'availableUntil', 'invalid_date');
    await rejects(offerBody({ needsTransport: 'yes' }), 'needsTransport', 'invalid_type');
  });

  test('WhatsApp numbers must be valid international numbers', async () => {
    for (const number of ['3001234567', '+57 123', '+5730012345678901', 'whatsapp', '+00 300 123 4567']) {
      await rejects(requestBody({ contactWhatsapp: number }), 'contactWhatsapp', 'invalid_whatsapp');
    }
  });

  test('unknown fields and variant-foreign fields are rejected', async () => {
    await rejects(requestBody({ priority: 'high' }), 'priority', 'unknown_field');
    await rejects(requestBody({ vehicle: 'Camión' }), 'vehicle', 'unknown_field');
    await rejects(offerBody({ urgency: 'urgent' }), 'urgency', 'unknown_field');
    await rejects(offerBody({ identityDocument: '123' }), 'identityDocument', 'unknown_field');
  });

  test('control characters and broken Unicode are refused', async () => {
    await rejects(requestBody({ title: 'Agua\u0000potable' }), 'title', 'invalid_characters');
    await rejects(requestBody({ contactName: 'Ana\nMaría' }), 'contactName', 'invalid_characters');
    await rejects(requestBody({ title: 'Agua \ud800 potable' }), 'title', 'invalid_characters');
    const res = await post(requestBody({ description: 'Primera línea\nSegunda línea' }));
    assert.equal(res.status, 202, 'new lines are fine in descriptions');
  });

  test('a body that is not an object', async () => {
    for (const payload of ['[]', '"texto"', '42', 'null']) {
      const res = await h.json({ method: 'POST', url: HELP, payload, headers: { 'content-type': 'application/json' } });
      assert.equal(res.status, 400, payload);
      assert.equal(res.body.code, 'validation_failed');
    }
  });

  test('English messages when Accept-Language prefers English', async () => {
    const res = await post(requestBody({ title: 'abc' }), { 'accept-language': 'en-GB,en;q=0.9,es;q=0.5' });
    assert.equal(res.body.error, 'The submitted data is invalid.');
    assert.match(res.body.details[0].message, /at least 4 characters/);
    const es = await post(requestBody({ title: 'abc' }));
    assert.equal(es.body.error, 'Los datos enviados no son válidos.');
  });
});

describe('transport errors', () => {
  const raw = (payload: string, headers: Record<string, string>) =>
    h.json({ method: 'POST', url: HELP, payload, headers });

  test('malformed JSON -> 400 invalid_json', async () => {
    const res = await raw('{"type":"request",', { 'content-type': 'application/json' });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'invalid_json');
  });

  test('empty body -> 400 empty_body', async () => {
    const res = await raw('', { 'content-type': 'application/json' });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'empty_body');
  });

  test('nesting deeper than 32 -> 400 json_too_deep; 32 is parsed', async () => {
    const deep = (n: number) => `{"type":"request","x":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
    const tooDeep = await raw(deep(33), { 'content-type': 'application/json' });
    assert.equal(tooDeep.status, 400);
    assert.equal(tooDeep.body.code, 'json_too_deep');
    const fine = await raw(deep(32), { 'content-type': 'application/json' });
    assert.equal(fine.status, 400);
    assert.equal(fine.body.code, 'validation_failed', 'depth 32 is parsed and then validated');
  });

  test('a repeated key -> 400 duplicate_json_key', async () => {
    const body = JSON.stringify(requestBody()).replace('{', '{"title":"Otra cosa distinta",');
    const res = await raw(body, { 'content-type': 'application/json' });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'duplicate_json_key');
    assert.equal(res.body.details[0].field, 'title');
  });

  test('prototype keys are plain unknown fields, and pollute nothing', async () => {
    const body = JSON.stringify(requestBody()).replace(
      '{',
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},',
    );
    const res = await raw(body, { 'content-type': 'application/json' });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.some((d: { field: string }) => d.field === '__proto__'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('anything but application/json -> 415, including text/plain and forms', async () => {
    const json = JSON.stringify(requestBody());
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const res = await raw(json, { 'content-type': type });
      assert.equal(res.status, 415, type);
      assert.equal(res.body.code, 'unsupported_media_type');
    }
    const charset = await raw(json, { 'content-type': 'application/json; charset=utf-8' });
    assert.equal(charset.status, 202);
  });

  test('a body over 32 KiB -> 413 payload_too_large', async () => {
    const res = await raw(JSON.stringify(requestBody({ description: 'x'.repeat(33 * 1024) })), {
      'content-type': 'application/json',
    });
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 'payload_too_large');
  });
});
