// The MCP transport's session records: stored on initialize, touched while in use, removed when ended or idle.
import type { Context } from '../context.ts';
import {
  deleteMcpSession,
  insertMcpSession,
  type McpSessionRow,
  purgeMcpSessions,
  touchMcpSession,
} from '../repositories/mcp-sessions.ts';

export async function storeMcpSession(ctx: Context, session: McpSessionRow): Promise<void> {
  await insertMcpSession(ctx.db, session);
}

export async function markMcpSessionSeen(ctx: Context, id: string, at: string): Promise<void> {
  await touchMcpSession(ctx.db, id, at);
}

/** False when there was no such session. */
export function removeMcpSession(ctx: Context, id: string): Promise<boolean> {
  return deleteMcpSession(ctx.db, id);
}

/** Sessions not seen since `idleSince`; returns how many were removed. */
export function removeIdleMcpSessions(ctx: Context, idleSince: string): Promise<number> {
  return purgeMcpSessions(ctx.db, idleSince);
}
