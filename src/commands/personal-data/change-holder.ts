// The public change feed's history: each entry carries a record's public state as it was, and so the contact a
// person agreed to publish. The right to know lists the entries that hold the number; a withdrawal or an erasure
// removes the state of every earlier entry of the record (its inventory and its routes too), and an erasure by
// number that of any entry holding it. The feed then says withdrawn, or gives the state without the data.
import { labelledFields } from '../../db/column-roles.ts';
import { changeRoles } from '../../db/trail-roles.ts';
import { holdsValues } from '../../domain/personal-values.ts';
import { routeTexts } from '../../repositories/logistics.ts';
import {
  changesHolding,
  countChangesBefore,
  dropChangesBefore,
  redactChange,
  redactChanges,
} from '../../repositories/public-changes.ts';
import type { PersonalDataHolder, TouchedRow } from './holder.ts';

export const changesHolder: PersonalDataHolder<'public_changes'> = {
  table: 'public_changes',
  async find(db, search) {
    const rows = await changesHolding(db, search.hint);
    return rows
      .filter((r) => holdsValues(r.state, search.values))
      .map((r) => ({
        table: 'public_changes',
        id: String(r.seq),
        label: 'Cambio público de un registro, en el historial de cambios de la API',
        fields: labelledFields(changeRoles, r, ['entity_id', 'kind', 'at']),
      }));
  },
  async erase(trx, target) {
    if (target.scope === 'identity') return [];
    const ids = target.records.map((r) => r.id);
    if (ids.length > 0) {
      await redactChanges(trx.db, 'help', ids);
      await redactChanges(trx.db, 'inventory', ids);
      const routes = await routeTexts(trx.db, ids, null);
      await redactChanges(
        trx.db,
        'route',
        routes.map((r) => r.id),
      );
    }
    const touched: TouchedRow[] = [];
    if (target.everywhere) {
      for (const row of await changesHolding(trx.db, target.everywhere.hint)) {
        if (!holdsValues(row.state, target.everywhere.values)) continue;
        await redactChange(trx.db, row.seq);
        touched.push({ table: 'public_changes', id: String(row.seq) });
      }
    }
    return touched;
  },
  clear: (db, id) => redactChange(db, Number(id)),
  // The feed's older entries go with their public states; cursors before them answer 410 cursor_expired.
  retention: {
    kind: 'delete',
    rule: 'change_feed',
    count: (db, cut) => countChangesBefore(db, cut.changesBefore),
    purge: (db, cut) => dropChangesBefore(db, cut.changesBefore),
  },
};
