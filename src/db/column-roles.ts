// What each column of an aid record, a pledge and a route claim is, who may see it, and what an erasure does to
// it: said once, here.
// The public reads' allow-list, the erasure, the right to know, the audit log's scrub and the console's labels
// and private block are made from this table. `satisfies TableRoles<HelpRecordsTable>` makes a new column a type
// error until its role is declared, and each kind only admits the publication and erasure that fit it: a contact
// column that an erasure keeps, or a private one that is published, does not compile.
import type { HelpRecordsTable, PledgesTable, RouteClaimsTable } from './types.ts';

/**
 * - contact: how to reach the person (name, number); public only with their consent.
 * - place: where the person is (street, exact point, neighbourhood).
 * - private: what only the leaders see (identity document, a waiting revision holding copies of the above).
 * - free_text: words the person or the team wrote; public or not, an erasure takes the person's values out.
 * - public: facts about the need itself (category, quantities, dates), never personal.
 * - system: ids, hashes, versions, counters and the service's own bookkeeping.
 */
export type ColumnKind = 'contact' | 'place' | 'private' | 'free_text' | 'public' | 'system';

/**
 * - never: no public read loads it.
 * - with_consent: public only when the person agreed to show their contact (publishContact).
 * - as_public_place: public through the public-place rule (domain/public-place.ts): the exact place or about 300 m.
 * - always: public reads load it for every published record.
 * - in_history: a leader's public note, published as its entry in the record's public history (timeline_events).
 */
export type Publication = 'never' | 'with_consent' | 'as_public_place' | 'always' | 'in_history';

/**
 * What erasing a person's data does to the column:
 * - null, empty (''), zero: cleared;
 * - scrub: the person's values replaced by "[dato borrado]" while the record stays, cleared to null when all of
 *   its words go (a withdrawal, a rejection's retention, the team's erasure);
 * - rule: set by the erasure's own rule (erase-records for a record, which must name every such column; the
 *   table's holder in commands/personal-data/ for the others);
 * - row: the whole row is deleted (messages, conversations, drafts: nothing of them is kept once the person goes);
 * - keep: left as it is.
 */
export type ErasureRule = 'null' | 'empty' | 'zero' | 'scrub' | 'rule' | 'row' | 'keep';

/** The ways a column of value type V can be cleared. */
type Clear<V> =
  | (null extends V ? 'null' : never)
  | ([V] extends [string | null] ? 'empty' : never)
  | ([V] extends [number | null] ? 'zero' : never);
/** Only a nullable text can be scrubbed (and cleared to null when all of a record's words go). */
type Scrub<V> = [V] extends [string | null] ? (null extends V ? 'scrub' : never) : never;

/**
 * A column's role. E is what else a table may do to a personal column: 'row' where an erasure deletes the whole row
 * (never an aid record's, which stays, withdrawn, for the public history).
 */
export type ColumnRole<V, E extends ErasureRule = never> =
  | { kind: 'contact'; published: 'never' | 'with_consent'; erased: Clear<V> | 'rule' | E; label: string }
  | { kind: 'place'; published: 'never' | 'as_public_place' | 'always'; erased: Clear<V> | 'rule' | E; label: string }
  | { kind: 'private'; published: 'never'; erased: Clear<V> | E; label: string }
  | {
      kind: 'free_text';
      published: 'never' | 'always' | 'in_history';
      erased: Scrub<V> | 'rule' | E;
      label: string;
    }
  | { kind: 'public'; published: 'never' | 'always'; erased: 'keep' | 'rule'; label: string | null }
  | { kind: 'system'; published: 'never' | 'always'; erased: 'keep' | 'rule' | Clear<V>; label: string | null };

export type TableRoles<T> = { readonly [K in keyof T]-?: ColumnRole<T[K]> };
/** The roles of a table whose rows an erasure may delete whole. */
export type DeletableRoles<T> = { readonly [K in keyof T]-?: ColumnRole<T[K], 'row' | 'rule'> };

export const system = { kind: 'system', published: 'never', erased: 'keep', label: null } as const;
/** A pledger's or a volunteer's contact: for the leaders, never public, emptied by an erasure. */
const privateContact = {
  contact_name: { kind: 'contact', published: 'never', erased: 'empty', label: 'Nombre' },
  contact_whatsapp: { kind: 'contact', published: 'never', erased: 'empty', label: 'WhatsApp' },
} as const;
/** The kinds that hold a person's data. */
const PERSONAL_KINDS: readonly ColumnKind[] = ['contact', 'place', 'private', 'free_text'];
export const publicSystem = { kind: 'system', published: 'always', erased: 'keep', label: null } as const;

