// Coverage of a request and the derived operationalStatus.
import type { HelpType, OperationalStatus, RecordStatus } from './statuses.ts';

export function pendingQuantity(required: number | null, covered: number): number | null {
  if (required === null) return null;
  return Math.max(0, roundQuantity(required - covered));
}

export function roundQuantity(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function operationalStatus(
  type: HelpType,
  status: RecordStatus,
  required: number | null,
  covered: number,
): OperationalStatus {
  if (type === 'offer') {
    if (status === 'completed') return 'closed';
    return status === 'in_process' ? 'committed' : 'available';
  }
  if (status === 'completed') return 'delivered';
  if (status === 'in_process') return 'in_transit';
  if (required !== null && required > 0 && covered >= required) return 'covered';
  if (covered > 0) return 'partially_covered';
  return 'unattended';
}

/** Priority filters of SPEC 4.1 as DESIGN.md defines them. */
export function coveredFraction(required: number | null, covered: number): number | null {
  if (required === null || required <= 0) return null;
  return Math.min(1, covered / required);
}
