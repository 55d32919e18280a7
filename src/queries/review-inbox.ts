// The review inbox of an emergency: what waits, in order, each with its likely duplicates.
import type { Context } from '../context.ts';
import { boundingBox, distanceKm } from '../domain/distance.ts';
import type { HelpRow } from '../repositories/help-records.ts';
import { type CandidateRow, inboxRows, sameCategoryInBox, sameWhatsapp } from '../repositories/review.ts';

/** Same category closer than this is flagged as a likely duplicate. */
export const DUPLICATE_RADIUS_KM = 0.3;
export const INBOX_PAGE = 100;

export interface Duplicate {
  record: CandidateRow;
  reasons: ('same_whatsapp' | 'nearby_same_category')[];
  distanceKm: number | null;
}

export interface InboxItem {
  record: HelpRow;
  isRevision: boolean;
  waitingSince: string;
  duplicates: Duplicate[];
}

export async function reviewInbox(ctx: Context, emergencyId: string): Promise<InboxItem[]> {
  const rows = await inboxRows(ctx.db, emergencyId, INBOX_PAGE);
  return Promise.all(
    rows.map(async (record) => ({
      record,
      isRevision: record.review_status === 'approved',
      waitingSince: record.revision_submitted_at ?? record.submitted_at,
      duplicates: await likelyDuplicates(ctx, record),
    })),
  );
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
