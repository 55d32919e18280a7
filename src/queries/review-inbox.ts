// The review inbox: what waits, in order, a page at a time, each with its likely duplicates (console and CLI).
import type { Context } from '../context.ts';
import { categories } from '../domain/categories.ts';
import { boundingBox, distanceKm } from '../domain/distance.ts';
import { helpTypes, urgencies } from '../domain/statuses.ts';
import { type CandidateRow, sameCategoryInBox, sameWhatsapp } from '../repositories/help-records/duplicates.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import {
  type InboxFilter,
  type InboxPosition,
  type InboxRow,
  inboxCount,
  inboxRows,
  inboxSources as sourcesOf,
} from '../repositories/help-records/review-inbox.ts';

/** Same category closer than this is flagged as a likely duplicate. */
export const DUPLICATE_RADIUS_KM = 0.3;
export const INBOX_PAGE = 100;
export const INBOX_PAGE_MAX = 1000;
/** The longest wait a filter can name: a year. */
const MAX_WAIT_HOURS = 24 * 366;

export interface Duplicate {
  record: CandidateRow;
  reasons: ('same_whatsapp' | 'nearby_same_category')[];
  distanceKm: number | null;
}

export interface InboxItem {
  record: InboxRow;
  isRevision: boolean;
  waitingSince: string;
  /** Where the next page starts when this is the last item of a page. */
  cursor: string;
  duplicates: Duplicate[];
}

export interface InboxPage {
  items: InboxItem[];
  /** The cursor of the next page; null on the last page. */
  next: string | null;
  /** Everything matching the filter, across pages. */
  total: number;
}

/** Filters as people type them (query parameters, CLI options); parsed by parseInboxFilter. */
export interface InboxFilterInput {
  category?: string;
  type?: string;
  urgency?: string;
  source?: string;
  olderThanHours?: string;
  after?: string;
}

export type InboxFilterField = keyof InboxFilterInput;

export interface ParsedInboxFilter {
  filter: Omit<InboxFilter, 'emergencyId' | 'waitingBefore'> & { olderThanHours?: number };
  after: InboxPosition | null;
  /** Spanish message per field that could not be read; empty when all are valid. */
  errors: Partial<Record<InboxFilterField, string>>;
}

const SOURCE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,59}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const ID = /^[A-Za-z0-9-]{1,80}$/;

/** Checks every filter; an empty value means "any". */
export function parseInboxFilter(input: InboxFilterInput): ParsedInboxFilter {
  const errors: ParsedInboxFilter['errors'] = {};
  const filter: ParsedInboxFilter['filter'] = {};
  const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());
  const category = given(input.category);
  if (category !== null) {
    if ((categories as readonly string[]).includes(category)) filter.category = category;
    else errors.category = 'Categoría desconocida.';
  }
  const type = given(input.type);
  if (type !== null) {
    if ((helpTypes as readonly string[]).includes(type)) filter.type = type as HelpRow['type'];
    else errors.type = 'El tipo debe ser solicitud u ofrecimiento.';
  }
  const urgency = given(input.urgency);
  if (urgency !== null) {
    if ((urgencies as readonly string[]).includes(urgency)) filter.urgency = urgency as HelpRow['urgency'];
    else errors.urgency = 'Urgencia desconocida.';
  }
  const source = given(input.source);
  if (source !== null) {
    if (SOURCE.test(source)) filter.source = source;
    else errors.source = 'El origen solo lleva letras, números y . _ : - (hasta 60).';
  }
  const hours = given(input.olderThanHours);
  if (hours !== null) {
    const value = Number(hours);
    if (Number.isFinite(value) && value > 0 && value <= MAX_WAIT_HOURS) filter.olderThanHours = value;
    else errors.olderThanHours = 'La espera debe ser un número de horas mayor que 0.';
  }
  let after: InboxPosition | null = null;
  const cursor = given(input.after);
  if (cursor !== null) {
    after = decodeCursor(cursor);
    if (!after) errors.after = 'El enlace de página no es válido; vuelva al principio de la bandeja.';
  }
  return { filter, after, errors };
}

