// Public pages speak to citizens: /privacidad names who answers for the data, the rights of Ley 1581 de 2012 and how
// to reach each emergency's team; admins set that contact (console and CLI, audited); programs' material (JSON, API
// calls) lives on /desarrolladores, reached through "Datos abiertos" in the footer; the home page shows the five
// largest shortfalls with a link to the rest.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setEmergencyContact } from '../src/commands/set-emergency-contact.ts';
import { loadConfig } from '../src/config.ts';
import { runCli } from './helpers/cli.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, BASE_URL, type Harness, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
const CONTROLLER_NAME = 'Fundación Manos Unidas, NIT 900123456-7';
const CONTROLLER_CONTACT = 'datos@manosunidas.org · Calle 10 # 4-20, Mocoa';
let h: Harness;
const ids = { request: '', centre: '', other: '' };

const get = async (url: string) => {
  const res = await h.app.inject({ method: 'GET', url });
  assert.equal(res.statusCode, 200, url);
  return res.body;
};
/** The page without its footer: what a person reads in the page itself. */
const body = (page: string) => page.slice(page.indexOf('<main'), page.indexOf('</main>'));
/** Programs' words a citizen should not meet in the text of a page. */
const JARGON = /E\.164|\bJSON\b|\bAPI\b|\bMCP\b|llms\.txt|GET \/api|\/api\//;

before(async () => {
  h = await setup({ DATA_CONTROLLER_NAME: CONTROLLER_NAME, DATA_CONTROLLER_CONTACT: CONTROLLER_CONTACT });
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha en Salgar');
  ids.request = await publish(
    h,
    requestBody({ emergencySlug: SLUG, title: 'Agua para la vereda', quantityRequired: 40, unit: 'bidones' }),
  );
  ids.centre = await publish(
    h,
    offerBody({ emergencySlug: SLUG, title: 'Centro Coliseo', collectionCenterStatus: 'needs_resources' }),
  );
  ids.other = await publish(h, requestBody({ emergencySlug: OTHER, title: 'Mercados en Salgar' }));
});
after(() => h.close());

