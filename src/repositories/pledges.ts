// The only code that reads and writes pledges. A pledge's contact is private: only leaders' views and the
// person's own export read it; public reads see the request's committed total, never a pledge row.
import type { Insertable, Selectable } from 'kysely';
import { clearedColumns, pledgeRoles } from '../db/column-roles.ts';
import type { Store } from '../db/store.ts';
import type { Db, PledgeStatus, PledgesTable } from '../db/types.ts';
import { holdingStatuses, pledgeCodeHash } from '../domain/pledges.ts';
import { normalizeReceiptCode } from '../domain/receipt-code.ts';
import { inPlaces } from './place-scopes.ts';

export type PledgeRow = Selectable<PledgesTable>;

export async function insertPledge(db: Db, row: Insertable<PledgesTable>): Promise<void> {
  await db.insertInto('pledges').values(row).execute();
}

/** The pledge a typed code names; undefined for an unknown one, and for a malformed one without a query. */
export async function findPledgeByCode(db: Db, typed: string): Promise<PledgeRow | undefined> {
  const code = normalizeReceiptCode(typed);
  if (code === undefined) return undefined;
  return db.selectFrom('pledges').selectAll().where('code_hash', '=', pledgeCodeHash(code)).executeTakeFirst();
}

export async function findPledge({ db, dialect }: Store, id: string, lock = false) {
  let query = db.selectFrom('pledges').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Pledges in an emergency still holding their quantity (open or reported), by this number and this address's hash. */
export async function openPledgeCounts(db: Db, emergencyId: string, whatsapp: string, clientHash: string) {
  const count = async (column: 'contact_whatsapp' | 'client_hash', value: string) => {
    const row = await db
      .selectFrom('pledges')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', value)
      .where('status', 'in', holdingStatuses)
      .where('emergency_id', '=', emergencyId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return { whatsapp: await count('contact_whatsapp', whatsapp), address: await count('client_hash', clientHash) };
}

export async function setPledgeState(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      PledgeRow,
      'status' | 'delivered_quantity' | 'converted_quantity' | 'reported_at' | 'closed_at' | 'closed_by' | 'updated_at'
    >
  >,
): Promise<void> {
  await db.updateTable('pledges').set(patch).where('id', '=', id).execute();
}

/** A record's pledges, newest first (leaders' view). */
export async function pledgesOfRecord(db: Db, helpId: string, limit = 200): Promise<PledgeRow[]> {
  return db
    .selectFrom('pledges')
    .selectAll()
    .where('help_id', '=', helpId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface EmergencyPledgeRow extends PledgeRow {
  title: string;
  /** The request's unit (the pledge's own is `unit`). */
  request_unit: string | null;
}

/** An emergency's pledges with their request's title and unit, newest first; `statuses` narrows them. */
export async function pledgesOfEmergency(
  db: Db,
  emergencyId: string,
  /** places: a leader's place scope (domain/place-scope.ts), requests in these places or without a municipality. */
  options: { statuses?: PledgeStatus[]; limit?: number; places?: readonly string[] | null } = {},
): Promise<EmergencyPledgeRow[]> {
  let query = db
    .selectFrom('pledges as p')
    .innerJoin('help_records as h', 'h.id', 'p.help_id')
    .selectAll('p')
    .select(['h.title', 'h.unit as request_unit'])
    .where('p.emergency_id', '=', emergencyId);
  if (options.statuses && options.statuses.length > 0) query = query.where('p.status', 'in', options.statuses);
  if (options.places) query = query.where(inPlaces('h.municipality_code', options.places));
  return query
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .limit(options.limit ?? 500)
    .execute();
}

/** An emergency's pledges still holding a quantity (open or reported) from one number or one address's hash. */
export async function holdingPledgesOf(
  db: Db,
  emergencyId: string,
  by: { column: 'contact_whatsapp' | 'client_hash'; value: string },
): Promise<Pick<PledgeRow, 'id' | 'help_id'>[]> {
  return db
    .selectFrom('pledges')
    .select(['id', 'help_id'])
    .where('emergency_id', '=', emergencyId)
    .where(by.column, '=', by.value)
    .where('status', 'in', holdingStatuses)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Open pledges whose time is up, oldest first. */
export async function duePledges(db: Db, now: string, limit: number) {
  return db
    .selectFrom('pledges')
    .select(['id', 'help_id'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Open pledges of a record whose time is up. */
export async function duePledgesOf(db: Db, helpId: string, now: string): Promise<PledgeRow[]> {
  return db
    .selectFrom('pledges')
    .selectAll()
    .where('help_id', '=', helpId)
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .execute();
}

/** Pledges holding these numbers (the right to know, erasure by number), and every pledge to these records. */
export async function pledgesNaming(db: Db, whatsapps: string[], helpIds: string[]): Promise<PledgeRow[]> {
  if (whatsapps.length === 0 && helpIds.length === 0) return [];
  return db
    .selectFrom('pledges')
    .selectAll()
    .where((eb) => {
      const any = [];
      if (whatsapps.length > 0) any.push(eb('contact_whatsapp', 'in', whatsapps));
      if (helpIds.length > 0) any.push(eb('help_id', 'in', helpIds));
      return eb.or(any);
    })
    .orderBy('created_at')
    .execute();
}

/** Empties a pledge's contact: the row stays (the request's history counts it), the person does not. */
/** What erasing a pledger's data writes (db/column-roles.ts). */
const ERASED_PLEDGE = clearedColumns<PledgesTable>(pledgeRoles);

export async function erasePledgeContact(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('pledges')
    .set({ ...ERASED_PLEDGE, personal_data_erased_at: at })
    .where('id', '=', id)
    .execute();
}

/** Pledges closed before `closedBefore` (or of emergencies closed before it) whose contact is still kept. */
export async function pledgesDueForRetention(db: Db, closedBefore: string) {
  return db
    .selectFrom('pledges')
    .select('id')
    .where('personal_data_erased_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '!=', 'open'), eb('closed_at', '<', closedBefore)]),
        eb(
          'emergency_id',
          'in',
          eb
            .selectFrom('emergencies')
            .select('id')
            .where('status', '=', 'closed')
            .where('closed_at', '<', closedBefore),
        ),
      ]),
    )
    .execute();
}
