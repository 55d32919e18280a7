// Pledgers' names and WhatsApp numbers: found by the pledger's number (the right to know), erased with it, with
// the request they pledged to when its data goes (its open pledges are cancelled: nobody can bring anything to a
// withdrawn request), and by retention once the pledge is closed.
import { erasePledgeContact, pledgesNaming, setPledgeState } from '../../repositories/pledges.ts';
import type { PersonalDataHolder, TouchedRow } from './holder.ts';

export const PLEDGE_ERASURE_ACTOR = 'erasure';

export const pledgesHolder: PersonalDataHolder = {
  table: 'pledges',
  async find(db, search) {
    // Only the person's own pledges: pledges to their requests hold other people's numbers.
    const rows = await pledgesNaming(db, [search.phone], []);
    return rows.map((r) => ({
      table: 'pledges',
      id: r.id,
      label: 'Compromiso de llevar ayuda a una solicitud',
      fields: {
        solicitud: r.help_id,
        nombre: r.contact_name,
        whatsapp: r.contact_whatsapp,
        cantidad: r.quantity,
        estado: r.status,
        entrega_prevista: r.deliver_by,
        fecha: r.created_at,
      },
    }));
  },
  async erase(trx, target) {
    if (target.scope === 'identity') return [];
    const ids = target.records.map((r) => r.id);
    const phones = target.everywhere?.values.phones ?? [];
    const touched: TouchedRow[] = [];
    for (const row of await pledgesNaming(trx.db, phones, ids)) {
      const own = ids.includes(row.help_id);
      if (own && target.scope === 'all' && row.status === 'open') {
        await setPledgeState(trx.db, row.id, {
          status: 'cancelled',
          closed_at: target.now,
          closed_by: PLEDGE_ERASURE_ACTOR,
          updated_at: target.now,
        });
      }
      if (row.personal_data_erased_at !== null && row.contact_whatsapp === '') continue;
      await erasePledgeContact(trx.db, row.id, target.now);
      if (!own) touched.push({ table: 'pledges', id: row.id });
    }
    return touched;
  },
  clear: (db, id) => erasePledgeContact(db, id, new Date().toISOString()),
};
