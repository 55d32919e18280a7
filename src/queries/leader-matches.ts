// The suggestions of a published record as its leaders see them: the public suggestions (help-matches.ts) with each
// side's contact, so a leader can propose the pair to both by WhatsApp. Only the console reads this.
import type { Context } from '../context.ts';
import { contactsOf } from '../repositories/help-records/leaders.ts';
import type { HelpMatch } from '../schemas/help-matches.ts';
import { helpMatches } from './help-matches.ts';

export interface LeaderMatch extends HelpMatch {
  /** null once the record's personal data was erased. */
  contactName: string | null;
  contactWhatsapp: string | null;
}

export async function leaderMatches(ctx: Context, id: string): Promise<LeaderMatch[]> {
  const { matches } = await helpMatches(ctx, id);
  const rows = await contactsOf(
    ctx.db,
    matches.map((m) => m.id),
  );
  const contacts = new Map(rows.map((row) => [row.id, row]));
  return matches.map((match) => ({
    ...match,
    contactName: contacts.get(match.id)?.contact_name || null,
    contactWhatsapp: contacts.get(match.id)?.contact_whatsapp || null,
  }));
}
