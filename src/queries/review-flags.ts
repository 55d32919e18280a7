// What a leader should look at twice before deciding a card, computed once for a whole inbox page: a likely
// duplicate, a link or e-mail in the text (a scam sends people elsewhere), or a number seen in rejected submissions
// (kept only as a keyed hash: commands/rejected-numbers.ts). A flagged card is never pre-selected for a bulk decision.
import type { Context } from '../context.ts';
import { hasLink } from '../domain/links-in-text.ts';
import { rejectedNumberHash } from '../domain/number-hash.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { rejectedHashesIn } from '../repositories/rejected-numbers.ts';
import { likelyDuplicates } from './review-inbox.ts';

export const flagKinds = ['likely_duplicate', 'links_in_text', 'rejected_number'] as const;
export type Flag = (typeof flagKinds)[number];

/** The content a decision is about: a pending revision's proposal, or the submission itself. */
function proposed(row: HelpRow): Pick<HelpRow, 'title' | 'description' | 'contact_whatsapp'> {
  if (row.review_status !== 'approved' || !row.pending_revision) return row;
  try {
    const revision = JSON.parse(row.pending_revision) as Partial<HelpRow>;
    return {
      title: typeof revision.title === 'string' ? revision.title : row.title,
      description: typeof revision.description === 'string' ? revision.description : row.description,
      contact_whatsapp:
        typeof revision.contact_whatsapp === 'string' ? revision.contact_whatsapp : row.contact_whatsapp,
    };
  } catch {
    return row;
  }
}

/**
 * Each row's flags, in flagKinds order (a row without any is absent). `duplicates`: how many likely duplicates each
 * row has when the caller already looked (the inbox does); the rest are looked up here.
 */
export async function flagsFor(
  ctx: Context,
  rows: readonly HelpRow[],
  duplicates?: ReadonlyMap<string, number>,
): Promise<Map<string, Flag[]>> {
  const contents = new Map(rows.map((row) => [row.id, proposed(row)]));
  const key = ctx.config.numberHashKey;
  // One query per emergency for every number of the page.
  const hashes = new Map<string, string>();
  const byEmergency = new Map<string, string[]>();
  if (key !== null) {
    for (const row of rows) {
      const number = contents.get(row.id)?.contact_whatsapp ?? '';
      if (number === '') continue;
      const hash = rejectedNumberHash(key, number);
      hashes.set(row.id, hash);
      byEmergency.set(row.emergency_id, [...(byEmergency.get(row.emergency_id) ?? []), hash]);
    }
  }
  const [rejected, duplicateCounts] = await Promise.all([
    Promise.all(
      [...byEmergency].map(async ([emergencyId, list]) => ({
        emergencyId,
        seen: await rejectedHashesIn(ctx.db, emergencyId, [...new Set(list)]),
      })),
    ),
    Promise.all(
      rows.map(async (row) => [
        row.id,
        duplicates?.get(row.id) ?? (await likelyDuplicates(ctx, { ...row, ...contents.get(row.id) })).length,
      ]),
    ).then((pairs) => new Map(pairs as [string, number][])),
  ]);
  const seen = new Map(rejected.map((r) => [r.emergencyId, r.seen]));
  const flags = new Map<string, Flag[]>();
  for (const row of rows) {
    const content = contents.get(row.id) ?? row;
    const found: Flag[] = [];
    if ((duplicateCounts.get(row.id) ?? 0) > 0) found.push('likely_duplicate');
    if (hasLink(content.title) || hasLink(content.description)) found.push('links_in_text');
    const hash = hashes.get(row.id);
    if (hash !== undefined && seen.get(row.emergency_id)?.has(hash)) found.push('rejected_number');
    if (found.length > 0) flags.set(row.id, found);
  }
  return flags;
}
