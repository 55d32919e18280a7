// MCP session records: opened on initialize, touched on each request, removed on DELETE or when idle.
import type { Db, McpSessionsTable } from '../db/types.ts';

export type McpSessionRow = McpSessionsTable;

export async function insertMcpSession(db: Db, row: McpSessionRow): Promise<void> {
  await db.insertInto('mcp_sessions').values(row).execute();
}

export function findMcpSession(db: Db, id: string): Promise<McpSessionRow | undefined> {
  return db.selectFrom('mcp_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchMcpSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('mcp_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteMcpSession(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('mcp_sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function purgeMcpSessions(db: Db, idleSince: string): Promise<number> {
  const result = await db.deleteFrom('mcp_sessions').where('last_seen_at', '<', idleSince).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of these sessions still exist. */
export async function existingMcpSessions(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('mcp_sessions').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
