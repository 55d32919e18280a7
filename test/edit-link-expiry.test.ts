// A centre's edit link expires CENTER_LINK_DAYS (default 30) after it is made or renewed; an expired link is
// answered like a revoked one; leaders see each link's expiry and renew it from the centre's page (same link).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createEditLink, renewEditLink, resolveEditLink, revokeEditLink } from '../src/commands/center-edit-links.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { AppError } from '../src/errors.ts';
import { when } from '../src/views/console/controls.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, offerBody, publish, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const DAY = 24;
const INVALID = /El enlace de edición no existe o fue revocado/;

function centre(h: Harness, title: string) {
  return publish(
    h,
    offerBody({ title, category: 'acopio', collectionCenterStatus: 'needs_resources', emergencySlug: SLUG }),
  );
}

/** Creates a link from the console as a leader would; returns its path and id. */
async function linkFromConsole(browser: Awaited<ReturnType<typeof leader>>['browser'], centreId: string) {
  const url = `/panel/e/${SLUG}/centros/${centreId}`;
  await browser.get(url);
  const created = await browser.post(`${url}/enlaces`);
  assert.equal(created.statusCode, 200);
  const path = /value="http:\/\/ayuda\.test(\/centro\/[A-Za-z0-9_-]{43})"/.exec(created.body)?.[1];
  assert.ok(path, 'the new link is shown');
  const ids = [...created.body.matchAll(/\/enlaces\/([0-9a-f-]{36})\/renovar/g)].map((m) => m[1] as string);
  assert.equal(ids.length, 1, 'one link, with its Renovar button');
  return { url, path, id: ids[0] as string };
}

async function lineCount(h: Harness): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('inventory_lines')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err;
  }
  assert.fail('expected an AppError');
}

