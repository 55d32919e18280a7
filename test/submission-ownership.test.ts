// Nobody can rewrite someone else's submission: a changed re-post of a source + externalId pair needs the editToken
// of its first 202 or the key of its registered source; without it, 409 source_conflict and nothing changes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { addSource, removeSource, rotateSourceKey } from '../src/commands/source-registration.ts';
import { buildOpenApi } from '../src/contract/openapi.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
  await addEmergency(h, 'deslizamiento-mocoa', 'Deslizamiento Mocoa');
});
after(() => h.close());

const SLUG = 'inundacion-mocoa';
const post = (payload: object, headers: Record<string, string> = {}) =>
  h.json({ method: 'POST', url: HELP, payload, headers });
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const body = (overrides: Record<string, unknown> = {}) => requestBody({ emergencySlug: SLUG, ...overrides });

/** Everything a change could touch: the record and its timeline. */
async function snapshot(source: string, externalId: string) {
  const rows = await h.ctx.db
    .selectFrom('help_records')
    .selectAll()
    .where('source', '=', source)
    .where('external_id', '=', externalId)
    .execute();
  const ids = rows.map((r) => r.id);
  const events =
    ids.length === 0
      ? []
      : await h.ctx.db.selectFrom('timeline_events').select(['kind']).where('help_id', 'in', ids).execute();
  return { rows, events: events.length };
}

async function refusedWithoutChange(
  payload: Record<string, unknown>,
  headers: Record<string, string>,
  status: number,
  code: string,
) {
  const before = await snapshot(String(payload.source), String(payload.externalId));
  const res = await post(payload, headers);
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.code, code);
  assert.equal(res.body.editToken, undefined);
  assert.deepEqual(await snapshot(String(payload.source), String(payload.externalId)), before, 'nothing changed');
  return res;
}

