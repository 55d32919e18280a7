// A consent draft is confirmed only where it was asked: a 2026-07-28 round answers only drafts that era opened, and
// a 2025-era session only its own. The draft keeps the protocol era that opened it beside the session it already
// kept (null in 2026-07-28, which has none). Drafts waiting now (30 minutes at most) were opened by a session exactly
// when they have one, so that says their era.
import { type Kysely, sql } from 'kysely';

export function draftOrigin() {
  return {
    async up(db: Kysely<unknown>) {
      // A column added NOT NULL needs a default; every insert names its era, and a row left at this one with no
      // session would match neither era's lookup, so a missed era refuses rather than admits.
      await db.schema
        .alterTable('consent_drafts')
        .addColumn('era', 'text', (c) => c.notNull().defaultTo('2025-11-25'))
        .execute();
      await sql`update consent_drafts set era = '2026-07-28' where session_id is null`.execute(db);
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('consent_drafts').dropColumn('era').execute();
    },
  };
}
