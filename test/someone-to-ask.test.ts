// Always someone to ask: /privacidad speaks to citizens in plain words (no setting names, no API routes, no edit
// token), says plainly when the organisation has not named itself and sends people to each emergency's team; a start
// without the data controller warns in the log, administrators (never other leaders) see a banner on every console
// page until it is set, and the contact people are sent to comes only from the admins' setting and the configuration.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { setEmergencyContact } from '../src/commands/set-emergency-contact.ts';
import { loadConfig, missingControllerSettings } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, publish, requestBody, setup, submit } from './helpers/harness.ts';
import { LogCapture } from './helpers/log-capture.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
const CONTROLLER_NAME = 'Fundación Manos Unidas, NIT 900123456-7';
const CONTROLLER_CONTACT = 'datos@manosunidas.org · Calle 10 # 4-20, Mocoa';
const TEAM_CONTACT = 'Puesto de mando, Alcaldía de Mocoa · 310 555 0199';
const BANNER = 'Falta el responsable de los datos personales';

/**
 * Every setting name src/config.ts reads (quoted names and env.NAME), read from its source: a new setting is covered
 * without this list being touched.
 */
const SETTING_NAMES = (() => {
  const source = readFileSync(new URL('../src/config.ts', import.meta.url), 'utf8');
  const names = new Set<string>();
  for (const m of source.matchAll(/['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"`]/g)) names.add(m[1] as string);
  for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)/g)) names.add(m[1] as string);
  return [...names];
})();

let h: Harness;
/** The page without its header and footer: what a person reads in the page itself. */
const main = (page: string) => page.slice(page.indexOf('<main'), page.indexOf('</main>'));
/** The twin without its last line (the catalogue for programs). */
const twinText = (twin: string) => twin.slice(0, twin.lastIndexOf('\n---\n'));

async function read(app: Harness, url: string): Promise<string> {
  const res = await app.app.inject({ method: 'GET', url });
  assert.equal(res.statusCode, 200, url);
  return url.includes('.md') ? twinText(res.body) : main(res.body);
}

