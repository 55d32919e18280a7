// Consent asked of the person, not the model: a submission an assistant prepared waits here (at most 30 minutes)
// until the person confirms it in their client or on the website; any instance may receive the answer. MCP
// sessions remember what the client declared it can do (elicitation), since each request is served afresh.
import type { Kysely } from 'kysely';
import type { Dialect } from '../types.ts';

export function consentDrafts(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('consent_drafts')
        // SHA-256 of the opaque token the client or the link holds: the token itself is never stored.
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        // request | offer
        .addColumn('kind', 'text', (c) => c.notNull())
        // The validated submission and its edit token, as JSON: what the person is asked to confirm.
        .addColumn('payload', 'text', (c) => c.notNull())
        // The contact number in E.164, so the right to know and erasure by number find the draft.
        .addColumn('contact_whatsapp', 'text', (c) => c.notNull())
        // The 2025-era MCP session whose client was asked; null when asked in a 2026-07-28 round or by link.
        .addColumn('session_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        // accept | decline | cancel, once the person answered an elicitation.
        .addColumn('answer', 'text')
        .addColumn('answered_at', 'text')
        .execute();
      await db.schema.createIndex('consent_drafts_expires').on('consent_drafts').column('expires_at').execute();
      await db.schema.createIndex('consent_drafts_contact').on('consent_drafts').column('contact_whatsapp').execute();
      await db.schema.alterTable('mcp_sessions').addColumn('client_capabilities', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('consent_drafts').execute();
      await db.schema.alterTable('mcp_sessions').dropColumn('client_capabilities').execute();
    },
  };
}
