// Secrets carried in a URL (a centre's edit link /centro/TOKEN, a password-reset link /panel/clave/TOKEN, a consent
// draft's form link ?borrador=TOKEN) never reach the logs: not in request lines, not in error lines, not
// percent-encoded in a redirect's query.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { newToken } from '../src/auth/tokens.ts';
import { createEditLink } from '../src/commands/center-edit-links.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { buildApp } from '../src/http/app.ts';
import { REDACTED, redactSecrets } from '../src/http/log-redaction.ts';
import { addEmergency, type Harness, offerBody, publish, setup } from './helpers/harness.ts';
import { LogCapture } from './helpers/log-capture.ts';

let h: Harness;
let app: FastifyInstance;
const logs = new LogCapture();
let token = '';
/** A reset token's shape is the reset page's business: any segment after /panel/clave/ is treated as secret. */
const RESET_TOKEN = 'RsT0kEn-de-prueba_abcdefghijklmnopqrstuvwxyz12';

before(async () => {
  h = await setup();
  await addEmergency(h);
  const centre = await publish(
    h,
    offerBody({ title: 'Centro de acopio Coliseo', category: 'acopio', collectionCenterStatus: 'needs_resources' }),
  );
  token = (await createEditLink(h.ctx, centre, 'leader:prueba')).token;
  // A second instance of the service on the same database, logging at info into the capture.
  app = await buildApp(h.ctx, h.database, { logger: { level: 'info', stream: logs } });
  app.get('/prueba/fallo', async () => {
    throw new Error(`no se pudo abrir /centro/${token}/lineas`);
  });
  await app.ready();
});
after(async () => {
  await app.close();
  await h.close();
});

