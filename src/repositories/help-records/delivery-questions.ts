// When a record's person was asked, on their channel, whether the deliveries reported to it arrived (RECIBIDO or NO
// LLEGÓ), and which of a number's records wait for that answer. Not a public change: nothing any reader sees moves.
import type { Db } from '../../db/types.ts';
import type { HelpRow } from './records.ts';

export async function markDeliveryAsked(db: Db, id: string, at: string | null): Promise<void> {
  await db.updateTable('help_records').set({ delivery_asked_at: at }).where('id', '=', id).execute();
}

/** A number's records asked since `since`, the most recently asked first (the answer is to the latest question). */
export async function deliveryQuestionsTo(db: Db, whatsapp: string, since: string): Promise<HelpRow[]> {
  return db
    .selectFrom('help_records')
    .selectAll()
    .where('contact_whatsapp', '=', whatsapp)
    .where('delivery_asked_at', '>=', since)
    .where('review_status', '<>', 'withdrawn')
    .orderBy('delivery_asked_at', 'desc')
    .orderBy('id')
    .limit(5)
    .execute();
}
