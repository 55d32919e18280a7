// The only code that reads and writes route claims. A claimer's contact is private: leaders' views and the person's
// own export read it; no public read does.
import type { Insertable, Selectable } from 'kysely';
import { clearedColumns, routeClaimRoles } from '../db/column-roles.ts';
import type { Store } from '../db/store.ts';
import type { Db, RouteClaimStatus, RouteClaimsTable } from '../db/types.ts';
import { normalizeReceiptCode } from '../domain/receipt-code.ts';
import { claimCodeHash } from '../domain/route-claims.ts';
import { inPlaces } from './place-scopes.ts';

export type RouteClaimRow = Selectable<RouteClaimsTable>;

export async function insertRouteClaim(db: Db, row: Insertable<RouteClaimsTable>): Promise<void> {
  await db.insertInto('route_claims').values(row).execute();
}

export async function findRouteClaim({ db, dialect }: Store, id: string, lock = false) {
  let query = db.selectFrom('route_claims').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The claim a typed code names; undefined for an unknown one, and for a malformed one without a query. */
export async function findRouteClaimByCode(db: Db, typed: string): Promise<RouteClaimRow | undefined> {
  const code = normalizeReceiptCode(typed);
  if (code === undefined) return undefined;
  return db.selectFrom('route_claims').selectAll().where('code_hash', '=', claimCodeHash(code)).executeTakeFirst();
}

/** Claims waiting or accepted in an emergency, by this WhatsApp number and by this address's hash. */
export async function openClaimCounts(db: Db, emergencyId: string, whatsapp: string, clientHash: string) {
  const count = async (column: 'contact_whatsapp' | 'client_hash', value: string) => {
    const row = await db
      .selectFrom('route_claims')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', value)
      .where('status', 'in', ['pending', 'accepted'])
      .where('emergency_id', '=', emergencyId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return { whatsapp: await count('contact_whatsapp', whatsapp), address: await count('client_hash', clientHash) };
}

export async function setRouteClaimState(
  db: Db,
  id: string,
  patch: Partial<Pick<RouteClaimRow, 'status' | 'decided_at' | 'decided_by' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('route_claims').set(patch).where('id', '=', id).execute();
}

/** Declines every other claim still waiting on a route (it was just given to someone). */
export async function declineOtherClaims(db: Db, operationId: string, keep: string, at: string, by: string) {
  await db
    .updateTable('route_claims')
    .set({ status: 'declined', decided_at: at, decided_by: by, updated_at: at })
    .where('operation_id', '=', operationId)
    .where('status', '=', 'pending')
    .where('id', '<>', keep)
    .execute();
}

export interface LeaderClaimRow extends RouteClaimRow {
  route_title: string;
  route_status: string;
}

/** An emergency's claims with their route, newest first; `statuses` narrows them (leaders only). */
export async function claimsOfEmergency(
  db: Db,
  emergencyId: string,
  statuses?: RouteClaimStatus[],
  /** A leader's place scope (domain/place-scope.ts): routes whose both ends are in these places (or unplaced). */
  places?: readonly string[] | null,
): Promise<LeaderClaimRow[]> {
  let query = db
    .selectFrom('route_claims as c')
    .innerJoin('logistics_operations as o', 'o.id', 'c.operation_id')
    .leftJoin('help_records as dh', 'dh.id', 'o.destination_help_id')
    .leftJoin('help_records as ph', 'ph.id', 'o.pickup_help_id')
    .selectAll('c')
    .select(['o.title as route_title', 'o.status as route_status'])
    .where('c.emergency_id', '=', emergencyId);
  if (statuses && statuses.length > 0) query = query.where('c.status', 'in', statuses);
  if (places) {
    query = query.where(inPlaces('dh.municipality_code', places)).where(inPlaces('ph.municipality_code', places));
  }
  return query.orderBy('c.created_at', 'desc').orderBy('c.id').limit(500).execute();
}

/**
 * What a route's move means for its claims: back to available, the accepted volunteer no longer holds it (nor does
 * their code); cancelled, every open claim ends; assigned from the console, the offers still waiting are declined.
 */
export async function closeClaimsOnMove(db: Db, operationId: string, to: string, at: string): Promise<void> {
  const update = (from: RouteClaimStatus[], status: RouteClaimStatus) =>
    db
      .updateTable('route_claims')
      .set({ status, updated_at: at, ...(status === 'declined' ? { decided_at: at, decided_by: 'assigned' } : {}) })
      .where('operation_id', '=', operationId)
      .where('status', 'in', from)
      .execute();
  if (to === 'available') await update(['accepted'], 'withdrawn');
  if (to === 'cancelled') await update(['accepted', 'pending'], 'withdrawn');
  if (to === 'assigned') await update(['pending'], 'declined');
}

/** Claims waiting for a decision longer than `before` (the leaders' digest). */
export async function waitingClaims(db: Db, emergencyId: string, before: string): Promise<LeaderClaimRow[]> {
  return db
    .selectFrom('route_claims as c')
    .innerJoin('logistics_operations as o', 'o.id', 'c.operation_id')
    .selectAll('c')
    .select(['o.title as route_title', 'o.status as route_status'])
    .where('c.emergency_id', '=', emergencyId)
    .where('c.status', '=', 'pending')
    .where('c.created_at', '<', before)
    .orderBy('c.created_at')
    .limit(500)
    .execute();
}

/** Claims holding these numbers (the right to know, erasure by number). */
export async function claimsNaming(db: Db, whatsapps: string[]): Promise<RouteClaimRow[]> {
  if (whatsapps.length === 0) return [];
  return db
    .selectFrom('route_claims')
    .selectAll()
    .where('contact_whatsapp', 'in', whatsapps)
    .orderBy('created_at')
    .execute();
}

/** What erasing a volunteer's data writes (db/column-roles.ts). */
const ERASED_CLAIM = clearedColumns<RouteClaimsTable>(routeClaimRoles);

export async function eraseClaimContact(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('route_claims')
    .set({ ...ERASED_CLAIM, personal_data_erased_at: at })
    .where('id', '=', id)
    .execute();
}

/** Decided claims (or claims of emergencies closed) before `before` whose contact is still kept. */
export async function claimsDueForRetention(db: Db, before: string) {
  return db
    .selectFrom('route_claims')
    .select('id')
    .where('personal_data_erased_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '<>', 'pending'), eb('decided_at', '<', before)]),
        eb(
          'emergency_id',
          'in',
          eb.selectFrom('emergencies').select('id').where('status', '=', 'closed').where('closed_at', '<', before),
        ),
      ]),
    )
    .execute();
}
