import type { Context } from '../context.ts';
import { presentDiscovery } from '../presenters/discovery.ts';
import { listEmergencies } from '../repositories/emergencies.ts';
import type { Discovery } from '../schemas/public-help.ts';

export async function discovery(ctx: Context): Promise<Discovery> {
  return presentDiscovery(ctx.config.baseUrl, ctx.config, await listEmergencies(ctx.db, true));
}
