// Public writes reach every cache through one path: announced inside the transaction, written after commit,
// and nothing at all when the write fails.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { createEmergency } from '../src/commands/create-emergency.ts';
import { removeInventoryLine } from '../src/commands/remove-inventory-line.ts';
import { writePublic } from '../src/commands/write-public.ts';
import type { Context } from '../src/context.ts';
import type { ChangeFeed } from '../src/db/change-feed.ts';
import { findEmergencyBySlug } from '../src/repositories/emergencies.ts';
import { type Harness, setup } from './helpers/harness.ts';

/** A copy of the context whose change feed records each call, and whether announce ran inside a transaction. */
function counted(ctx: Context): { ctx: Context; calls: string[] } {
  const calls: string[] = [];
  const changes: ChangeFeed = {
    version: () => ctx.changes.version(),
    announce: async (trx) => {
      calls.push(trx.isTransaction ? 'announce in transaction' : 'announce outside a transaction');
      await ctx.changes.announce(trx);
    },
    written: () => {
      calls.push('written');
      ctx.changes.written();
    },
    close: () => ctx.changes.close(),
  };
  return { ctx: { ...ctx, changes }, calls };
}

describe('writePublic', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(() => h.close());

  test('a command announces once, inside its transaction, and says written after the commit', async () => {
    const { ctx, calls } = counted(h.ctx);
    const before = h.ctx.changes.version();
    await createEmergency(ctx, { slug: 'sismo-pasto', name: 'Sismo Pasto' }, 'test');
    assert.deepEqual(calls, ['announce in transaction', 'written']);
    assert.notEqual(h.ctx.changes.version(), before, 'the instance sees public data moved');
    calls.length = 0;
    await closeEmergency(ctx, 'sismo-pasto', 'test');
    assert.deepEqual(calls, ['announce in transaction', 'written']);
  });

  test('a write that throws announces nothing and leaves nothing behind', async () => {
    const { ctx, calls } = counted(h.ctx);
    await assert.rejects(
      writePublic(ctx, async (trx) => {
        await trx.db
          .insertInto('emergencies')
          .values({
            id: '00000000-0000-4000-8000-000000000001',
            slug: 'nunca-guardada',
            name: 'Nunca guardada',
            status: 'active',
            latitude: null,
            longitude: null,
            created_at: ctx.now().toISOString(),
            closed_at: null,
          })
          .execute();
        throw new Error('write failed');
      }),
      /write failed/,
    );
    assert.deepEqual(calls, []);
    assert.equal(await findEmergencyBySlug(h.ctx.db, 'nunca-guardada'), undefined, 'rolled back');
  });

  test('a command that fails inside its transaction announces nothing', async () => {
    const { ctx, calls } = counted(h.ctx);
    await assert.rejects(
      removeInventoryLine(ctx, '00000000-0000-4000-8000-000000000002', 'test'),
      (err: Error & { code?: string }) => err.code === 'inventory_line_not_found',
    );
    assert.deepEqual(calls, []);
  });
});