export const helpRecordRoles = {
  id: publicSystem,
  emergency_id: { ...system, label: 'Emergencia' },
  type: { kind: 'public', published: 'always', erased: 'keep', label: 'Tipo' },
  source: { kind: 'system', published: 'never', erased: 'keep', label: 'Origen' },
  external_id: system,
  review_status: { kind: 'system', published: 'always', erased: 'rule', label: 'Revisión' },
  status: { kind: 'public', published: 'always', erased: 'keep', label: 'Estado' },
  title: { kind: 'free_text', published: 'always', erased: 'rule', label: 'Título' },
  description: { kind: 'free_text', published: 'always', erased: 'rule', label: 'Descripción' },
  category: { kind: 'public', published: 'always', erased: 'keep', label: 'Categoría' },
  urgency: { kind: 'public', published: 'always', erased: 'keep', label: 'Urgencia' },
  contact_name: { kind: 'contact', published: 'with_consent', erased: 'empty', label: 'Nombre de contacto' },
  contact_whatsapp: { kind: 'contact', published: 'with_consent', erased: 'empty', label: 'WhatsApp' },
  address: { kind: 'place', published: 'as_public_place', erased: 'null', label: 'Dirección o referencia' },
  neighborhood: { kind: 'place', published: 'always', erased: 'null', label: 'Barrio o vereda' },
  latitude: { kind: 'place', published: 'as_public_place', erased: 'null', label: 'Latitud' },
  longitude: { kind: 'place', published: 'as_public_place', erased: 'null', label: 'Longitud' },
  people: { kind: 'public', published: 'always', erased: 'keep', label: 'Personas afectadas' },
  people_given: { kind: 'public', published: 'always', erased: 'keep', label: null },
  resource_label: { kind: 'free_text', published: 'always', erased: 'scrub', label: 'Qué se necesita' },
  quantity_required: { kind: 'public', published: 'always', erased: 'keep', label: 'Cantidad requerida' },
  quantity_covered: { kind: 'public', published: 'always', erased: 'keep', label: null },
  quantity_pending: system,
  unit: { kind: 'public', published: 'always', erased: 'keep', label: 'Unidad' },
  collection_center_status: {
    kind: 'public',
    published: 'always',
    erased: 'keep',
    label: 'Estado del centro de acopio',
  },
  vehicle: { kind: 'free_text', published: 'always', erased: 'scrub', label: 'Vehículo' },
  capacity_kg: { kind: 'public', published: 'always', erased: 'keep', label: 'Capacidad (kg)' },
  capacity_boxes: { kind: 'public', published: 'always', erased: 'keep', label: 'Capacidad (cajas)' },
  passenger_capacity: { kind: 'public', published: 'always', erased: 'keep', label: 'Pasajeros' },
  zones: { kind: 'free_text', published: 'always', erased: 'scrub', label: 'Zonas que cubre' },
  available_until: { kind: 'public', published: 'always', erased: 'keep', label: 'Disponible hasta' },
  needs_transport: { kind: 'public', published: 'always', erased: 'keep', label: 'Necesita transporte' },
  identity_document: {
    kind: 'private',
    published: 'never',
    erased: 'null',
    label: 'Documento de identidad (privado)',
  },
  content_hash: { ...system, erased: 'rule' },
  pending_revision: { kind: 'private', published: 'never', erased: 'null', label: 'Cambios en revisión' },
  revision_hash: { ...system, erased: 'null' },
  revision_submitted_at: { ...system, erased: 'null' },
  priority_score: publicSystem,
  status_note: { kind: 'free_text', published: 'in_history', erased: 'scrub', label: 'Nota pública de estado' },
  review_note: { kind: 'free_text', published: 'in_history', erased: 'scrub', label: 'Nota pública de revisión' },
  reject_reason: { kind: 'free_text', published: 'never', erased: 'scrub', label: 'Motivo del rechazo' },
  created_at: { kind: 'system', published: 'always', erased: 'keep', label: 'Enviada' },
  updated_at: { ...publicSystem, erased: 'rule' },
  submitted_at: system,
  reviewed_at: publicSystem,
  published_at: { kind: 'system', published: 'always', erased: 'keep', label: 'Publicada' },
  change_seq: system,
  content_version: system,
  edit_token_hash: { ...system, erased: 'null' },
  exact_location: { ...publicSystem, erased: 'zero', label: 'Mostrar la ubicación exacta' },
  municipality_code: { kind: 'public', published: 'always', erased: 'rule', label: 'Municipio' },
  municipality_derived: { ...system, erased: 'rule' },
  // A credential, not a value about the person: cleared with the rest, never exported.
  receipt_code_hash: { ...system, erased: 'null' },
  receipt_code_sealed: { ...system, erased: 'null' },
  receipt_sealed_until: { ...system, erased: 'null' },
  send_token_hash: { ...system, erased: 'null' },
  withdrawn_at: { ...system, erased: 'rule' },
  withdrawn_by: { ...system, erased: 'rule' },
  personal_data_erased_at: { ...system, erased: 'rule' },
  identity_erased_at: { ...system, erased: 'rule' },
  quantity_committed: { kind: 'public', published: 'always', erased: 'rule', label: null },
  pledges_open: { kind: 'public', published: 'always', erased: 'rule', label: null },
  confirmed_at: publicSystem,
  confirmation_state: publicSystem,
  // Which conversation brought it: what notices and replies may use, never `source`.
  // Published as contact.channel, beside the contact a person agreed to show.
  arrived_by: { kind: 'system', published: 'always', erased: 'keep', label: 'Llegó por' },
  pledge_noticed_at: { ...system, erased: 'rule' },
  delivery_asked_at: { ...system, erased: 'null' },
  // A proved channel without its number reaches nobody, and a code must not outlive the number it was sent to.
  proof_channel: { ...system, erased: 'null' },
  proof_code_hash: { ...system, erased: 'null' },
  proof_attempts: system,
  proof_expires_at: { ...system, erased: 'null' },
  proof_sent_at: { ...system, erased: 'null' },
  proof_sends: { ...system, erased: 'null' },
  number_proved_at: { ...system, erased: 'null' },
  // Another record's id, not the person's: an erasure keeps where the request went.
  duplicate_of: system,
  // The leaders' review lane (a trusted integration's key), never public; says nothing about the person.
  trusted_source_at: system,
} as const satisfies TableRoles<HelpRecordsTable>;

