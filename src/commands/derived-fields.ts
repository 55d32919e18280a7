// Columns derived from a record's content, recomputed by every command that changes it.
import { pendingQuantity } from '../domain/coverage.ts';
import { priorityScore } from '../domain/priority.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';

export function derivedFields(row: HelpRow, now: Date): Pick<HelpRow, 'priority_score' | 'quantity_pending'> {
  return {
    quantity_pending: pendingQuantity(row.quantity_required, row.quantity_covered),
    priority_score: priorityScore(
      {
        type: row.type,
        status: row.status,
        urgency: row.urgency,
        people: row.people,
        quantityRequired: row.quantity_required,
        quantityCovered: row.quantity_covered,
        publishedAt: row.published_at,
        collectionCenterStatus: row.collection_center_status,
      },
      now,
    ),
  };
}
