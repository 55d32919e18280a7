// Aid records that may be duplicates of one under review: the same WhatsApp number, or the same need nearby.
import type { Db } from '../../db/types.ts';
import type { HelpRow } from './records.ts';

export type CandidateRow = Pick<
  HelpRow,
  | 'id'
  | 'type'
  | 'title'
  | 'category'
  | 'review_status'
  | 'contact_name'
  | 'contact_whatsapp'
  | 'latitude'
  | 'longitude'
  | 'address'
  | 'submitted_at'
>;

const candidateColumns = [
  'id',
  'type',
  'title',
  'category',
  'review_status',
  'contact_name',
  'contact_whatsapp',
  'latitude',
  'longitude',
  'address',
  'submitted_at',
] as const;

/** Other live records of the emergency with the same WhatsApp number. */
export async function sameWhatsapp(db: Db, record: HelpRow): Promise<CandidateRow[]> {
  return db
    .selectFrom('help_records')
    .select(candidateColumns)
    .where('emergency_id', '=', record.emergency_id)
    .where('contact_whatsapp', '=', record.contact_whatsapp)
    .where('id', '!=', record.id)
    .where('review_status', 'not in', ['rejected', 'withdrawn'])
    .orderBy('submitted_at')
    .limit(20)
    .execute();
}

/** Other live records of the same type and category inside a box around a point; the caller measures. */
export async function sameCategoryInBox(
  db: Db,
  record: HelpRow,
  box: { minLat: number; maxLat: number; minLon: number; maxLon: number },
): Promise<CandidateRow[]> {
  return db
    .selectFrom('help_records')
    .select(candidateColumns)
    .where('emergency_id', '=', record.emergency_id)
    .where('type', '=', record.type)
    .where('category', '=', record.category)
    .where('latitude', '>=', box.minLat)
    .where('latitude', '<=', box.maxLat)
    .where('longitude', '>=', box.minLon)
    .where('longitude', '<=', box.maxLon)
    .where('id', '!=', record.id)
    .where('review_status', 'not in', ['rejected', 'withdrawn'])
    .orderBy('submitted_at')
    .limit(50)
    .execute();
}