describe('/privacidad', () => {
  test('names the data controller, Ley 1581 de 2012 and each active emergency, with no jargon', async () => {
    await setEmergencyContact(h.ctx, OTHER, 'equipo@salgar.org · 604 555 0101', 'test');
    for (const url of ['/privacidad', '/privacidad.md']) {
      const page = await get(url);
      // The twin's last line points programs at its catalogue: not part of the text.
      const text = url.endsWith('.md') ? page.slice(0, page.lastIndexOf('\n---\n')) : body(page);
      assert.ok(text.includes('Responsable del tratamiento'), url);
      assert.ok(text.includes(CONTROLLER_NAME), `${url}: controller`);
      assert.ok(text.includes(CONTROLLER_CONTACT), `${url}: controller's contact`);
      assert.doesNotMatch(text, /DATA_CONTROLLER/, `${url}: configured, so no word of the variables`);
      assert.ok(text.includes('Ley 1581 de 2012'), url);
      assert.match(text, /habeas data/);
      for (const right of ['Conocer', 'Actualizar', 'Rectificar', 'Suprimir', 'Revocar la autorización']) {
        assert.ok(text.includes(right), `${url}: ${right}`);
      }
      assert.ok(text.includes('Superintendencia de Industria y Comercio'), url);
      assert.ok(text.includes('Cómo pedirlo'), url);
      assert.ok(text.includes(`responsable del tratamiento (${CONTROLLER_CONTACT})`), `${url}: how to ask`);
      assert.ok(text.includes('Avalancha en Salgar: equipo@salgar.org · 604 555 0101'), `${url}: contact`);
      assert.ok(text.includes('Inundación Mocoa: el equipo aún no ha publicado un contacto'), `${url}: none yet`);
      assert.ok(text.includes(url.endsWith('.md') ? '/retirar.md)' : 'href="/retirar"'), `${url}: how to withdraw`);
      // No programs' terms anywhere: the API way to withdraw is on the developers' page (test/someone-to-ask.test.ts).
      assert.ok(text.length > 1000, url);
      assert.doesNotMatch(text.replace(/\(http[^)]*\)/g, ''), JARGON, url);
      assert.ok(!text.includes('DELETE /api/public/v1/help/{id}'), `${url}: no API call`);
    }
    const en = body(await get('/privacidad?lang=en'));
    assert.ok(en.includes('Ley 1581 de 2012') && en.includes('Data controller'));
  });

  test('without DATA_CONTROLLER_NAME and DATA_CONTROLLER_CONTACT the page says the organisation has not named itself', async () => {
    assert.equal(loadConfig({}).dataControllerName, null);
    assert.equal(loadConfig({}).dataControllerContact, null);
    assert.throws(() => loadConfig({ DATA_CONTROLLER_NAME: 'Fundación\u200b' }), /DATA_CONTROLLER_NAME/);
    assert.throws(() => loadConfig({ DATA_CONTROLLER: CONTROLLER_NAME }), /DATA_CONTROLLER_NAME/);
    const bare = await setup({}, h);
    try {
      const page = body((await bare.app.inject({ method: 'GET', url: '/privacidad' })).body);
      assert.ok(page.includes('El responsable aún no está configurado'), page);
      assert.ok(page.includes('todavía no ha dicho quién es ni cómo contactarla'), page);
      // People read plain words, never the settings' names.
      assert.ok(!page.includes('DATA_CONTROLLER_NAME') && !page.includes('DATA_CONTROLLER_CONTACT'));
      assert.ok(!page.includes(CONTROLLER_NAME));
      // Without the controller's contact, people are sent to the teams, never to a contact nobody gave.
      assert.ok(page.includes('escriba o llame al equipo de su emergencia'));
      assert.ok(page.includes('Inundación Mocoa: el equipo aún no ha publicado un contacto.'));
      assert.ok(!page.includes('escriba al responsable del tratamiento'));
    } finally {
      await bare.close();
    }
    const onlyName = await setup({ DATA_CONTROLLER_NAME: 'Cruz Verde de Mocoa' }, h);
    try {
      const page = body((await onlyName.app.inject({ method: 'GET', url: '/privacidad' })).body);
      assert.ok(page.includes('Cruz Verde de Mocoa'));
      assert.ok(page.includes('Aún no ha indicado cómo contactarla: mientras tanto'));
      assert.ok(!page.includes('DATA_CONTROLLER_NAME') && !page.includes('DATA_CONTROLLER_CONTACT'));
    } finally {
      await onlyName.close();
    }
  });
});

