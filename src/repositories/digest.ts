// What a leader's digest reads: open pledges past their date, deliveries reported long ago and never confirmed,
// routes in progress untouched for a day, and records
// waiting for (or past) their confirmation. Leaders only: it carries pledgers' and volunteers' contacts.
import type { Db } from '../db/types.ts';
import { inPlaces } from './place-scopes.ts';

/** An emergency's pledges with their request's title, unit and urgency, and the pledger's contact. */
function pledgesWithRequest(db: Db, emergencyId: string) {
  return db
    .selectFrom('pledges as p')
    .innerJoin('help_records as h', 'h.id', 'p.help_id')
    .select(['p.id', 'p.help_id', 'p.contact_name', 'p.contact_whatsapp', 'h.title', 'h.unit', 'h.urgency'])
    .where('p.emergency_id', '=', emergencyId);
}

/** Open pledges of an emergency whose date has passed (still within their grace), with their request. */
export async function overduePledges(db: Db, emergencyId: string, now: string) {
  return pledgesWithRequest(db, emergencyId)
    .select(['p.quantity', 'p.deliver_by', 'p.expires_at'])
    .where('p.status', '=', 'open')
    .where('p.deliver_by', '<', now)
    .orderBy('p.deliver_by')
    .limit(500)
    .execute();
}

/** Deliveries reported before `before` that nobody has confirmed or disputed, with their request. */
export async function unconfirmedDeliveries(db: Db, emergencyId: string, before: string) {
  return pledgesWithRequest(db, emergencyId)
    .select(['p.delivered_quantity', 'p.reported_at'])
    .where('p.status', '=', 'reported')
    .where('p.reported_at', '<', before)
    .orderBy('p.reported_at')
    .limit(500)
    .execute();
}

/** Routes assigned or in transit whose last change is older than `before`. */
export async function staleRoutes(db: Db, emergencyId: string, before: string) {
  return db
    .selectFrom('logistics_operations')
    .select(['id', 'title', 'status', 'updated_at', 'volunteer_contact', 'destination_help_id'])
    .where('emergency_id', '=', emergencyId)
    .where('status', 'in', ['assigned', 'in_transit'])
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(500)
    .execute();
}

/** Published, unfinished records in these confirmation states. */
export async function recordsToConfirm(
  db: Db,
  emergencyId: string,
  states: ('to_confirm' | 'expired')[],
  /** A leader's place scope (domain/place-scope.ts): records in these places or without a municipality. */
  places?: readonly string[] | null,
) {
  let query = db
    .selectFrom('help_records')
    .select([
      'id',
      'type',
      'title',
      'urgency',
      'status',
      'confirmed_at',
      'confirmation_state',
      'collection_center_status',
    ])
    .where('emergency_id', '=', emergencyId)
    .where('review_status', '=', 'approved')
    .where('status', '<>', 'completed')
    .where('confirmation_state', 'in', states);
  if (places) query = query.where(inPlaces('municipality_code', places));
  return query.orderBy('confirmed_at').limit(1000).execute();
}
