// The roles of rejected_numbers' columns. Its keyed hash holds no value anyone typed (a system column, as every
// hash is), but it still says a person's number was rejected: the table has a holder, so the right to know lists
// its rows and an erasure takes them (commands/personal-data/rejected-number-holder.ts).
import { system, type TableRoles } from './column-roles.ts';
import type { RejectedNumbersTable } from './types.ts';

export const rejectedNumberRoles = {
  record_id: { ...system, label: 'Registro' },
  emergency_id: system,
  // A keyed hash, like the other hashes of the roles (reporter_hash): no value anyone typed; the row goes whole.
  number_hash: system,
  rejected_at: { ...system, label: 'Rechazado' },
} as const satisfies TableRoles<RejectedNumbersTable>;
