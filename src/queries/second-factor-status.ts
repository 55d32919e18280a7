// Where an account's second factor stands, for "Mi cuenta": none, being set up, or on since when, with how many
// recovery codes are left. Nothing secret leaves this read.
import type { Context } from '../context.ts';
import { findSecondFactor } from '../repositories/second-factor.ts';

export type SecondFactorStatus = { state: 'off' | 'waiting' } | { state: 'on'; since: string; recoveryLeft: number };

export async function secondFactorStatus(ctx: Context, accountId: string): Promise<SecondFactorStatus> {
  const row = await findSecondFactor(ctx.db, accountId);
  if (!row?.totp_secret) return { state: 'off' };
  if (!row.totp_confirmed_at) return { state: 'waiting' };
  const left = row.totp_recovery ? (JSON.parse(row.totp_recovery) as string[]).length : 0;
  return { state: 'on', since: row.totp_confirmed_at, recoveryLeft: left };
}
