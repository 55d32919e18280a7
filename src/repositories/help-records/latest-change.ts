// The newest change number of the records, which the search index follows: how far behind it is, for metrics.
import type { Db } from '../../db/types.ts';

export async function latestRecordChange(db: Db): Promise<number> {
  const row = await db
    .selectFrom('help_records')
    .select((eb) => eb.fn.max('change_seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}
