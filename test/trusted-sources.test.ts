// A trusted lane, still reviewed: an administrator trusts a registered integration's key (CLI or console, audited);
// what that key sends while trusted is queued exactly as before (202, pending review, nothing published) and only
// stamped for the leaders' "Fuente confiable" lane. Trust is the key's: never a `source` string, never one of the
// service's own names, and a new key (rotation, removal and a new registration) starts untrusted. Nothing of it
// is public.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ownSources } from '../src/channels/own-sources.ts';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { trustSource } from '../src/commands/source-trust.ts';
import { demoEmergency } from '../src/demo/demo-data.ts';
import { DEMO_TRUSTED_SOURCE, seedDemoTrustedSource } from '../src/demo/demo-trusted-source.ts';
import { isTrustedLane } from '../src/domain/trusted-lane.ts';
import { runCli } from './helpers/cli.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, countRecords, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';

let h: Harness;
let env: Record<string, string>;
before(async () => {
  h = await setup();
  await addEmergency(h);
  env = { DATABASE_URL: h.dbUrl, AYUDA_ACTOR: 'ana' };
});
after(() => h.close());

const PAGE = '/panel/integraciones';
const cli = (args: string[]) => runCli(args, env);
let pairs = 0;
/** A submission under `source`, with a key or without one; a fresh externalId unless the overrides name one. */
const send = (source: string, key?: string, overrides: Record<string, unknown> = {}) =>
  h.json({
    method: 'POST',
    url: HELP,
    payload: requestBody({ source, externalId: `confianza-${++pairs}`, ...overrides }),
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });

async function register(name: string): Promise<string> {
  const added = await cli(['source', 'add', name, '--json']);
  assert.equal(added.code, 0, added.stderr);
  return JSON.parse(added.stdout).key as string;
}

async function sourceRow(name: string) {
  return h.ctx.db.selectFrom('sources').selectAll().where('name', '=', name).executeTakeFirst();
}

async function record(id: string) {
  return h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function actionsFor(name: string) {
  const rows = await h.ctx.db
    .selectFrom('audit_log')
    .select(['actor', 'action'])
    .where('target_type', '=', 'source')
    .where('target_id', '=', name)
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.actor, r.action]);
}

