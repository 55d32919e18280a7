// A pledge as the person holding its code sees it: what, how much and by when; never a contact.
import type { PledgeRow } from '../repositories/pledges.ts';
import type { PledgeView } from '../schemas/pledge.ts';
import { urls } from './urls.ts';

export function presentPledge(
  row: PledgeRow,
  record: { title: string; unit: string | null },
  baseUrl: string,
): PledgeView {
  return {
    helpId: row.help_id,
    helpTitle: record.title,
    status: row.status,
    quantity: row.quantity,
    deliveredQuantity: row.delivered_quantity,
    unit: record.unit,
    deliverBy: row.deliver_by,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    publicUrl: urls.help(baseUrl, row.help_id),
  };
}
