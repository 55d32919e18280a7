// The one way a command writes public data: caches everywhere learn of it with the commit, never before or without.
import type { Context } from '../context.ts';
import type { Db } from '../db/types.ts';

/** Runs fn in a transaction that announces the change; tells this instance's caches once it has committed. */
export async function writePublic<T>(ctx: Context, fn: (trx: Db) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const value = await fn(trx);
    await ctx.changes.announce(trx);
    return value;
  });
  ctx.changes.written();
  return result;
}
