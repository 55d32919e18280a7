// Timeline events of aid records: public ones are shown with the record, private ones only to leaders.
import { CompiledByCount } from '../db/compiled-by-count.ts';
import type { Db, TimelineEventsTable } from '../db/types.ts';

export type TimelineRow = TimelineEventsTable;

export async function addTimelineEvent(db: Db, event: TimelineRow): Promise<void> {
  await db.insertInto('timeline_events').values(event).execute();
}

// Compiled once per number of records (src/db/compiled-by-count.ts).
const publicOf = new CompiledByCount((db: Db, helpIds: readonly string[]) =>
  db
    .selectFrom('timeline_events')
    .selectAll()
    .where('help_id', 'in', helpIds)
    .where('is_public', '=', 1)
    .orderBy('created_at')
    .orderBy('id'),
);

/** Public events of several records, oldest first, grouped by record id. */
export async function publicTimelines(db: Db, helpIds: string[]): Promise<Map<string, TimelineRow[]>> {
  const byHelp = new Map<string, TimelineRow[]>();
  if (helpIds.length === 0) return byHelp;
  const rows = await publicOf.execute(db, helpIds);
  for (const row of rows) {
    const list = byHelp.get(row.help_id);
    if (list) list.push(row);
    else byHelp.set(row.help_id, [row]);
  }
  return byHelp;
}

/** Every timeline event of a record, private ones included, oldest first. */
export async function fullTimeline(db: Db, helpId: string) {
  return db
    .selectFrom('timeline_events')
    .selectAll()
    .where('help_id', '=', helpId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Timeline notes of these records, and any note with the hint in it (the caller checks each exactly). */
export async function timelineNotes(db: Db, helpIds: string[], hint: string | null) {
  if (helpIds.length === 0 && hint === null) return [];
  return db
    .selectFrom('timeline_events')
    .select(['id', 'help_id', 'kind', 'note', 'created_at'])
    .where('note', 'is not', null)
    .where((eb) => {
      const any = [];
      if (helpIds.length > 0) any.push(eb('help_id', 'in', helpIds));
      if (hint !== null) any.push(eb('note', 'like', `%${hint}%`));
      return eb.or(any);
    })
    .orderBy('created_at')
    .execute();
}

export async function setTimelineNote(db: Db, id: string, note: string | null): Promise<void> {
  await db.updateTable('timeline_events').set({ note }).where('id', '=', id).execute();
}
