// The one erasure every right and rule uses: withdrawal by the person, erasure by the team (one record or one
// number), retention, and a restore re-applying the log. Inside the caller's public write, so caches drop on
// every instance with the commit.
import { randomUUID } from 'node:crypto';
import type { Store } from '../../db/store.ts';
import { addValues, scrubText } from '../../domain/personal-values.ts';
import { newRowId } from '../../domain/record-id.ts';
import { audit } from '../../repositories/audit.ts';
import { insertErasures } from '../../repositories/erasures.ts';
import { lockRecords } from '../../repositories/help-records/personal-data.ts';
import { updateRecord } from '../../repositories/help-records/records.ts';
import { addTimelineEvent } from '../../repositories/timeline.ts';
import type { ErasureTarget, TouchedRow } from './holder.ts';
import { holders } from './holders.ts';
import { erasedColumns, valuesOfRecords } from './record-holder.ts';
import type { ErasureScope } from './types.ts';

export interface EraseRequest {
  recordIds: string[];
  scope: Exclude<ErasureScope, 'text'>;
  /** 'submitter', an account id, 'cli' or 'retention'. */
  actor: string;
  reason: string;
  /** Takes the records off every public surface, as the person's or the team's withdrawal. */
  withdrawBy: 'submitter' | 'team' | null;
  /** An erasure by number: also scrubbed from every other text that holds it. */
  everywhere: ErasureTarget['everywhere'];
  now: string;
  /** A restore re-applying an entry keeps its id. */
  logIds?: Map<string, string>;
}

export interface EraseOutcome {
  records: string[];
  rows: number;
}

export async function eraseRecords(trx: Store, request: EraseRequest): Promise<EraseOutcome> {
  const rows = await lockRecords(trx, request.recordIds);
  const values = await valuesOfRecords(trx.db, rows, request.scope);
  const target: ErasureTarget = {
    records: rows,
    scope: request.scope,
    values,
    everywhere: request.everywhere,
    now: request.now,
  };
  // Texts first: they are scrubbed with the values the records still hold.
  const touched: TouchedRow[] = [];
  for (const holder of holders) touched.push(...(await holder.erase(trx, target)));
  // The reason is the team's words: it never carries an erased value into the log.
  const reason = scrubText(request.reason, request.everywhere ? addValues(values, request.everywhere.values) : values);
  const action = request.withdrawBy ? 'withdrawn' : 'personal_data_erased';
  for (const row of rows) {
    await updateRecord(trx, row.id, erasedColumns(row, target, request.withdrawBy));
    await audit(trx.db, {
      actor: request.actor,
      action,
      targetType: 'help_record',
      targetId: row.id,
      details: { scope: request.scope, reason },
      at: request.now,
    });
    if (request.withdrawBy && row.review_status !== 'withdrawn' && row.review_status !== 'rejected') {
      await addTimelineEvent(trx.db, {
        id: newRowId(),
        help_id: row.id,
        kind: request.withdrawBy === 'submitter' ? 'withdrawn_by_submitter' : 'withdrawn_by_team',
        is_public: 0,
        note: null,
        status: null,
        actor: request.actor,
        created_at: request.now,
      });
    }
  }
  const logged = [
    ...rows.map((r) => ({ table: 'help_records', id: r.id, scope: request.scope })),
    ...touched.map((t) => ({ ...t, scope: 'text' as const })),
  ];
  await insertErasures(
    trx.db,
    logged.map((entry) => ({
      id: request.logIds?.get(`${entry.table}:${entry.id}`) ?? randomUUID(),
      target_table: entry.table,
      target_id: entry.id,
      scope: entry.scope,
      actor: request.actor,
      reason,
      created_at: request.now,
    })),
  );
  return { records: rows.map((r) => r.id), rows: rows.length + touched.length };
}