/** Programs' words: the API's routes, the edit token, an HTTP verb on a route. */
function assertPlain(text: string, where: string): void {
  for (const name of SETTING_NAMES) assert.ok(!text.includes(name), `${where}: names the setting ${name}`);
  assert.doesNotMatch(text, /\/api\//, `${where}: an API route`);
  assert.doesNotMatch(text, /editToken|clave de edición|edit token/i, `${where}: the edit token`);
  assert.doesNotMatch(text, /\b(DELETE|POST|GET) \//, `${where}: an HTTP call`);
}

before(async () => {
  h = await setup({ DATA_CONTROLLER_NAME: CONTROLLER_NAME, DATA_CONTROLLER_CONTACT: CONTROLLER_CONTACT });
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha en Salgar');
  await setEmergencyContact(h.ctx, SLUG, TEAM_CONTACT, 'test');
});
after(() => h.close());

describe('/privacidad in plain words', () => {
  test('the setting names come from src/config.ts itself', () => {
    for (const name of ['DATA_CONTROLLER_NAME', 'DATA_CONTROLLER_CONTACT', 'RETENTION_IDENTITY_DAYS', 'DATABASE_URL'])
      assert.ok(SETTING_NAMES.includes(name), name);
    assert.ok(SETTING_NAMES.length > 30, `${SETTING_NAMES.length} names`);
  });

  test('no setting name, API route or edit token, with the controller set, unset or half set, in both languages', async () => {
    const bare = await setup({}, h);
    const onlyName = await setup({ DATA_CONTROLLER_NAME: 'Cruz Verde de Mocoa' }, h);
    const onlyContact = await setup({ DATA_CONTROLLER_CONTACT: 'datos@cruzverde.org' }, h);
    try {
      for (const [label, app] of [
        ['set', h],
        ['unset', bare],
        ['name only', onlyName],
        ['contact only', onlyContact],
      ] as const) {
        for (const url of ['/privacidad', '/privacidad.md', '/privacidad?lang=en', '/privacidad.md?lang=en']) {
          const text = await read(app, url);
          assert.ok(text.length > 3000, `${label} ${url}`);
          assertPlain(text, `${label} ${url}`);
        }
      }
      // It says where to act instead: withdrawing at /retirar, a code at /codigo, the downloads at /datos-abiertos.
      const page = await read(h, '/privacidad');
      for (const href of ['/retirar', '/codigo', '/datos-abiertos']) assert.ok(page.includes(`href="${href}"`), href);
      const twin = await read(h, '/privacidad.md');
      for (const href of ['/retirar.md', '/codigo.md', '/datos-abiertos.md']) assert.ok(twin.includes(href), href);
    } finally {
      await Promise.all([bare.close(), onlyName.close(), onlyContact.close()]);
    }
  });

  test('with the controller unset it says "el responsable aún no está configurado" and points to each team', async () => {
    const bare = await setup({}, h);
    try {
      for (const url of ['/privacidad', '/privacidad.md']) {
        const text = await read(bare, url);
        assert.ok(text.includes('El responsable aún no está configurado'), url);
        assert.ok(text.includes('escriba o llame al equipo de su emergencia'), url);
        assert.ok(text.includes(`Inundación Mocoa: ${TEAM_CONTACT}`), `${url}: the team that published a contact`);
        assert.ok(text.includes('Avalancha en Salgar: el equipo aún no ha publicado un contacto.'), url);
        // Nobody is sent to a controller that does not exist.
        assert.ok(!text.includes('escriba al responsable del tratamiento'), url);
        assert.ok(!text.includes(CONTROLLER_NAME), url);
      }
      assert.ok((await read(bare, '/privacidad?lang=en')).includes('The controller is not configured yet'));
      // Configured, it names the controller and never says it is missing.
      const set = await read(h, '/privacidad');
      assert.ok(set.includes(CONTROLLER_NAME) && set.includes(CONTROLLER_CONTACT));
      assert.ok(!set.includes('aún no está configurado'));
    } finally {
      await bare.close();
    }
  });

  test('the API way to withdraw, which /privacidad no longer shows, is on the developers’ page', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/desarrolladores' });
    assert.ok(page.body.includes('DELETE /api/public/v1/help/{id}'));
    assert.match(page.body, /editToken/);
  });
});

describe('the operator is told', () => {
  test('a start without DATA_CONTROLLER_NAME or DATA_CONTROLLER_CONTACT logs a warning naming what is missing', async () => {
    const start = async (env: Record<string, string>) => {
      const logs = new LogCapture();
      const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: h.dbUrl, ...env });
      const server = await startServer(config, { logger: { level: 'warn', stream: logs } });
      await server.stop();
      return logs.parsed().filter((line) => String(line.msg).includes('data controller not configured'));
    };
    const none = await start({});
    assert.equal(none.length, 1);
    assert.equal(none[0]?.level, 40, 'a warning');
    assert.deepEqual(none[0]?.missing, ['DATA_CONTROLLER_NAME', 'DATA_CONTROLLER_CONTACT']);
    const half = await start({ DATA_CONTROLLER_NAME: 'Cruz Verde de Mocoa' });
    assert.deepEqual(half[0]?.missing, ['DATA_CONTROLLER_CONTACT']);
    assert.deepEqual(
      await start({ DATA_CONTROLLER_NAME: CONTROLLER_NAME, DATA_CONTROLLER_CONTACT: CONTROLLER_CONTACT }),
      [],
    );
    assert.deepEqual(missingControllerSettings(h.config), []);
  });

  test('administrators see a banner on every console page until both are set; other leaders never do', async () => {
    const bare = await setup({ DATA_CONTROLLER_CONTACT: 'datos@cruzverde.org' }, h);
    try {
      const admin = await leader(bare, [], 'admin');
      const lead = await leader(bare, [SLUG]);
      for (const url of ['/panel', '/panel/cuenta', `/panel/e/${SLUG}`, `/panel/e/${SLUG}/registros`]) {
        const seen = await admin.browser.get(url);
        assert.equal(seen.statusCode, 200, url);
        assert.ok(seen.body.includes(BANNER), `${url}: admin`);
        // It names what is missing, and only that.
        assert.ok(seen.body.includes('<code>DATA_CONTROLLER_NAME</code>'), url);
        assert.ok(!seen.body.includes('<code>DATA_CONTROLLER_CONTACT</code>'), url);
        const other = await lead.browser.get(url);
        assert.equal(other.statusCode, 200, url);
        assert.ok(!other.body.includes(BANNER), `${url}: a leader who is not an admin`);
      }
      // Admin-only pages carry it too.
      assert.ok((await admin.browser.get('/panel/cuentas')).body.includes(BANNER));
    } finally {
      await bare.close();
    }
    // Both set: no banner, not even for an admin.
    const admin = await leader(h, [], 'admin');
    for (const url of ['/panel', `/panel/e/${SLUG}`]) assert.ok(!(await admin.browser.get(url)).body.includes(BANNER));
  });
});

describe('a scammer in a flood', () => {
  test('cannot slip a fake "team contact" into the pages that tell people whom to ask', async () => {
    // A submission posing as the team, published and pending, and a link with the fake contact in its query.
    const FAKE = '300 666 1234';
    const pose = `Equipo de la emergencia: si perdió su código llame al ${FAKE}`;
    await publish(h, requestBody({ emergencySlug: SLUG, title: pose, description: pose, contactName: pose }));
    await submit(h, requestBody({ emergencySlug: OTHER, title: pose, description: pose }));
    const queries = [
      `contact=${encodeURIComponent(FAKE)}`,
      `contacto=${encodeURIComponent(FAKE)}`,
      `publicContact=${encodeURIComponent(FAKE)}`,
      `emergencia=${SLUG}&contacto=${encodeURIComponent(FAKE)}`,
    ];
    for (const path of ['/privacidad', '/privacidad.md', '/datos-abiertos', '/datos-abiertos.md']) {
      for (const query of queries) {
        const text = await read(h, `${path}?${query}`);
        assert.ok(!text.includes(FAKE), `${path}?${query}`);
        // The team's contact people see is the one its admins set, and the other team still has none.
        assert.ok(text.includes(TEAM_CONTACT), `${path}?${query}`);
      }
      const privacy = await read(h, path.replace('datos-abiertos', 'privacidad'));
      assert.ok(privacy.includes('Avalancha en Salgar: el equipo aún no ha publicado un contacto'), path);
    }
    // A leader who is not an admin cannot set it either: the console refuses.
    const { browser } = await leader(h, [SLUG]);
    await browser.get('/panel');
    const refused = await browser.post(`/panel/emergencias/${SLUG}/contacto`, { contact: `Llame al ${FAKE}` });
    assert.equal(refused.statusCode, 403);
    assert.ok(!(await read(h, '/privacidad')).includes(FAKE));
  });
});
