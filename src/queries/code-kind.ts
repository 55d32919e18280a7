// One door for every code (/codigo): receipt, pledge and route-claim codes share one format (domain/receipt-code.ts),
// so only looking a code up tells which it is. Each lookup is the one its own page uses, by the code's hash.
import type { Context } from '../context.ts';
import { normalizeReceiptCode } from '../domain/receipt-code.ts';
import { findByReceiptCode } from '../repositories/help-records/records.ts';
import { findPledgeByCode } from '../repositories/pledges.ts';
import { findRouteClaimByCode } from '../repositories/route-claims.ts';

export const codeKinds = ['receipt', 'pledge', 'route_claim'] as const;
export type CodeKind = (typeof codeKinds)[number];

/**
 * Which kind of code the typed text is; undefined for an unknown code and a malformed one alike (the latter without a
 * query). Codes are drawn at random from 26^12, so two kinds sharing one code is not a case to plan for.
 */
export async function codeKind(ctx: Context, typed: string): Promise<CodeKind | undefined> {
  const code = normalizeReceiptCode(typed);
  if (code === undefined) return undefined;
  if (await findByReceiptCode(ctx.db, code)) return 'receipt';
  if (await findPledgeByCode(ctx.db, code)) return 'pledge';
  if (await findRouteClaimByCode(ctx.db, code)) return 'route_claim';
  return undefined;
}
