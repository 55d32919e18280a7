// Rejected submissions' numbers, kept as keyed hashes (commands/rejected-numbers.ts): one row per rejected record,
// found and erased with that record. A number's records are found first by the records' holder, so the right to
// know and an erasure by number reach every row its rejected submissions left; a record's own erasure (withdrawal,
// the team's, retention of the rejected) takes its row. Retention: the rejected rule erases the record, and this
// row with it, RETENTION_REJECTED_DAYS after the rejection; the console's upkeep drops any that outlive it.
import { labelledFields } from '../../db/column-roles.ts';
import { rejectedNumberRoles } from '../../db/review-roles.ts';
import { deleteRejectedNumbers, rejectedNumbersOf } from '../../repositories/rejected-numbers.ts';
import type { PersonalDataHolder } from './holder.ts';

export const rejectedNumbersHolder: PersonalDataHolder<'rejected_numbers'> = {
  table: 'rejected_numbers',
  async find(db, search) {
    return (await rejectedNumbersOf(db, search.recordIds)).map((r) => ({
      table: 'rejected_numbers',
      id: r.record_id,
      label: 'Número de un envío rechazado, guardado solo como huella cifrada',
      fields: labelledFields(rejectedNumberRoles, r, ['record_id', 'rejected_at']),
    }));
  },
  async erase(trx, target) {
    if (target.scope === 'identity') return [];
    const ids = target.records.map((r) => r.id);
    await deleteRejectedNumbers(trx.db, ids);
    // Rows of the target's own records only: the record's log entry re-applies them (holder.ts).
    return [];
  },
  clear: (db, id) => deleteRejectedNumbers(db, [id]),
  retention: {
    kind: 'none',
    why: 'Erased with its rejected record, whose data goes RETENTION_REJECTED_DAYS after the rejection; the console upkeep drops any row older than that.',
  },
};
