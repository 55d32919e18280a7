// What waits for a leader's decision, counted by emergency and by how long it has waited: one statement, read when
// metrics are scraped.
import { sql } from 'kysely';
import type { Db } from '../../db/types.ts';

export interface BacklogRow {
  slug: string;
  /** How many wait since before each cutoff but not before the next (the cutoffs newest first). */
  counts: number[];
  /** When the oldest waiting urgent request began to wait; null when none waits. */
  oldest_urgent: string | null;
}

/**
 * Every emergency with what waits in it (a pending submission, or a pending revision of a published one), split at
 * `cutoffs` (ISO instants, newest first): counts[0] waits since after cutoffs[0], counts[i] since after cutoffs[i]
 * and not after cutoffs[i - 1], the last since before the oldest cutoff. An emergency with nothing waiting has zeros,
 * so a backlog that empties reads 0 rather than vanishing.
 */
export async function reviewBacklogRows(db: Db, cutoffs: readonly string[]): Promise<BacklogRow[]> {
  const waitingSince = sql<string>`coalesce(h.revision_submitted_at, h.submitted_at)`;
  const bucket = (i: number) => {
    const newer = i === 0 ? null : cutoffs[i - 1];
    const older = i < cutoffs.length ? cutoffs[i] : null;
    const after = older === null ? sql`1 = 1` : sql`${waitingSince} > ${older}`;
    const notAfter = newer === null || newer === undefined ? sql`1 = 1` : sql`${waitingSince} <= ${newer}`;
    return sql<number>`sum(case when h.id is not null and ${after} and ${notAfter} then 1 else 0 end)`.as(`b${i}`);
  };
  const rows = await db
    .selectFrom('emergencies as e')
    .leftJoin('help_records as h', (join) =>
      join
        .onRef('h.emergency_id', '=', 'e.id')
        .on((eb) =>
          eb.or([eb('h.review_status', '=', 'pending_review'), eb('h.revision_submitted_at', 'is not', null)]),
        ),
    )
    .select(['e.slug as slug'])
    .select(cutoffs.map((_, i) => bucket(i)))
    .select(bucket(cutoffs.length))
    .select(sql<string | null>`min(case when h.urgency = 'urgent' then ${waitingSince} end)`.as('oldest_urgent'))
    .groupBy('e.slug')
    .execute();
  return rows.map((row) => {
    const record = row as unknown as Record<string, unknown>;
    const counts = Array.from({ length: cutoffs.length + 1 }, (_, i) => Number(record[`b${i}`] ?? 0));
    return { slug: row.slug, counts, oldest_urgent: (record.oldest_urgent as string | null) ?? null };
  });
}
