// A request placed only by its municipality: accepted without coordinates, public at the municipality's point with
// precision "municipality", placed later by a leader; San Andrés and unknown codes refused; without a municipality
// the coordinates stay required.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { municipalityByCode } from '../src/domain/municipalities.ts';
import { callTool, tools } from '../src/mcp/tools.ts';
import { findById } from '../src/repositories/help-records/records.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, requestBody, setup, submit } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
/** Villagarzón, Putumayo: a municipality other than the emergency's own. */
const VILLAGARZON = '86885';
let h: Harness;

const detail = (id: string) => h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
const review = (id: string) => `/panel/e/${SLUG}/revisar/${id}`;

/** A request body with no coordinates at all. */
function withoutPoint(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { latitude: _lat, longitude: _lon, ...body } = requestBody(overrides);
  return body;
}

function postForm(url: string, fields: Record<string, string>) {
  return h.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG);
});

after(async () => {
  await h.close();
});

describe('a request placed by its municipality', () => {
  test('accepted without coordinates, public at the municipality point once approved', async () => {
    const address = `Vereda La Esmeralda, finca ${randomUUID().slice(0, 8)}`;
    const sent = await h.json({
      method: 'POST',
      url: HELP,
      payload: withoutPoint({ municipalityCode: VILLAGARZON, address, neighborhood: 'La Esmeralda' }),
    });
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    const id = sent.body.id as string;
    const stored = await findById(h.ctx, id);
    assert.equal(stored?.latitude, null);
    assert.equal(stored?.longitude, null);
    assert.equal(stored?.municipality_code, VILLAGARZON);
    assert.equal(stored?.municipality_derived, 0);

    await approveSubmission(h.ctx, id, 'test');
    const item = (await detail(id)).body.item;
    const m = municipalityByCode(VILLAGARZON);
    assert.ok(m);
    assert.equal(item.location.latitude, m.latitude);
    assert.equal(item.location.longitude, m.longitude);
    assert.equal(item.location.precision, 'municipality');
    assert.equal(item.location.municipalityCode, VILLAGARZON);
    assert.equal(item.location.municipality, 'Villagarzón, Putumayo');
    assert.equal(item.location.address, null, 'the address stays with the leaders');

    const page = await h.app.inject({ method: 'GET', url: `/ayudas/${id}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Villagarzón, Putumayo/);
    assert.ok(!page.body.includes(address), 'the address is not on the public page');
  });

  test('with a point too, the chosen municipality is kept instead of the nearest', async () => {
    const id = await submit(h, requestBody({ municipalityCode: VILLAGARZON }));
    const stored = await findById(h.ctx, id);
    assert.equal(stored?.municipality_code, VILLAGARZON);
    assert.equal(stored?.municipality_derived, 0);
    const derived = await findById(h.ctx, await submit(h, requestBody()));
    assert.equal(derived?.municipality_code, '86001', 'a point alone names the nearest municipality');
    assert.equal(derived?.municipality_derived, 1);
  });

  test('San Andrés, Providencia and unknown codes are refused', async () => {
    for (const [code, expected] of [
      ['88001', 'municipality_outside_bounds'],
      ['88564', 'municipality_outside_bounds'],
      ['99999', 'unknown_municipality'],
      ['05999', 'unknown_municipality'],
    ]) {
      const res = await h.json({ method: 'POST', url: HELP, payload: withoutPoint({ municipalityCode: code }) });
      assert.equal(res.status, 400, code);
      assert.equal(res.body.code, 'validation_failed');
      const details = res.body.details as { field: string; code: string }[];
      assert.deepEqual(
        details.map((d) => [d.field, d.code]),
        [['municipalityCode', expected]],
        code,
      );
    }
  });

  test('without a municipality, the coordinates are still required', async () => {
    const res = await h.json({ method: 'POST', url: HELP, payload: withoutPoint() });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'validation_failed');
    const fields = (res.body.details as { field: string; code: string }[]).map((d) => [d.field, d.code]);
    assert.deepEqual(fields, [
      ['latitude', 'required'],
      ['longitude', 'required'],
    ]);
  });

  test('the MCP tool publicar_solicitud takes municipalityCode instead of coordinates, with the same rules', async () => {
    const tool = tools.find((t) => t.name === 'publicar_solicitud');
    assert.ok(tool);
    const { type: _type, source: _source, externalId: _id, ...args } = withoutPoint({ municipalityCode: VILLAGARZON });
    const sent = await callTool(tool, h.ctx, args, () => {});
    assert.equal(sent.isError, undefined, JSON.stringify(sent.content));
    const id = String(sent.structuredContent?.id);
    assert.equal((await findById(h.ctx, id))?.municipality_code, VILLAGARZON);
    const island = await callTool(tool, h.ctx, { ...args, municipalityCode: '88001' }, () => {});
    assert.equal(island.isError, true);
    assert.match(island.content[0]?.text ?? '', /municipality_outside_bounds/);
    const { municipalityCode: _code, ...nowhere } = args;
    const refused = await callTool(tool, h.ctx, nowhere, () => {});
    assert.equal(refused.isError, true);
    assert.match(refused.content[0]?.text ?? '', /validation_failed/);
  });

  test('the console shows it without an exact point; a leader places it with typed coordinates', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await submit(h, withoutPoint({ municipalityCode: VILLAGARZON, title: 'Mercados para la vereda' }));
    const inbox = await browser.get(`/panel/e/${SLUG}`);
    assert.match(inbox.body, new RegExp(`${review(id)}[^]*?sin punto exacto`));
    const page = await browser.get(review(id));
    assert.match(page.body, /sin punto exacto/);
    assert.match(page.body, new RegExp(`<option value="${VILLAGARZON}" selected>`));
    const version = /name="version" value="(\d+)"/.exec(page.body)?.[1] ?? '';
    const res = await browser.post(`${review(id)}/corregir`, {
      title: 'Mercados para la vereda',
      category: 'agua',
      contactName: 'María Rojas',
      contactWhatsapp: '+573001234567',
      urgency: 'needed',
      address: 'Vereda La Esmeralda',
      municipalityCode: VILLAGARZON,
      latitude: '1,0301',
      longitude: '-76.6158',
      version,
    });
    assert.equal(res.statusCode, 303, res.body);
    const item = (await detail(id)).body.item;
    assert.equal(item.location.precision, 'approximate');
    assert.equal(item.location.municipalityCode, VILLAGARZON);
    const stored = await findById(h.ctx, id);
    assert.equal(stored?.latitude, 1.0301);
    assert.equal(stored?.municipality_derived, 0);
  });

  test('a leader may keep the municipality point, and correct a derived municipality', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await submit(h, requestBody({ title: 'Colchonetas para el albergue' }));
    const page = await browser.get(review(id));
    assert.match(page.body, /Según el punto \(ahora: Mocoa, Putumayo\)/);
    const version = /name="version" value="(\d+)"/.exec(page.body)?.[1] ?? '';
    const res = await browser.post(`${review(id)}/corregir`, {
      title: 'Colchonetas para el albergue',
      category: 'agua',
      contactName: 'María Rojas',
      contactWhatsapp: '+573001234567',
      urgency: 'needed',
      address: 'Calle 8 # 5-21',
      municipalityCode: VILLAGARZON,
      latitude: '',
      longitude: '',
      version,
    });
    assert.equal(res.statusCode, 303, res.body);
    const item = (await detail(id)).body.item;
    assert.equal(item.location.precision, 'municipality');
    assert.equal(item.location.municipalityCode, VILLAGARZON);
    const stored = await findById(h.ctx, id);
    assert.equal(stored?.latitude, null);
    assert.equal(stored?.municipality_derived, 0);
  });

  test('the correction form lists one department at a time; "Ver municipios" publishes nothing', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await submit(h, requestBody({ title: 'Botas para la brigada' }));
    const page = await browser.get(review(id));
    assert.match(page.body, /<option value="86885">Villagarzón<\/option>/, 'the derived municipality department');
    assert.ok(!page.body.includes('value="05001"'), 'not every municipality of the country');
    const version = /name="version" value="(\d+)"/.exec(page.body)?.[1] ?? '';
    const res = await browser.post(`${review(id)}/corregir`, {
      title: 'Botas para la brigada de rescate',
      departmentCode: '05',
      verMunicipios: 'Ver municipios',
      version,
    });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<option value="05001">Medellín<\/option>/);
    assert.match(res.body, /value="Botas para la brigada de rescate"/, 'what the leader typed is kept');
    assert.equal((await detail(id)).status, 404, 'nothing was published');
  });
});

describe('the request form without JavaScript', () => {
  test('"Ver municipios" lists the department, keeps what was typed and saves nothing', async () => {
    const blank = await h.app.inject({ method: 'GET', url: '/necesito-ayuda' });
    assert.equal(blank.statusCode, 200);
    // The only active emergency's department is chosen already (Putumayo): its list, and no other department's.
    assert.match(blank.body, /<option value="86001">Mocoa<\/option>/);
    assert.ok(!blank.body.includes('value="19001"'), 'no list of a department nobody chose');
    assert.ok(!blank.body.includes('value="88"'), 'San Andrés is not offered');
    assert.match(blank.body, /llame a la línea de emergencias 123/);
    // A department's list only: the page stays far from the 1,100 municipalities.
    assert.ok(blank.body.length < 60_000, `request form is ${blank.body.length} bytes`);
    const externalId = randomUUID();
    const res = await postForm('/necesito-ayuda', {
      externalId,
      emergencySlug: SLUG,
      title: 'Agua para la vereda',
      departmentCode: '19',
      verMunicipios: 'Ver municipios',
      contactName: 'Ana Pérez',
    });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<option value="19001">Popayán<\/option>/);
    assert.ok(!res.body.includes('value="86885"'), 'the department chosen, not the emergency’s');
    assert.match(res.body, /value="Agua para la vereda"/);
    assert.match(res.body, /id="municipalityCode" name="municipalityCode"[^>]*autofocus/);
    const list = await h.json({ method: 'GET', url: `${HELP}?view=list&status=all&q=vereda` });
    assert.equal(list.status, 200);
    assert.equal(
      (list.body.items as { title: string }[]).filter((i) => i.title === 'Agua para la vereda').length,
      0,
      'nothing was saved',
    );
  });

  test('department, municipality and address are enough; no place at all is refused at the municipality', async () => {
    const fields = {
      externalId: randomUUID(),
      emergencySlug: SLUG,
      title: 'Alimentos para la vereda',
      category: 'alimentos',
      urgency: 'needed',
      departmentCode: '86',
      municipalityCode: VILLAGARZON,
      address: 'Vereda La Esmeralda, junto a la escuela',
      neighborhood: 'La Esmeralda',
      contactName: 'Ana Pérez',
      contactWhatsapp: '311 555 0199',
      publishContact: 'si',
    };
    const none = await postForm('/necesito-ayuda', { ...fields, municipalityCode: '', departmentCode: '' });
    assert.equal(none.statusCode, 400);
    assert.match(none.body, /<a href="#municipalityCode">Municipio<\/a>: Elija el municipio, o marque el punto/);
    const other = await postForm('/necesito-ayuda', { ...fields, departmentCode: '05' });
    assert.equal(other.statusCode, 400);
    assert.match(other.body, /no es del departamento elegido/);
    const sent = await postForm('/necesito-ayuda', fields);
    assert.equal(sent.statusCode, 303, sent.body);
    const id = /\/recibido\/([^?]+)/.exec(String(sent.headers.location))?.[1] ?? '';
    const stored = await findById(h.ctx, id);
    assert.equal(stored?.municipality_code, VILLAGARZON);
    assert.equal(stored?.latitude, null);
  });

  test('the municipalities of a department, for the form script', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/municipios.json?departamento=86' });
    assert.equal(res.statusCode, 200);
    const body = JSON.parse(res.body) as { municipalities: { code: string; name: string }[] };
    assert.equal(body.municipalities.length, 13);
    assert.ok(body.municipalities.some((m) => m.code === VILLAGARZON && m.name === 'Villagarzón'));
    const island = JSON.parse((await h.app.inject({ method: 'GET', url: '/municipios.json?departamento=88' })).body);
    assert.deepEqual(island.municipalities, []);
  });
});
