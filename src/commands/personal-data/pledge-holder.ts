// Pledgers' names and WhatsApp numbers: found by the pledger's number (the right to know), erased with it, with
// the request they pledged to when its data goes (its open pledges are cancelled: nobody can bring anything to a
// withdrawn request), and by retention once the pledge is closed.
import { labelledFields, pledgeRoles } from '../../db/column-roles.ts';
import type { Store } from '../../db/store.ts';
import { roundQuantity } from '../../domain/coverage.ts';
import { isHolding } from '../../domain/pledges.ts';
import { newRowId } from '../../domain/record-id.ts';
import { findById, updateRecord } from '../../repositories/help-records/records.ts';
import {
  erasePledgeContact,
  type PledgeRow,
  pledgesDueForRetention,
  pledgesNaming,
  setPledgeState,
} from '../../repositories/pledges.ts';
import { addTimelineEvent } from '../../repositories/timeline.ts';
import type { PersonalDataHolder, TouchedRow } from './holder.ts';

export const PLEDGE_ERASURE_ACTOR = 'erasure';

export const pledgesHolder: PersonalDataHolder<'pledges'> = {
  table: 'pledges',
  async find(db, search) {
    // Only the person's own pledges: pledges to their requests hold other people's numbers.
    const rows = await pledgesNaming(db, [search.phone], []);
    return rows.map((r) => ({
      table: 'pledges',
      id: r.id,
      label: 'Compromiso de llevar ayuda a una solicitud',
      fields: labelledFields(pledgeRoles, r, ['help_id', 'quantity', 'status', 'deliver_by', 'created_at']),
    }));
  },
  async erase(trx, target) {
    if (target.scope === 'identity') return [];
    const ids = target.records.map((r) => r.id);
    const phones = target.everywhere?.values.phones ?? [];
    const touched: TouchedRow[] = [];
    for (const row of await pledgesNaming(trx.db, phones, ids)) {
      const own = ids.includes(row.help_id);
      // A pledge still holding its quantity (open, or reported and unconfirmed) whose request goes, or whose
      // pledger asked to be erased, is cancelled: nobody could coordinate or confirm it any more. The request's own
      // erasure zeroes its totals (erasedColumns); another request's totals give the quantity back here.
      if (isHolding(row.status) && (own ? target.scope === 'all' : true)) {
        await setPledgeState(trx.db, row.id, {
          status: 'cancelled',
          closed_at: target.now,
          closed_by: PLEDGE_ERASURE_ACTOR,
          updated_at: target.now,
        });
        if (!own) await releaseFromRequest(trx, row, target.now);
      }
      if (row.personal_data_erased_at !== null && row.contact_whatsapp === '') continue;
      await erasePledgeContact(trx.db, row.id, target.now);
      if (!own) touched.push({ table: 'pledges', id: row.id });
    }
    return touched;
  },
  clear: (db, id) => erasePledgeContact(db, id, new Date().toISOString()),
  // A closed pledge's contact, once its emergency closed or its request ended long enough ago; an open one keeps it.
  retention: {
    kind: 'clear',
    rule: 'pledge_contact',
    due: async (db, cut) => (await pledgesDueForRetention(db, cut.afterClose)).map((p) => p.id),
    clear: (db, id, now) => erasePledgeContact(db, id, now),
  },
};

/**
 * Gives an erased pledger's holding pledge back to its request: what it held (the pledged quantity while open, what
 * was reported once reported), the count, and the public event.
 */
async function releaseFromRequest(trx: Store, pledge: PledgeRow, now: string): Promise<void> {
  const record = await findById(trx, pledge.help_id, true);
  if (!record) return;
  const held = pledge.status === 'reported' ? pledge.delivered_quantity : pledge.quantity;
  const committed = Math.max(0, roundQuantity(record.quantity_committed - (held ?? 0)));
  await updateRecord(trx, record.id, {
    quantity_committed: committed,
    pledges_open: Math.max(0, record.pledges_open - 1),
    updated_at: now,
  });
  await addTimelineEvent(trx.db, {
    id: newRowId(),
    help_id: record.id,
    kind: 'pledge_released',
    is_public: 1,
    note: null,
    status: null,
    actor: PLEDGE_ERASURE_ACTOR,
    created_at: now,
    quantity: held,
  });
}
