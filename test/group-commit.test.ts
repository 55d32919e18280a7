// Concurrent submissions share one commit on SQLite, each in its own savepoint: one that fails leaves nothing and
// takes nobody else down, and every caller is answered only once its writes are committed.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { submitHelp } from '../src/commands/submit-help.ts';
import { GroupCommit } from '../src/db/group-commit.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { engine } from './helpers/database.ts';
import { addEmergency, type Harness, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

const audited = (actor: string) => h.ctx.db.selectFrom('audit_log').select('id').where('actor', '=', actor).execute();

test('twenty submissions at once are all committed, sharing commits on SQLite', async () => {
  const before = h.ctx.commits.transactions;
  const bodies = Array.from({ length: 20 }, (_, i) =>
    helpSubmission.parse(requestBody({ externalId: `lote-${randomUUID()}`, title: `Agua para la casa ${i}` })),
  );
  const results = await Promise.all(bodies.map((body) => submitHelp(h.ctx, body)));
  const ids = results.map((r) => r.result.id);
  const stored = await h.ctx.db.selectFrom('help_records').select('id').where('id', 'in', ids).execute();
  assert.equal(stored.length, 20);
  const used = h.ctx.commits.transactions - before;
  if (engine === 'sqlite') assert.ok(used < 20, `${used} transactions for 20 submissions`);
  else assert.equal(used, 20, 'PostgreSQL: one transaction each');
});

test('a call that fails in a shared transaction rolls back alone; the others are committed', async () => {
  const commits = new GroupCommit(h.ctx);
  const actor = `grupo-${randomUUID()}`;
  const write = (n: number) =>
    commits.run(async (trx) => {
      await trx.db
        .insertInto('audit_log')
        .values({
          actor,
          action: `paso-${n}`,
          target_type: 'prueba',
          target_id: String(n),
          details: null,
          created_at: '2026-05-10T12:00:00.000Z',
        })
        .execute();
      if (n === 2) throw new Error('este falla después de escribir');
      return n;
    });
  const settled = await Promise.allSettled([0, 1, 2, 3, 4].map(write));
  assert.deepEqual(
    settled.map((s) => s.status),
    ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
  );
  assert.match(String((settled[2] as PromiseRejectedResult).reason), /falla/);
  const rows = await audited(actor);
  assert.equal(rows.length, 4, 'the failed call left nothing; the other four are there');
  if (engine === 'sqlite') assert.equal(commits.transactions, 1, 'all five waited for the same commit');
});

test('a caller is answered only after the commit: when the shared commit fails, every call in it hears so', {
  skip: engine !== 'sqlite' && 'batches are SQLite only',
}, async () => {
  const commits = new GroupCommit(h.ctx);
  const actor = `commit-${randomUUID()}`;
  const fine = commits.run(async (trx) => {
    await trx.db
      .insertInto('audit_log')
      .values({
        actor,
        action: 'paso',
        target_type: 'prueba',
        target_id: '1',
        details: null,
        created_at: '2026-05-10T12:00:00.000Z',
      })
      .execute();
    return 'escrito';
  });
  // A foreign key checked only at COMMIT: the statement succeeds, the commit of the whole batch does not.
  const breaksCommit = commits.run(async (trx) => {
    await sql`PRAGMA defer_foreign_keys = ON`.execute(trx.db);
    await trx.db
      .insertInto('reports')
      .values({
        id: randomUUID(),
        help_id: randomUUID(),
        emergency_id: randomUUID(),
        reason: 'other',
        note: '',
        reporter_hash: 'x',
        created_at: '2026-05-10T12:00:00.000Z',
        resolved_at: null,
        resolved_by: null,
      })
      .execute();
  });
  const settled = await Promise.allSettled([fine, breaksCommit]);
  assert.deepEqual(
    settled.map((s) => s.status),
    ['rejected', 'rejected'],
  );
  assert.match(String((settled[0] as PromiseRejectedResult).reason), /FOREIGN KEY/i);
  assert.equal((await audited(actor)).length, 0, 'nothing of the batch was committed');
  // The next batch works as usual.
  assert.equal(await commits.run(async () => 'siguiente'), 'siguiente');
});
