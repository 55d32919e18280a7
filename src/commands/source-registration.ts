// Admins register integrations by `source` name: the key is shown once and stored only as its hash; every change
// goes to the audit log (never the key).
import * as z from 'zod';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { ownSources } from '../channels/own-sources.ts';
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { AppError, detail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { deleteSource, insertSource, replaceSourceKey } from '../repositories/sources.ts';
import { parseOrThrow } from '../schemas/parse.ts';
import { commonFields } from '../schemas/submission.ts';

/** A key as its holder sees it, once. */
export interface IssuedKey {
  name: string;
  key: string;
  at: string;
}

/** The same rule as a submission's `source`, so any name that can be registered can also be sent. */
const sourceName = z.object({ name: commonFields.source });

function checkedName(name: string): string {
  const checked = parseOrThrow(sourceName, { name }, 'validation_failed').name;
  if (ownSources.includes(checked)) {
    throw new AppError('validation_failed', [
      { field: 'name', message: 'Ese nombre está reservado para los envíos del propio servicio.', code: 'reserved' },
    ]);
  }
  return checked;
}

function notFound(name: string): AppError {
  return new AppError('source_not_found', [detail('name', 'not_found', { value: name })]);
}

export async function addSource(ctx: Context, name: string, actor: Actor): Promise<IssuedKey> {
  const checked = checkedName(name);
  const key = newToken();
  const at = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    // Every new key starts untrusted (source-trust.ts), even under a name that was trusted before its removal.
    const untrusted = { trusted_at: null, trusted_by: null };
    const row = {
      name: checked,
      key_hash: tokenHash(key),
      created_by: actor,
      created_at: at,
      rotated_at: null,
      ...untrusted,
    };
    if (!(await insertSource(trx.db, row))) {
      throw new AppError('source_exists', [detail('name', 'taken', { value: checked })]);
    }
    await audit(trx.db, { actor, action: 'source_added', targetType: 'source', targetId: checked, at });
  });
  return { name: checked, key, at };
}

/** A new key; the old one stops working at once. */
export async function rotateSourceKey(ctx: Context, name: string, actor: Actor): Promise<IssuedKey> {
  const key = newToken();
  const at = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    if (!(await replaceSourceKey(trx.db, name, tokenHash(key), at))) throw notFound(name);
    await audit(trx.db, { actor, action: 'source_key_rotated', targetType: 'source', targetId: name, at });
  });
  return { name, key, at };
}

/** The name is free again: its records stay, and only the leaders can change them (they hold no edit token). */
export async function removeSource(ctx: Context, name: string, actor: Actor): Promise<void> {
  const at = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    if (!(await deleteSource(trx.db, name))) throw notFound(name);
    await audit(trx.db, { actor, action: 'source_removed', targetType: 'source', targetId: name, at });
  });
}
