// The places each leader is limited to, per emergency (leader_place_scopes).
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { scopeMunicipalityPrefixes } from '../domain/place-scope.ts';

/** Emergency id -> the codes this account is limited to there; an emergency not in the map is unscoped. */
export async function placeScopesOf(db: Db, accountId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('leader_place_scopes')
    .select(['emergency_id', 'place_code'])
    .where('account_id', '=', accountId)
    .orderBy('place_code')
    .execute();
  const result = new Map<string, string[]>();
  for (const row of rows) result.set(row.emergency_id, [...(result.get(row.emergency_id) ?? []), row.place_code]);
  return result;
}

/** Every account's scopes, by account then emergency slug (the accounts page). */
export async function placeScopesByAccount(db: Db): Promise<Map<string, Map<string, string[]>>> {
  const rows = await db
    .selectFrom('leader_place_scopes as s')
    .innerJoin('emergencies as e', 'e.id', 's.emergency_id')
    .select(['s.account_id', 'e.slug', 's.place_code'])
    .orderBy('e.slug')
    .orderBy('s.place_code')
    .execute();
  const result = new Map<string, Map<string, string[]>>();
  for (const row of rows) {
    const bySlug = result.get(row.account_id) ?? new Map<string, string[]>();
    bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row.place_code]);
    result.set(row.account_id, bySlug);
  }
  return result;
}

/** Replaces an account's scope in one emergency; no codes leaves it unscoped there. Returns the codes before. */
export async function replacePlaceScope(
  db: Db,
  scope: { accountId: string; emergencyId: string; codes: readonly string[]; at: string; by: string },
): Promise<string[]> {
  const before = await db
    .selectFrom('leader_place_scopes')
    .select('place_code')
    .where('account_id', '=', scope.accountId)
    .where('emergency_id', '=', scope.emergencyId)
    .orderBy('place_code')
    .execute();
  await db
    .deleteFrom('leader_place_scopes')
    .where('account_id', '=', scope.accountId)
    .where('emergency_id', '=', scope.emergencyId)
    .execute();
  if (scope.codes.length > 0) {
    await db
      .insertInto('leader_place_scopes')
      .values(
        scope.codes.map((place_code) => ({
          account_id: scope.accountId,
          emergency_id: scope.emergencyId,
          place_code,
          created_at: scope.at,
          created_by: scope.by,
        })),
      )
      .execute();
  }
  return before.map((r) => r.place_code);
}

/** Where the records behind these ids are: records themselves, and the requests of pledges, route claims,
 * routes and reports with those ids. Ids that name nothing are left out. */
export async function placesBehind(
  db: Db,
  ids: readonly string[],
): Promise<{ emergency_id: string; municipality_code: string | null }[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const cols = ['h.emergency_id', 'h.municipality_code'] as const;
  const [records, pledged, reported, routed, claimed] = await Promise.all([
    db.selectFrom('help_records as h').select(cols).where('h.id', 'in', list).execute(),
    db
      .selectFrom('pledges as p')
      .innerJoin('help_records as h', 'h.id', 'p.help_id')
      .select(cols)
      .where('p.id', 'in', list)
      .execute(),
    db
      .selectFrom('reports as r')
      .innerJoin('help_records as h', 'h.id', 'r.help_id')
      .select(cols)
      .where('r.id', 'in', list)
      .execute(),
    db
      .selectFrom('logistics_operations as o')
      .innerJoin('help_records as h', (join) =>
        join.on((eb) =>
          eb.or([eb('h.id', '=', eb.ref('o.destination_help_id')), eb('h.id', '=', eb.ref('o.pickup_help_id'))]),
        ),
      )
      .select(cols)
      .where('o.id', 'in', list)
      .execute(),
    db
      .selectFrom('route_claims as c')
      .innerJoin('logistics_operations as o', 'o.id', 'c.operation_id')
      .innerJoin('help_records as h', (join) =>
        join.on((eb) =>
          eb.or([eb('h.id', '=', eb.ref('o.destination_help_id')), eb('h.id', '=', eb.ref('o.pickup_help_id'))]),
        ),
      )
      .select(cols)
      .where('c.id', 'in', list)
      .execute(),
  ]);
  return [...records, ...pledged, ...reported, ...routed, ...claimed];
}

/**
 * A list's condition for a place scope (domain/place-scope.ts says the same for one record): no municipality, one
 * of the municipalities, or one in the departments. `column` is the query's municipality_code column.
 */
export function inPlaces(column: string, places: readonly string[]) {
  const { municipalities, departments } = scopeMunicipalityPrefixes(places);
  const ref = sql.ref(column);
  const any = [sql`${ref} is null`];
  if (municipalities.length > 0) any.push(sql`${ref} in (${sql.join(municipalities)})`);
  if (departments.length > 0) any.push(sql`substr(${ref}, 1, 2) in (${sql.join(departments)})`);
  return sql<boolean>`(${sql.join(any, sql` or `)})`;
}

/**
 * SQL: a record of this emergency in this municipality is the account's to hear of. It has no municipality, the
 * account has no scope in that emergency, or one of its codes is the municipality or its department. (Admins have
 * no rows: the command refuses them.) Arguments are expressions: a column (sql.ref) or a value (sql.val).
 */
export function scopeAdmits(
  account: Expression<unknown>,
  emergency: Expression<unknown>,
  municipality: Expression<unknown>,
) {
  const rows = sql`select 1 from leader_place_scopes s where s.account_id = ${account} and s.emergency_id = ${emergency}`;
  // Cast: a value alone (sql.val) has no type PostgreSQL can infer for "is null" or substr.
  const code = sql`cast(${municipality} as text)`;
  return sql<SqlBool>`(${code} is null or not exists (${rows}) or exists (${rows} and (s.place_code = ${code} or s.place_code = substr(${code}, 1, 2))))`;
}
