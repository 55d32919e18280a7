// MCP sessions: minted on initialize, checked on every later request, ended by DELETE or after idling.
import { randomUUID } from 'node:crypto';
import {
  markMcpSessionSeen,
  removeIdleMcpSessions,
  removeMcpSession,
  storeMcpSession,
} from '../commands/mcp-sessions.ts';
import type { Context } from '../context.ts';
import { LEGACY_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSIONS } from '../contract/mcp-protocol.ts';
import { AppError, detail } from '../errors.ts';
import { mcpSession } from '../queries/mcp-sessions.ts';
import { elicitsForms } from './consent-ids.ts';

export const SESSION_IDLE_MS = 30 * 60_000;
/** Touching the record on every message would turn each read into a write; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

/** A session as a request is served in it: its id, and whether its client can ask its user (elicitation). */
export interface OpenSession {
  id: string;
  canElicit: boolean;
}

/** Bytes of the declared capabilities kept: enough for any real client, never a way to store much. */
const CAPABILITIES_MAX = 4_096;

export async function openSession(
  ctx: Context,
  params: { protocolVersion?: unknown; capabilities?: unknown },
): Promise<OpenSession> {
  const id = randomUUID();
  const now = ctx.now().toISOString();
  const { protocolVersion } = params;
  const version =
    typeof protocolVersion === 'string' && LEGACY_PROTOCOL_VERSIONS.includes(protocolVersion)
      ? protocolVersion
      : LEGACY_PROTOCOL_VERSION;
  const canElicit = elicitsForms(params.capabilities);
  const declared = JSON.stringify(params.capabilities ?? {});
  await storeMcpSession(ctx, {
    id,
    protocol_version: version,
    created_at: now,
    last_seen_at: now,
    client_capabilities:
      declared.length <= CAPABILITIES_MAX ? declared : JSON.stringify(canElicit ? { elicitation: { form: {} } } : {}),
  });
  return { id, canElicit };
}

/** The session named by the header: 400 without one, 404 when unknown, ended or idle too long. */
export async function requireSession(ctx: Context, header: string | string[] | undefined): Promise<OpenSession> {
  if (header === undefined || header === '') {
    throw new AppError('mcp_session_required', [detail('Mcp-Session-Id', 'missing_header', { code: 'required' })]);
  }
  const id = Array.isArray(header) ? '' : header;
  const session = id.length <= 64 ? await mcpSession(ctx, id) : undefined;
  const now = ctx.now();
  const idle = session ? now.getTime() - Date.parse(session.last_seen_at) : 0;
  if (!session || idle > SESSION_IDLE_MS) {
    if (session) await removeMcpSession(ctx, session.id);
    throw new AppError('mcp_session_not_found', [
      detail('Mcp-Session-Id', 'session_not_found', { code: 'not_found', value: id }),
    ]);
  }
  if (idle > TOUCH_EVERY_MS) await markMcpSessionSeen(ctx, session.id, now.toISOString());
  return { id: session.id, canElicit: elicitsForms(JSON.parse(session.client_capabilities ?? '{}')) };
}

export function checkProtocolVersion(header: string | string[] | undefined): void {
  if (header === undefined) return; // clients before 2025-06-18 do not send it
  if (typeof header !== 'string' || !LEGACY_PROTOCOL_VERSIONS.includes(header)) {
    throw new AppError('mcp_protocol_version', [
      {
        field: 'MCP-Protocol-Version',
        message: {
          es: `Versión no admitida; las admitidas son ${LEGACY_PROTOCOL_VERSIONS.join(', ')}.`,
          en: `Unsupported version; those supported are ${LEGACY_PROTOCOL_VERSIONS.join(', ')}.`,
        },
        code: 'unsupported',
      },
    ]);
  }
}

export async function endSession(ctx: Context, id: string): Promise<void> {
  await removeMcpSession(ctx, id);
}

export function purgeIdleSessions(ctx: Context): Promise<number> {
  return removeIdleMcpSessions(ctx, new Date(ctx.now().getTime() - SESSION_IDLE_MS).toISOString());
}
