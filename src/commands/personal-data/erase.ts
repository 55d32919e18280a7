// The team erases a person's data: one record (`ayuda record erase`, the console), or everything that holds one
// WhatsApp number (`ayuda privacy erase`, the console). Each is withdrawn from every public surface, written to
// the audit log (who, when, why; never the values) and to the erasure log a restore re-applies.
import { randomUUID } from 'node:crypto';
import type { Context } from '../../context.ts';
import { likeHint, noValues, type PersonalValues } from '../../domain/personal-values.ts';
import { localWhatsapp } from '../../domain/phone.ts';
import { isRecordId } from '../../domain/record-id.ts';
import { AppError, detail } from '../../errors.ts';
import { audit } from '../../repositories/audit.ts';
import { findById } from '../../repositories/help-records/records.ts';
import { writePublic } from '../write-public.ts';
import { afterErasure } from './compaction.ts';
import { eraseRecords } from './erase-records.ts';
import { recordsHolder } from './record-holder.ts';
import type { ErasureReport } from './types.ts';

const REASON_MAX = 500;

/** The reason is required: an erasure nobody can explain later is not accountable. */
export function erasureReason(raw: string): string {
  const reason = raw.trim();
  if (reason === '' || reason.length > REASON_MAX) {
    throw new AppError('validation_failed', [
      { field: 'reason', message: `Debe tener entre 1 y ${REASON_MAX} caracteres.`, code: 'invalid_reason' },
    ]);
  }
  return reason;
}

/** A number as people write it -> the search for it (E.164, its value for texts, its LIKE hint), or validation_failed. */
export function numberSearch(raw: string): { phone: string; values: PersonalValues; hint: string } {
  const phone = localWhatsapp(raw);
  if (phone === null) {
    throw new AppError('validation_failed', [detail('whatsapp', 'invalid_whatsapp')]);
  }
  return { phone, values: { ...noValues(), phones: [phone] }, hint: likeHint(phone) };
}

export async function eraseRecord(ctx: Context, id: string, actor: string, reason: string): Promise<ErasureReport> {
  const why = erasureReason(reason);
  const row = isRecordId(id) ? await findById(ctx, id.toLowerCase()) : undefined;
  if (!row) throw new AppError('not_found', [detail('id', 'not_found', { value: id })]);
  const outcome = await writePublic(ctx, (trx) =>
    eraseRecords(trx, {
      recordIds: [row.id],
      scope: 'all',
      actor,
      reason: why,
      withdrawBy: 'team',
      everywhere: null,
      now: ctx.now().toISOString(),
    }),
  );
  await afterErasure(ctx);
  return outcome;
}

export async function eraseByWhatsapp(
  ctx: Context,
  whatsapp: string,
  actor: string,
  reason: string,
): Promise<ErasureReport> {
  const why = erasureReason(reason);
  const { phone, values, hint } = numberSearch(whatsapp);
  const outcome = await writePublic(ctx, async (trx) => {
    const found = await recordsHolder.find(trx.db, { phone, values, hint, recordIds: [] });
    const now = ctx.now().toISOString();
    const result = await eraseRecords(trx, {
      recordIds: found.map((item) => item.id),
      scope: 'all',
      actor,
      reason: why,
      withdrawBy: 'team',
      everywhere: { values, hint },
      now,
    });
    // One entry for the request as a whole: how much it erased, never the number.
    await audit(trx.db, {
      actor,
      action: 'personal_data_erased_by_number',
      targetType: 'erasure',
      targetId: randomUUID(),
      details: { records: result.records.length, rows: result.rows },
      at: now,
    });
    return result;
  });
  await afterErasure(ctx);
  return outcome;
}