export function encodeCursor(position: InboxPosition): string {
  return Buffer.from(`${position.urgentRank}|${position.waitingSince}|${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): InboxPosition | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const [rank, waiting, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || (rank !== '0' && rank !== '1') || !waiting || !ISO.test(waiting) || !id || !ID.test(id)) {
    return null;
  }
  return { urgentRank: rank === '0' ? 0 : 1, waitingSince: waiting, id };
}

export interface InboxRequest {
  emergencyId?: string;
  filter?: ParsedInboxFilter['filter'];
  after?: InboxPosition | null;
  limit?: number;
  /** The console shows likely duplicates; the CLI does not ask for them. */
  duplicates?: boolean;
  /** A scoped leader's places (placeScopeIn in queries/console-session.ts); null or absent: the whole emergency. */
  places?: readonly string[] | null;
  /** Only what was already waiting at this instant (ISO): what a page rendered then could have shown. */
  waitingSince?: string;
}

/** The earlier of two instants (ISO, same format); undefined when neither is given. */
function earliest(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}

/** The repository's filter for a request, its instants read from the context's clock. */
function inboxFilter(ctx: Context, request: InboxRequest): InboxFilter {
  const { olderThanHours, ...rest } = request.filter ?? {};
  return {
    ...rest,
    emergencyId: request.emergencyId,
    // Review batches held now: viewerAccountId and onlyClaimedBy (in the filter) read them at this instant.
    claimsAt: ctx.now().toISOString(),
    places: request.places,
    waitingBefore: earliest(
      olderThanHours === undefined
        ? undefined
        : new Date(ctx.now().getTime() - olderThanHours * 3_600_000).toISOString(),
      request.waitingSince,
    ),
  };
}

/** The id of the first card after a position, in the inbox order (nothing counted, no duplicates looked up). */
export async function nextInInbox(
  ctx: Context,
  request: InboxRequest & { after: InboxPosition },
): Promise<string | null> {
  const [row] = await inboxRows(ctx.db, inboxFilter(ctx, request), { after: request.after, limit: 1 });
  return row?.id ?? null;
}

/** One page of the inbox, in the one order every caller shares. */
export async function reviewInbox(ctx: Context, request: InboxRequest): Promise<InboxPage> {
  const filter = inboxFilter(ctx, request);
  const limit = Math.max(1, Math.min(INBOX_PAGE_MAX, request.limit ?? INBOX_PAGE));
  // One row more than the page says whether another page follows.
  const [rows, total] = await Promise.all([
    inboxRows(ctx.db, filter, { after: request.after, limit: limit + 1 }),
    inboxCount(ctx.db, filter),
  ]);
  const page = rows.slice(0, limit);
  const items = await Promise.all(
    page.map(async (record) => ({
      record,
      isRevision: record.review_status === 'approved',
      waitingSince: record.waiting_since,
      cursor: encodeCursor({
        urgentRank: record.urgent_rank === 0 ? 0 : 1,
        waitingSince: record.waiting_since,
        id: record.id,
      }),
      duplicates: request.duplicates ? await likelyDuplicates(ctx, record) : [],
    })),
  );
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? last.cursor : null, total };
}

export async function likelyDuplicates(ctx: Context, record: HelpRow): Promise<Duplicate[]> {
  const found = new Map<string, Duplicate>();
  for (const row of await sameWhatsapp(ctx.db, record)) {
    found.set(row.id, { record: row, reasons: ['same_whatsapp'], distanceKm: distanceBetween(record, row) });
  }
  if (record.latitude !== null && record.longitude !== null) {
    const box = boundingBox(record.latitude, record.longitude, DUPLICATE_RADIUS_KM);
    for (const row of await sameCategoryInBox(ctx.db, record, box)) {
      const km = distanceBetween(record, row);
      if (km === null || km > DUPLICATE_RADIUS_KM) continue;
      const known = found.get(row.id);
      if (known) known.reasons.push('nearby_same_category');
      else found.set(row.id, { record: row, reasons: ['nearby_same_category'], distanceKm: km });
    }
  }
  return [...found.values()];
}

function distanceBetween(a: Pick<HelpRow, 'latitude' | 'longitude'>, b: Pick<HelpRow, 'latitude' | 'longitude'>) {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return null;
  return distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);
}

/** The sources that have something waiting in an emergency, for the inbox's filter. */
export function inboxSources(ctx: Context, emergencyId: string, limit: number): Promise<string[]> {
  return sourcesOf(ctx.db, emergencyId, limit);
}
