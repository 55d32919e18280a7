// The public change feed (GET /api/public/v1/changes and its event stream): entries after a cursor, in commit
// order, read up to a head taken first, so a page never holds a number whose predecessor has not committed.
import type { Context } from '../context.ts';
import { AppError, detail } from '../errors.ts';
import { changeEventText } from '../presenters/change-event.ts';
import { findEmergencyBySlug, slugsOf } from '../repositories/emergencies.ts';
import { changeHead, changesAfter } from '../repositories/public-changes.ts';
import type { ChangesQuery } from '../schemas/change-event.ts';

export interface ChangePage {
  /** Each event as JSON text, in cursor order, with its emergency (a shared reader sorts them out per stream). */
  events: { cursor: number; emergencyId: string; text: string }[];
  next: number;
  hasMore: boolean;
}

/** The emergency a feed read is limited to: undefined for all; an unknown slug is 400 unknown_emergency. */
export async function feedScope(ctx: Context, slug: string | undefined): Promise<string[] | undefined> {
  if (slug === undefined) return undefined;
  const emergency = await findEmergencyBySlug(ctx.db, slug);
  if (!emergency) {
    throw new AppError('unknown_emergency', [detail('emergencySlug', 'unknown_emergency', { value: slug })]);
  }
  return [emergency.id];
}

/** The cursor a read starts after: "now" without one; 410 below the retention floor, 400 past the head. */
export async function startCursor(ctx: Context, since: string | undefined): Promise<number> {
  const head = await changeHead(ctx.db);
  if (since === undefined) return head.seq;
  const from = Number(since);
  // "0" asks for the oldest entry kept.
  if (from === 0) return head.floor;
  if (from < head.floor) {
    throw new AppError('cursor_expired', [
      detail('since', 'cursor_expired', { value: since, oldestCursor: String(head.floor) }),
    ]);
  }
  if (from > head.seq) {
    throw new AppError('invalid_query', [detail('since', 'unknown_cursor', { value: since })]);
  }
  return from;
}

export async function changePage(
  ctx: Context,
  after: number,
  limit: number,
  emergencyIds: string[] | undefined,
): Promise<ChangePage> {
  const head = await changeHead(ctx.db);
  const rows = await changesAfter(ctx.db, after, head.seq, limit + 1, emergencyIds);
  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  const slugs = await slugsOf(
    ctx.db,
    shown.map((r) => r.emergency_id),
  );
  const events = shown.map((row) => ({
    cursor: row.seq,
    emergencyId: row.emergency_id,
    text: changeEventText(row, slugs.get(row.emergency_id) ?? ''),
  }));
  // Filtered by emergency, the entries of other emergencies up to the head are passed over too.
  const next = hasMore ? (shown[shown.length - 1] as { seq: number }).seq : Math.max(after, head.seq);
  return { events, next, hasMore };
}

/** The feed's newest cursor: it moves with every change of public data (an export's version, for one). */
export async function feedHead(ctx: Context): Promise<number> {
  return (await changeHead(ctx.db)).seq;
}

/** GET /api/public/v1/changes as JSON text. */
export async function readChanges(ctx: Context, query: ChangesQuery): Promise<string> {
  const scope = await feedScope(ctx, query.emergencySlug);
  const after = await startCursor(ctx, query.since);
  const page =
    query.since === undefined
      ? { events: [], next: after, hasMore: false }
      : await changePage(ctx, after, query.limit, scope);
  return `{"events":[${page.events.map((e) => e.text).join(',')}],"next":"${page.next}","hasMore":${page.hasMore}}`;
}
