// The person who sent a submission withdraws it: with the editToken (API) or the receipt code plus the WhatsApp
// number given (website, MCP). It leaves every public surface and its personal data is erased, in one commit.
// A wrong credential, an unknown id and an already withdrawn record get the same help_not_found.
import { provesSecret } from '../../auth/tokens.ts';
import type { Context } from '../../context.ts';
import { isRecordId } from '../../domain/record-id.ts';
import { AppError } from '../../errors.ts';
import { numberMatches, withdrawableByReceipt } from '../../queries/withdrawable.ts';
import { lockRecords } from '../../repositories/help-records/personal-data.ts';
import { findById, type HelpRow } from '../../repositories/help-records/records.ts';
import { findSource } from '../../repositories/sources.ts';
import { writePublic } from '../write-public.ts';
import { afterErasure } from './compaction.ts';
import { eraseRecords } from './erase-records.ts';
import type { WithdrawableSummary } from './types.ts';

/** What the log keeps as the reason of a person's withdrawal. */
export const SUBMITTER_REASON = 'Retirada por quien la publicó';

const notFound = () => new AppError('help_not_found');

async function withdraw(ctx: Context, row: HelpRow): Promise<void> {
  await writePublic(ctx, async (trx) => {
    // Two withdrawals at once: the second finds it withdrawn under the lock and answers like any other failure.
    const [locked] = await lockRecords(trx, [row.id]);
    if (!locked || locked.review_status === 'withdrawn') throw notFound();
    return eraseRecords(trx, {
      recordIds: [row.id],
      scope: 'all',
      actor: 'submitter',
      reason: SUBMITTER_REASON,
      withdrawBy: 'submitter',
      everywhere: null,
      now: ctx.now().toISOString(),
    });
  });
  await afterErasure(ctx);
}

/** DELETE /api/public/v1/help/{id}: the pair's editToken, or the key of the registered source that sent it. */
export async function withdrawWithToken(ctx: Context, id: string, secret: string): Promise<void> {
  const row = isRecordId(id) ? await findById(ctx, id.toLowerCase()) : undefined;
  if (!row || row.review_status === 'withdrawn') throw notFound();
  if (!provesSecret(secret, row.edit_token_hash)) {
    const source = await findSource(ctx.db, row.source);
    if (!source || !provesSecret(secret, source.key_hash)) throw notFound();
  }
  await withdraw(ctx, row);
}

/** /retirar and retirar_publicacion: the receipt code and the number given, in any written form. */
export async function withdrawWithReceipt(ctx: Context, code: string, whatsapp: string): Promise<WithdrawableSummary> {
  const found = await withdrawableByReceipt(ctx, code, whatsapp);
  if (!found) throw notFound();
  await withdraw(ctx, found.row);
  return found.summary;
}

/**
 * The "SI" that answers "retirar CÓDIGO" on WhatsApp or SMS: the record the code named when the question was asked,
 * if it is still this number's and not withdrawn.
 */
export async function withdrawConfirmed(ctx: Context, id: string, whatsapp: string): Promise<void> {
  const row = await findById(ctx, id);
  if (!row || row.review_status === 'withdrawn' || !numberMatches(row, whatsapp)) throw notFound();
  await withdraw(ctx, row);
}
