// Submissions an assistant prepared that wait for the person's confirmation: they hold a whole submission (name,
// number, address). Found and erased by the contact number; gone by themselves 30 minutes after they were made
// (upkeep and retention delete expired drafts).
import { labelledFields } from '../../db/column-roles.ts';
import { consentDraftRoles } from '../../db/trail-roles.ts';
import { consentDraftsOf, deleteConsentDrafts, purgeConsentDrafts } from '../../repositories/consent-drafts.ts';
import type { ErasureTarget, PersonalDataHolder, TouchedRow } from './holder.ts';

function numbersOf(target: ErasureTarget): string[] {
  if (target.scope === 'identity') return [];
  const numbers = new Set((target.everywhere?.values.phones ?? []).filter((n) => n !== ''));
  // The records' own numbers too: a withdrawal or retention of a record takes a draft of the same person.
  for (const record of target.records) if (record.contact_whatsapp) numbers.add(record.contact_whatsapp);
  return [...numbers];
}

export const consentDraftsHolder: PersonalDataHolder<'consent_drafts'> = {
  table: 'consent_drafts',
  async find(db, search) {
    return (await consentDraftsOf(db, [search.phone])).map((r) => ({
      table: 'consent_drafts',
      id: r.token_hash,
      label: 'Envío preparado por un asistente, esperando su confirmación',
      fields: labelledFields(consentDraftRoles, r, ['kind', 'expires_at']),
    }));
  },
  async erase(trx, target) {
    const rows = await consentDraftsOf(trx.db, numbersOf(target));
    await deleteConsentDrafts(
      trx.db,
      rows.map((r) => r.token_hash),
    );
    return rows.map((r): TouchedRow => ({ table: 'consent_drafts', id: r.token_hash }));
  },
  clear: (db, id) => deleteConsentDrafts(db, [id]),
  // Submissions nobody confirmed within 30 minutes.
  retention: { kind: 'delete', rule: 'consent_drafts', purge: (db, cut) => purgeConsentDrafts(db, cut.now) },
};
