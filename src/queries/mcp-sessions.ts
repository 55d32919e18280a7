// The MCP transport's sessions as it reads them: one by id, and which of several are still open.
import type { Context } from '../context.ts';
import { existingMcpSessions, findMcpSession, type McpSessionRow } from '../repositories/mcp-sessions.ts';

export type { McpSessionRow };

export function mcpSession(ctx: Context, id: string): Promise<McpSessionRow | undefined> {
  return findMcpSession(ctx.db, id);
}

/** Which of these session ids still exist (an open stream whose session ended is closed). */
export function openMcpSessionIds(ctx: Context, ids: string[]): Promise<Set<string>> {
  return existingMcpSessions(ctx.db, ids);
}
