// The roles of the columns of every table beside the aid records that holds a person's data: what the service
// keeps about a record (its history, notes, reports, routes, feed), the WhatsApp and SMS trail, and what waits for a
// person's confirmation. Each table `satisfies` its roles, so a new column does not compile until it is declared;
// roles-by-table.ts makes a table with personal columns a type error until it has a holder in
// commands/personal-data/holders.ts, and the holder's right-to-know entry is made from these labels.
import { type DeletableRoles, publicSystem, system, type TableRoles } from './column-roles.ts';
import type {
  AuditLogTable,
  ChannelMessagesTable,
  ConsentDraftsTable,
  ConversationsTable,
  EmergenciesTable,
  IdempotencyKeysTable,
  LeaderAlertsTable,
  LogisticsOperationsTable,
  OutboundMessagesTable,
  PublicChangesTable,
  ReportsTable,
  TimelineEventsTable,
} from './types.ts';

const when = { ...system, label: 'Fecha' } as const;
const publicFact = { kind: 'public', published: 'always', erased: 'keep', label: null } as const;
const ofRecord = { ...system, label: 'Registro' } as const;
const channel = { ...system, label: 'Canal' } as const;

/** A record's history: a leader's note is public when the event is (the record's public history). */
export const timelineRoles = {
  id: system,
  help_id: ofRecord,
  kind: { ...system, label: 'Tipo' },
  is_public: system,
  note: { kind: 'free_text', published: 'in_history', erased: 'scrub', label: 'Nota' },
  status: publicFact,
  actor: system,
  created_at: when,
  quantity: publicFact,
  unit: publicFact,
} as const satisfies TableRoles<TimelineEventsTable>;

/** What the team did: a correction's details carry the values before and after. */
export const auditRoles = {
  id: system,
  actor: system,
  action: { ...system, label: 'Acción' },
  target_type: system,
  target_id: { ...system, label: 'Objeto' },
  details: { kind: 'free_text', published: 'never', erased: 'scrub', label: 'Detalles' },
  created_at: when,
} as const satisfies TableRoles<AuditLogTable>;

/** A report from the public about a record. */
export const reportRoles = {
  id: system,
  help_id: ofRecord,
  emergency_id: system,
  reason: { kind: 'public', published: 'never', erased: 'keep', label: 'Motivo' },
  // Scrubbed of a person's values; emptied whole when its record's data goes, or by retention.
  note: { kind: 'free_text', published: 'never', erased: 'rule', label: 'Nota' },
  reporter_hash: system,
  created_at: when,
  resolved_at: system,
  resolved_by: system,
} as const satisfies TableRoles<ReportsTable>;

/** A logistics route: public, but for the volunteer who takes it. */
export const routeRoles = {
  id: system,
  emergency_id: system,
  destination_help_id: { ...system, label: 'Destino' },
  title: { ...publicFact, label: 'Ruta' },
  supply_description: publicFact,
  quantity_label: publicFact,
  // Typed by a leader, or copied from the offer picked up from: public where the offer's place is (the public-place
  // rule). An erasure scrubs a person's values from the address and moves a copied point to its public cell.
  pickup_address: { kind: 'place', published: 'as_public_place', erased: 'rule', label: 'Recogida' },
  pickup_latitude: { kind: 'place', published: 'as_public_place', erased: 'rule', label: 'Latitud de recogida' },
  pickup_longitude: { kind: 'place', published: 'as_public_place', erased: 'rule', label: 'Longitud de recogida' },
  pickup_help_id: system,
  distance_km: publicFact,
  route_conditions: publicFact,
  // A volunteer's whole contact goes when it holds a value an erasure names, and with retention.
  volunteer_contact: { kind: 'contact', published: 'never', erased: 'rule', label: 'Contacto del voluntario' },
  status: publicFact,
  created_at: system,
  updated_at: system,
} as const satisfies TableRoles<LogisticsOperationsTable>;

