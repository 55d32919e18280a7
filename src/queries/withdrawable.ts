// The submission a receipt code plus a WhatsApp number name together, for the page that asks to confirm its
// withdrawal. A wrong code and a wrong number are told apart nowhere.
import type { Context } from '../context.ts';
import { localWhatsapp } from '../domain/phone.ts';
import { normalizeReceiptCode } from '../domain/receipt-code.ts';
import { findEmergencyById } from '../repositories/emergencies.ts';
import { findByReceiptCode, type HelpRow } from '../repositories/help-records/records.ts';

/** A withdrawable submission, as the person who sent it sees it. */
export interface WithdrawableSummary {
  id: string;
  type: 'request' | 'offer';
  title: string;
  emergencyName: string;
  /** True when it is public now (approved); false while in review or after a rejection. */
  published: boolean;
}

export async function withdrawableByReceipt(
  ctx: Context,
  typedCode: string,
  typedWhatsapp: string,
): Promise<{ row: HelpRow; summary: WithdrawableSummary } | undefined> {
  const code = normalizeReceiptCode(typedCode);
  const whatsapp = localWhatsapp(typedWhatsapp);
  if (code === undefined || whatsapp === null) return undefined;
  const row = await findByReceiptCode(ctx.db, code);
  // A withdrawn record has no code any more; the number must be the one given (or the one a revision gives).
  if (!row || row.review_status === 'withdrawn' || !numberMatches(row, whatsapp)) return undefined;
  const emergency = await findEmergencyById(ctx.db, row.emergency_id);
  if (!emergency) return undefined;
  return {
    row,
    summary: {
      id: row.id,
      type: row.type,
      title: row.title,
      emergencyName: emergency.name,
      published: row.review_status === 'approved',
    },
  };
}

/** The number is the record's contact (or the one its pending revision gives). */
export function numberMatches(row: HelpRow, whatsapp: string): boolean {
  if (row.contact_whatsapp === whatsapp) return true;
  if (row.pending_revision === null) return false;
  try {
    return (JSON.parse(row.pending_revision) as { contact_whatsapp?: unknown }).contact_whatsapp === whatsapp;
  } catch {
    return false;
  }
}

export async function findWithdrawable(
  ctx: Context,
  code: string,
  whatsapp: string,
): Promise<WithdrawableSummary | undefined> {
  return (await withdrawableByReceipt(ctx, code, whatsapp))?.summary;
}
