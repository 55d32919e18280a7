// Shared steps of the leaders' commands: load a record for change, write the change, log it, tell caches.
import type { Actor, Context } from '../context.ts';
import type { Store } from '../db/store.ts';
import { newRowId } from '../domain/record-id.ts';
import { AppError, detail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { findById, type HelpRow, updateRecord } from '../repositories/help-records/records.ts';
import { addTimelineEvent } from '../repositories/timeline.ts';
import { derivedFields } from './derived-fields.ts';
import { writePublic } from './write-public.ts';

export interface ChangeStep {
  trx: Store;
  record: HelpRow;
  now: string;
}

/** Runs change() on the locked record inside a transaction, then tells every cache that public data moved. */
export async function changeRecord<T>(ctx: Context, id: string, change: (step: ChangeStep) => Promise<T>): Promise<T> {
  return writePublic(ctx, async (trx) => {
    const record = await findById(trx, id, true);
    if (!record) throw new AppError('not_found', [detail('id', 'not_found', { value: id })]);
    return change({ trx, record, now: ctx.now().toISOString() });
  });
}

/** Applies a patch plus the derived columns. */
export async function saveRecord(ctx: Context, step: ChangeStep, patch: Partial<HelpRow>): Promise<HelpRow> {
  const merged = { ...step.record, ...patch, updated_at: step.now };
  const full = { ...patch, ...derivedFields(merged, ctx.now()), updated_at: step.now };
  await updateRecord(step.trx, step.record.id, full);
  return { ...step.record, ...full };
}

export async function logDecision(
  step: ChangeStep,
  actor: Actor,
  event: {
    kind: string;
    isPublic: boolean;
    note?: string | null;
    status?: string | null;
    details?: unknown;
    /** The quantity a public pledge event speaks of. */
    quantity?: number | null;
    /** That quantity's unit, when it is not the request's (a delivery in another unit). */
    unit?: string | null;
  },
): Promise<void> {
  await addTimelineEvent(step.trx.db, {
    id: newRowId(),
    help_id: step.record.id,
    kind: event.kind,
    is_public: event.isPublic ? 1 : 0,
    note: event.note ?? null,
    status: event.status ?? null,
    actor,
    created_at: step.now,
    ...(event.quantity === undefined ? {} : { quantity: event.quantity }),
    ...(event.unit ? { unit: event.unit } : {}),
  });
  await audit(step.trx.db, {
    actor,
    action: event.kind,
    targetType: 'help_record',
    targetId: step.record.id,
    details: event.details ?? (event.note ? { note: event.note } : undefined),
    at: step.now,
  });
}