describe('the public contact of an emergency', () => {
  test('an admin sets it in the console; a leader cannot; it shows on /privacidad and the record, audited', async () => {
    const admin = await leader(h, [], 'admin');
    const home = await admin.browser.get('/panel');
    assert.match(home.body, /Contacto público del equipo/);
    assert.ok(home.body.includes(`action="/panel/emergencias/${SLUG}/contacto"`));

    const invalid = await admin.browser.post(`/panel/emergencias/${SLUG}/contacto`, { contact: 'x\u200by' });
    assert.equal(invalid.statusCode, 400);
    assert.match(invalid.body, /aria-invalid="true"/);
    await admin.browser.get('/panel');
    const tooLong = await admin.browser.post(`/panel/emergencias/${SLUG}/contacto`, { contact: 'a'.repeat(201) });
    assert.equal(tooLong.statusCode, 400);

    const { browser } = await leader(h, [SLUG]);
    await browser.get('/panel');
    assert.doesNotMatch(browser.last?.body ?? '', /Contacto público del equipo/);
    const refused = await browser.post(`/panel/emergencias/${SLUG}/contacto`, { contact: '+57 310 000 0000' });
    assert.equal(refused.statusCode, 403);

    await admin.browser.get('/panel');
    const saved = await admin.browser.post(`/panel/emergencias/${SLUG}/contacto`, {
      contact: 'Puesto de mando, Alcaldía de Mocoa · 310 555 0199',
    });
    assert.equal(saved.statusCode, 303);
    assert.match((await admin.browser.get(saved.headers.location as string)).body, /Cambios guardados/);

    const privacy = body(await get('/privacidad'));
    assert.ok(privacy.includes('Inundación Mocoa: Puesto de mando, Alcaldía de Mocoa · 310 555 0199'));
    const record = await get(`/ayudas/${ids.request}`);
    assert.ok(record.includes('Equipo de la emergencia: Puesto de mando, Alcaldía de Mocoa · 310 555 0199'));
    assert.ok((await get(`/ayudas/${ids.request}.md`)).includes('Equipo de la emergencia: Puesto de mando'));
    // Another emergency's record shows its own team.
    assert.ok((await get(`/ayudas/${ids.other}`)).includes('Equipo de la emergencia: equipo@salgar.org'));

    const emergency = await h.ctx.db.selectFrom('emergencies').select('id').where('slug', '=', SLUG).executeTakeFirst();
    const entries = await h.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', emergency?.id ?? '')
      .where('action', '=', 'emergency_contact_set')
      .execute();
    assert.equal(entries.length, 1);
    assert.match(entries[0]?.actor ?? '', /^panel:/);
    assert.match(entries[0]?.details ?? '', /Alcaldía de Mocoa/);
  });

  test('the CLI sets and removes it, with --help, validation and the audit log', async () => {
    const env = { DATABASE_URL: h.dbUrl, AYUDA_ACTOR: 'coordinacion' };
    const help = await runCli(['emergency', 'contact', '--help'], env);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Uso: ayuda emergency contact --slug S --contact/);
    assert.match((await runCli(['--help'], env)).stdout, /emergency contact/);

    const missing = await runCli(['emergency', 'contact', '--slug', SLUG], env);
    assert.equal(missing.code, 2);
    const hidden = await runCli(['emergency', 'contact', '--slug', SLUG, '--contact', 'tel\u202e 310'], env);
    assert.equal(hidden.code, 1);
    assert.match(hidden.stderr, /validation_failed/);
    const unknown = await runCli(['emergency', 'contact', '--slug', 'no-existe', '--contact', '310 555 0000'], env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /unknown_emergency/);

    const set = await runCli(
      ['emergency', 'contact', '--slug', OTHER, '--contact', 'Bomberos de Salgar, 604 555 0202', '--json'],
      env,
    );
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(JSON.parse(set.stdout), { slug: OTHER, publicContact: 'Bomberos de Salgar, 604 555 0202' });
    assert.ok(body(await get('/privacidad')).includes('Avalancha en Salgar: Bomberos de Salgar, 604 555 0202'));
    assert.ok((await get(`/ayudas/${ids.other}`)).includes('Equipo de la emergencia: Bomberos de Salgar'));

    const emergency = await h.ctx.db
      .selectFrom('emergencies')
      .select('id')
      .where('slug', '=', OTHER)
      .executeTakeFirst();
    const actors = await h.ctx.db
      .selectFrom('audit_log')
      .select('actor')
      .where('target_id', '=', emergency?.id ?? '')
      .where('action', '=', 'emergency_contact_set')
      .execute();
    assert.ok(actors.some((a) => a.actor === 'cli:coordinacion'));

    const removed = await runCli(['emergency', 'contact', '--slug', OTHER, '--contact', ''], env);
    assert.equal(removed.code, 0, removed.stderr);
    assert.ok(!(await get(`/ayudas/${ids.other}`)).includes('Equipo de la emergencia:'));
    assert.ok(body(await get('/privacidad')).includes('Avalancha en Salgar: el equipo aún no ha publicado'));
  });
});

