// How many pledges and route claims a number and an address made since a moment, whatever became of them: the
// daily limits (domain/helper-caps.ts). The number is counted in every emergency; the address by its per-emergency
// hashes (addresses themselves are never stored).
import type { Db } from '../db/types.ts';
import type { HelperCounts } from '../domain/helper-caps.ts';

export interface HelperKeys {
  whatsapp: string;
  /** The address's hash as pledges store it (domain/pledges.ts pledgerHash). */
  pledgerHash: string;
  /** The address's hash as route claims store it (domain/route-claims.ts claimerHash). */
  claimerHash: string;
  since: string;
}

export async function helperCounts(db: Db, keys: HelperKeys): Promise<HelperCounts> {
  const count = async (
    table: 'pledges' | 'route_claims',
    column: 'contact_whatsapp' | 'client_hash',
    value: string,
  ): Promise<number> => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', value)
      .where('created_at', '>=', keys.since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  // One after another: inside a transaction the four share one connection.
  const pledgesByNumber = await count('pledges', 'contact_whatsapp', keys.whatsapp);
  const claimsByNumber = await count('route_claims', 'contact_whatsapp', keys.whatsapp);
  const pledgesByAddress = await count('pledges', 'client_hash', keys.pledgerHash);
  const claimsByAddress = await count('route_claims', 'client_hash', keys.claimerHash);
  return { number: pledgesByNumber + claimsByNumber, address: pledgesByAddress + claimsByAddress };
}
