// Migrations run at start-up and with `ayuda migrate`; PostgreSQL serialises concurrent runs with a lock.
import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { initial } from './migrations/001-initial.ts';
import { changeSeq } from './migrations/002-change-seq.ts';
import { mcpSessions } from './migrations/003-mcp-sessions.ts';
import { consoleTables } from './migrations/004-console.ts';
import { trust } from './migrations/005-trust.ts';
import { places } from './migrations/006-places.ts';
import { receiptCodes } from './migrations/007-receipt-codes.ts';
import { emergencyContacts } from './migrations/008-emergency-contacts.ts';
import { personalData } from './migrations/009-personal-data.ts';
import { pledges } from './migrations/010-pledges.ts';
import { confirmation } from './migrations/011-confirmation.ts';
import { routeClaims } from './migrations/012-route-claims.ts';
import { openData } from './migrations/013-open-data.ts';
import { channels } from './migrations/014-channels.ts';
import { consentDrafts } from './migrations/015-consent-drafts.ts';
import { offerPlaces } from './migrations/016-offer-places.ts';
import { routePickups } from './migrations/017-route-pickups.ts';
import { arrivedBy } from './migrations/018-arrived-by.ts';
import { withdrawConfirm } from './migrations/019-withdraw-confirm.ts';
import { reportedDeliveries } from './migrations/020-reported-deliveries.ts';
import { alertPace } from './migrations/021-alert-pace.ts';
import { pledgeNoticePace } from './migrations/022-pledge-notice-pace.ts';
import { deliveryQuestion } from './migrations/023-delivery-question.ts';
import { numberProofs } from './migrations/024-number-proofs.ts';
import { draftOrigin } from './migrations/025-draft-origin.ts';
import { webhookLanes } from './migrations/026-webhook-lanes.ts';
import { channelSubmissions } from './migrations/027-channel-submissions.ts';
import { receiptCodeHashes } from './migrations/028-receipt-code-hashes.ts';
import { jobLeases } from './migrations/029-job-leases.ts';
import { secondFactor } from './migrations/030-second-factor.ts';
import { peopleGiven } from './migrations/031-people-given.ts';
import { deliveryUnits } from './migrations/032-delivery-units.ts';
import { trustedSources } from './migrations/033-trusted-sources.ts';
import { placeScopes } from './migrations/034-place-scopes.ts';
import { reviewClaims } from './migrations/035-review-claims.ts';
import { duplicateOf } from './migrations/036-duplicate-of.ts';
import { reviewStatsIndexes } from './migrations/037-review-stats-indexes.ts';
import { undoWindows } from './migrations/038-undo-windows.ts';
import type { Dialect } from './types.ts';

function migrations(dialect: Dialect) {
  // From 009 on each migration also says how to undo its schema (down), so the tests of older backups build an
  // older database from the migrations themselves. A new migration goes at the end of this second list.
  const undoable = {
    '009-personal-data': personalData(dialect),
    '010-pledges': pledges(dialect),
    '011-confirmation': confirmation(dialect),
    '012-route-claims': routeClaims(dialect),
    '013-open-data': openData(dialect),
    '014-channels': channels(dialect),
    '015-consent-drafts': consentDrafts(dialect),
    '016-offer-places': offerPlaces(dialect),
    '017-route-pickups': routePickups(),
    '018-arrived-by': arrivedBy(),
    '019-withdraw-confirm': withdrawConfirm(),
    '020-reported-deliveries': reportedDeliveries(),
    '021-alert-pace': alertPace(),
    '022-pledge-notice-pace': pledgeNoticePace(),
    '023-delivery-question': deliveryQuestion(),
    '024-number-proofs': numberProofs(),
    '025-draft-origin': draftOrigin(),
    '026-webhook-lanes': webhookLanes(),
    '027-channel-submissions': channelSubmissions(),
    '028-receipt-code-hashes': receiptCodeHashes(),
    '029-job-leases': jobLeases(),
    '030-second-factor': secondFactor(),
    '031-people-given': peopleGiven(),
    '032-delivery-units': deliveryUnits(),
    '033-trusted-sources': trustedSources(),
    '034-place-scopes': placeScopes(),
    '035-review-claims': reviewClaims(),
    '036-duplicate-of': duplicateOf(),
    '037-review-stats-indexes': reviewStatsIndexes(),
    '038-undo-windows': undoWindows(),
  } satisfies Record<string, Required<Migration>>;
  return {
    '001-initial': initial(dialect),
    '002-change-seq': changeSeq(dialect),
    '003-mcp-sessions': mcpSessions(dialect),
    '004-console': consoleTables(dialect),
    '005-trust': trust(dialect),
    '006-places': places(dialect),
    '007-receipt-codes': receiptCodes(dialect),
    '008-emergency-contacts': emergencyContacts(dialect),
    ...undoable,
  } satisfies Record<string, Migration>;
}

/** A migration's name, from the list above: a map over every migration (db/migration-rolling.ts) is typed with it. */
export type MigrationName = keyof ReturnType<typeof migrations>;

/** Every migration's name, in order. */
export function migrationNames(dialect: Dialect): string[] {
  return Object.keys(migrations(dialect));
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Undoes the schema of every migration after `name` (for tests of older backups); returns those undone. */
export async function migrateDownTo(db: Kysely<unknown>, dialect: Dialect, name: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this database has not run yet, in order; reads only (`ayuda migrate --check`). */
export async function pendingMigrations(db: Kysely<unknown>, dialect: Dialect): Promise<MigrationName[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name as MigrationName);
}