describe('secrets in paths stay out of the logs', () => {
  test('request lines show /centro/[redacted] and the normal paths as they are', async () => {
    const from = logs.lines.length;
    assert.equal((await app.inject({ method: 'GET', url: `/centro/${token}` })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: `/centro/${token}?hecho=guardado` })).statusCode, 200);
    const posted = await app.inject({
      method: 'POST',
      url: `/centro/${token}/lineas`,
      payload: 'kind=need&category=agua&quantity=5&unit=litros',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(posted.statusCode, 303);
    assert.equal((await app.inject({ method: 'GET', url: '/api/public/v1/help?view=discovery' })).statusCode, 200);
    const lines = logs.parsed().slice(from);
    const urls = lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
    assert.ok(urls.includes('/api/public/v1/help?view=discovery'), `a normal path is logged: ${urls.join(' ')}`);
    assert.ok(urls.includes(`/centro/${REDACTED}`), urls.join(' '));
    assert.ok(urls.includes(`/centro/${REDACTED}?hecho=guardado`), urls.join(' '));
    assert.ok(urls.includes(`/centro/${REDACTED}/lineas`), urls.join(' '));
    assert.ok(!logs.text.includes(token), 'the token is in no line');
    assert.ok(!logs.text.includes(token.slice(0, 16)), 'not even in part');
  });

  test('the password-reset path and a sign-in redirect that carries it encoded are redacted too', async () => {
    const from = logs.lines.length;
    const res = await app.inject({ method: 'GET', url: `/panel/clave/${RESET_TOKEN}` });
    assert.ok(res.statusCode < 500, String(res.statusCode));
    if (res.headers.location) await app.inject({ method: 'GET', url: String(res.headers.location) });
    await app.inject({
      method: 'GET',
      url: `/panel/entrar?volver=${encodeURIComponent(`/panel/clave/${RESET_TOKEN}`)}`,
    });
    await app.inject({ method: 'GET', url: `/panel/entrar?volver=${encodeURIComponent(`/centro/${token}`)}` });
    const text = logs.lines.slice(from).join('\n');
    assert.ok(text.includes('/panel/clave/'), 'the path itself is still logged');
    assert.ok(text.includes(`%2Fpanel%2Fclave%2F${REDACTED}`), text);
    assert.ok(!text.includes(RESET_TOKEN) && !text.includes(RESET_TOKEN.slice(0, 12)), text);
    assert.ok(!text.includes(token), text);
  });

  test('a consent draft opened on the website logs its form path without the draft token', async () => {
    // Whether the draft still exists changes the page, not the request line: any token of the right shape will do.
    const draft = newToken();
    const from = logs.lines.length;
    assert.equal((await app.inject({ method: 'GET', url: `/necesito-ayuda?borrador=${draft}` })).statusCode, 200);
    assert.equal(
      (await app.inject({ method: 'GET', url: `/quiero-ayudar?lang=en&borrador=${draft}` })).statusCode,
      200,
    );
    await app.inject({ method: 'GET', url: `/no-existe?borrador=${draft}` });
    await app.inject({
      method: 'GET',
      url: `/panel/entrar?volver=${encodeURIComponent(`/necesito-ayuda?borrador=${draft}&x=1`)}`,
    });
    app.log.error(
      { err: new Error(`falló ${h.config.baseUrl}/necesito-ayuda?borrador=${draft}`) },
      'fallo del borrador',
    );
    const lines = logs.parsed().slice(from);
    const urls = lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
    assert.ok(urls.includes(`/necesito-ayuda?borrador=${REDACTED}`), urls.join(' '));
    assert.ok(urls.includes(`/quiero-ayudar?lang=en&borrador=${REDACTED}`), urls.join(' '));
    assert.ok(urls.includes(`/no-existe?borrador=${REDACTED}`), urls.join(' '));
    assert.ok(urls.includes(`/panel/entrar?volver=%2Fnecesito-ayuda%3Fborrador%3D${REDACTED}%26x%3D1`), urls.join(' '));
    const failed = lines.find((l) => l.msg === 'fallo del borrador');
    assert.ok(failed, 'the failure is logged');
    assert.equal(
      (failed.err as { message: string }).message,
      `falló ${h.config.baseUrl}/necesito-ayuda?borrador=${REDACTED}`,
    );
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    assert.ok(!text.includes(draft) && !text.includes(draft.slice(0, 12)), text);
  });

  test('error lines (err with the path in its message or stack) are redacted', async () => {
    const from = logs.lines.length;
    const res = await app.inject({ method: 'GET', url: '/prueba/fallo' });
    assert.equal(res.statusCode, 500);
    app.log.error({ err: new Error(`falló /centro/${token}`) }, 'fallo directo');
    app.log.warn(`texto con /centro/${token}`);
    app.log.info({ url: `/centro/${token}/lineas`, nested: { path: `/panel/clave/${RESET_TOKEN}` } }, 'campos');
    const lines = logs.parsed().slice(from);
    const failed = lines.find((l) => l.msg === 'request failed');
    assert.ok(failed, 'the failure is logged');
    const err = failed.err as { message: string; stack: string; type: string };
    assert.equal(err.message, `no se pudo abrir /centro/${REDACTED}/lineas`);
    assert.ok(err.stack.includes(`/centro/${REDACTED}/lineas`), 'the stack says the same');
    assert.equal(err.type, 'Error');
    const direct = lines.find((l) => l.msg === 'fallo directo');
    assert.ok(direct);
    assert.equal((direct.err as { message: string }).message, `falló /centro/${REDACTED}`);
    assert.ok(lines.some((l) => l.msg === `texto con /centro/${REDACTED}`));
    const fields = lines.find((l) => l.msg === 'campos');
    assert.deepEqual(
      [fields?.url, (fields?.nested as { path: string } | undefined)?.path],
      [`/centro/${REDACTED}/lineas`, `/panel/clave/${REDACTED}`],
    );
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    assert.ok(!text.includes(token) && !text.includes(RESET_TOKEN), text);
  });

  test('an unexpected failure while serving an edit link logs its error without the link', async () => {
    // A third instance whose database is gone: the edit-link page fails inside the console's error handler.
    const broken = await openDatabase(h.config.database);
    const capture = new LogCapture();
    const failing = await buildApp(createContext(h.config, broken, h.clock.now), broken, {
      logger: { level: 'info', stream: capture },
    });
    await failing.ready();
    await broken.close();
    try {
      const res = await failing.inject({ method: 'GET', url: `/centro/${token}` });
      assert.equal(res.statusCode, 500);
      const errors = capture.parsed().filter((l) => (l.level as number) >= 50);
      assert.ok(errors.length > 0, capture.text);
      assert.ok(
        errors.some((l) => l.err),
        'the error itself is logged',
      );
      assert.ok(!capture.text.includes(token), capture.text);
    } finally {
      await failing.close().catch(() => {});
    }
  });

  test('redaction leaves other paths alone and cuts the whole secret segment', () => {
    assert.equal(redactSecrets('/centros?categoria=agua'), '/centros?categoria=agua');
    assert.equal(redactSecrets('/panel/clave'), '/panel/clave');
    assert.equal(redactSecrets('/panel/e/x/centros/abc/enlaces'), '/panel/e/x/centros/abc/enlaces');
    assert.equal(
      redactSecrets('GET https://ayuda.example.org/centro/abc.def~x/lineas'),
      `GET https://ayuda.example.org/centro/${REDACTED}/lineas`,
    );
    assert.equal(redactSecrets('volver=%2fcentro%2fabc&x=1'), `volver=%2fcentro%2f${REDACTED}&x=1`);
    assert.equal(redactSecrets('/necesito-ayuda?borrador='), '/necesito-ayuda?borrador=');
    assert.equal(
      redactSecrets('/necesito-ayuda?sinborrador=x&borradores=y'),
      '/necesito-ayuda?sinborrador=x&borradores=y',
    );
    assert.equal(
      redactSecrets('/quiero-ayudar?borrador=a.b~c-_d&lang=en&borrador=otro'),
      `/quiero-ayudar?borrador=${REDACTED}&lang=en&borrador=${REDACTED}`,
    );
    assert.equal(redactSecrets('borrador=abc&x=1'), `borrador=${REDACTED}&x=1`);
    assert.equal(redactSecrets('volver=%2Fa%3FBORRADOR%3Dabc%26x%3D1'), `volver=%2Fa%3FBORRADOR%3D${REDACTED}%26x%3D1`);
    // A letter of the name written percent-encoded is the same name to the server, and so to the redaction.
    assert.equal(redactSecrets('/necesito-ayuda?%62orrador=abc&x=1'), `/necesito-ayuda?borrador=${REDACTED}&x=1`);
    assert.equal(redactSecrets('/necesito-ayuda?b%6F%72rador=abc'), `/necesito-ayuda?borrador=${REDACTED}`);
    assert.equal(redactSecrets('/%63entro/abc/lineas'), `/centro/${REDACTED}/lineas`);
    assert.equal(redactSecrets('/panel/%63lave/abc'), `/panel/clave/${REDACTED}`);
    assert.equal(redactSecrets('/x?q=%25%20%2F'), '/x?q=%25%20%2F', 'other escapes stay as they are');
  });
});
