// Migration 025 gives each consent draft the protocol era that opened it, so only that era settles it over MCP. Drafts
// waiting when it runs (30 minutes at most) are told apart by the session they already kept: a 2025-era session
// opened every draft that has one, a 2026-07-28 call every draft that has none.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { migrateDownTo, migrateToLatest, migrationNames } from '../src/db/migrate.ts';
import { type Harness, setup } from './helpers/harness.ts';

let h: Harness;

before(async () => {
  h = await setup();
});
after(() => h.close());

test('drafts from before the migration get the era their session says', async () => {
  await migrateDownTo(h.ctx.db as never, h.ctx.dialect, '024-number-proofs');
  const at = h.clock.now().toISOString();
  const later = new Date(h.clock.now().getTime() + 30 * 60_000).toISOString();
  for (const [hash, session] of [
    ['borrador-con-sesion', 'sesion-2025'],
    ['borrador-sin-sesion', null],
  ] as const) {
    await sql`insert into consent_drafts (token_hash, kind, payload, contact_whatsapp, session_id, created_at, expires_at)
      values (${hash}, 'request', '{}', '+573001112233', ${session}, ${at}, ${later})`.execute(h.ctx.db);
  }
  const names = migrationNames(h.ctx.dialect);
  assert.deepEqual(
    await migrateToLatest(h.ctx.db as never, h.ctx.dialect),
    names.slice(names.indexOf('025-draft-origin')),
  );
  const rows = await h.ctx.db
    .selectFrom('consent_drafts')
    .select(['token_hash', 'era', 'session_id'])
    .orderBy('token_hash')
    .execute();
  assert.deepEqual(rows, [
    { token_hash: 'borrador-con-sesion', era: '2025-11-25', session_id: 'sesion-2025' },
    { token_hash: 'borrador-sin-sesion', era: '2026-07-28', session_id: null },
  ]);
});
