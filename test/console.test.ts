// The leaders' console end to end: sign in, review inbox, decisions, lifecycle; results checked in the public API.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { findById } from '../src/repositories/help-records/records.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { Browser, leader, PASSWORD, pendingShown } from './helpers/console.ts';
import {
  addEmergency,
  type Harness,
  HELP,
  list,
  offerBody,
  publish,
  requestBody,
  setup,
  submit,
} from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha Salgar');
});
after(() => h.close());

const detail = (id: string) => h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
const inbox = `/panel/e/${SLUG}`;
const review = (id: string) => `/panel/e/${SLUG}/revisar/${id}`;
const body = (b: Record<string, unknown>) => ({ emergencySlug: SLUG, ...b });
/** The content version the decision forms of the last page carry. */
const versionOn = (browser: Browser) => /name="version" value="(\d+)"/.exec(browser.last?.body ?? '')?.[1] ?? '';
/** Sends a submission; a change of the same pair proves itself with the editToken of the first answer. */
async function send(payload: Record<string, unknown>, token?: string) {
  const res = await h.json({
    method: 'POST',
    url: HELP,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return res.body as { id: string; editToken?: string };
}

describe('signing in', () => {
  test('the console asks for sign-in, rejects a wrong password in Spanish, then lands on the emergencies', async () => {
    const { email } = await leader(h, [SLUG]);
    const browser = new Browser(h);
    const anonymous = await browser.get('/panel');
    assert.equal(anonymous.statusCode, 303);
    assert.equal(anonymous.headers.location, '/panel/entrar?volver=%2Fpanel');
    const form = await browser.get('/panel/entrar');
    assert.equal(form.statusCode, 200);
    assert.match(form.headers['content-type'] as string, /text\/html/);
    assert.match(form.body, /<html lang="es">/);
    const wrong = await browser.post('/panel/entrar', { email, password: 'no es la contraseña' });
    assert.equal(wrong.statusCode, 401);
    assert.match(wrong.body, /Correo o contraseña incorrectos/);
    assert.equal(browser.cookies.has('ayuda_panel'), false);
    const ok = await browser.post('/panel/entrar', {
      email: email.toUpperCase(),
      password: PASSWORD,
      volver: '/panel',
    });
    assert.equal(ok.statusCode, 303);
    assert.equal(ok.headers.location, '/panel');
    const cookie = (ok.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[]).find(
      (c) => c.name === 'ayuda_panel',
    );
    assert.ok(cookie?.httpOnly);
    assert.equal(cookie?.sameSite, 'Lax');
    const home = await browser.get('/panel');
    assert.equal(home.statusCode, 200);
    assert.match(home.body, /Inundación Mocoa/);
    assert.doesNotMatch(home.body, /Avalancha Salgar/, 'a leader sees only the assigned emergencies');
  });

  test('sign-in sends back only to console paths', async () => {
    const { email } = await leader(h, [SLUG]);
    const browser = new Browser(h);
    await browser.get('/panel/entrar');
    const res = await browser.post('/panel/entrar', {
      email,
      password: PASSWORD,
      volver: 'https://evil.example/panel',
    });
    assert.equal(res.headers.location, '/panel');
    await browser.get('/panel/entrar?volver=//evil.example');
    assert.doesNotMatch(browser.last?.body ?? '', /evil\.example/);
  });
});

describe('review inbox', () => {
  test('urgent first, then the longest waiting; private details shown; pending count on every page', async () => {
    const { browser } = await leader(h, [SLUG]);
    const before = pendingShown((await browser.get(inbox)).body);
    const older = await submit(h, body(requestBody({ title: 'Mercados para familias', urgency: 'needed' })));
    h.clock.advanceHours(0.5);
    const urgent = await submit(
      h,
      body(
        requestBody({
          title: 'Rescate en techo',
          urgency: 'urgent',
          category: 'rescate',
          latitude: 1.2,
          longitude: -76.7,
        }),
      ),
    );
    h.clock.advanceHours(0.5);
    const newest = await submit(
      h,
      body(requestBody({ title: 'Cobijas para albergue', category: 'ropa', latitude: 1.25, longitude: -76.75 })),
    );
    const page = await browser.get(inbox);
    assert.equal(page.statusCode, 200);
    assert.equal(pendingShown(page.body), before + 3);
    const order = [urgent, older, newest].map((id) => page.body.indexOf(review(id)));
    assert.ok(
      order.every((i) => i > 0),
      'every pending submission is listed',
    );
    const [first, second, third] = order as [number, number, number];
    assert.ok(first < second && second < third, `urgent first, then oldest: ${order}`);

    const document = `CC-${process.pid}-771`;
    const submission = helpSubmission.parse(body(requestBody({ title: 'Solicitud con documento' })));
    const { result } = await submitHelp(h.ctx, submission, { identityDocument: document });
    const detailPage = await browser.get(review(result.id));
    assert.equal(detailPage.statusCode, 200);
    assert.ok(detailPage.body.includes(document), 'the leader sees the identity document');
    assert.match(detailPage.body, /\+573001234567/);
    for (const url of [inbox, review(result.id), `/panel/e/${SLUG}/registros`, '/panel']) {
      const res = await browser.get(url);
      assert.equal(pendingShown(res.body), before + 4, url);
    }
  });

  test('approve publishes at once; reject needs a reason and never publishes', async () => {
    const { browser } = await leader(h, [SLUG]);
    const approveId = await submit(h, body(requestBody({ title: 'Agua para la vereda El Pepino' })));
    const rejectId = await submit(h, body(requestBody({ title: 'Publicación de prueba falsa' })));
    assert.equal((await detail(approveId)).status, 404);
    await browser.get(review(approveId));
    const approved = await browser.post(`${review(approveId)}/aprobar`, {
      note: 'Confirmado por teléfono',
      version: versionOn(browser),
    });
    assert.equal(approved.statusCode, 303);
    // Back to the inbox where the leader was, the next card in view, the message naming what was approved.
    const back = String(approved.headers.location);
    assert.match(back, new RegExp(`^${inbox}\\?hecho=aprobada&publicacion=${approveId}#c-${rejectId}$`));
    const published = await detail(approveId);
    assert.equal(published.status, 200);
    assert.equal(published.body.item.contact.name, 'María Rojas');
    assert.ok(published.body.item.timeline.some((t: { note: string }) => t.note === 'Confirmado por teléfono'));
    assert.ok(
      (await list(h, { emergencySlug: SLUG, q: 'Pepino' })).body.items.some((i: { id: string }) => i.id === approveId),
    );
    assert.match(
      (await browser.get(back.split('#')[0] as string)).body,
      /«Agua para la vereda El Pepino» aprobada: ya es pública/,
    );
    assert.match((await browser.get(`${inbox}?hecho=aprobada`)).body, /Publicación aprobada/);

    await browser.get(review(rejectId));
    const noReason = await browser.post(`${review(rejectId)}/rechazar`, { reason: '   ' });
    assert.equal(noReason.statusCode, 400);
    assert.match(noReason.body, /Indique el motivo del rechazo/);
    const rejected = await browser.post(`${review(rejectId)}/rechazar`, { reason: 'Duplicado de otra solicitud' });
    assert.equal(rejected.statusCode, 303);
    assert.equal((await detail(rejectId)).status, 404);
    assert.equal((await list(h, { emergencySlug: SLUG, q: 'falsa', status: 'all' })).body.total, 0);
    const decided = await browser.get(review(rejectId));
    assert.equal(decided.statusCode, 303, 'a decided submission is no longer reviewable');
  });

  test('correct then approve publishes the corrected content; a bad correction changes nothing', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await submit(
      h,
      body(requestBody({ title: 'Agua potabel urgente', quantityRequired: 10, unit: 'bidones' })),
    );
    const page = await browser.get(review(id));
    assert.match(page.body, /value="Agua potabel urgente"/);
    const fields = {
      title: 'Agua potable urgente',
      category: 'agua',
      contactName: 'María Rojas',
      contactWhatsapp: '+573001234567',
      urgency: 'urgent',
      address: 'Calle 8 # 5-21',
      latitude: '1,1478',
      longitude: '-76.6476',
      quantityRequired: '12',
      unit: 'bidones',
    };
    const bad = await browser.post(`${review(id)}/corregir`, {
      ...fields,
      latitude: '45',
      version: versionOn(browser),
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /aria-invalid="true"/);
    assert.match(bad.body, /Revise estos campos/);
    assert.equal((await detail(id)).status, 404, 'nothing published by a rejected correction');
    const good = await browser.post(`${review(id)}/corregir`, { ...fields, version: versionOn(browser) });
    assert.equal(good.statusCode, 303);
    const item = (await detail(id)).body.item;
    assert.equal(item.title, 'Agua potable urgente');
    assert.equal(item.urgency, 'urgent');
    assert.equal(item.quantities.required, 12);
    // The decimal comma was read; the exact point is kept for leaders (the public one may be coarser).
    assert.equal((await findById(h.ctx, id))?.latitude, 1.1478);
  });

  test('a revision of a published record shows what changes; approving it replaces the public content', async () => {
    const { browser } = await leader(h, [SLUG]);
    const original = body(requestBody({ title: 'Leche para bebés', category: 'alimentos' }));
    const first = await send(original);
    const id = first.id;
    await approveSubmission(h.ctx, id, 'test');
    await send({ ...original, title: 'Leche y pañales para bebés' }, first.editToken);
    const page = await browser.get(inbox);
    assert.match(page.body, new RegExp(`${review(id)}[^]*Revisión de un registro publicado`));
    const reviewPage = await browser.get(review(id));
    assert.match(reviewPage.body, /<del>Leche para bebés<\/del>/);
    assert.match(reviewPage.body, /<ins>Leche y pañales para bebés<\/ins>/);
    assert.equal((await detail(id)).body.item.title, 'Leche para bebés', 'the published content stays meanwhile');
    await browser.post(`${review(id)}/aprobar`, { version: versionOn(browser) });
    assert.equal((await detail(id)).body.item.title, 'Leche y pañales para bebés');
  });

  test('likely duplicates: same WhatsApp, or same category within 300 m; a comparison page', async () => {
    const { browser } = await leader(h, [SLUG]);
    const base = { latitude: 1.3, longitude: -76.9, category: 'medicamentos' };
    const first = await publish(
      h,
      body(requestBody({ ...base, title: 'Insulina para adulto mayor', contactWhatsapp: '+573001110001' })),
    );
    const near = await submit(
      h,
      body(
        requestBody({ ...base, latitude: 1.3018, title: 'Medicinas para diabetes', contactWhatsapp: '+573001110002' }),
      ),
    );
    const far = await submit(
      h,
      body(
        requestBody({ ...base, latitude: 1.3045, title: 'Medicinas a 500 metros', contactWhatsapp: '+573001110003' }),
      ),
    );
    const samePhone = await submit(
      h,
      body(
        requestBody({
          title: 'Otra cosa lejos',
          category: 'ropa',
          latitude: 1.5,
          longitude: -76.5,
          contactWhatsapp: '+573001110001',
        }),
      ),
    );
    const compareLink = (a: string, b: string) => `/panel/e/${SLUG}/comparar?a=${a}&amp;b=${b}`;
    const page = (await browser.get(inbox)).body;
    assert.ok(page.includes(compareLink(near, first)), 'within 300 m, same category');
    assert.ok(page.includes(compareLink(samePhone, first)), 'same WhatsApp');
    assert.ok(!page.includes(compareLink(far, first)), '500 m away is not flagged');
    const compare = await browser.get(`/panel/e/${SLUG}/comparar?a=${near}&b=${first}`);
    assert.equal(compare.statusCode, 200);
    assert.match(compare.body, /Insulina para adulto mayor/);
    assert.match(compare.body, /class="differs"/);
  });
});

describe('record lifecycle', () => {
  test('status with a public note and covered quantity show at once in the API', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await publish(
      h,
      body(requestBody({ title: 'Colchonetas para albergue', quantityRequired: 40, unit: 'colchonetas' })),
    );
    const url = `/panel/e/${SLUG}/registros/${id}`;
    const page = await browser.get(url);
    assert.equal(page.statusCode, 200);
    const moved = await browser.post(`${url}/estado`, { status: 'in_process', note: 'Camión en camino' });
    assert.equal(moved.statusCode, 303);
    let item = (await detail(id)).body.item;
    assert.equal(item.status, 'in_process');
    assert.ok(item.timeline.some((t: { note: string }) => t.note === 'Camión en camino'));
    await browser.get(url);
    const same = await browser.post(`${url}/estado`, { status: 'in_process' });
    assert.equal(same.statusCode, 400);
    const bad = await browser.post(`${url}/cubierto`, { quantity: 'muchas' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /Escriba un número/);
    await browser.post(`${url}/cubierto`, { quantity: '25' });
    item = (await detail(id)).body.item;
    assert.equal(item.quantities.covered, 25);
    assert.equal(item.quantities.pending, 15);
    await browser.get(url);
    await browser.post(`${url}/estado`, { status: 'completed' });
    assert.equal((await detail(id)).body.item.status, 'completed');
    await browser.get(url);
    await browser.post(`${url}/estado`, { status: 'active', note: 'Reabierta: faltan 15' });
    assert.equal((await detail(id)).body.item.status, 'active');
    const records = await browser.get(`/panel/e/${SLUG}/registros?estado=active&tipo=request`);
    assert.ok(records.body.includes(url));
  });

  test('admins open and close emergencies from the console; leaders cannot', async () => {
    const admin = await leader(h, [], 'admin');
    const home = await admin.browser.get('/panel');
    assert.match(home.body, /Nueva emergencia/);
    const invalid = await admin.browser.post('/panel/emergencias', { slug: 'Mal Slug', name: 'X' });
    assert.equal(invalid.statusCode, 400);
    await admin.browser.get('/panel');
    const created = await admin.browser.post('/panel/emergencias', {
      slug: 'sismo-pasto',
      name: 'Sismo en Pasto',
      latitude: '1,21',
      longitude: '-77.28',
    });
    assert.equal(created.statusCode, 303);
    const discovery = await h.json({ method: 'GET', url: HELP });
    assert.ok(discovery.body.emergencies.some((e: { slug: string }) => e.slug === 'sismo-pasto'));

    const { browser } = await leader(h, [SLUG]);
    assert.doesNotMatch((await browser.get('/panel')).body, /Nueva emergencia/);
    const refused = await browser.post('/panel/emergencias/sismo-pasto/cerrar');
    assert.equal(refused.statusCode, 403);
    await admin.browser.get('/panel');
    assert.equal(
      (await admin.browser.post('/panel/emergencias/sismo-pasto/cerrar')).statusCode,
      400,
      'needs the confirmation',
    );
    await admin.browser.get('/panel');
    assert.equal(
      (await admin.browser.post('/panel/emergencias/sismo-pasto/cerrar', { confirmar: 'si' })).statusCode,
      303,
    );
    const after = await h.json({ method: 'GET', url: `${HELP}?view=panorama&emergencySlug=sismo-pasto` });
    assert.equal(after.body.emergencies[0].status, 'closed');
  });

  test('offers are reviewed with their own fields', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await submit(
      h,
      body(
        offerBody({
          title: 'Centro de acopio del colegio',
          collectionCenterStatus: 'needs_resources',
          latitude: 1.15,
          longitude: -76.65,
          address: 'Colegio Pio XII',
        }),
      ),
    );
    const page = await browser.get(review(id));
    assert.match(page.body, /Estado del centro de acopio/);
    assert.match(page.body, /Necesita recursos/);
    await browser.post(`${review(id)}/aprobar`, { version: versionOn(browser) });
    assert.equal((await detail(id)).body.item.collectionCenter.status, 'needs_resources');
  });
});

describe('accounts', () => {
  test('admins create leaders and turn accounts off (their sessions end) and on; leaders cannot', async () => {
    const admin = await leader(h, [], 'admin');
    await admin.browser.get('/panel/cuentas');
    const email = `nueva-${process.pid}@ayuda.test`;
    const form = { email, name: 'Nueva Líder', password: 'una-clave-de-prueba', emergencies: SLUG };
    const created = await admin.browser.post('/panel/cuentas', form);
    assert.equal(created.statusCode, 303);
    await admin.browser.get('/panel/cuentas');
    const again = await admin.browser.post('/panel/cuentas', form);
    assert.equal(again.statusCode, 409);
    assert.match(again.body, /Ya existe una cuenta con ese correo/);

    const newcomer = new Browser(h);
    assert.equal((await newcomer.signIn(email, 'una-clave-de-prueba')).statusCode, 303);
    assert.equal((await newcomer.get(`/panel/e/${SLUG}`)).statusCode, 200);
    assert.equal((await newcomer.get(`/panel/e/${OTHER}`)).statusCode, 403);
    assert.equal((await newcomer.get('/panel/cuentas')).statusCode, 403, 'leaders do not manage accounts');

    const page = await admin.browser.get('/panel/cuentas');
    const id = new RegExp(`${email}[^]*?/panel/cuentas/([0-9a-f-]{36})/desactivar`).exec(page.body)?.[1];
    assert.ok(id);
    assert.equal((await admin.browser.post(`/panel/cuentas/${id}/desactivar`)).statusCode, 303);
    assert.equal((await newcomer.get(`/panel/e/${SLUG}`)).statusCode, 303, 'the session ended');
    assert.equal((await newcomer.signIn(email, 'una-clave-de-prueba')).statusCode, 401);
    await admin.browser.get('/panel/cuentas');
    await admin.browser.post(`/panel/cuentas/${id}/activar`);
    assert.equal((await newcomer.signIn(email, 'una-clave-de-prueba')).statusCode, 303);
  });
});
