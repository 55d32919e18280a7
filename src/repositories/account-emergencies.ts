// The emergencies each leader may work on (account_emergencies).
import type { Db } from '../db/types.ts';

export async function assignEmergencies(db: Db, accountId: string, emergencyIds: string[]): Promise<void> {
  if (emergencyIds.length === 0) return;
  await db
    .insertInto('account_emergencies')
    .values(emergencyIds.map((emergency_id) => ({ account_id: accountId, emergency_id })))
    .execute();
}

/** Slugs of the emergencies assigned to each account. */
export async function assignedEmergencies(db: Db, accountIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (accountIds.length === 0) return result;
  const rows = await db
    .selectFrom('account_emergencies as a')
    .innerJoin('emergencies as e', 'e.id', 'a.emergency_id')
    .select(['a.account_id', 'e.slug'])
    .where('a.account_id', 'in', accountIds)
    .orderBy('e.slug')
    .execute();
  for (const row of rows) result.set(row.account_id, [...(result.get(row.account_id) ?? []), row.slug]);
  return result;
}
