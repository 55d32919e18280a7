// Console accounts for admins and the CLI, each with the slugs of the emergencies it is assigned to.
import type { Context } from '../context.ts';
import { assignedEmergencies } from '../repositories/account-emergencies.ts';
import { type AccountRow, listAccounts } from '../repositories/accounts.ts';

export type { AccountRow };
export type AccountWithEmergencies = AccountRow & { emergencies: string[] };

export async function accountsWithEmergencies(ctx: Context): Promise<AccountWithEmergencies[]> {
  const accounts = await listAccounts(ctx.db);
  const slugs = await assignedEmergencies(
    ctx.db,
    accounts.map((a) => a.id),
  );
  return accounts.map((a) => ({ ...a, emergencies: slugs.get(a.id) ?? [] }));
}
