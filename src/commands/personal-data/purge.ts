// Retention: what the daily job (and `ayuda privacy purge`) erases once the configured days have passed. Records
// go through the same erasure as a withdrawal; every other table's retention is the one its holder declares
// (holders.ts), so a table that holds personal data cannot be added without saying how long it keeps it. A dry
// run lists the same lines and writes nothing.
import { randomUUID } from 'node:crypto';
import type { Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { checkpointAfterErasure, insertErasures } from '../../repositories/erasures.ts';
import { recordsDueForRetention } from '../../repositories/help-records/personal-data.ts';
import { purgePasswordResets } from '../../repositories/password-resets.ts';
import { purgeConsoleState } from '../purge-console-state.ts';
import { writePublic } from '../write-public.ts';
import { afterErasure } from './compaction.ts';
import { type EraseRequest, eraseRecords } from './erase-records.ts';
import type { RetentionCut } from './holder.ts';
import { holders } from './holders.ts';
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
  const cut: RetentionCut = {
    afterClose,
    messagesBefore: daysAgo(ctx.config.retention.messagesDays),
    changesBefore: daysAgo(ctx.config.retention.changesDays),
    answersBefore: new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString(),
    now: now.toISOString(),
  };
  // What each table's holder declares (holder.ts): rows emptied once due, and rows deleted once due.
  const clears = await Promise.all(
    holders.flatMap(({ table, retention }) =>
      retention.kind === 'clear' ? [retention.due(ctx.db, cut).then((ids) => ({ table, retention, ids }))] : [],
    ),
  );
  const deletes = holders.flatMap(({ table, retention }) =>
    retention.kind === 'delete' ? [{ table, retention }] : [],
  );
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
    ...clears.flatMap(({ table, retention, ids }) => ids.map((id) => ({ rule: retention.rule, table, id, count: 1 }))),
  ];
  if (options.dryRun) {
    for (const { table, retention } of deletes) {
      if (retention.count) lines.push({ rule: retention.rule, table, count: await retention.count(ctx.db, cut) });
    }
    return { dryRun: true, lines };
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
    for (const { retention, ids } of clears) {
      for (const id of ids) await retention.clear(trx.db, id, cut.now);
    }
    await insertErasures(
      trx.db,
      clears.flatMap(({ table, ids }) =>
        ids.map((id) => ({
          id: randomUUID(),
          target_table: table,
          target_id: id,
          scope: 'text' as const,
          actor: RETENTION_ACTOR,
          reason: `Retención: ${afterCloseDays} días después del cierre`,
          created_at: cut.now,
        })),
      ),
    );
  });
  // Rows deleted whole: WhatsApp and SMS past their days, the feed's older entries, stored answers, drafts.
  for (const { table, retention } of deletes) {
    const count = await inTransaction(ctx, (trx) => retention.purge(trx.db, cut));
    lines.push({ rule: retention.rule, table, count });
  }
  // Upkeep of tables that hold no personal data (holders.ts says why): spent sign-in links and console state.
  lines.push({
    rule: 'password_resets',
    table: 'password_resets',
    count: await purgePasswordResets(ctx.db, daysAgo(1)),
  });
  await purgeConsoleState(ctx);
  // The file is rewritten only when the pass took a person's data (a record's or a row's, or their messages), not
  // for the steady upkeep of expired keys, feed entries and drafts: a busy service would be compacted every minute.
  const tookSomeone = lines.some(
    (line) => line.count > 0 && (line.id !== undefined || line.rule === 'channel_messages'),
  );
  if (tookSomeone) await afterErasure(ctx);
  else await checkpointAfterErasure(ctx);
  return { dryRun: false, lines };
}