describe('edit links expire (CENTER_LINK_DAYS, default 30)', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
    await addEmergency(h);
  });
  after(() => h.close());

  test('a new link works for 30 days, then answers like a revoked link, through every route', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await centre(h, 'Centro de acopio Coliseo');
    const { path, id: linkId } = await linkFromConsole(browser, id);
    const row = await h.ctx.db
      .selectFrom('center_edit_links')
      .select(['created_at', 'expires_at'])
      .where('id', '=', linkId)
      .executeTakeFirstOrThrow();
    assert.equal(Date.parse(row.expires_at as string) - Date.parse(row.created_at), 30 * DAY * 3_600_000);

    h.clock.advanceHours(30 * DAY - 1);
    const last = await h.app.inject({ method: 'GET', url: path });
    assert.equal(last.statusCode, 200, 'still open an hour before');
    assert.ok(last.body.includes(`vence el ${when(row.expires_at)}`), 'the staff see until when');

    h.clock.advanceHours(1);
    const expired = await h.app.inject({ method: 'GET', url: path });
    assert.equal(expired.statusCode, 404);
    assert.match(expired.body, INVALID);
    const lines = await lineCount(h);
    const posted = await h.app.inject({
      method: 'POST',
      url: `${path}/lineas`,
      payload: 'kind=need&category=agua&quantity=5&unit=litros',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(posted.statusCode, 404, 'an expired link writes nothing');
    assert.equal(await lineCount(h), lines);

    // The same page a revoked link gets, word for word.
    const other = await createEditLink(h.ctx, id, 'leader:prueba');
    await revokeEditLink(h.ctx, other.id, 'leader:prueba');
    const revoked = await h.app.inject({ method: 'GET', url: `/centro/${other.token}` });
    assert.equal(revoked.statusCode, 404);
    // The same page but for the request's own reference, which every answer has.
    const unreferenced = (body: string) => body.replace(/REF-\d{10}/g, 'REF-');
    assert.equal(unreferenced(expired.body), unreferenced(revoked.body));
    assert.notEqual(expired.headers['x-request-id'], revoked.headers['x-request-id']);
  });

  test('the console shows each link’s expiry; Renovar gives the same link another 30 days, audited by id', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await centre(h, 'Centro de acopio Parroquia');
    const { url, path, id: linkId } = await linkFromConsole(browser, id);
    const created = await h.ctx.db
      .selectFrom('center_edit_links')
      .select('expires_at')
      .where('id', '=', linkId)
      .executeTakeFirstOrThrow();
    assert.ok((await browser.get(url)).body.includes(`vence ${when(created.expires_at)}`));

    h.clock.advanceHours(31 * DAY);
    assert.equal((await h.app.inject({ method: 'GET', url: path })).statusCode, 404, 'expired');
    // A month later the leader signs in again (sessions last hours).
    const { browser: later } = await leader(h, [SLUG]);
    const page = await later.get(url);
    assert.ok(page.body.includes(`venció ${when(created.expires_at)}`), 'the console says it expired');
    assert.ok(page.body.includes(`/enlaces/${linkId}/renovar`), 'and offers to renew it');

    const renewed = await later.post(`${url}/enlaces/${linkId}/renovar`);
    assert.equal(renewed.statusCode, 303);
    const after = await h.ctx.db
      .selectFrom('center_edit_links')
      .select(['expires_at', 'revoked_at'])
      .where('id', '=', linkId)
      .executeTakeFirstOrThrow();
    const now = h.ctx.now().getTime();
    const left = Date.parse(after.expires_at as string) - now;
    assert.ok(
      left > 30 * DAY * 3_600_000 - 60_000 && left <= 30 * DAY * 3_600_000,
      `30 days from the renewal: ${left}`,
    );
    const reopened = await h.app.inject({ method: 'GET', url: path });
    assert.equal(reopened.statusCode, 200, 'the very same link works again');
    assert.ok((await later.get(url)).body.includes(`vence ${when(after.expires_at)}`));

    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'details', 'target_id'])
      .where('action', '=', 'edit_link_renewed')
      .execute();
    const entry = audit.find((a) => JSON.parse(a.details ?? '{}').linkId === linkId);
    assert.ok(entry, 'the renewal is audited by link id');
    assert.equal(entry.target_id, id);
    assert.ok(entry.actor.startsWith('leader:') || entry.actor.includes('@'), entry.actor);
    const token = path.slice('/centro/'.length);
    assert.ok(
      audit.every((a) => !String(a.details).includes(token)),
      'never by its secret',
    );

    h.clock.advanceHours(30 * DAY);
    assert.equal((await h.app.inject({ method: 'GET', url: path })).statusCode, 404, 'and it expires again');
  });

  test('a link made before expiry existed (no expires_at) expires 30 days after it was made', async () => {
    const id = await centre(h, 'Centro de acopio Escuela');
    const link = await createEditLink(h.ctx, id, 'leader:prueba');
    const madeAt = new Date(h.ctx.now().getTime() - 29 * DAY * 3_600_000).toISOString();
    await h.ctx.db
      .updateTable('center_edit_links')
      .set({ expires_at: null, created_at: madeAt })
      .where('id', '=', link.id)
      .execute();
    assert.equal((await resolveEditLink(h.ctx, link.token)).id, id, 'one day left');
    const { browser } = await leader(h, [SLUG]);
    const expectedExpiry = new Date(Date.parse(madeAt) + 30 * DAY * 3_600_000).toISOString();
    assert.ok((await browser.get(`/panel/e/${SLUG}/centros/${id}`)).body.includes(`vence ${when(expectedExpiry)}`));
    h.clock.advanceHours(DAY);
    assert.equal((await rejection(resolveEditLink(h.ctx, link.token))).code, 'edit_link_invalid');
    await renewEditLink(h.ctx, link.id, 'leader:prueba');
    assert.equal((await resolveEditLink(h.ctx, link.token)).id, id, 'renewed, it works again');
  });

  test('a revoked link is not renewed, and a link of another centre cannot be renewed from this one', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await centre(h, 'Centro de acopio Bomberos');
    const otherId = await centre(h, 'Centro de acopio Hospital');
    const { url, path, id: linkId } = await linkFromConsole(browser, id);
    const foreign = await createEditLink(h.ctx, otherId, 'leader:prueba');
    await browser.get(url);
    const crossed = await browser.post(`${url}/enlaces/${foreign.id}/renovar`);
    assert.equal(crossed.statusCode, 404);
    await browser.get(url);
    assert.equal((await browser.post(`${url}/enlaces/${linkId}/revocar`)).statusCode, 303);
    const page = await browser.get(url);
    assert.ok(!page.body.includes(`/enlaces/${linkId}/renovar`), 'no Renovar for a revoked link');
    const again = await browser.post(`${url}/enlaces/${linkId}/renovar`);
    assert.equal(again.statusCode, 404);
    assert.match(again.body, INVALID);
    assert.equal((await rejection(renewEditLink(h.ctx, linkId, 'leader:prueba'))).code, 'edit_link_invalid');
    assert.equal((await h.app.inject({ method: 'GET', url: path })).statusCode, 404, 'it stays revoked');
    const missing = await rejection(renewEditLink(h.ctx, '00000000-0000-4000-8000-000000000000', 'leader:prueba'));
    assert.equal(missing.code, 'edit_link_invalid');
  });
});

describe('CENTER_LINK_DAYS', () => {
  test('sets the days; a bad value stops the start with a message naming it', async () => {
    assert.equal(loadConfig({}).centerLinkDays, 30);
    assert.equal(loadConfig({ CENTER_LINK_DAYS: '7' }).centerLinkDays, 7);
    for (const bad of ['0', '-1', '2.5', 'treinta', '100000']) {
      assert.throws(
        () => loadConfig({ CENTER_LINK_DAYS: bad }),
        (err: Error) => {
          return err instanceof ConfigError && err.message.includes('CENTER_LINK_DAYS');
        },
      );
    }
    const h = await setup({ CENTER_LINK_DAYS: '2' });
    try {
      await addEmergency(h);
      const id = await centre(h, 'Centro de acopio Coliseo');
      const link = await createEditLink(h.ctx, id, 'leader:prueba');
      h.clock.advanceHours(2 * DAY - 1);
      assert.equal((await resolveEditLink(h.ctx, link.token)).id, id);
      h.clock.advanceHours(1);
      assert.equal((await rejection(resolveEditLink(h.ctx, link.token))).code, 'edit_link_invalid');
      await renewEditLink(h.ctx, link.id, 'leader:prueba');
      h.clock.advanceHours(2 * DAY - 1);
      assert.equal((await resolveEditLink(h.ctx, link.token)).id, id, 'renewed for 2 days');
    } finally {
      await h.close();
    }
  });
});
