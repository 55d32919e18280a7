// Aid records: the contact, identity document, address and exact point a person gave, and the copies of them in a
// waiting revision. An erased record keeps its category, quantities, municipality and dates.
import {
  clearedColumns,
  columnLabel,
  type HelpRecordColumn,
  helpRecordRoles,
  IDENTIFYING_COLUMNS,
  PERSONAL_COLUMNS,
  PERSONAL_TEXT_COLUMNS,
  type RuledColumn,
} from '../../db/column-roles.ts';
import type { Db } from '../../db/types.ts';
import { nearestMunicipality } from '../../domain/municipalities.ts';
import { addValues, holdsValues, noValues, type PersonalValues, scrubText } from '../../domain/personal-values.ts';
import { auditDetails } from '../../repositories/audit.ts';
import { recordsMaybeHolding } from '../../repositories/help-records/personal-data.ts';
import type { HelpRow } from '../../repositories/help-records/records.ts';
import type { ErasureTarget, PersonalDataHolder } from './holder.ts';

type Revision = Partial<Record<(typeof IDENTIFYING_COLUMNS)[number], unknown>>;

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
        if ((IDENTIFYING_COLUMNS as readonly string[]).includes(key)) {
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

/**
 * The columns an erasure writes, from each column's declared erasure (db/column-roles.ts): contact, place and
 * private columns cleared, free texts scrubbed (or cleared when all of the record's words go), and the columns
 * whose value follows a rule set below, every one of them by name. `withdrawBy` takes the record off every
 * public surface.
 */
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
  // Not public, and nobody needs its words any more: only what it was and its numbers stay.
  const allWords = scope === 'all';
  const scrub = (t: string | null) => (t === null ? null : scrubText(t, values));
  const cleared: Record<string, string | number | null> = { ...clearedColumns<HelpRow>(helpRecordRoles) };
  for (const column of Object.keys(helpRecordRoles) as HelpRecordColumn[]) {
    if (helpRecordRoles[column].erased !== 'scrub') continue;
    cleared[column] = allWords ? null : scrub(row[column] as string | null);
  }
  // The place falls back to the municipality: named by the point before it goes, when none was chosen.
  const municipality =
    row.municipality_code ??
    (row.latitude !== null && row.longitude !== null ? nearestMunicipality(row.latitude, row.longitude).code : null);
  const withdraws = withdrawBy !== null && row.review_status !== 'rejected';
  // Its open pledges were cancelled with it (pledge-holder.ts): nothing is on its way any more.
  const nothingOnItsWay = allWords || withdrawBy !== null;
  const ruled: { [K in RuledColumn]: HelpRow[K] } = {
    title: allWords
      ? withdrawBy
        ? `${typeWord[row.type]} retirada`
        : `${typeWord[row.type]} sin datos personales`
      : scrubText(row.title, values),
    description: allWords ? '' : scrubText(row.description, values),
    municipality_code: municipality,
    municipality_derived: row.municipality_code === null && municipality !== null ? 1 : row.municipality_derived,
    // The hash covered the erased content; a resend is compared with nothing personal.
    content_hash: `erased:${row.id}`,
    review_status: withdraws ? 'withdrawn' : row.review_status,
    withdrawn_at: withdraws ? (row.withdrawn_at ?? now) : row.withdrawn_at,
    withdrawn_by: withdraws ? (row.withdrawn_by ?? withdrawBy) : row.withdrawn_by,
    personal_data_erased_at: row.personal_data_erased_at ?? now,
    identity_erased_at: row.identity_erased_at ?? now,
    quantity_committed: nothingOnItsWay ? 0 : row.quantity_committed,
    pledges_open: nothingOnItsWay ? 0 : row.pledges_open,
    // Its person is no longer told anything once their data is gone.
    pledge_noticed_at: null,
    updated_at: now,
  };
  return { ...(cleared as Partial<HelpRow>), ...ruled };
}

/** What says which row an export line is, beside its personal columns. */
const CONTEXT_COLUMNS = [
  'emergency_id',
  'review_status',
  'status',
  'municipality_code',
  'created_at',
  'published_at',
] as const satisfies readonly HelpRecordColumn[];

export const recordsHolder: PersonalDataHolder<'help_records'> = {
  table: 'help_records',
  async find(db, search) {
    const rows = await recordsMaybeHolding(db, search.phone, search.hint);
    return rows
      .filter(
        (r) =>
          r.contact_whatsapp === search.phone ||
          PERSONAL_TEXT_COLUMNS.some((column) => holdsValues(r[column], search.values)),
      )
      .map((r) => ({
        table: 'help_records',
        id: r.id,
        label: r.type === 'request' ? 'Solicitud de ayuda' : 'Ofrecimiento de ayuda',
        fields: Object.fromEntries(
          [...CONTEXT_COLUMNS, ...PERSONAL_COLUMNS].map((column) => [columnLabel(column), r[column]]),
        ),
      }));
  },
  // The records themselves are written by eraseRecords (erase-records.ts), which knows who withdraws them.
  erase: async () => [],
  retention: {
    kind: 'none',
    why: 'Records have rules of their own (purge.ts: identity documents, rejected, after close), through the erasure a withdrawal uses.',
  },
};
