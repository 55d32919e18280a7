// Volunteers' offers to take a route: found by the volunteer's number (the right to know), erased with it (a claim
// still waiting is withdrawn; an accepted one's copy in the route's volunteer contact is scrubbed by the routes'
// holder), and by retention once decided.
import { labelledFields, routeClaimRoles } from '../../db/column-roles.ts';
import { addValues, noValues, scrubText } from '../../domain/personal-values.ts';
import { setVolunteerContact, volunteerContactOf } from '../../repositories/logistics.ts';
import {
  claimsDueForRetention,
  claimsNaming,
  eraseClaimContact,
  setRouteClaimState,
} from '../../repositories/route-claims.ts';
import type { PersonalDataHolder, TouchedRow } from './holder.ts';

export const routeClaimsHolder: PersonalDataHolder<'route_claims'> = {
  table: 'route_claims',
  async find(db, search) {
    const rows = await claimsNaming(db, [search.phone]);
    return rows.map((r) => ({
      table: 'route_claims',
      id: r.id,
      label: 'Ofrecimiento de llevar una ruta logística',
      fields: labelledFields(routeClaimRoles, r, ['operation_id', 'status', 'created_at']),
    }));
  },
  async erase(trx, target) {
    if (target.scope === 'identity' || !target.everywhere) return [];
    const touched: TouchedRow[] = [];
    for (const row of await claimsNaming(trx.db, target.everywhere.values.phones)) {
      if (row.status === 'pending') {
        await setRouteClaimState(trx.db, row.id, { status: 'withdrawn', updated_at: target.now });
      }
      // An accepted claim copied the name and the vehicle into the route's volunteer contact (its number went
      // with the routes' holder, which runs first): they go too.
      const contact = row.status === 'accepted' ? await volunteerContactOf(trx.db, row.operation_id) : null;
      if (contact !== null) {
        const next = scrubText(contact, addValues(noValues(), { words: [row.contact_name, row.vehicle] }));
        if (next !== contact) await setVolunteerContact(trx.db, row.operation_id, next);
      }
      await eraseClaimContact(trx.db, row.id, target.now);
      touched.push({ table: 'route_claims', id: row.id });
    }
    return touched;
  },
  clear: (db, id) => eraseClaimContact(db, id, new Date().toISOString()),
  retention: {
    kind: 'clear',
    rule: 'route_claim_contact',
    due: async (db, cut) => (await claimsDueForRetention(db, cut.afterClose)).map((c) => c.id),
    clear: (db, id, now) => eraseClaimContact(db, id, now),
  },
};