/** An emergency: its public contact is the team's, written by an admin; a person's number in it is scrubbed. */
export const emergencyRoles = {
  id: system,
  slug: publicFact,
  name: { ...publicFact, label: 'Emergencia' },
  status: publicFact,
  latitude: publicFact,
  longitude: publicFact,
  created_at: publicSystem,
  closed_at: publicSystem,
  // The team's text: an erased number is scrubbed from it, the rest stays.
  public_contact: { kind: 'free_text', published: 'always', erased: 'rule', label: 'Contacto público' },
} as const satisfies TableRoles<EmergenciesTable>;

/** A stored answer to a submission (its id, receipt code and editToken), replayed for a day. */
export const idempotencyRoles = {
  key: system,
  fingerprint: system,
  state: system,
  status_code: system,
  body: { kind: 'private', published: 'never', erased: 'row', label: 'Respuesta guardada' },
  created_at: when,
} as const satisfies DeletableRoles<IdempotencyKeysTable>;

/** The change feed: each entry is a record's public state as it was; an erasure redacts it. */
export const changeRoles = {
  seq: system,
  at: when,
  entity: system,
  entity_id: ofRecord,
  emergency_id: system,
  kind: { ...system, label: 'Tipo' },
  state: { kind: 'free_text', published: 'always', erased: 'rule', label: 'Estado público' },
  fingerprint: system,
  redacted: system,
} as const satisfies TableRoles<PublicChangesTable>;

/** A WhatsApp or SMS conversation: its state holds what the person typed so far. */
export const conversationRoles = {
  id: system,
  channel,
  address: { kind: 'contact', published: 'never', erased: 'row', label: 'Número' },
  state: { kind: 'private', published: 'never', erased: 'row', label: 'Lo escrito hasta ahora' },
  opened_by: system,
  last_inbound_at: { ...system, label: 'Último mensaje' },
  last_sent_at: system,
  withdraw_help_id: ofRecord,
  withdraw_asked_at: system,
  created_at: system,
  updated_at: system,
} as const satisfies DeletableRoles<ConversationsTable>;

/** A message received on WhatsApp or SMS. */
export const inboundRoles = {
  channel,
  provider_id: system,
  address: { kind: 'contact', published: 'never', erased: 'row', label: 'Número' },
  kind: { ...system, label: 'Tipo' },
  body: { kind: 'private', published: 'never', erased: 'row', label: 'Texto' },
  sent_at: when,
  received_at: system,
  help_id: ofRecord,
} as const satisfies DeletableRoles<ChannelMessagesTable>;

/** A message sent on WhatsApp or SMS. */
export const outboundRoles = {
  id: system,
  channel,
  address: { kind: 'contact', published: 'never', erased: 'row', label: 'Número' },
  kind: { ...system, label: 'Tipo' },
  body: { kind: 'private', published: 'never', erased: 'row', label: 'Texto' },
  help_id: ofRecord,
  account_id: system,
  status: { ...system, label: 'Estado' },
  attempts: system,
  next_attempt_at: system,
  locked_until: system,
  last_error: system,
  provider_id: system,
  created_at: when,
  ordinal: system,
  sent_at: system,
} as const satisfies DeletableRoles<OutboundMessagesTable>;

/** A leader's own number for WhatsApp alerts. */
export const leaderAlertRoles = {
  account_id: { ...system, label: 'Cuenta' },
  whatsapp: { kind: 'contact', published: 'never', erased: 'row', label: 'WhatsApp' },
  urgent: system,
  digest: system,
  digest_sent_on: system,
  last_alert_at: system,
  created_at: when,
  updated_at: system,
} as const satisfies DeletableRoles<LeaderAlertsTable>;

/** A submission an assistant prepared, waiting 30 minutes for the person's confirmation. */
export const consentDraftRoles = {
  token_hash: system,
  kind: { ...system, label: 'Tipo' },
  payload: { kind: 'private', published: 'never', erased: 'row', label: 'Envío preparado' },
  contact_whatsapp: { kind: 'contact', published: 'never', erased: 'row', label: 'WhatsApp' },
  session_id: system,
  era: system,
  created_at: system,
  expires_at: { ...system, label: 'Vence' },
  answer: system,
  answered_at: system,
} as const satisfies DeletableRoles<ConsentDraftsTable>;
