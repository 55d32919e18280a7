// Leaders who asked for alerts on their own WhatsApp: urgent submissions and rescue requests as they arrive, and a
// daily digest.
import { type Selectable, sql } from 'kysely';
import type { Db, LeaderAlertsTable } from '../../db/types.ts';
import { scopeAdmits } from '../place-scopes.ts';

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

/** Enabled accounts (with their role) that want urgent alerts. */
function enabledUrgentLeaders(db: Db) {
  return db
    .selectFrom('leader_alerts as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .selectAll('l')
    .select('a.role')
    .where('l.urgent', '=', 1)
    .where('a.disabled_at', 'is', null);
}

/**
 * Enabled accounts that lead the emergency (or are admins) and want urgent alerts; with the submission's
 * municipality, a leader limited to other places of the emergency is left out.
 */
export async function urgentAlertNumbers(db: Db, emergencyId: string, municipalityCode: string | null = null) {
  return enabledUrgentLeaders(db)
    .where(scopeAdmits(sql.ref('a.id'), sql.val(emergencyId), sql.val(municipalityCode)))
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

/** Enabled leaders (or admins) who want urgent alerts and whose last alert is older than `since`. */
export async function pacedAlertLeaders(db: Db, since: string) {
  return enabledUrgentLeaders(db)
    .where('l.last_alert_at', 'is not', null)
    .where('l.last_alert_at', '<=', since)
    .execute();
}

/**
 * Moves a leader's last alert to `now` if it still is what the caller saw: older than `since` (or none) when an
 * alert goes at once, exactly `previous` for a grouped one. In one statement, so of two instances one alone alerts.
 */
export async function moveLastAlert(
  db: Db,
  accountId: string,
  seen: { olderThan: string } | { was: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('leader_alerts')
    .set({ last_alert_at: now })
    .where('account_id', '=', accountId)
    .where((eb) =>
      'was' in seen
        ? eb('last_alert_at', '=', seen.was)
        : eb.or([eb('last_alert_at', 'is', null), eb('last_alert_at', '<=', seen.olderThan)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

/**
 * Requests submitted after `after` (up to `until`) in the active emergencies an account leads (an admin: every one),
 * with what decides whether they alert and their emergency's name. Never their text.
 */
export async function submissionsSince(db: Db, account: { id: string; role: string }, after: string, until: string) {
  let query = db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    .select(['h.type', 'h.urgency', 'h.category', 'e.name as emergency'])
    .where('h.type', '=', 'request')
    .where('h.created_at', '>', after)
    .where('h.created_at', '<=', until)
    .where('e.status', '=', 'active');
  if (account.role !== 'admin') {
    query = query
      .where('h.emergency_id', 'in', (eb) =>
        eb.selectFrom('account_emergencies as ae').select('ae.emergency_id').where('ae.account_id', '=', account.id),
      )
      // A leader limited to some places hears only of theirs.
      .where(scopeAdmits(sql.val(account.id), sql.ref('h.emergency_id'), sql.ref('h.municipality_code')));
  }
  return query.limit(10_000).execute();
}
