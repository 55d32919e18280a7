// POST /integraciones/kobo: KoboToolbox REST-service submissions (fixtures in Kobo's published JSON shape) enter
// the review inbox through the submission command; the shared secret, replays, edits, limits and busy databases.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, mock, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { addSource } from '../src/commands/source-registration.ts';
import { categories } from '../src/domain/categories.ts';
import { urgencies } from '../src/domain/statuses.ts';
import { reviewInbox } from '../src/queries/review-inbox.ts';
import { addEmergency, countRecords, type Harness, HELP, setup } from './helpers/harness.ts';

const KOBO = '/integraciones/kobo';
const SECRET = 'secreto-compartido-con-kobo-2026';
const ASSET = 'aK3pQz7Vn2XcRtY8mLw4Bd';

type Payload = Record<string, unknown>;
const fixture = (name: string): Payload =>
  JSON.parse(readFileSync(new URL(`./fixtures/kobo/${name}.json`, import.meta.url), 'utf8'));

let uuidCounter = 0;
/** A fixture as a new submission: its own _uuid (Kobo gives each submission one), with some answers changed. */
function fresh(name: string, changes: Payload = {}): Payload {
  uuidCounter++;
  const uuid = `0000${String(uuidCounter).padStart(4, '0')}-${process.pid % 10000}-4000-8000-000000000000`;
  return { ...fixture(name), _uuid: uuid, 'meta/instanceID': `uuid:${uuid}`, ...changes };
}

let h: Harness;
before(async () => {
  h = await setup({ KOBO_SECRET: SECRET });
  await addEmergency(h);
});
after(() => h.close());

const post = (payload: Payload, headers: Record<string, string> = { 'x-ayuda-kobo-secret': SECRET }) =>
  h.json({ method: 'POST', url: KOBO, payload, headers });

const recordOf = (id: string) =>
  h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A 400 naming the form's field with that code, and nothing written. */
async function rejects(payload: Payload, field: string, code: string, errorCode = 'validation_failed') {
  const before = await countRecords(h);
  const res = await post(payload);
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.code, errorCode);
  const detail = res.body.details.find((d: { field: string }) => d.field === field);
  assert.ok(detail, `no detail for ${field}: ${JSON.stringify(res.body.details)}`);
  assert.equal(detail.code, code, JSON.stringify(detail));
  assert.equal(await countRecords(h), before, 'a refused submission writes nothing');
}

describe('accepted submissions', () => {
  test('a request with every field type is stored as sent, pending review, with source kobo:<asset>', async () => {
    const payload = fixture('solicitud');
    const res = await post(payload);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    // No receipt code: KoboToolbox keeps its REST answers, and the code is the person's secret.
    assert.deepEqual(Object.keys(res.body).sort(), ['id', 'ok', 'status']);
    assert.equal(res.body.ok, true);
    assert.equal(res.body.status, 'pending_review');
    const row = await recordOf(res.body.id);
    assert.equal(row.source, `kobo:${ASSET}`);
    assert.equal(row.external_id, payload._uuid);
    assert.equal(row.review_status, 'pending_review');
    assert.equal(row.type, 'request', 'select_one tipo=solicitud');
    assert.equal(row.category, 'agua', 'select_one categoria inside a group');
    assert.equal(row.urgency, 'urgent');
    assert.equal(row.title, 'Agua potable para 6 familias');
    assert.equal(row.description, 'Estamos aislados por el río, sin agua desde ayer.');
    assert.equal(row.quantity_required, 30.5, 'decimal');
    assert.equal(row.people, 24, 'integer');
    assert.equal(row.latitude, 1.1478, 'geopoint latitude');
    assert.equal(row.longitude, -76.6476, 'geopoint longitude');
    assert.equal(row.address, 'Calle 8 # 5-21, junto a la escuela');
    assert.equal(row.neighborhood, 'San Miguel');
    assert.equal(row.municipality_code, '86001');
    assert.equal(row.contact_name, 'María Fernanda Rojas');
    assert.equal(row.contact_whatsapp, '+573001234567');
    assert.equal(row.edit_token_hash === null, false, 'an unregistered source gets a token it never sees');

    const inbox = await reviewInbox(h.ctx, {});
    const item = inbox.items.find((i) => i.record.id === res.body.id);
    assert.ok(item, 'in the review inbox');
    assert.equal(item.record.source, `kobo:${ASSET}`, 'the leaders see where it came from');
  });

  test('an offer without groups, point or emergency: the municipality places it, the one active emergency takes it', async () => {
    const res = await post(fresh('ofrecimiento'));
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const row = await recordOf(res.body.id);
    assert.equal(row.type, 'offer');
    assert.equal(row.category, 'transporte');
    assert.equal(row.municipality_code, '86001');
    assert.equal(row.latitude, null, '_geolocation [null, null] is no point');
  });

  test('replayed twice: one record, the same id, 200 on each replay', async () => {
    const payload = fresh('solicitud');
    const first = await post(payload);
    assert.equal(first.status, 202);
    const count = await countRecords(h);
    for (let i = 0; i < 2; i++) {
      const again = await post(payload);
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal(again.body.id, first.body.id);
      assert.equal(again.body.receiptCode, undefined, 'no code, on any answer');
    }
    assert.equal(await countRecords(h), count);
  });

  test('out of order (the later submission first): both are stored', async () => {
    const earlier = fresh('solicitud', { _submission_time: '2026-05-10T14:00:00' });
    const later = fresh('solicitud', { _submission_time: '2026-05-10T15:00:00', 'necesidad/titulo': 'Agua y filtros' });
    const count = await countRecords(h);
    const b = await post(later);
    const a = await post(earlier);
    assert.equal(b.status, 202);
    assert.equal(a.status, 202);
    assert.notEqual(a.body.id, b.body.id);
    assert.equal(await countRecords(h), count + 2);
  });
});

