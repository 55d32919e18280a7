// Who makes a pledge or a route claim, as the daily limits see them (domain/helper-caps.ts): a registered
// integration's key or a collection centre's edit link, given as the bearer credential, is not counted (they pledge
// for many people, and answer for it by name); a request through one of the service's own proxies that did not
// say for whom counts only its number; anyone else counts their number and their address.
import { tokenHash } from '../auth/tokens.ts';
import type { Context } from '../context.ts';
import type { HelperClient } from '../domain/helper-caps.ts';
import { AppError } from '../errors.ts';
import { findSourceByKeyHash } from '../repositories/sources.ts';
import { resolveEditLink } from './center-edit-links.ts';

export async function helperClient(
  ctx: Context,
  input: { scope: string; credential: string | undefined; ownProxy: boolean },
): Promise<HelperClient> {
  const { scope, credential } = input;
  if (credential !== undefined) {
    if (await findSourceByKeyHash(ctx.db, tokenHash(credential))) return { scope, counted: 'none' };
    const centre = await resolveEditLink(ctx, credential).catch(() => null);
    if (centre !== null) return { scope, counted: 'none' };
    // A key that proves nothing is refused, rather than counted as anyone's: its holder would not know why.
    throw new AppError('source_key_required');
  }
  return { scope, counted: input.ownProxy ? 'number' : 'all' };
}
