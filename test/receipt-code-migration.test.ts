// Migration 028: receipt codes given before it were kept in clear; they are hashed in place, keep working wherever a
// person types them, and no column keeps them in clear afterwards. A repeat of such a pair gets no code (there is
// no sealed copy to open), as documented in the upgrading notes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { migrateDownTo, migrateToLatest, migrationNames } from '../src/db/migrate.ts';
import { newReceiptCode } from '../src/domain/receipt-code.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(async () => {
  await h.close();
});

test('codes kept in clear before 028 are hashed by it, still answer /estado, and stay in no column', async () => {
  const bodies = ['Agua para la escuela', 'Cobijas para el coliseo'].map((title) => requestBody({ title }));
  const sent = [];
  for (const body of bodies) {
    const res = await h.json({ method: 'POST', url: HELP, payload: body });
    assert.equal(res.status, 202);
    sent.push(res.body as { id: string; editToken: string });
  }
  // The database as it was before 028, holding each record's code in clear as it did then.
  const db = h.ctx.db as unknown as Kysely<unknown>;
  const names = migrationNames(h.ctx.dialect);
  const later = names.slice(names.indexOf('027-channel-submissions') + 1);
  assert.equal(later[0], '028-receipt-code-hashes');
  assert.deepEqual(await migrateDownTo(db, h.ctx.dialect, '027-channel-submissions'), [...later].reverse());
  const old = new Map<string, string>();
  for (const { id } of sent) {
    const code = newReceiptCode();
    old.set(id, code);
    await sql`update help_records set receipt_code = ${code} where id = ${id}`.execute(db);
  }
  assert.deepEqual(await migrateToLatest(db, h.ctx.dialect), later);

  const rows = await h.ctx.db.selectFrom('help_records').selectAll().execute();
  for (const [id, code] of old) {
    const row = rows.find((r) => r.id === id);
    assert.ok(row?.receipt_code_hash, 'hashed');
    assert.ok(!JSON.stringify(row).includes(code), 'no column keeps it in clear');
    const status = await h.app.inject({
      method: 'POST',
      url: '/estado',
      payload: new URLSearchParams({ codigo: code }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://ayuda.test' },
    });
    assert.equal(status.statusCode, 200, 'the code the person kept still works');
    assert.match(status.body, /en revisión/);
  }
  // Nothing can open an older code: even its sender's repeat is answered without one.
  const first = sent[0];
  assert.ok(first);
  const repeat = await h.json({
    method: 'POST',
    url: HELP,
    payload: bodies[0],
    headers: { authorization: `Bearer ${first.editToken}` },
  });
  assert.equal(repeat.body.receiptCode, undefined);
});