describe('programs’ material behind "Datos abiertos"', () => {
  test('no JSON or API lines in the bodies of the home, record, centres and routes pages', async () => {
    for (const url of [
      '/',
      `/ayudas/${ids.request}`,
      `/ayudas/${ids.centre}`,
      `/centros?emergencia=${SLUG}`,
      `/rutas?emergencia=${SLUG}`,
    ]) {
      const page = await get(url);
      assert.doesNotMatch(body(page), JARGON, url);
      // The footer leads to the open-data page, which links the developers' page that keeps it all.
      assert.match(page.slice(page.indexOf('<footer')), /<a href="\/datos-abiertos">Datos abiertos<\/a>/, url);
      assert.doesNotMatch(page.slice(page.indexOf('<footer')), /llms\.txt|openapi\.json|MCP/, url);
    }
    // The record's actions are WhatsApp and a call, nothing else.
    const record = await get(`/ayudas/${ids.request}`);
    const actions = record.slice(
      record.indexOf('class="acciones"'),
      record.indexOf('</section>', record.indexOf('class="acciones"')),
    );
    assert.equal((actions.match(/<a /g) ?? []).length, 2);
    assert.match(actions, /Escribir por WhatsApp/);
    assert.match(actions, /href="tel:\+573001234567">Llamar</);
    // The twin keeps the JSON address for programs, in one quiet line.
    const twin = await get(`/ayudas/${ids.request}.md`);
    assert.ok(twin.includes(`(${BASE_URL}/api/public/v1/help?view=detail&id=${ids.request})`));
    assert.ok((await get('/index.md')).includes(`(${BASE_URL}/api/public/v1/help?view=panorama)`));
    assert.ok((await get(`/centros.md?emergencia=${SLUG}`)).includes(`/api/public/v1/inventario?emergencia=${SLUG}`));
    assert.ok((await get(`/rutas.md?emergencia=${SLUG}`)).includes(`/api/logistics-operations?emergencia=${SLUG}`));

    const developers = await get('/desarrolladores');
    for (const fact of [
      '/api/public/v1/help',
      '/mcp',
      'llms.txt',
      '/api/aid-places/places',
      '/api/public/v1/inventario',
    ]) {
      assert.ok(developers.includes(fact), `/desarrolladores keeps ${fact}`);
    }
  });

  test('the header keeps the two actions in sight, "Más" holds the rest: the door for any code, my pledges, my route', async () => {
    const page = await get('/privacidad');
    const header = page.slice(page.indexOf('<header'), page.indexOf('</header>'));
    const primary = header.slice(header.indexOf('nav-principal'), header.indexOf('</ul>'));
    assert.deepEqual(
      [...primary.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]),
      ['Necesito ayuda', 'Quiero ayudar'],
    );
    const more = header.slice(header.indexOf('<details class="nav-mas">'));
    assert.match(more, /<summary>Más<\/summary>/);
    for (const href of ['/', '/centros', '/rutas', '/codigo', '/compromisos', '/mi-ruta', '/privacidad'])
      assert.ok(more.includes(`href="${href}"`), href);
    for (const label of ['Tengo un código', 'Mis compromisos', 'Mi ruta']) assert.match(more, new RegExp(label));
    assert.ok(primary.includes('href="/ayudar"'), '"Quiero ayudar" opens the page of both ways to help');
    assert.match(page.slice(page.indexOf('<footer')), /<a href="\/codigo">Tengo un código<\/a>/);
    const en = await get('/privacidad?lang=en');
    assert.match(en, /<summary>More<\/summary>/);
    assert.match(en, /<a href="\/datos-abiertos\?lang=en">Open data<\/a>/);
  });
});

describe('home page', () => {
  test('shows the five largest shortfalls of an emergency and a "ver todo" link to the rest', async () => {
    const units = ['litros', 'bidones grandes', 'tanques', 'botellas', 'garrafas', 'galones', 'baldes'];
    for (const [i, unit] of units.entries()) {
      await publish(h, requestBody({ emergencySlug: SLUG, title: `Agua en ${unit}`, quantityRequired: 100 + i, unit }));
    }
    const page = await get('/');
    const start = page.indexOf('<h2>Inundación Mocoa</h2>');
    const card = page.slice(start, page.indexOf('</section>', start));
    const list = card.slice(card.indexOf('Cantidades que piden las solicitudes'));
    const items = list.slice(0, list.indexOf('</ul>')).match(/<li>/g) ?? [];
    assert.equal(items.length, 5);
    // The largest shortfalls come first: 106 galones... and the 40 bidones are left to the emergency page.
    assert.ok(list.includes('baldes') && !list.slice(0, list.indexOf('</ul>')).includes(' 40 bidones'));
    assert.match(list, new RegExp(`<a href="/emergencias/${SLUG}">Ver todo \\(\\d+ líneas\\)</a>`));
    assert.match(await get('/index.md'), /\[Ver todo \(\d+ líneas\)\]/);
  });
});
