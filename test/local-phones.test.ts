// Colombian numbers as people write them: the website's forms read them into E.164, the record page shows them
// grouped with a link to call, and the public API still takes only the international format.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
let h: Harness;

/** The request form as a browser without JavaScript sends it. */
function postRequest(contactWhatsapp: string) {
  const fields = {
    externalId: randomUUID(),
    emergencySlug: SLUG,
    title: 'Colchonetas para el albergue',
    category: 'refugio',
    urgency: 'needed',
    description: 'Veinte familias duermen en el piso del coliseo.',
    latitude: '1.1478',
    longitude: '-76.6476',
    address: 'Coliseo municipal',
    neighborhood: 'San Miguel',
    contactName: 'Luz Dary Benavides',
    contactWhatsapp,
    identityDocument: '',
    publishContact: 'si',
  };
  return h.app.inject({
    method: 'POST',
    url: '/necesito-ayuda',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function rowCount(): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('Colombian phone numbers', () => {
  before(async () => {
    h = await setup();
    await addEmergency(h, SLUG, 'Inundación Mocoa');
  });
  after(async () => {
    await h?.close();
  });

  test('a number written as usual is stored as E.164, shown grouped, with a link to call', async () => {
    const res = await postRequest('311 555 0199');
    assert.equal(res.statusCode, 303, res.body);
    const id = /^\/recibido\/([0-9a-f-]{36})$/.exec(String(res.headers.location))?.[1];
    assert.ok(id, String(res.headers.location));
    await approveSubmission(h.ctx, id, 'test');

    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
    assert.equal(detail.status, 200);
    assert.equal(detail.body.item.contact.whatsapp, '+573115550199');

    const page = await h.app.inject({ method: 'GET', url: `/ayudas/${id}` });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('+57 311 555 0199'), 'the number, grouped');
    assert.match(page.body, /<a href="tel:\+573115550199"[^>]*>Llamar<\/a>/);
    assert.match(page.body, /href="https:\/\/wa\.me\/573115550199\?text=/);

    const english = await h.app.inject({ method: 'GET', url: `/ayudas/${id}?lang=en` });
    assert.match(english.body, /<a href="tel:\+573115550199"[^>]*>Call<\/a>/);

    const twin = await h.app.inject({ method: 'GET', url: `/ayudas/${id}.md` });
    assert.equal(twin.statusCode, 200);
    assert.ok(twin.body.includes('+57 311 555 0199'), twin.body);
    assert.ok(twin.body.includes('[Llamar](tel:+573115550199)'), twin.body);
  });

  test('a number too short to be one gives the form’s error and writes nothing', async () => {
    const before = await rowCount();
    const res = await postRequest('311 555');
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /<strong class="error" id="contactWhatsapp-error">[^<]*WhatsApp no válido/);
    assert.ok(res.body.includes('value="311 555"'), 'what was typed is given back');
    assert.equal(await rowCount(), before);
  });

  test('the public API still takes only the international format', async () => {
    const before = await rowCount();
    const res = await h.json({ method: 'POST', url: HELP, payload: requestBody({ contactWhatsapp: '3115550199' }) });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'validation_failed');
    const detail = res.body.details.find((d: { field: string }) => d.field === 'contactWhatsapp');
    assert.equal(detail?.code, 'invalid_whatsapp', JSON.stringify(res.body.details));
    assert.equal(await rowCount(), before);
  });
});