type Roles = typeof helpRecordRoles;
export type HelpRecordColumn = keyof Roles;

/** Columns whose role matches R. */
export type ColumnsWhere<R> = { [K in HelpRecordColumn]: Roles[K] extends R ? K : never }[HelpRecordColumn];

/** The columns that hold a person's data: what the right to know lists and every erasure takes. */
export type PersonalColumn = ColumnsWhere<{ kind: 'contact' | 'place' | 'private' | 'free_text' }>;
/** The columns public reads may load. */
export type PublicColumn = Exclude<HelpRecordColumn, ColumnsWhere<{ published: 'never' | 'in_history' }>>;
/** The columns the erasure sets by its own rule. */
export type RuledColumn = ColumnsWhere<{ erased: 'rule' }>;

const columns = Object.keys(helpRecordRoles) as HelpRecordColumn[];
const where = <K extends HelpRecordColumn>(test: (role: Roles[HelpRecordColumn]) => boolean) =>
  columns.filter((column) => test(helpRecordRoles[column])) as K[];

export const PUBLIC_COLUMNS: readonly PublicColumn[] = where<PublicColumn>(
  (role) => role.published !== 'never' && role.published !== 'in_history',
);
export const PERSONAL_COLUMNS: readonly PersonalColumn[] = where<PersonalColumn>((role) =>
  PERSONAL_KINDS.includes(role.kind),
);
/** Contact, place and private columns: the values a leader's correction of them carries are the person's. */
export const IDENTIFYING_COLUMNS = where<ColumnsWhere<{ kind: 'contact' | 'place' | 'private' }>>((role) =>
  ['contact', 'place', 'private'].includes(role.kind),
);

type IsText<K extends HelpRecordColumn> = [HelpRecordsTable[K]] extends [string | null] ? true : false;
/** Which personal columns hold text: the compiler checks each answer against the column's type. */
const personalIsText: { readonly [K in PersonalColumn]: IsText<K> } = {
  title: true,
  description: true,
  contact_name: true,
  contact_whatsapp: true,
  address: true,
  neighborhood: true,
  latitude: false,
  longitude: false,
  resource_label: true,
  vehicle: true,
  zones: true,
  identity_document: true,
  pending_revision: true,
  status_note: true,
  review_note: true,
  reject_reason: true,
};
export type PersonalTextColumn = { [K in PersonalColumn]: IsText<K> extends true ? K : never }[PersonalColumn];
/** The personal columns that hold text: where a person's number or name may be written. */
export const PERSONAL_TEXT_COLUMNS = PERSONAL_COLUMNS.filter(
  (column): column is PersonalTextColumn => personalIsText[column],
);

