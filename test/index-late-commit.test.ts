// On PostgreSQL change numbers are taken before commit, so a slow transaction can commit a number lower than one an
// instance has already read. The index re-reads the last numbers by number alone and loads only the rows behind
// numbers it has not read: the late commit is found, and a write costs one row, not the whole window.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { engine } from './helpers/database.ts';
import { eventually } from './helpers/eventually.ts';
import { type Harness, publish, requestBody, submit, twoInstances } from './helpers/harness.ts';

describe('a change number committed late', { skip: engine !== 'postgres' && 'PostgreSQL only' }, () => {
  let a: Harness;
  let b: Harness;
  let close: () => Promise<void>;
  before(async () => {
    ({ a, b, close } = await twoInstances());
  });
  after(() => close());

  /** The ids an instance's index finds for a word, in the emergency of the test. */
  const found = async (h: Harness, q: string) => {
    const emergency = await a.ctx.db.selectFrom('emergencies').select('id').executeTakeFirstOrThrow();
    const result = await h.ctx.search.search({
      emergencyIds: [emergency.id],
      type: 'all',
      status: 'all',
      priority: 'all',
      logistics: false,
      q,
      limit: 100,
    });
    return result.hits.map((hit) => hit.id).sort();
  };

  /** What the instance shows once it shows `count` records (another instance's write arrives through NOTIFY). */
  const once = async (h: Harness, q: string, count: number) => {
    await eventually(async () => (await found(h, q)).length >= count);
    return found(h, q);
  };

  test('is found by an instance that read a higher number first', async () => {
    const late = await submit(a, requestBody({ title: 'Tanque de agua tardío' }));
    const early = await submit(a, requestBody({ title: 'Tanque de agua temprano' }));
    await b.ctx.search.warm();
    // A transaction takes the next change number for `late` and holds it while another write commits after it.
    const client = new pg.Client({ connectionString: a.dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(
        `update help_records set review_status = 'approved', status = 'active', reviewed_at = now()::text,
           published_at = now()::text, change_seq = nextval('help_records_change_seq') where id = $1`,
        [late],
      );
      await approveSubmission(a.ctx, early, 'test');
      assert.deepEqual(await once(b, 'tanque', 1), [early], 'the later number is read; the held one is not');
      await client.query('commit');
      // The commit is announced as any write is (the service's own writes do it through the change feed).
      await client.query(`select pg_notify('ayuda_changes', '')`);
      assert.deepEqual(await once(b, 'tanque', 2), [early, late].sort(), 'the late commit is found');
    } finally {
      await client.end();
    }
  });

  test('records written after the first read reach every instance, each once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await publish(a, requestBody({ title: `Colchonetas lote ${i}` })));
    for (const h of [a, b]) assert.deepEqual(await once(h, 'colchonetas', 5), [...ids].sort());
  });
});
