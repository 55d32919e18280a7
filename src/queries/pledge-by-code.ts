// What the person holding a pledge's code sees of it: the pledge and its request, never a contact.
import type { Context } from '../context.ts';
import { presentPledge } from '../presenters/pledge.ts';
import { findById } from '../repositories/help-records/records.ts';
import { findPledgeByCode } from '../repositories/pledges.ts';
import type { PledgeView } from '../schemas/pledge.ts';

/** The pledge a typed code names, as its holder sees it; undefined for an unknown or malformed code. */
export async function pledgeViewByCode(ctx: Context, typed: string): Promise<PledgeView | undefined> {
  const pledge = await findPledgeByCode(ctx.db, typed);
  if (!pledge) return undefined;
  const record = await findById({ db: ctx.db, dialect: ctx.dialect }, pledge.help_id);
  if (!record) return undefined;
  return presentPledge(pledge, record, ctx.config.baseUrl);
}