/** The console's and the right to know's word for a column; the column's own name where it has none. */
export function columnLabel(column: HelpRecordColumn): string {
  return helpRecordRoles[column].label ?? column;
}

/** A pledge ("voy a llevar"): who brings what to a request; the pledger's contact is for the leaders and requester. */
export const pledgeRoles = {
  id: system,
  help_id: { ...system, label: 'Solicitud' },
  emergency_id: system,
  code_hash: system,
  quantity: { kind: 'public', published: 'always', erased: 'keep', label: 'Cantidad' },
  delivered_quantity: { kind: 'public', published: 'always', erased: 'keep', label: null },
  unit: { kind: 'public', published: 'always', erased: 'keep', label: 'Unidad' },
  converted_quantity: { kind: 'public', published: 'always', erased: 'keep', label: null },
  deliver_by: { kind: 'public', published: 'never', erased: 'keep', label: 'Entrega prevista' },
  expires_at: system,
  ...privateContact,
  client_hash: system,
  status: { kind: 'system', published: 'never', erased: 'rule', label: 'Estado' },
  created_at: { ...system, label: 'Fecha' },
  updated_at: system,
  reported_at: { ...system, erased: 'rule' },
  closed_at: { ...system, erased: 'rule' },
  closed_by: { ...system, erased: 'rule' },
  personal_data_erased_at: { ...system, erased: 'rule' },
} as const satisfies TableRoles<PledgesTable>;

/** A volunteer's offer to take a route: for the emergency's leaders only. */
export const routeClaimRoles = {
  id: system,
  operation_id: { ...system, label: 'Ruta' },
  emergency_id: system,
  code_hash: system,
  ...privateContact,
  vehicle: { kind: 'private', published: 'never', erased: 'null', label: 'Vehículo' },
  available_when: { kind: 'private', published: 'never', erased: 'empty', label: 'Cuándo puede ir' },
  client_hash: system,
  status: { kind: 'system', published: 'never', erased: 'rule', label: 'Estado' },
  created_at: { ...system, label: 'Fecha' },
  updated_at: system,
  decided_at: system,
  decided_by: system,
  personal_data_erased_at: { ...system, erased: 'rule' },
} as const satisfies TableRoles<RouteClaimsTable>;

/** A role read without its column's type: what the helpers below need. */
interface AnyRole {
  kind: ColumnKind;
  published: Publication;
  erased: ErasureRule;
  label: string | null;
}
export type AnyRoles = Readonly<Record<string, AnyRole>>;
/** A table's columns that hold a person's data, as a type. */
export type PersonalOf<R> = {
  [K in keyof R]: R[K] extends { kind: 'contact' | 'place' | 'private' | 'free_text' } ? K : never;
}[keyof R] &
  string;
/** A table's columns that hold a person's data. */
export function personalColumnsOf<R extends AnyRoles>(roles: R): PersonalOf<R>[] {
  return Object.keys(roles).filter((column) =>
    PERSONAL_KINDS.includes((roles[column] as AnyRole).kind),
  ) as PersonalOf<R>[];
}

/** What an erasure writes into the columns it clears (null, empty or zero), for any table with roles. */
export function clearedColumns<T>(roles: TableRoles<T>): Partial<T> {
  const cleared: Record<string, null | '' | 0> = {};
  for (const [column, role] of Object.entries(roles as AnyRoles)) {
    if (role.erased === 'null') cleared[column] = null;
    else if (role.erased === 'empty') cleared[column] = '';
    else if (role.erased === 'zero') cleared[column] = 0;
  }
  // Each value fits its column: a role's erasure is checked against the column's type (Clear<V>).
  return cleared as Partial<T>;
}

/**
 * A row as the right to know lists it: the columns that say what it is, then every personal one, by label. The row
 * must carry every personal column of its table: a read that leaves one out does not compile.
 */
export function labelledFields<R extends AnyRoles, C extends keyof R & string>(
  roles: R,
  row: { readonly [K in C | PersonalOf<R>]: unknown },
  context: readonly C[],
): Record<string, string | number | null> {
  const columns: (C | PersonalOf<R>)[] = [...context, ...personalColumnsOf(roles)];
  return Object.fromEntries(
    columns.map((column) => [(roles[column] as AnyRole).label ?? column, row[column] as string | number | null]),
  );
}
