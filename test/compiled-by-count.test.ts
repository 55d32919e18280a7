// Queries compiled once per number of values (src/db/compiled-by-count.ts) answer exactly what the builder's own
// query answers, for any count and any values, with parameters before and after the list, on both engines.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { CompiledByColumns, CompiledByCount } from '../src/db/compiled-by-count.ts';
import type { Db, Dialect, TimelineEventsTable } from '../src/db/types.ts';
import { findPublicByIds } from '../src/repositories/help-records/public.ts';
import { publicTimelines } from '../src/repositories/timeline.ts';
import { addEmergency, type Harness, publish, requestBody, setup, submit } from './helpers/harness.ts';

describe('queries compiled once per count', () => {
  let h: Harness;
  const published: string[] = [];
  let pending: string;
  before(async () => {
    h = await setup();
    await addEmergency(h);
    for (let i = 0; i < 6; i++) published.push(await publish(h, requestBody({ title: `Agua para el albergue ${i}` })));
    pending = await submit(h, requestBody({ title: 'Todavía sin revisar' }));
  });
  after(() => h.close());

  // Parameters on both sides of the list: the type before it, the title pattern after it.
  const build = (db: Db, ids: readonly string[]) =>
    db
      .selectFrom('help_records')
      .select(['id', 'title'])
      .where('type', '=', 'request')
      .where('id', 'in', ids)
      .where('title', 'like', 'Agua%')
      .orderBy('id');
  const compiled = new CompiledByCount(build);

  test('the same rows as the builder for every count and every choice of values, asked again and again', async () => {
    const pool = [...published, pending, 'no-existe'];
    for (let round = 0; round < 3; round++) {
      for (let count = 1; count <= pool.length; count++) {
        // A different choice of ids each time, so a stale value in a reused statement would show.
        const start = (count * 3 + round) % pool.length;
        const ids = [...pool.slice(start), ...pool.slice(0, start)].slice(0, count);
        const expected = await build(h.ctx.db, ids).execute();
        assert.deepEqual(await compiled.execute(h.ctx.db, ids), expected, `count ${count}, round ${round}`);
      }
    }
  });

  test('inside a transaction too, and the shared handle is unaffected', async () => {
    await h.ctx.db.transaction().execute(async (trx) => {
      const ids = [published[0] as string, published[1] as string];
      assert.deepEqual(await compiled.execute(trx, ids), await build(trx, ids).execute());
    });
    assert.equal((await compiled.execute(h.ctx.db, [published[2] as string])).length, 1);
  });

  test('a builder that uses a value twice is refused, not run with half its values', async () => {
    const twice = new CompiledByCount((db: Db, ids: readonly string[]) =>
      db
        .selectFrom('help_records')
        .select('id')
        .where((eb) => eb.or([eb('id', 'in', ids), eb('emergency_id', 'in', ids)])),
    );
    await assert.rejects(twice.execute(h.ctx.db, [published[0] as string]), /exactly one parameter/);
  });

  test('rows written by columns: every set of columns, undefined ones left out, expressions as SQL', async () => {
    const insert = new CompiledByColumns((db: Db, _dialect: Dialect, row: Partial<TimelineEventsTable>) =>
      db
        .insertInto('timeline_events')
        .values(row as TimelineEventsTable)
        .returning(['id', 'note', 'status', 'actor']),
    );
    const base = { help_id: published[5] as string, kind: 'note', is_public: 0, created_at: '2026-11-23T00:00:00Z' };
    const rows: Partial<TimelineEventsTable>[] = [
      { ...base, id: 'compiled-1', note: 'uno', status: 'active', actor: 'a' },
      { ...base, id: 'compiled-2', note: 'dos', status: undefined, actor: undefined },
      { ...base, id: 'compiled-3', note: 'tres', status: 'completed', actor: 'c' },
      { ...base, id: 'compiled-4', note: null, status: undefined, actor: 'd' },
      { ...base, id: 'compiled-5', note: sql<string>`'cinco' || '!'` as never, status: 'active', actor: 'e' },
    ];
    for (const row of rows) await insert.execute(h.ctx.db, h.ctx.dialect, row);
    const stored = await h.ctx.db
      .selectFrom('timeline_events')
      .select(['id', 'note', 'status', 'actor'])
      .where('id', 'like', 'compiled-%')
      .orderBy('id')
      .execute();
    assert.deepEqual(stored, [
      { id: 'compiled-1', note: 'uno', status: 'active', actor: 'a' },
      { id: 'compiled-2', note: 'dos', status: null, actor: null },
      { id: 'compiled-3', note: 'tres', status: 'completed', actor: 'c' },
      { id: 'compiled-4', note: null, status: null, actor: 'd' },
      { id: 'compiled-5', note: 'cinco!', status: 'active', actor: 'e' },
    ]);
  });

  test('the public reads built on it: records, unpublished ones left out, and their timelines', async () => {
    const ids = [published[3] as string, pending, published[4] as string];
    const rows = await findPublicByIds(h.ctx.db, ids);
    assert.deepEqual(rows.map((row) => row.id).sort(), [published[3], published[4]].sort());
    const timelines = await publicTimelines(h.ctx.db, ids);
    assert.ok((timelines.get(published[3] as string)?.length ?? 0) > 0);
    assert.ok(
      [...timelines.values()].flat().every((event) => event.is_public === 1),
      'public events only',
    );
  });
});
