// The signed-in leader behind a console cookie, with the emergencies they may work on.
import { tokenHash } from '../auth/tokens.ts';
import type { Context } from '../context.ts';
import type { Role } from '../db/types.ts';
import type { PlaceScope } from '../domain/place-scope.ts';
import { AppError, detail } from '../errors.ts';
import { assignedEmergencies } from '../repositories/account-emergencies.ts';
import { findAccountById } from '../repositories/accounts.ts';
import { deleteSession, findSession, touchSession } from '../repositories/console-sessions.ts';
import { type EmergencyRow, findEmergencyBySlug, listEmergencies } from '../repositories/emergencies.ts';
import { placeScopesOf } from '../repositories/place-scopes.ts';

/** A session unused this long ends, whatever its absolute end. */
export const IDLE_HOURS = 2;
const TOUCH_EVERY_MS = 60_000;

export interface ConsoleUser {
  sessionId: string;
  csrf: string;
  accountId: string;
  email: string;
  name: string;
  role: Role;
  /** Slugs a leader is assigned to; admins reach every emergency. */
  emergencySlugs: string[];
  /**
   * Emergency id -> the municipality and department codes a leader is limited to there (domain/place-scope.ts);
   * an emergency absent here is the leader's whole. Always empty for admins.
   */
  placeScopes: ReadonlyMap<string, readonly string[]>;
}

export async function loadConsoleUser(ctx: Context, token: string | undefined): Promise<ConsoleUser | null> {
  if (!token || token.length > 100) return null;
  const id = tokenHash(token);
  const session = await findSession(ctx.db, id);
  // A sign-in still owing its second step is no session: it opens no console page.
  if (!session || session.pending !== null) return null;
  const now = ctx.now().getTime();
  const idle = now - Date.parse(session.last_seen_at) > IDLE_HOURS * 3_600_000;
  if (idle || Date.parse(session.expires_at) <= now) {
    await deleteSession(ctx.db, id);
    return null;
  }
  const account = await findAccountById(ctx.db, session.account_id);
  if (!account || account.disabled_at !== null) return null;
  if (now - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) {
    await touchSession(ctx.db, id, new Date(now).toISOString());
  }
  const slugs = (await assignedEmergencies(ctx.db, [account.id])).get(account.id) ?? [];
  // Admins are never scoped, whatever a row says.
  const placeScopes = account.role === 'admin' ? new Map<string, string[]>() : await placeScopesOf(ctx.db, account.id);
  return {
    sessionId: id,
    csrf: session.csrf_token,
    accountId: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    emergencySlugs: slugs,
    placeScopes,
  };
}

export function consoleActor(user: ConsoleUser): string {
  return `panel:${user.email}`;
}

/** The emergency by slug if this user may work on it: 404 when it does not exist, 403 when it is not theirs. */
export async function emergencyFor(ctx: Context, user: ConsoleUser, slug: string): Promise<EmergencyRow> {
  const emergency = await findEmergencyBySlug(ctx.db, slug);
  if (!emergency)
    throw new AppError('not_found', [detail('emergency', 'unknown_emergency', { code: 'not_found', value: slug })]);
  if (user.role !== 'admin' && !user.emergencySlugs.includes(slug)) throw new AppError('forbidden');
  return emergency;
}

export async function emergenciesFor(ctx: Context, user: ConsoleUser): Promise<EmergencyRow[]> {
  const all = await listEmergencies(ctx.db, false);
  return user.role === 'admin' ? all : all.filter((e) => user.emergencySlugs.includes(e.slug));
}

/** The places this user is limited to in one emergency; null: all of it (admins, unscoped leaders). */
export function placeScopeIn(user: Pick<ConsoleUser, 'role' | 'placeScopes'>, emergencyId: string): PlaceScope {
  if (user.role === 'admin') return null;
  const codes = user.placeScopes.get(emergencyId);
  return codes && codes.length > 0 ? codes : null;
}
