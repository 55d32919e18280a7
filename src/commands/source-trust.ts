// Admins may trust a registered integration's key: what it sends (and revises) while trusted waits for review in
// the leaders' "Fuente confiable" lane, and is still reviewed one by one or in bulk; nothing is published by trust.
// Trust belongs to the key, never to a `source` string: the service's own names are refused, rotating the key or
// removing the integration ends it (repositories/sources.ts), and only a submission that proved the key is stamped
// (submission-owner.ts). Every change goes to the audit log.
import { isReservedSource } from '../channels/own-sources.ts';
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { AppError, detail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { findSource, setSourceTrust } from '../repositories/sources.ts';

export interface SourceTrust {
  name: string;
  trusted: boolean;
  /** False when the source already was as asked: nothing was written or audited. */
  changed: boolean;
  at: string;
}

/** The message a console form or the CLI shows for one of the service's own names. */
export const OWN_SOURCE_NEVER_TRUSTED =
  'Las fuentes del propio servicio (web, whatsapp, sms, mcp, kobo:…) nunca son confiables: solo la clave de una integración registrada puede serlo.';

export function trustSource(ctx: Context, name: string, actor: Actor): Promise<SourceTrust> {
  return setTrust(ctx, name, true, actor);
}

export function untrustSource(ctx: Context, name: string, actor: Actor): Promise<SourceTrust> {
  return setTrust(ctx, name, false, actor);
}

async function setTrust(ctx: Context, name: string, trusted: boolean, actor: Actor): Promise<SourceTrust> {
  // Checked before the lookup: such a name is never registered, but the answer must say why, not "not found".
  if (trusted && isReservedSource(name)) {
    throw new AppError('validation_failed', [{ field: 'name', message: OWN_SOURCE_NEVER_TRUSTED, code: 'reserved' }]);
  }
  const at = ctx.now().toISOString();
  return inTransaction(ctx, async (trx) => {
    const source = await findSource(trx.db, name);
    if (!source) throw new AppError('source_not_found', [detail('name', 'not_found', { value: name })]);
    if ((source.trusted_at !== null) === trusted) return { name, trusted, changed: false, at };
    await setSourceTrust(trx.db, name, trusted ? { at, by: actor } : null);
    const action = trusted ? 'source_trusted' : 'source_untrusted';
    await audit(trx.db, { actor, action, targetType: 'source', targetId: name, at });
    return { name, trusted, changed: true, at };
  });
}
