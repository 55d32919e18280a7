// MCP sessions: minted on initialize, checked on every later request, ended by DELETE or after idling.
import { randomUUID } from 'node:crypto';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../context.ts';
import { AppError } from '../errors.ts';
import {
  deleteMcpSession,
  findMcpSession,
  insertMcpSession,
  purgeMcpSessions,
  touchMcpSession,
} from '../repositories/mcp-sessions.ts';

export const SESSION_IDLE_MS = 30 * 60_000;
/** Touching the record on every message would turn each read into a write; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

export async function openSession(ctx: Context, protocolVersion: unknown): Promise<string> {
  const id = randomUUID();
  const now = ctx.now().toISOString();
  const version =
    typeof protocolVersion === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersion)
      ? protocolVersion
      : LATEST_PROTOCOL_VERSION;
  await insertMcpSession(ctx.db, { id, protocol_version: version, created_at: now, last_seen_at: now });
  return id;
}

/** The session named by the header: 400 without one, 404 when unknown, ended or idle too long. */
export async function requireSession(ctx: Context, header: string | string[] | undefined): Promise<string> {
  if (header === undefined || header === '') {
    throw new AppError('mcp_session_required', [{ field: 'Mcp-Session-Id', message: 'missing', code: 'required' }]);
  }
  const id = Array.isArray(header) ? '' : header;
  const session = id.length <= 64 ? await findMcpSession(ctx.db, id) : undefined;
  const now = ctx.now();
  const idle = session ? now.getTime() - Date.parse(session.last_seen_at) : 0;
  if (!session || idle > SESSION_IDLE_MS) {
    if (session) await deleteMcpSession(ctx.db, session.id);
    throw new AppError('mcp_session_not_found', [{ field: 'Mcp-Session-Id', message: id, code: 'not_found' }]);
  }
  if (idle > TOUCH_EVERY_MS) await touchMcpSession(ctx.db, session.id, now.toISOString());
  return session.id;
}

export function checkProtocolVersion(header: string | string[] | undefined): void {
  if (header === undefined) return; // clients before 2025-06-18 do not send it
  if (typeof header !== 'string' || !SUPPORTED_PROTOCOL_VERSIONS.includes(header)) {
    throw new AppError('mcp_protocol_version', [
      {
        field: 'MCP-Protocol-Version',
        message: `admitidas: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`,
        code: 'unsupported',
      },
    ]);
  }
}

export async function endSession(ctx: Context, id: string): Promise<void> {
  await deleteMcpSession(ctx.db, id);
}

export function purgeIdleSessions(ctx: Context): Promise<number> {
  return purgeMcpSessions(ctx.db, new Date(ctx.now().getTime() - SESSION_IDLE_MS).toISOString());
}