describe('edits under the same _uuid', () => {
  test('changed content from an unregistered form: 409 source_conflict, the record unchanged', async () => {
    const payload = fresh('solicitud');
    const first = await post(payload);
    const res = await post({ ...payload, 'necesidad/titulo': 'Otro título cambiado' });
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'source_conflict');
    assert.equal((await recordOf(first.body.id)).title, 'Agua potable para 6 familias');
  });

  test('a registered kobo:<asset> with its key revises the record, which goes back to review', async () => {
    const asset = 'aRegistradoConClave01';
    const { key } = await addSource(h.ctx, `kobo:${asset}`, 'test');
    const payload = fresh('solicitud', { _xform_id_string: asset });
    const headers = { 'x-ayuda-kobo-secret': SECRET, authorization: `Bearer ${key}` };
    const without = await post(payload);
    assert.equal(without.status, 401);
    assert.equal(without.body.code, 'source_key_required');
    const first = await post(payload, headers);
    assert.equal(first.status, 202);
    const edited = await post({ ...payload, 'necesidad/titulo': 'Agua potable para 8 familias' }, headers);
    assert.equal(edited.status, 202, JSON.stringify(edited.body));
    assert.equal(edited.body.id, first.body.id);
    assert.equal((await recordOf(first.body.id)).title, 'Agua potable para 8 familias');
  });
});

describe('refused submissions store nothing', () => {
  test('a missing or wrong secret: 401 integration_unauthorized', async () => {
    const count = await countRecords(h);
    const attempts: Record<string, string>[] = [
      {},
      { 'x-ayuda-kobo-secret': 'otro-secreto-cualquiera-123' },
      { 'x-ayuda-kobo-secret': '' },
    ];
    for (const headers of attempts) {
      const res = await post(fresh('solicitud'), headers);
      assert.equal(res.status, 401, JSON.stringify(res.body));
      assert.equal(res.body.code, 'integration_unauthorized');
    }
    assert.equal(await countRecords(h), count);
  });

  test('over the body limit: 413', async () => {
    const count = await countRecords(h);
    const res = await post(fresh('solicitud', { 'necesidad/descripcion': 'x'.repeat(40_000) }));
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 'payload_too_large');
    assert.equal(await countRecords(h), count);
  });

  test('malformed JSON: 400 invalid_json', async () => {
    const count = await countRecords(h);
    const res = await h.request({
      method: 'POST',
      url: KOBO,
      headers: { 'content-type': 'application/json', 'x-ayuda-kobo-secret': SECRET },
      payload: '{"_uuid": "a", "tipo": ',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(JSON.parse(res.body).code, 'invalid_json');
    assert.equal(await countRecords(h), count);
  });

  test('invalid answers are named by the form field', async () => {
    await rejects(fresh('solicitud', { 'necesidad/categoria': 'juguetes' }), 'categoria', 'invalid_value');
    await rejects(fresh('solicitud', { tipo: 'donacion' }), 'tipo', 'invalid_value');
    await rejects(fresh('solicitud', { 'lugar/ubicacion': 'cerca del río' }), 'ubicacion', 'invalid_type');
    await rejects(fresh('solicitud', { 'necesidad/personas': '2.5' }), 'personas', 'invalid_type');
    await rejects(fresh('solicitud', { 'contacto/whatsapp': '12' }), 'whatsapp', 'invalid_whatsapp');
    await rejects(fresh('solicitud', { 'lugar/municipio': '99999' }), 'municipio', 'unknown_municipality');
    await rejects(fresh('ofrecimiento', { cantidad: '3' }), 'cantidad', 'unknown_field');
    await rejects(fresh('solicitud', { _xform_id_string: 'no vale' }), '_xform_id_string', 'invalid_format');
  });

  test('no consent: 400 consent_required on consentimiento', async () => {
    await rejects(
      fresh('solicitud', { 'contacto/consentimiento': 'no' }),
      'consentimiento',
      'consent_required',
      'consent_required',
    );
  });

  test('a busy database: 503 service_busy with Retry-After, and Kobo retries later', async () => {
    const count = await countRecords(h);
    const busy = Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 });
    const run = mock.method(h.ctx.commits, 'run', async () => {
      throw busy;
    });
    try {
      const res = await post(fresh('solicitud'));
      assert.equal(res.status, 503);
      assert.equal(res.body.code, 'service_busy');
      assert.equal(res.headers['retry-after'], '10');
    } finally {
      run.mock.restore();
    }
    assert.equal(await countRecords(h), count);
  });
});

