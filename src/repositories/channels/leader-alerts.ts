// Leaders who asked for alerts on their own WhatsApp: urgent submissions and rescue requests as they arrive, and a
// daily digest.
import type { Selectable } from 'kysely';
import type { Db, LeaderAlertsTable } from '../../db/types.ts';

export type LeaderAlertRow = Selectable<LeaderAlertsTable>;

export async function findLeaderAlert(db: Db, accountId: string): Promise<LeaderAlertRow | undefined> {
  return db.selectFrom('leader_alerts').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function saveLeaderAlert(db: Db, row: LeaderAlertRow): Promise<void> {
  await db
    .insertInto('leader_alerts')
    .values(row)
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet({
        whatsapp: row.whatsapp,
        urgent: row.urgent,
        digest: row.digest,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function removeLeaderAlert(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('leader_alerts').where('account_id', '=', accountId).execute();
}

/** Enabled accounts that lead the emergency (or are admins) and want urgent alerts. */
export async function urgentAlertNumbers(db: Db, emergencyId: string): Promise<LeaderAlertRow[]> {
  return db
    .selectFrom('leader_alerts as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .selectAll('l')
    .where('l.urgent', '=', 1)
    .where('a.disabled_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('a.role', '=', 'admin'),
        eb.exists(
          eb
            .selectFrom('account_emergencies as ae')
            .select('ae.account_id')
            .whereRef('ae.account_id', '=', 'a.id')
            .where('ae.emergency_id', '=', emergencyId),
        ),
      ]),
    )
    .execute();
}

/** Takes today's digest for an account: false when another instance (or an earlier pass) already did. */
export async function claimDigest(db: Db, accountId: string, today: string): Promise<boolean> {
  const result = await db
    .updateTable('leader_alerts')
    .set({ digest_sent_on: today })
    .where('account_id', '=', accountId)
    .where('digest', '=', 1)
    .where((eb) => eb.or([eb('digest_sent_on', 'is', null), eb('digest_sent_on', '<', today)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function digestSubscribers(db: Db, today: string): Promise<LeaderAlertRow[]> {
  return db
    .selectFrom('leader_alerts')
    .selectAll()
    .where('digest', '=', 1)
    .where((eb) => eb.or([eb('digest_sent_on', 'is', null), eb('digest_sent_on', '<', today)]))
    .execute();
}

export async function alertsByNumber(db: Db, phones: readonly string[]): Promise<LeaderAlertRow[]> {
  if (phones.length === 0) return [];
  return db.selectFrom('leader_alerts').selectAll().where('whatsapp', 'in', phones).execute();
}
