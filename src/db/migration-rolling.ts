// Whether each migration lets instances be upgraded one at a time (a rolling upgrade): while it runs and after it,
// instances still on the previous version keep working on the new schema, and what they write in the meantime is
// still right for the new version. Adding a table, a nullable column or an index is such a change; dropping or
// renaming something the previous version reads is not, nor is a backfill the previous version's writes would
// miss: every instance must stop before it runs. Typed over every migration in migrate.ts: a new one does not
// compile until it is here.
import type { MigrationName } from './migrate.ts';

export const rollingUpgrade = {
  '001-initial': true,
  // Records the previous version writes keep change number 0: no instance's search index would see them change.
  '002-change-seq': false,
  '003-mcp-sessions': true,
  '004-console': true,
  // Records the previous version stores get no municipality: municipality filters would miss them for good.
  '005-trust': false,
  '006-places': true,
  '007-receipt-codes': true,
  '008-emergency-contacts': true,
  '009-personal-data': true,
  '010-pledges': true,
  // Records the previous version publishes get no confirmed_at: they would never become "por confirmar".
  '011-confirmation': false,
  '012-route-claims': true,
  // The previous version writes records without their change-feed entries: the feed and webhooks would miss them.
  '013-open-data': false,
  '014-channels': true,
  '015-consent-drafts': true,
  // The previous version keeps publishing offers, and routes from them, at their exact place after the migration
  // moved them to their approximate one.
  '016-offer-places': false,
  '017-route-pickups': false,
  // Records the previous version's intake stores get no arrived_by: their people would never get a notice.
  '018-arrived-by': false,
  '019-withdraw-confirm': true,
  '020-reported-deliveries': true,
  '021-alert-pace': true,
  '022-pledge-notice-pace': true,
  '023-delivery-question': true,
  '024-number-proofs': true,
  // Drafts the previous version opens in the meantime take the default era and are refused, not admitted; they
  // last 30 minutes.
  '025-draft-origin': true,
  // Drops an index the previous version's webhook claim reads through: the claim still works, only slower.
  '026-webhook-lanes': true,
  '027-channel-submissions': true,
  // Drops help_records.receipt_code, which the previous version reads and writes on every submission.
  '028-receipt-code-hashes': false,
  '029-job-leases': true,
  // The previous version takes a sign-in still waiting for its second step (console_sessions.pending) for a whole
  // session, and signs in accounts with a second factor on their password alone.
  '030-second-factor': false,
  // Requests the previous version's conversations store meanwhile get the column's default, 1: they would publish a
  // people count nobody gave.
  '031-people-given': false,
  // The previous version would count a delivery made in another unit (15 cajas to a request in kilos) as covered.
  '032-delivery-units': false,
  // The previous version's key rotation would leave the new key trusted: a new holder must be trusted again.
  '033-trusted-sources': false,
  // The previous version would let a leader limited to some places work on the whole emergency.
  '034-place-scopes': false,
  // New tables: the previous version ignores them (its inboxes simply show every card, and nothing is flagged).
  '035-review-claims': true,
  // The previous version would not know the 'joined' review status: its receipt page could not show one.
  '036-duplicate-of': false,
  // Indexes only: the previous version reads and writes the same rows.
  '037-review-stats-indexes': true,
  // A new table: the previous version ignores it (its cancellations simply have no undo).
  '038-undo-windows': true,
} as const satisfies Record<MigrationName, boolean>;

/** The migrations among `names` that need every instance stopped first. */
export function stoppingMigrations(names: readonly MigrationName[]): MigrationName[] {
  return names.filter((name) => !rollingUpgrade[name]);
}
