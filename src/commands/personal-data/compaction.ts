// After an erasure on SQLite, the database file is rewritten without the erased values. secure_delete zeroes a
// deleted row where it lies, but a copy of it can survive in the unused part of a page that SQLite rebuilt while the
// row was still alive (a page split or merge moves rows and leaves the old bytes behind). VACUUM rewrites every page
// from the live rows only, then the WAL is truncated. It blocks the database for about a second per 200 MB, so it
// runs at most once a minute: the first erasure in a minute compacts at once, later ones when the minute is over.
// PostgreSQL's dead row versions are autovacuum's.
import type { Context } from '../../context.ts';
import { checkpointAfterErasure, compactDatabase } from '../../repositories/erasures.ts';

export const COMPACT_EVERY_MS = 60_000;

interface Pace {
  last: number;
  timer: NodeJS.Timeout | null;
}

const paces = new WeakMap<object, Pace>();

function paceOf(ctx: Context): Pace {
  let pace = paces.get(ctx.db);
  if (!pace) {
    pace = { last: Number.NEGATIVE_INFINITY, timer: null };
    paces.set(ctx.db, pace);
  }
  return pace;
}

async function compact(ctx: Context, pace: Pace): Promise<void> {
  pace.last = Date.now();
  await compactDatabase(ctx);
}

/** Called once an erasure committed: the WAL is truncated now, and the file compacted now or within the minute. */
export async function afterErasure(ctx: Context): Promise<void> {
  await checkpointAfterErasure(ctx);
  if (ctx.dialect !== 'sqlite') return;
  const pace = paceOf(ctx);
  const wait = pace.last + COMPACT_EVERY_MS - Date.now();
  if (wait <= 0 && pace.timer === null) return compact(ctx, pace);
  pace.timer ??= setTimeout(
    () => {
      pace.timer = null;
      // A database closed meanwhile has nothing left to compact.
      compact(ctx, pace).catch(() => {});
    },
    Math.max(0, wait),
  ).unref();
}

/** Runs a compaction that is waiting for its minute now; false when none was waiting (for tests and shutdown). */
export async function compactPending(ctx: Context): Promise<boolean> {
  const pace = paces.get(ctx.db);
  if (!pace?.timer) return false;
  clearTimeout(pace.timer);
  pace.timer = null;
  await compact(ctx, pace);
  return true;
}
