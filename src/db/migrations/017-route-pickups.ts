// A route that picks up at a person's offer is public where the offer is (presenters/logistics-operation.ts): the
// offer's approximate place unless it is a collection centre or asked to show its exact place. Routes opened before
// published the offer's street and point; their earlier change-feed entries lose their state (redacted, as after a
// withdrawal), and each route's destination waits in feed_touches, so the service writes the route's state again
// soon after it starts.
import { type Kysely, sql } from 'kysely';

export function routePickups() {
  return {
    async up(db: Kysely<unknown>) {
      await moveRoutePickupsToTheirPublicPlace(db);
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(_db: Kysely<unknown>) {
      // Nothing to undo in the schema; the redacted feed entries stay redacted.
    },
  };
}

const PICKUPS_AT_A_PERSON = sql`select o.id from logistics_operations o
  join help_records p on p.id = o.pickup_help_id
  where p.type = 'offer' and p.collection_center_status is null and p.exact_location <> 1`;

export async function moveRoutePickupsToTheirPublicPlace(db: Kysely<unknown>): Promise<void> {
  await sql`insert into feed_touches (entity, entity_id)
    select distinct 'help', destination_help_id from logistics_operations where id in (${PICKUPS_AT_A_PERSON})
    and destination_help_id not in (select entity_id from feed_touches where entity = 'help')`.execute(db);
  await sql`update public_changes set state = null, fingerprint = null, redacted = 1
    where entity = 'route' and state is not null and entity_id in (${PICKUPS_AT_A_PERSON})`.execute(db);
}
