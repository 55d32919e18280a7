// The one way a command writes public data: caches everywhere learn of it with the commit, never before or without.
import type { Context } from '../context.ts';
import { inTransaction, type Store } from '../db/store.ts';

/** Runs fn in a transaction that announces the change; tells this instance's caches once it has committed. */
export async function writePublic<T>(ctx: Context, fn: (trx: Store) => Promise<T>): Promise<T> {
  const result = await inTransaction(ctx, async (trx) => {
    const value = await fn(trx);
    await ctx.changes.announce(trx.db);
    return value;
  });
  ctx.changes.written();
  return result;
}
