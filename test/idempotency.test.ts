// source + externalId never duplicates; revisions wait for review; Idempotency-Key replays, 422 and 409.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { fingerprintOf, idempotencyScope, storedKey } from '../src/domain/idempotency-key.ts';
import { claimIdempotencyKey } from '../src/repositories/idempotency.ts';
import { addEmergency, type Harness, HELP, list, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

const post = (payload: object, headers: Record<string, string> = {}) =>
  h.json({ method: 'POST', url: HELP, payload, headers });
/** A change sent by the submitter: with the editToken the first 202 returned. */
const asOwner = (token: string) => ({ authorization: `Bearer ${token}` });

async function recordsFor(source: string, externalId: string) {
  return h.ctx.db
    .selectFrom('help_records')
    .selectAll()
    .where('source', '=', source)
    .where('external_id', '=', externalId)
    .execute();
}

describe('source + externalId', () => {
  test('the same content again returns the same id and changes nothing', async () => {
    const body = requestBody({ externalId: 'same-1' });
    const first = await post(body);
    const before = (await recordsFor('test-suite', 'same-1'))[0];
    // Same content with keys in another order and the phone written differently.
    const reordered = Object.fromEntries(Object.entries({ ...body, contactWhatsapp: '+57 300 1234567' }).reverse());
    const second = await post(reordered);
    assert.equal(second.status, 202);
    assert.equal(second.body.id, first.body.id);
    assert.equal(second.body.queued, true);
    assert.equal(second.body.editToken, undefined, 'only the first 202 carries the token');
    const rows = await recordsFor('test-suite', 'same-1');
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0], before, 'nothing changed');
  });

  test('changed content before review replaces the pending submission', async () => {
    const body = requestBody({ externalId: 'pending-change' });
    const first = await post(body);
    const second = await post({ ...body, title: 'Agua y alimentos para familias' }, asOwner(first.body.editToken));
    assert.equal(second.status, 202);
    assert.equal(second.body.id, first.body.id);
    assert.equal(second.body.editToken, undefined);
    const rows = await recordsFor('test-suite', 'pending-change');
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.title, 'Agua y alimentos para familias');
    assert.equal(rows[0]?.review_status, 'pending_review');
  });

  test('a revision of a published record waits for review; the public record stays until it is approved', async () => {
    const body = requestBody({ externalId: 'rev-1', title: 'Carpas para albergue escolar' });
    const { body: created } = await post(body);
    await approveSubmission(h.ctx, created.id, 'test');
    const revised = await post(
      { ...body, title: 'Carpas y colchonetas para albergue escolar' },
      asOwner(created.editToken),
    );
    assert.equal(revised.status, 202);
    assert.equal(revised.body.id, created.id);
    assert.equal(revised.body.reviewStatus, 'pending_review');
    assert.equal(revised.body.queued, true);
    let detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${created.id}` });
    assert.equal(detail.body.item.title, 'Carpas para albergue escolar', 'still the approved content');
    const again = await post({ ...body, title: 'Carpas y colchonetas para albergue escolar' });
    assert.equal(again.body.id, created.id, 'repeating the revision creates nothing new, and needs no token');
    await approveSubmission(h.ctx, created.id, 'test', 'Actualizado');
    detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${created.id}` });
    assert.equal(detail.body.item.title, 'Carpas y colchonetas para albergue escolar');
    assert.ok(
      detail.body.item.timeline.some(
        (t: { kind: string; note: string }) => t.kind === 'revision_approved' && t.note === 'Actualizado',
      ),
    );
    const found = await list(h, { q: 'colchonetas' });
    assert.equal(found.body.total, 1, 'search words follow the approved revision');
    assert.equal((await list(h, { q: 'escolar colchonetas' })).body.items[0].id, created.id);
    assert.equal((await recordsFor('test-suite', 'rev-1')).length, 1);
  });

  test('a rejected revision leaves the published record as it was', async () => {
    const body = requestBody({ externalId: 'rev-2', title: 'Leche de fórmula para bebés' });
    const { body: created } = await post(body);
    await approveSubmission(h.ctx, created.id, 'test');
    await post({ ...body, title: 'Cambio que no se aprueba' }, asOwner(created.editToken));
    await rejectSubmission(h.ctx, created.id, 'test', 'No corresponde');
    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${created.id}` });
    assert.equal(detail.body.item.title, 'Leche de fórmula para bebés');
    const repeat = await post(body);
    assert.equal(repeat.body.reviewStatus, 'approved');
    assert.equal(repeat.body.queued, false);
  });

  test('a rejected submission sent again unchanged stays rejected; changed, it returns to review', async () => {
    const body = requestBody({ externalId: 'rej-1' });
    const { body: created } = await post(body);
    await rejectSubmission(h.ctx, created.id, 'test', 'Datos incompletos');
    const same = await post(body);
    assert.equal(same.body.reviewStatus, 'rejected');
    assert.equal(same.body.queued, false);
    const changed = await post(
      { ...body, description: 'Ahora con la dirección completa y referencias.' },
      asOwner(created.editToken),
    );
    assert.equal(changed.body.reviewStatus, 'pending_review');
    assert.equal(changed.body.id, created.id);
  });

  test('20 identical submissions at once produce exactly one record', async () => {
    const body = requestBody({ externalId: 'burst-1' });
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    assert.ok(
      responses.every((r) => r.status === 202),
      JSON.stringify(responses.map((r) => r.status)),
    );
    assert.equal(new Set(responses.map((r) => r.body.id)).size, 1);
    assert.equal(responses.filter((r) => r.body.editToken).length, 1, 'one of them created it and got the token');
    assert.equal((await recordsFor('test-suite', 'burst-1')).length, 1);
  });
});

describe('Idempotency-Key', () => {
  test('same key and same body -> the stored first response, marked as replayed', async () => {
    const body = requestBody({ externalId: 'key-1' });
    const first = await post(body, { 'idempotency-key': 'k-0001' });
    assert.equal(first.status, 202);
    const replay = await post(body, { 'idempotency-key': 'k-0001' });
    assert.equal(replay.status, 202);
    // The stored answer keeps no receipt code (only the sender's secret opens it again).
    const { receiptCode, ...stored } = first.body;
    assert.deepEqual(replay.body, stored);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.ok(replay.body.editToken, 'a client that lost its 202 gets the token back from the replay');
    const proven = await post(body, { 'idempotency-key': 'k-0001', authorization: `Bearer ${replay.body.editToken}` });
    assert.equal(proven.body.receiptCode, receiptCode, 'and with the token, the code');
  });

  test('same key with a different body -> 422 idempotency_key_reused, nothing written', async () => {
    await post(requestBody({ externalId: 'key-2' }), { 'idempotency-key': 'k-0002' });
    const res = await post(requestBody({ externalId: 'key-2b' }), { 'idempotency-key': 'k-0002' });
    assert.equal(res.status, 422);
    assert.equal(res.body.code, 'idempotency_key_reused');
    assert.equal((await recordsFor('test-suite', 'key-2b')).length, 0);
  });

  test('same key while the first is still in flight -> 409 with Retry-After', async () => {
    const body = requestBody({ externalId: 'key-3' });
    // Another instance holds the key: its claim is committed, its work is not finished.
    const fingerprint = fingerprintOf(body);
    assert.equal(
      await claimIdempotencyKey(
        h.ctx.db,
        // app.inject's client address.
        storedKey('help', idempotencyScope(null, '127.0.0.1'), 'k-0003'),
        fingerprint,
        h.ctx.now().toISOString(),
      ),
      null,
    );
    const res = await post(body, { 'idempotency-key': 'k-0003' });
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'idempotency_key_in_flight');
    assert.ok(res.headers['retry-after']);
    assert.equal((await recordsFor('test-suite', 'key-3')).length, 0);
    // A claim whose holder died (older than a minute) is taken over.
    h.clock.advanceHours(1);
    const later = await post(body, { 'idempotency-key': 'k-0003' });
    assert.equal(later.status, 202);
  });

  test('a failed submission releases its key', async () => {
    const bad = requestBody({ externalId: 'key-4', emergencySlug: 'no-existe' });
    const first = await post(bad, { 'idempotency-key': 'k-0004' });
    assert.equal(first.status, 400);
    assert.equal(first.body.code, 'unknown_emergency');
    const fixed = await post({ ...bad, emergencySlug: 'inundacion-mocoa' }, { 'idempotency-key': 'k-0004' });
    assert.equal(fixed.status, 202);
  });

  test('a malformed key -> 400 invalid_idempotency_key', async () => {
    for (const key of ['con espacio', 'x'.repeat(256)]) {
      const res = await post(requestBody(), { 'idempotency-key': key });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'invalid_idempotency_key');
    }
  });

  test('keys belong to each client: the same key from two addresses and different bodies gives each its own 202', async () => {
    const from = (remoteAddress: string, payload: object) =>
      h.json({ method: 'POST', url: HELP, payload, headers: { 'idempotency-key': 'k-shared' }, remoteAddress });
    const one = await from('203.0.113.1', requestBody({ externalId: 'scope-1' }));
    const other = await from('198.51.100.7', requestBody({ externalId: 'scope-2' }));
    assert.equal(one.status, 202, JSON.stringify(one.body));
    assert.equal(other.status, 202, JSON.stringify(other.body));
    assert.notEqual(one.body.id, other.body.id);
    assert.notEqual(other.body.editToken, one.body.editToken, "neither is handed the other one's stored answer");
    assert.equal((await recordsFor('test-suite', 'scope-1')).length, 1);
    assert.equal((await recordsFor('test-suite', 'scope-2')).length, 1);
    // Within one client the key still means one attempt: another body is 422, the same body its replay.
    const reused = await from('203.0.113.1', requestBody({ externalId: 'scope-3' }));
    assert.equal(reused.status, 422);
    assert.equal(reused.body.code, 'idempotency_key_reused');
    // An IPv6 client is one /64: another address in the same /64 is the same client.
    const v6 = requestBody({ externalId: 'scope-4' });
    const first6 = await from('2001:db8:1:2::10', v6);
    const next6 = await from('2001:db8:1:2:ffff::1', v6);
    assert.equal(next6.headers['idempotent-replayed'], 'true');
    const { receiptCode: _code, ...stored6 } = first6.body;
    assert.deepEqual(next6.body, stored6);
  });

  test('concurrent requests with one key create one record', async () => {
    const body = requestBody({ externalId: 'key-5' });
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(body, { 'idempotency-key': 'k-0005' })));
    const statuses = responses.map((r) => r.status);
    assert.ok(
      statuses.every((s) => s === 202 || s === 409),
      JSON.stringify(statuses),
    );
    assert.ok(statuses.includes(202));
    assert.equal(new Set(responses.filter((r) => r.status === 202).map((r) => r.body.id)).size, 1);
    assert.equal((await recordsFor('test-suite', 'key-5')).length, 1);
  });
});