describe('publication', () => {
  test('nothing is public before approval; afterwards, with the consented contact and no street address', async () => {
    const payload = fresh('solicitud', {
      'necesidad/titulo': 'Agua para la vereda Kobo',
      'lugar/direccion': 'Finca La Esperanza, kilómetro 4',
    });
    const res = await post(payload);
    assert.equal(res.status, 202);
    const id = res.body.id as string;
    const detail = () => h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
    const listed = async () => {
      const body = (await h.json({ method: 'GET', url: `${HELP}?view=list&limit=100` })).body;
      return body.items.some((item: { id: string }) => item.id === id);
    };
    assert.equal((await detail()).status, 404);
    assert.equal(await listed(), false);

    await approveSubmission(h.ctx, id, 'test');
    const published = await detail();
    assert.equal(published.status, 200);
    const item = published.body.item;
    assert.equal(item.contact.name, 'María Fernanda Rojas');
    assert.equal(item.contact.whatsapp, '+573001234567');
    assert.equal(item.location.precision, 'approximate');
    assert.ok(!JSON.stringify(published.body).includes('Finca La Esperanza'), 'the address stays with the leaders');
    assert.equal(await listed(), true);
  });
});

test('without KOBO_SECRET the intake is off: 404 integration_disabled, nothing stored', async () => {
  const off = await setup();
  try {
    await addEmergency(off);
    const res = await off.json({
      method: 'POST',
      url: KOBO,
      payload: fixture('solicitud'),
      headers: { 'x-ayuda-kobo-secret': SECRET },
    });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'integration_disabled');
    const row = await off.ctx.db
      .selectFrom('help_records')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.n), 0);
  } finally {
    await off.close();
  }
});

/** RFC 4180 rows: quoted fields may hold commas and doubled quotes. */
function csvRows(name: string): Record<string, string>[] {
  const text = readFileSync(new URL(`../integraciones/kobo/${name}`, import.meta.url), 'utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') field += text[i++];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
    } else field += c;
  }
  const [header = [], ...data] = rows;
  return data.map((cells) => Object.fromEntries(header.map((column, i) => [column, cells[i] ?? ''])));
}

test('the shipped XLSForm asks exactly what the mapping reads, with the service’s codes, in CSV and Markdown', () => {
  const survey = csvRows('survey.csv');
  const questions = survey.filter((r) => !['begin_group', 'end_group', 'note'].includes(r.type ?? ''));
  assert.deepEqual(questions.map((r) => r.name).sort(), [
    'barrio_vereda',
    'cantidad',
    'categoria',
    'consentimiento',
    'descripcion',
    'direccion',
    'emergencia',
    'municipio',
    'nombre_contacto',
    'personas',
    'tipo',
    'titulo',
    'ubicacion',
    'unidad',
    'urgencia',
    'whatsapp',
  ]);
  const choices = csvRows('choices.csv');
  const list = (name: string) => choices.filter((c) => c.list_name === name).map((c) => c.name);
  assert.deepEqual(list('categoria'), [...categories]);
  assert.deepEqual(list('urgencia'), [...urgencies]);
  assert.deepEqual(list('tipo'), ['solicitud', 'ofrecimiento']);
  assert.deepEqual(list('si_no'), ['si', 'no']);
  assert.equal(csvRows('settings.csv').length, 1);
  const markdown = readFileSync(new URL('../integraciones/kobo/formulario.md', import.meta.url), 'utf8');
  for (const r of survey) assert.ok(markdown.includes(`| ${r.type} | ${r.name} |`), `${r.name} in formulario.md`);
  for (const c of choices) assert.ok(markdown.includes(`| ${c.list_name} | ${c.name} |`), `${c.name} in formulario.md`);
});
