// The right to know: every row the service keeps that holds a WhatsApp number or belongs to its records, asked
// of every table's holder, read in one transaction so the answer is one moment's truth.
import type { Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { numberSearch } from './erase.ts';
import { holders } from './holders.ts';
import { recordsHolder } from './record-holder.ts';
import type { PersonalDataExport, PersonalDataItem } from './types.ts';

export async function exportPersonalData(ctx: Context, whatsapp: string): Promise<PersonalDataExport> {
  const { phone, values, hint } = numberSearch(whatsapp);
  const items = await inTransaction(ctx, async (trx) => {
    const records = await recordsHolder.find(trx.db, { phone, values, hint, recordIds: [] });
    const search = { phone, values, hint, recordIds: records.map((r) => r.id) };
    const all: PersonalDataItem[] = [...records];
    for (const holder of holders) {
      if (holder !== recordsHolder) all.push(...(await holder.find(trx.db, search)));
    }
    return all;
  });
  return { whatsapp: phone, generatedAt: ctx.now().toISOString(), items };
}
