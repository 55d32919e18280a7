// The feed entries a migration left waiting (db/migrations/016-offer-places.ts): each record is written again in a
// public write, so its change number moves (the search index and the caches read it anew) and the change feed
// gets one 'updated' entry with the state it shows now. Run soon after start and by every sweep; a second run, or
// another instance's, finds nothing left.
import type { Context } from '../../context.ts';
import { updateRecord } from '../../repositories/help-records/records.ts';
import { deleteFeedTouches, pendingFeedTouches } from '../../repositories/public-changes.ts';
import { writePublic } from '../write-public.ts';

/** Records per transaction: a long list never holds the write lock for long. */
const BATCH = 200;

export async function writeFeedTouches(ctx: Context): Promise<number> {
  let written = 0;
  for (;;) {
    const batch = await pendingFeedTouches(ctx.db, BATCH);
    if (batch.length === 0) return written;
    await writePublic(ctx, async (trx) => {
      for (const id of batch) await updateRecord(trx, id, {});
      await deleteFeedTouches(trx.db, batch);
    });
    written += batch.length;
  }
}