/** A queued submission: 202, waiting for review, and nothing of it published. */
async function assertQueued(res: { status: number; body: any }) {
  assert.equal(res.status, 202, JSON.stringify(res.body));
  assert.equal(res.body.queued, true);
  assert.equal(res.body.reviewStatus, 'pending_review');
  assert.ok(!JSON.stringify(res.body).toLowerCase().includes('trust'), 'the answer says nothing of trust');
  const row = await record(res.body.id);
  assert.equal(row.review_status, 'pending_review');
  assert.equal(row.published_at, null);
  const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${res.body.id}` });
  assert.equal(detail.status, 404, 'not public before a leader approves it');
  return row;
}

describe('ayuda source trust / untrust', () => {
  test('trust and untrust change the key’s mark, each change audited once; a repeat changes nothing', async () => {
    await register('app-confiable');
    const trusted = await cli(['source', 'trust', 'app-confiable', '--json']);
    assert.equal(trusted.code, 0, trusted.stderr);
    assert.deepEqual(JSON.parse(trusted.stdout), { name: 'app-confiable', trusted: true, changed: true });
    const row = await sourceRow('app-confiable');
    assert.ok(row?.trusted_at, 'trusted');
    assert.equal(row?.trusted_by, 'cli:ana');

    const again = await cli(['source', 'trust', 'app-confiable']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /ya estaba marcada como confiable/);

    const untrusted = await cli(['source', 'untrust', 'app-confiable']);
    assert.equal(untrusted.code, 0, untrusted.stderr);
    assert.match(untrusted.stdout, /ya no es fuente confiable/);
    assert.equal((await sourceRow('app-confiable'))?.trusted_at, null);
    assert.deepEqual(await actionsFor('app-confiable'), [
      ['cli:ana', 'source_added'],
      ['cli:ana', 'source_trusted'],
      ['cli:ana', 'source_untrusted'],
    ]);
  });

  test('the service’s own sources are refused with their reason; an unknown name is source_not_found', async () => {
    for (const name of [...ownSources, 'kobo:aK3pQz7Vn2XcRtY8mLw4Bd']) {
      const refused = await cli(['source', 'trust', name]);
      assert.equal(refused.code, 1, name);
      assert.match(refused.stderr, /validation_failed/, name);
      assert.match(refused.stderr, /nunca son confiables/, name);
      assert.deepEqual(await actionsFor(name), [], name);
    }
    const unknown = await cli(['source', 'trust', 'no-registrada']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /source_not_found/);
    assert.equal((await cli(['source', 'trust'])).code, 2, 'the name is required');
  });
});

describe('submissions with a trusted key', () => {
  test('are queued as before and stamped for the trusted lane; a registered key not trusted is not', async () => {
    const trustedKey = await register('app-carril');
    const plainKey = await register('app-normal');
    await trustSource(h.ctx, 'app-carril', 'test');

    const stamped = await assertQueued(await send('app-carril', trustedKey));
    assert.ok(isTrustedLane(stamped));
    assert.equal(stamped.trusted_source_at, stamped.submitted_at, 'stamped when it was sent');

    const plain = await assertQueued(await send('app-normal', plainKey));
    assert.equal(isTrustedLane(plain), false);

    const anonymous = await assertQueued(await send('app-sin-registro'));
    assert.equal(isTrustedLane(anonymous), false);
  });

  test('revisions are stamped while the key is trusted, and cleared once it no longer is', async () => {
    const key = await register('app-revisa');
    await trustSource(h.ctx, 'app-revisa', 'test');
    const first = await send('app-revisa', key, { externalId: 'revisa-1' });
    const pendingFirst = await assertQueued(first);
    assert.ok(isTrustedLane(pendingFirst));

    // A pending record revised: the new content is stamped at its own time.
    const revised = await send('app-revisa', key, { externalId: 'revisa-1', title: 'Agua potable para 12 familias' });
    const pendingRevised = await assertQueued(revised);
    assert.ok(isTrustedLane(pendingRevised));
    assert.ok((pendingRevised.trusted_source_at as string) > (pendingFirst.trusted_source_at as string));

    // A published record's revision waits for review, stamped too.
    await approveSubmission(h.ctx, first.body.id, 'test');
    const change = await send('app-revisa', key, { externalId: 'revisa-1', title: 'Agua potable para 20 familias' });
    assert.equal(change.status, 202);
    assert.equal(change.body.queued, true);
    const waiting = await record(first.body.id);
    assert.ok(waiting.pending_revision?.includes('20 familias'));
    assert.ok(!waiting.pending_revision?.includes('trusted'), 'the lane is not part of the content');
    assert.ok(isTrustedLane(waiting));

    // Untrusted: its next revision waits in the ordinary inbox.
    assert.equal((await cli(['source', 'untrust', 'app-revisa'])).code, 0);
    await send('app-revisa', key, { externalId: 'revisa-1', title: 'Agua potable para 30 familias' });
    assert.equal(isTrustedLane(await record(first.body.id)), false);
  });

  test('a stranger sending under a trusted name, without its key or with another key, is refused', async () => {
    await register('app-suplantada');
    const otherKey = await register('app-ajena');
    await trustSource(h.ctx, 'app-suplantada', 'test');
    await trustSource(h.ctx, 'app-ajena', 'test');
    const before = await countRecords(h);
    for (const key of [undefined, 'clave-inventada', otherKey]) {
      const res = await send('app-suplantada', key);
      assert.equal(res.status, 401, String(key));
      assert.equal(res.body.code, 'source_key_required');
    }
    assert.equal(await countRecords(h), before, 'nothing written');
  });

  test('a new key starts untrusted: after a rotation, and after removal and registering the name again', async () => {
    const oldKey = await register('app-rotada');
    await trustSource(h.ctx, 'app-rotada', 'test');
    const rotated = await cli(['source', 'rotate', 'app-rotada', '--json']);
    const newKey = JSON.parse(rotated.stdout).key as string;
    assert.equal((await sourceRow('app-rotada'))?.trusted_at, null);
    assert.equal((await send('app-rotada', oldKey)).status, 401);
    assert.equal(isTrustedLane(await assertQueued(await send('app-rotada', newKey))), false);

    await register('app-renacida');
    await trustSource(h.ctx, 'app-renacida', 'test');
    assert.equal((await cli(['source', 'remove', 'app-renacida'])).code, 0);
    const again = await register('app-renacida');
    assert.equal((await sourceRow('app-renacida'))?.trusted_at, null);
    assert.equal(isTrustedLane(await assertQueued(await send('app-renacida', again))), false);
  });
});

describe('console: trusting on /panel/integraciones', () => {
  test('an admin trusts and untrusts with the form, audited; without the CSRF token nothing changes', async () => {
    await register('app-consola-confianza');
    const { browser, email } = await leader(h, [], 'admin');
    const page = await browser.get(PAGE);
    assert.match(page.body, /Marcar como confiable/);
    const forged = await browser.post(`${PAGE}/app-consola-confianza/confiar`, { _csrf: 'falso' });
    assert.equal(forged.statusCode, 403);
    assert.equal((await sourceRow('app-consola-confianza'))?.trusted_at, null);

    await browser.get(PAGE);
    const trusted = await browser.post(`${PAGE}/app-consola-confianza/confiar`);
    assert.equal(trusted.statusCode, 303);
    assert.ok((await sourceRow('app-consola-confianza'))?.trusted_at);
    const shown = await browser.get(PAGE);
    assert.match(shown.body, /Quitar confianza/);
    assert.match(shown.body, /Confiable<\/strong> desde/);

    const untrusted = await browser.post(`${PAGE}/app-consola-confianza/desconfiar`);
    assert.equal(untrusted.statusCode, 303);
    assert.equal((await sourceRow('app-consola-confianza'))?.trusted_at, null);
    const actions = await actionsFor('app-consola-confianza');
    assert.deepEqual(
      actions.map(([, action]) => action),
      ['source_added', 'source_trusted', 'source_untrusted'],
    );
    assert.ok(
      actions.slice(1).every(([actor]) => actor?.includes(email)),
      'the admin who did it',
    );
  });

  test('one of the service’s own names is refused on the page with its reason', async () => {
    const { browser } = await leader(h, [], 'admin');
    await browser.get(PAGE);
    const refused = await browser.post(`${PAGE}/web/confiar`);
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /nunca son confiables/);
    assert.deepEqual(await actionsFor('web'), []);
  });

  test('scammer: a leader who is not an admin cannot trust a source (403), and nothing changes', async () => {
    await register('app-del-estafador');
    const { browser } = await leader(h, ['inundacion-mocoa']);
    await browser.get('/panel');
    for (const action of ['confiar', 'desconfiar']) {
      const res = await browser.post(`${PAGE}/app-del-estafador/${action}`);
      assert.equal(res.statusCode, 403, action);
    }
    assert.equal((await sourceRow('app-del-estafador'))?.trusted_at, null);
    assert.deepEqual(
      (await actionsFor('app-del-estafador')).map(([, action]) => action),
      ['source_added'],
    );
  });
});

test('scammer: a trusted submission, once approved, shows nothing of the lane in any public output', async () => {
  const key = await register('app-publica');
  await trustSource(h.ctx, 'app-publica', 'test');
  const sent = await send('app-publica', key, { title: 'Mercados para el albergue Villa Rosa' });
  await assertQueued(sent);
  // A value no public field could hold by chance, planted in the stamp; the record is then published.
  const planted = '1999-09-09T09:09:09.999Z';
  await h.ctx.db
    .updateTable('help_records')
    .set({ trusted_source_at: planted })
    .where('id', '=', sent.body.id)
    .execute();
  await approveSubmission(h.ctx, sent.body.id, 'test');
  const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${sent.body.id}` });
  assert.equal(detail.status, 200, 'published');
  const outputs = await crawlPublic(h);
  assert.ok(leaks(outputs, ['Mercados para el albergue Villa Rosa']).length > 3, 'the crawl reaches the record');
  assert.deepEqual(leaks(outputs, [planted, 'trusted_source', 'trustedSource', 'Fuente confiable']), []);
});

test('the demo has one trusted integration and two of its requests waiting in the trusted lane', async () => {
  await addEmergency(h, demoEmergency.slug, demoEmergency.name);
  assert.equal(await seedDemoTrustedSource(h.ctx, 300), 2);
  assert.ok((await sourceRow(DEMO_TRUSTED_SOURCE))?.trusted_at);
  const rows = await h.ctx.db
    .selectFrom('help_records')
    .selectAll()
    .where('source', '=', DEMO_TRUSTED_SOURCE)
    .execute();
  assert.equal(rows.length, 2);
  for (const row of rows) {
    assert.equal(row.review_status, 'pending_review');
    assert.ok(isTrustedLane(row), row.title);
  }
});
