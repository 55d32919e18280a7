// The roles of rejected_numbers' columns: a keyed hash of a rejected submission's number is still that person's
// data (it says their number was rejected), so it has a holder (commands/personal-data/rejected-number-holder.ts).
import { type DeletableRoles, system } from './column-roles.ts';
import type { RejectedNumbersTable } from './types.ts';

export const rejectedNumberRoles = {
  record_id: { ...system, label: 'Registro' },
  emergency_id: system,
  number_hash: { kind: 'private', published: 'never', erased: 'row', label: 'Huella cifrada del número rechazado' },
  rejected_at: { ...system, label: 'Rechazado' },
} as const satisfies DeletableRoles<RejectedNumbersTable>;
