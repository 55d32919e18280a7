// Retention: what the daily job (and `ayuda privacy purge`) erases once the configured days have passed. Records
// go through the same erasure as a withdrawal; a dry run lists the same lines and writes nothing.
import { randomUUID } from 'node:crypto';
import type { Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { countInboundBefore, purgeInbound } from '../../repositories/channels/channel-messages.ts';
import { deleteConversations, idleConversations } from '../../repositories/channels/conversations.ts';
import { purgeOutbound } from '../../repositories/channels/outbound-messages.ts';
import { purgeConsentDrafts } from '../../repositories/consent-drafts.ts';
import { checkpointAfterErasure, insertErasures } from '../../repositories/erasures.ts';
import { recordsDueForRetention } from '../../repositories/help-records/personal-data.ts';
import { purgeIdempotencyKeys } from '../../repositories/idempotency.ts';
import { clearVolunteerContact, dueVolunteerContacts } from '../../repositories/logistics.ts';
import { purgePasswordResets } from '../../repositories/password-resets.ts';
import { erasePledgeContact, pledgesDueForRetention } from '../../repositories/pledges.ts';
import { countChangesBefore, dropChangesBefore } from '../../repositories/public-changes.ts';
import { dueReportNotes, setReportNote } from '../../repositories/reports.ts';
import { claimsDueForRetention, eraseClaimContact } from '../../repositories/route-claims.ts';
import { purgeConsoleState } from '../purge-console-state.ts';
import { writePublic } from '../write-public.ts';
import { type EraseRequest, eraseRecords } from './erase-records.ts';
import type { PurgeLine, PurgeReport } from './types.ts';

const DAY_MS = 86_400_000;
/** Records erased per transaction: a long backlog never holds the write lock for long. */
const BATCH = 200;
/** Stored idempotent answers are replayed for a day, then dropped. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const RETENTION_ACTOR = 'retention';

export async function purgePersonalData(ctx: Context, options: { dryRun: boolean }): Promise<PurgeReport> {
  const now = ctx.now();
  const { identityDays, rejectedDays, afterCloseDays } = ctx.config.retention;
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const afterClose = daysAgo(afterCloseDays);
  const due = await recordsDueForRetention(ctx.db, {
    identityDecidedBefore: daysAgo(identityDays),
    rejectedBefore: daysAgo(rejectedDays),
    completedBefore: afterClose,
    closedBefore: afterClose,
  });
  const routes = await dueVolunteerContacts(ctx.db, afterClose, afterClose);
  const reports = await dueReportNotes(ctx.db, afterClose);
  const pledges = await pledgesDueForRetention(ctx.db, afterClose);
  const claims = await claimsDueForRetention(ctx.db, afterClose);
  const rules: { rule: string; ids: string[]; request: Pick<EraseRequest, 'scope' | 'reason'> }[] = [
    {
      rule: 'identity_document',
      ids: due.identity,
      request: {
        scope: 'identity',
        reason: `Retención: documento de identidad ${identityDays} días después de la decisión`,
      },
    },
    {
      rule: 'rejected',
      ids: due.rejected,
      request: { scope: 'all', reason: `Retención: solicitud rechazada hace más de ${rejectedDays} días` },
    },
    {
      rule: 'after_close',
      ids: due.afterClose,
      request: {
        scope: 'contact',
        reason: `Retención: completada o emergencia cerrada hace más de ${afterCloseDays} días`,
      },
    },
  ];
  const lines: PurgeLine[] = [
    ...rules.flatMap(({ rule, ids }) => ids.map((id) => ({ rule, table: 'help_records', id, count: 1 }))),
    ...routes.map((r) => ({ rule: 'volunteer_contact', table: 'logistics_operations', id: r.id, count: 1 })),
    ...reports.map((r) => ({ rule: 'report_note', table: 'reports', id: r.id, count: 1 })),
    ...pledges.map((p) => ({ rule: 'pledge_contact', table: 'pledges', id: p.id, count: 1 })),
    ...claims.map((c) => ({ rule: 'route_claim_contact', table: 'route_claims', id: c.id, count: 1 })),
  ];
  const changesBefore = daysAgo(ctx.config.retention.changesDays);
  const messagesBefore = daysAgo(ctx.config.retention.messagesDays);
  if (options.dryRun) {
    const changes = await countChangesBefore(ctx.db, changesBefore);
    const messages = await countInboundBefore(ctx.db, messagesBefore);
    return {
      dryRun: true,
      lines: [
        ...lines,
        { rule: 'change_feed', table: 'public_changes', count: changes },
        { rule: 'channel_messages', table: 'channel_messages', count: messages },
      ],
    };
  }

  for (const { ids, request } of rules) {
    for (let i = 0; i < ids.length; i += BATCH) {
      await writePublic(ctx, (trx) =>
        eraseRecords(trx, {
          ...request,
          recordIds: ids.slice(i, i + BATCH),
          actor: RETENTION_ACTOR,
          withdrawBy: null,
          everywhere: null,
          now: now.toISOString(),
        }),
      );
    }
  }
  // Texts outside the records: emptied whole, and logged so a restore empties them again.
  await inTransaction(ctx, async (trx) => {
    for (const r of routes) await clearVolunteerContact(trx.db, r.id);
    for (const r of reports) await setReportNote(trx.db, r.id, '');
    for (const p of pledges) await erasePledgeContact(trx.db, p.id, now.toISOString());
    for (const c of claims) await eraseClaimContact(trx.db, c.id, now.toISOString());
    const texts = [
      ...routes.map((r) => ({ table: 'logistics_operations', id: r.id })),
      ...reports.map((r) => ({ table: 'reports', id: r.id })),
      ...pledges.map((p) => ({ table: 'pledges', id: p.id })),
      ...claims.map((c) => ({ table: 'route_claims', id: c.id })),
    ];
    await insertErasures(
      trx.db,
      texts.map((t) => ({
        id: randomUUID(),
        target_table: t.table,
        target_id: t.id,
        scope: 'text',
        actor: RETENTION_ACTOR,
        reason: `Retención: ${afterCloseDays} días después del cierre`,
        created_at: now.toISOString(),
      })),
    );
  });
  const keys = await purgeIdempotencyKeys(
    ctx.db,
    new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString(),
  );
  const resets = await purgePasswordResets(ctx.db, daysAgo(1));
  // The feed's older entries go with their public states (and any personal data they carried); cursors before
  // them answer 410 cursor_expired from then on.
  const changes = await inTransaction(ctx, (trx) => dropChangesBefore(trx.db, changesBefore));
  await purgeConsoleState(ctx);
  // WhatsApp and SMS: conversations idle, messages received and sent, past their days.
  const messages = await inTransaction(ctx, async (trx) => {
    const idle = await idleConversations(trx.db, messagesBefore);
    await deleteConversations(trx.db, idle);
    return {
      conversations: idle.length,
      inbound: await purgeInbound(trx.db, messagesBefore),
      outbound: await purgeOutbound(trx.db, messagesBefore),
    };
  });
  // Submissions nobody confirmed within 30 minutes.
  const drafts = await purgeConsentDrafts(ctx.db, now.toISOString());
  lines.push(
    { rule: 'consent_drafts', table: 'consent_drafts', count: drafts },
    { rule: 'channel_messages', table: 'conversations', count: messages.conversations },
    { rule: 'channel_messages', table: 'channel_messages', count: messages.inbound },
    { rule: 'channel_messages', table: 'outbound_messages', count: messages.outbound },
    { rule: 'idempotency_keys', table: 'idempotency_keys', count: keys },
    { rule: 'password_resets', table: 'password_resets', count: resets },
    { rule: 'change_feed', table: 'public_changes', count: changes },
  );
  await checkpointAfterErasure(ctx);
  return { dryRun: false, lines };
}
