// A second factor for console accounts: the TOTP secret sealed under TOTP_KEY (never in clear), when the account
// confirmed it, the last time step a code was taken at (a code is good once), and the hashes of its recovery codes.
// A sign-in that passed its password but not yet its second step is a console_sessions row marked `pending`: it
// opens no console page until the step is done.
import type { Kysely } from 'kysely';

const ACCOUNT_COLUMNS = [
  ['totp_secret', 'text'],
  ['totp_confirmed_at', 'text'],
  ['totp_last_step', 'integer'],
  ['totp_recovery', 'text'],
] as const;

export function secondFactor() {
  return {
    async up(db: Kysely<unknown>) {
      for (const [column, type] of ACCOUNT_COLUMNS) {
        await db.schema.alterTable('accounts').addColumn(column, type).execute();
      }
      await db.schema.alterTable('console_sessions').addColumn('pending', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts).
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('console_sessions').dropColumn('pending').execute();
      for (const [column] of [...ACCOUNT_COLUMNS].reverse()) {
        await db.schema.alterTable('accounts').dropColumn(column).execute();
      }
    },
  };
}
