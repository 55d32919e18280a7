// A person's offer follows a request's place rule from now on (domain/public-place.ts): public at about 300 m
// unless they ask for the exact place; a collection centre stays at its exact address. Offers published before
// move to their approximate place with this migration. Their earlier change-feed entries carried the street and
// the exact point: those entries lose their state (redacted, as after a withdrawal), so a pending webhook delivery
// of one sends no place either, and each offer waits in feed_touches for one fresh 'updated' entry, which the
// service writes soon after it starts (commands/changes/feed-touches.ts).
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types.ts';

export function offerPlaces(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('feed_touches')
        // help: an aid record whose public state must be written to the feed again.
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('feed_touches_pk', ['entity', 'entity_id'])
        .execute();
      await moveOffersToTheirPublicPlace(db);
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('feed_touches').execute();
    },
  };
}

/** The published offers of people that showed an exact place: redacted in the feed, queued for a new entry. */
export async function moveOffersToTheirPublicPlace(db: Kysely<unknown>): Promise<void> {
  await sql`insert into feed_touches (entity, entity_id)
    select 'help', id from help_records
    where type = 'offer' and collection_center_status is null and exact_location <> 1
      and review_status = 'approved' and (latitude is not null or address is not null)`.execute(db);
  await sql`update public_changes set state = null, fingerprint = null, redacted = 1
    where entity = 'help' and state is not null
      and entity_id in (select entity_id from feed_touches where entity = 'help')`.execute(db);
}
