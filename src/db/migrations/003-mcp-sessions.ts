// MCP sessions live in the database so any instance can continue a session another instance opened.
import type { Kysely } from 'kysely';
import type { Dialect } from '../types.ts';

export function mcpSessions(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mcp_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('protocol_version', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mcp_sessions_last_seen').on('mcp_sessions').column('last_seen_at').execute();
    },
  };
}
