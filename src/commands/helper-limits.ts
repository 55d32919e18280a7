// The daily limits on pledges and route claims (domain/helper-caps.ts), checked inside the transaction that would
// add one, after the row it locks: two racing for the last place cannot both pass.
import type { Context } from '../context.ts';
import type { Db } from '../db/types.ts';
import { type HelperClient, helperWindowStart, passedLimit } from '../domain/helper-caps.ts';
import { pledgerHash } from '../domain/pledges.ts';
import { claimerHash } from '../domain/route-claims.ts';
import { AppError, detail } from '../errors.ts';
import { helperCounts } from '../repositories/helper-counts.ts';

export async function checkHelperLimits(
  ctx: Context,
  db: Db,
  input: { emergencyId: string; whatsapp: string; client: HelperClient },
): Promise<void> {
  const { client } = input;
  if (client.counted === 'none') return;
  const counts = await helperCounts(db, {
    whatsapp: input.whatsapp,
    pledgerHash: pledgerHash(input.emergencyId, client.scope),
    claimerHash: claimerHash(input.emergencyId, client.scope),
    since: helperWindowStart(ctx.now()),
  });
  const passed = passedLimit(client.counted, counts, ctx.config.helperLimits);
  if (passed === null) return;
  const byNumber = passed.by === 'number';
  throw new AppError('helper_limit_reached', [
    detail(byNumber ? 'contactWhatsapp' : 'client', 'helpers_24h', {
      code: byNumber ? 'per_whatsapp_24h' : 'per_address_24h',
      limit: passed.limit,
    }),
  ]);
}
