// Aid records: the contact, identity document, address and exact point a person gave, and the copies of them in a
// waiting revision. An erased record keeps its category, quantities, municipality and dates.
import type { Db } from '../../db/types.ts';
import { nearestMunicipality } from '../../domain/municipalities.ts';
import { addValues, holdsValues, noValues, type PersonalValues, scrubText } from '../../domain/personal-values.ts';
import { auditDetails } from '../../repositories/audit.ts';
import { recordsMaybeHolding } from '../../repositories/help-records/personal-data.ts';
import type { HelpRow } from '../../repositories/help-records/records.ts';
import type { ErasureTarget, PersonalDataHolder } from './holder.ts';
import { PERSONAL_FIELDS } from './text-holders.ts';

type Revision = Partial<Record<(typeof PERSONAL_FIELDS)[number], unknown>>;

function revisionOf(row: HelpRow): Revision | null {
  if (row.pending_revision === null) return null;
  try {
    return JSON.parse(row.pending_revision) as Revision;
  } catch {
    return null;
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** Every personal value a record holds or held: its fields, its waiting revision, and leaders' corrections. */
export async function valuesOfRecords(db: Db, rows: HelpRow[], scope: ErasureTarget['scope']): Promise<PersonalValues> {
  let values = noValues();
  const take = (from: Revision) => {
    values = addValues(values, {
      phones: scope === 'identity' ? [] : [text(from.contact_whatsapp)],
      documents: [text(from.identity_document)],
      words: scope === 'identity' ? [] : [text(from.contact_name), text(from.address)],
    });
  };
  for (const row of rows) {
    take(row);
    const revision = revisionOf(row);
    if (revision) take(revision);
  }
  const ids = rows.map((r) => r.id);
  for (const entry of await auditDetails(db, ids, null)) {
    try {
      const edited = (
        JSON.parse(entry.details ?? '{}') as { edited?: Record<string, { from?: unknown; to?: unknown }> }
      ).edited;
      for (const [key, change] of Object.entries(edited ?? {})) {
        if ((PERSONAL_FIELDS as readonly string[]).includes(key)) {
          take({ [key]: change?.from });
          take({ [key]: change?.to });
        }
      }
    } catch {
      // details that are not JSON hold no corrections
    }
  }
  return values;
}

const typeWord = { request: 'Solicitud', offer: 'Oferta' } as const;

/** The columns an erasure writes. `withdrawBy` takes the record off every public surface. */
export function erasedColumns(
  row: HelpRow,
  target: Pick<ErasureTarget, 'scope' | 'values' | 'now'>,
  withdrawBy: 'submitter' | 'team' | null,
): Partial<HelpRow> {
  const { scope, values, now } = target;
  if (scope === 'identity') {
    const revision = revisionOf(row);
    if (revision && 'identity_document' in revision) revision.identity_document = null;
    return {
      identity_document: null,
      identity_erased_at: row.identity_erased_at ?? now,
      ...(revision ? { pending_revision: JSON.stringify(revision) } : {}),
    };
  }
  // The place falls back to the municipality: named by the point before it goes, when none was chosen.
  const municipality =
    row.municipality_code ??
    (row.latitude !== null && row.longitude !== null ? nearestMunicipality(row.latitude, row.longitude).code : null);
  const scrub = (t: string | null) => (t === null ? null : scrubText(t, values));
  const patch: Partial<HelpRow> = {
    contact_name: '',
    contact_whatsapp: '',
    identity_document: null,
    address: null,
    latitude: null,
    longitude: null,
    exact_location: 0,
    municipality_code: municipality,
    ...(row.municipality_code === null && municipality !== null ? { municipality_derived: 1 } : {}),
    pending_revision: null,
    revision_hash: null,
    revision_submitted_at: null,
    receipt_code: null,
    edit_token_hash: null,
    // The hash covered the erased content; a resend is compared with nothing personal.
    content_hash: `erased:${row.id}`,
    title: scrub(row.title) ?? '',
    description: scrub(row.description) ?? '',
    status_note: scrub(row.status_note),
    review_note: scrub(row.review_note),
    reject_reason: scrub(row.reject_reason),
    personal_data_erased_at: row.personal_data_erased_at ?? now,
    identity_erased_at: row.identity_erased_at ?? now,
    updated_at: now,
  };
  if (scope === 'all') {
    // Not public, and nobody needs its words any more: only what it was and its numbers stay.
    patch.title = withdrawBy ? `${typeWord[row.type]} retirada` : `${typeWord[row.type]} sin datos personales`;
    patch.description = '';
  }
  if (withdrawBy && row.review_status !== 'rejected') {
    patch.review_status = 'withdrawn';
    patch.withdrawn_at = row.withdrawn_at ?? now;
    patch.withdrawn_by = row.withdrawn_by ?? withdrawBy;
  }
  if (scope === 'all' || withdrawBy) {
    // Its open pledges were cancelled with it (pledge-holder.ts): nothing is on its way any more.
    patch.quantity_committed = 0;
    patch.pledges_open = 0;
  }
  return patch;
}

export const recordsHolder: PersonalDataHolder = {
  table: 'help_records',
  async find(db, search) {
    const rows = await recordsMaybeHolding(db, search.phone, search.hint);
    return rows
      .filter(
        (r) =>
          r.contact_whatsapp === search.phone ||
          [r.pending_revision, r.title, r.description, r.address, r.status_note, r.review_note, r.reject_reason].some(
            (t) => holdsValues(t, search.values),
          ),
      )
      .map((r) => ({
        table: 'help_records',
        id: r.id,
        label: r.type === 'request' ? 'Solicitud de ayuda' : 'Ofrecimiento de ayuda',
        fields: {
          emergencia: r.emergency_id,
          titulo: r.title,
          descripcion: r.description,
          revision: r.review_status,
          estado: r.status,
          nombre_contacto: r.contact_name,
          whatsapp: r.contact_whatsapp,
          documento_identidad: r.identity_document,
          direccion: r.address,
          barrio: r.neighborhood,
          latitud: r.latitude,
          longitud: r.longitude,
          municipio: r.municipality_code,
          cambios_en_revision: r.pending_revision,
          enviada: r.created_at,
          publicada: r.published_at,
        },
      }));
  },
  // The records themselves are written by eraseRecords (erase-records.ts), which knows who withdraws them.
  erase: async () => [],
};
