// A rejected submission's number, kept only as a keyed hash (domain/number-hash.ts) so the review inbox can flag a
// new submission from it ("Número ya rechazado"). Only submissions: a rejected revision of a published record says
// nothing about who sent the record. Nothing is kept without NUMBER_HASH_KEY, nor for a record without a number.
import type { Context } from '../context.ts';
import { rejectedNumberHash } from '../domain/number-hash.ts';
import { insertRejectedNumber } from '../repositories/rejected-numbers.ts';
import type { ChangeStep } from './record-change.ts';

/** Inside the rejection's transaction: the hash commits with the rejection or not at all. */
export async function keepRejectedNumber(ctx: Context, step: ChangeStep): Promise<void> {
  const key = ctx.config.numberHashKey;
  const number = step.record.contact_whatsapp;
  if (key === null || number === '') return;
  await insertRejectedNumber(step.trx.db, {
    record_id: step.record.id,
    emergency_id: step.record.emergency_id,
    number_hash: rejectedNumberHash(key, number),
    rejected_at: step.now,
  });
}
