// The detail of one published record; anything not approved is "not found".

import type { Context } from '../context.ts';
import { isRecordId } from '../domain/record-id.ts';
import { AppError, detail } from '../errors.ts';
import { findPublicById } from '../repositories/help-records/public.ts';
import type { PublicHelp } from '../schemas/public-help.ts';
import { presentRows } from './present-rows.ts';

/** The published record, or undefined: for pages, where "not found" is a page and not a failure. */
export async function findHelp(ctx: Context, id: string): Promise<PublicHelp | undefined> {
  const row = isRecordId(id) ? await findPublicById(ctx.db, id.toLowerCase()) : undefined;
  if (!row) return undefined;
  const [item] = await presentRows(ctx, [row]);
  return item;
}

/** The API's reading: a record that is not published is 404 help_not_found. */
export async function getHelp(ctx: Context, id: string): Promise<PublicHelp> {
  const item = await findHelp(ctx, id);
  if (!item) throw new AppError('help_not_found', [detail('id', 'not_found', { value: id })]);
  return item;
}