describe('anonymous clients prove a pair with its editToken', () => {
  test('a changed re-post without the token, or with a wrong one, is 409 source_conflict and changes nothing', async () => {
    const original = body({ source: 'asistente-a', externalId: 'solicitud-1', contactWhatsapp: '+573001112233' });
    const first = await post(original);
    assert.equal(first.status, 202);
    assert.ok(first.body.editToken);
    // Another assistant picks the same pair and tries to put its own phone and text on it.
    const hijack = { ...original, title: 'Otra solicitud distinta', contactWhatsapp: '+573009998877' };
    await refusedWithoutChange(hijack, {}, 409, 'source_conflict');
    await refusedWithoutChange(hijack, bearer('adivinado'), 409, 'source_conflict');
    await refusedWithoutChange(hijack, bearer(`${first.body.editToken}x`), 409, 'source_conflict');
    await refusedWithoutChange(hijack, { authorization: `Basic ${first.body.editToken}` }, 409, 'source_conflict');
    const row = (await snapshot('asistente-a', 'solicitud-1')).rows[0];
    assert.equal(row?.contact_whatsapp, '+573001112233');
    assert.equal(row?.content_version, 1);
  });

  test('an identical repeat needs no token and gets the same id without a token', async () => {
    const original = body({ externalId: 'repeat-1' });
    const first = await post(original);
    const again = await post(original);
    assert.equal(again.status, 202);
    assert.equal(again.body.id, first.body.id);
    assert.equal(again.body.editToken, undefined);
    assert.equal((await snapshot('test-suite', 'repeat-1')).rows.length, 1);
  });

  test('with the token the submitter changes the pending submission, and the token stays the same', async () => {
    const original = body({ externalId: 'owner-1' });
    const first = await post(original);
    const changed = await post({ ...original, title: 'Agua y mercados para familias' }, bearer(first.body.editToken));
    assert.equal(changed.status, 202);
    assert.equal(changed.body.id, first.body.id);
    assert.equal(changed.body.editToken, undefined, 'the token is given once');
    const again = await post({ ...original, title: 'Agua, mercados y cobijas' }, bearer(first.body.editToken));
    assert.equal(again.status, 202, 'the same token keeps working');
    const row = (await snapshot('test-suite', 'owner-1')).rows[0];
    assert.equal(row?.title, 'Agua, mercados y cobijas');
    assert.equal(row?.content_version, 3);
  });

  test('a published record: no revision without the token; with it, a revision that waits for review', async () => {
    const original = body({ externalId: 'published-1', title: 'Carpas para el coliseo' });
    const first = await post(original);
    await approveSubmission(h.ctx, first.body.id, 'test');
    const revision = { ...original, title: 'Texto que nadie autorizó' };
    await refusedWithoutChange(revision, {}, 409, 'source_conflict');
    const row = (await snapshot('test-suite', 'published-1')).rows[0];
    assert.equal(row?.pending_revision, null, 'no revision was queued');
    const owned = await post(revision, bearer(first.body.editToken));
    assert.equal(owned.status, 202);
    assert.equal(owned.body.reviewStatus, 'pending_review');
    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${first.body.id}` });
    assert.equal(detail.body.item.title, 'Carpas para el coliseo', 'still the published content');
    // Withdrawing the revision (back to the published content) is a change too.
    await refusedWithoutChange(original, {}, 409, 'source_conflict');
  });

  test('a token proves only its own pair', async () => {
    const mine = await post(body({ externalId: 'mine-1' }));
    const theirs = body({ externalId: 'theirs-1' });
    await post(theirs);
    await refusedWithoutChange(
      { ...theirs, title: 'Cambiado con otro token' },
      bearer(mine.body.editToken),
      409,
      'source_conflict',
    );
  });

  test('records from before edit tokens can be changed only by the leaders', async () => {
    const original = body({ externalId: 'legacy-1' });
    const first = await post(original);
    await h.ctx.db.updateTable('help_records').set({ edit_token_hash: null }).where('id', '=', first.body.id).execute();
    const changed = { ...original, title: 'Cambio de un registro antiguo' };
    await refusedWithoutChange(changed, {}, 409, 'source_conflict');
    await refusedWithoutChange(changed, bearer(first.body.editToken), 409, 'source_conflict');
    const same = await post(original);
    assert.equal(same.status, 202, 'an identical repeat is still recognised');
    assert.equal(same.body.id, first.body.id);
  });

  test('concurrent first sends with different content: one creates the pair, the others are conflicts', async () => {
    const sends = Array.from({ length: 8 }, (_, i) =>
      body({ externalId: 'race-1', title: `Solicitud en carrera ${i}` }),
    );
    const responses = await Promise.all(sends.map((payload) => post(payload)));
    const statuses = responses.map((r) => r.status).sort();
    assert.deepEqual(statuses, [202, 409, 409, 409, 409, 409, 409, 409], JSON.stringify(statuses));
    assert.ok(responses.find((r) => r.status === 202)?.body.editToken);
    assert.ok(responses.filter((r) => r.status === 409).every((r) => r.body.code === 'source_conflict'));
    assert.equal((await snapshot('test-suite', 'race-1')).rows.length, 1);
  });

  test('a lost 202 is recovered by replaying its Idempotency-Key, and the token it holds works', async () => {
    const original = body({ externalId: 'lost-1' });
    const key = { 'idempotency-key': 'perdida-0001' };
    const first = await post(original, key);
    const replay = await post(original, key);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body.editToken, first.body.editToken);
    const changed = await post({ ...original, title: 'Cambio tras recuperar' }, bearer(replay.body.editToken));
    assert.equal(changed.status, 202);
  });
});

describe('a revision never moves a record into another emergency', () => {
  test('the owner gets 400 emergency_change_not_allowed; a stranger only source_conflict; nothing changes', async () => {
    const original = body({ externalId: 'move-1' });
    const first = await post(original);
    const moved = { ...original, emergencySlug: 'deslizamiento-mocoa' };
    const res = await refusedWithoutChange(moved, bearer(first.body.editToken), 400, 'emergency_change_not_allowed');
    assert.equal(res.body.details[0].field, 'emergencySlug');
    // Ownership is checked first, so without proof the pair's emergency is not revealed.
    await refusedWithoutChange(moved, {}, 409, 'source_conflict');
  });

  test('a registered source cannot move its record either', async () => {
    const { key } = await addSource(h.ctx, 'app-mover', 'test');
    const original = body({ source: 'app-mover', externalId: 'move-2' });
    assert.equal((await post(original, bearer(key))).status, 202);
    const moved = { ...original, emergencySlug: 'deslizamiento-mocoa' };
    await refusedWithoutChange(moved, bearer(key), 400, 'emergency_change_not_allowed');
  });
});

describe('registered integrations prove themselves with their key', () => {
  test('without the key, or with a wrong one, 401 source_key_required and nothing is written', async () => {
    await addSource(h.ctx, 'app-putumayo', 'test');
    const payload = body({ source: 'app-putumayo', externalId: 'p-1' });
    await refusedWithoutChange(payload, {}, 401, 'source_key_required');
    await refusedWithoutChange(payload, bearer('no-es-la-clave'), 401, 'source_key_required');
    await refusedWithoutChange(payload, { ...bearer('no'), 'idempotency-key': 'k-p-1' }, 401, 'source_key_required');
    assert.equal(
      (await h.ctx.db.selectFrom('idempotency_keys').select('key').where('key', 'like', '%k-p-1').execute()).length,
      0,
      'no Idempotency-Key was claimed for a refused key',
    );
  });

  test('with the key: no editToken, and any of its pairs can be revised; a published one waits for review', async () => {
    const { key } = await addSource(h.ctx, 'app-huila', 'test');
    const original = body({ source: 'app-huila', externalId: 'h-1', title: 'Mercados para la vereda' });
    const first = await post(original, bearer(key));
    assert.equal(first.status, 202);
    assert.equal(first.body.editToken, undefined, 'the integration has its key');
    const row = (await snapshot('app-huila', 'h-1')).rows[0];
    assert.equal(row?.edit_token_hash, null);
    await approveSubmission(h.ctx, first.body.id, 'test');
    const revised = await post({ ...original, title: 'Mercados y agua para la vereda' }, bearer(key));
    assert.equal(revised.status, 202);
    assert.equal(revised.body.reviewStatus, 'pending_review');
    assert.equal(revised.body.queued, true);
    const after = (await snapshot('app-huila', 'h-1')).rows[0];
    assert.ok(after?.pending_revision, 'a revision waits for the leaders');
    assert.equal(after?.title, 'Mercados para la vereda', 'the published content stays');
  });

  test('a rotated key replaces the old one at once; after removal the records belong to the leaders', async () => {
    const { key: oldKey } = await addSource(h.ctx, 'app-cauca', 'test');
    const original = body({ source: 'app-cauca', externalId: 'c-1' });
    assert.equal((await post(original, bearer(oldKey))).status, 202);
    const { key: newKey } = await rotateSourceKey(h.ctx, 'app-cauca', 'test');
    await refusedWithoutChange(
      { ...original, title: 'Con la clave vieja' },
      bearer(oldKey),
      401,
      'source_key_required',
    );
    assert.equal((await post({ ...original, title: 'Con la clave nueva' }, bearer(newKey))).status, 202);
    await removeSource(h.ctx, 'app-cauca', 'test');
    await refusedWithoutChange({ ...original, title: 'Ya sin registro' }, bearer(newKey), 409, 'source_conflict');
  });

  test('Idempotency-Key of a registered source is the integration’s, whatever address it sends from', async () => {
    const { key } = await addSource(h.ctx, 'app-narino', 'test');
    const payload = body({ source: 'app-narino', externalId: 'n-1' });
    const headers = { ...bearer(key), 'idempotency-key': 'k-narino' };
    const first = await h.json({ method: 'POST', url: HELP, payload, headers, remoteAddress: '203.0.113.20' });
    const second = await h.json({ method: 'POST', url: HELP, payload, headers, remoteAddress: '198.51.100.20' });
    assert.equal(first.status, 202);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.deepEqual(second.body, first.body);
  });
});

test('the OpenAPI document describes the proof, its errors, the per-client Idempotency-Key and where the token is kept', () => {
  const doc = buildOpenApi(h.config.baseUrl, h.config) as any;
  const post = doc.paths['/api/public/v1/help'].post;
  assert.deepEqual(post.security, [{}, { editToken: [] }, { sourceKey: [] }]);
  assert.equal(doc.components.securitySchemes.editToken.scheme, 'bearer');
  assert.equal(doc.components.securitySchemes.sourceKey.scheme, 'bearer');
  assert.ok(doc.components.schemas.PublishResult.properties.editToken);
  assert.ok(!doc.components.schemas.PublishResult.required.includes('editToken'));
  const codes = (status: string) => Object.keys(post.responses[status].content['application/json'].examples);
  assert.deepEqual(codes('401'), ['source_key_required']);
  assert.ok(codes('409').includes('source_conflict'));
  assert.ok(codes('400').includes('emergency_change_not_allowed'));
  assert.match(doc.info.description, /de cada\s+cliente/);
  assert.match(doc.info.description, /único lugar donde el editToken se\s+conserva en claro/);
});
