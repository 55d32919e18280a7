// Table types. Timestamps are ISO-8601 UTC strings on both engines; booleans are 0/1 integers.

import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Channel } from '../channels/adapters.ts';
import type { PledgeStatus } from '../domain/pledges.ts';

export interface EmergenciesTable {
  id: string;
  slug: string;
  name: string;
  status: 'active' | 'closed';
  latitude: number | null;
  longitude: number | null;
  created_at: string;
  closed_at: string | null;
  /** How the public reaches the emergency's team (a phone, an e-mail or an address), set by admins; public. */
  public_contact: string | null;
}

export interface HelpRecordsTable {
  id: string;
  emergency_id: string;
  type: 'request' | 'offer';
  source: string;
  external_id: string;
  /** 'withdrawn': taken off every public surface by the person who sent it, or by the team; never public again. */
  /** 'joined': a leader joined it to a published record of the same need (duplicate_of); never public, not rejected. */
  review_status: 'pending_review' | 'approved' | 'rejected' | 'withdrawn' | 'joined';
  status: 'active' | 'in_process' | 'completed';
  title: string;
  description: string;
  category: string;
  urgency: 'urgent' | 'needed' | 'stable';
  contact_name: string;
  contact_whatsapp: string;
  address: string | null;
  neighborhood: string | null;
  latitude: number | null;
  longitude: number | null;
  people: number | null;
  /**
   * 1 when the person said how many people are affected; 0 when `people` holds SPEC 2.3's default of 1 (the
   * conversations never ask it) or the record is an offer. Public pages show the count only when it is 1.
   */
  people_given: number;
  resource_label: string | null;
  quantity_required: number | null;
  quantity_covered: number;
  quantity_pending: number | null;
  unit: string | null;
  collection_center_status: string | null;
  vehicle: string | null;
  capacity_kg: number | null;
  capacity_boxes: number | null;
  passenger_capacity: number | null;
  zones: string | null;
  available_until: string | null;
  needs_transport: number | null;
  identity_document: string | null;
  content_hash: string;
  pending_revision: string | null;
  revision_hash: string | null;
  revision_submitted_at: string | null;
  priority_score: number;
  status_note: string | null;
  review_note: string | null;
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string;
  reviewed_at: string | null;
  published_at: string | null;
  /** Set by the repository on every write; see migrations/002-change-seq.ts. */
  change_seq: Generated<number>;
  /** Moves each time the submitter changes the content; an approval names the version the leader saw. */
  content_version: number;
  /** sha256 (base64url) of the submitter's edit token; null for records made before tokens existed. */
  edit_token_hash: string | null;
  /** 1 when the submitter asked to show the exact place; requests otherwise show a ~300 m grid point. */
  exact_location: number;
  /** DIVIPOLA municipality code (derived from the point when none was chosen). */
  municipality_code: string | null;
  /** 1 when municipality_code was derived from the point (the nearest municipality's point); 0 when chosen. */
  municipality_derived: Generated<number>;
  /** receiptCodeHash of the person's code (domain/receipt-seal.ts); null for records from before codes. */
  receipt_code_hash: string | null;
  /** The code sealed under the secret its sender holds; null where none can open it (older codes, a renewed one). */
  receipt_code_sealed: string | null;
  /** Until when the sealed copy opens (the web form's send token); null: as long as the secret is held. */
  receipt_sealed_until: string | null;
  /** tokenHash of the web form's per-render send token. */
  send_token_hash: string | null;
  /** When the record was withdrawn; null while it is not. */
  withdrawn_at: string | null;
  /** Who withdrew it: the person who sent it (edit token, or receipt code plus WhatsApp) or the team. */
  withdrawn_by: 'submitter' | 'team' | null;
  /** When its personal data was erased: contact name, WhatsApp, identity document, address and exact point. */
  personal_data_erased_at: string | null;
  /** When its identity document was erased (retention after the decision, or with everything else). */
  identity_erased_at: string | null;
  /** The open pledges' quantities, summed (requests only; 0 otherwise): what is on its way, not yet covered. */
  quantity_committed: Generated<number>;
  /** How many pledges are open (a request without a quantity counts its pledges this way). */
  pledges_open: Generated<number>;
  /** When the record was last confirmed as still valid (published, confirmed by its sender or a leader, a
   * centre's inventory update); null until published. */
  confirmed_at: string | null;
  /** What confirmed_at means now (domain/confirmation.ts), kept by the commands and the sweep. */
  confirmation_state: Generated<ConfirmationState>;
  /**
   * The channel whose intake brought it (a WhatsApp or SMS conversation), set by that intake and never from `source`;
   * null for every other way in. Notices and the leaders' replies go only to records that have one.
   */
  arrived_by: Channel | null;
  /** When its person was last told of pledges (made, reported, cancelled): at most once an hour after the first. */
  pledge_noticed_at: string | null;
  /**
   * When its person was last asked, on their channel, whether the deliveries reported to it arrived; their answer
   * (RECIBIDO or NO LLEGÓ) settles those reported by then. null: never asked, or answered.
   */
  delivery_asked_at: string | null;
  /**
   * The channel a code went on to prove the number a form gave (only when the person asked for notices there); null
   * when none was asked for. Notices use it only once the number is proved (number_proved_at).
   */
  proof_channel: Channel | null;
  /** sha256 (base64url) of the outstanding code with the record's id; null when none is (never sent, proved). */
  proof_code_hash: string | null;
  /** Wrong guesses of the outstanding code; a new code starts again at 0. */
  proof_attempts: Generated<number>;
  /** When the outstanding code stops proving anything. */
  proof_expires_at: string | null;
  /** When the last code was sent: with the number, what the cap of codes per number and day counts. */
  proof_sent_at: string | null;
  /** When codes were sent to its number in the last day (JSON list of times, at most the cap's count). */
  proof_sends: string | null;
  /** When the person typed the right code: from then on the number is told of the record like a WhatsApp sender. */
  number_proved_at: string | null;
  /** The published record this one was joined to (review_status 'joined'); null otherwise. */
  duplicate_of: string | null;
  /**
   * When the content waiting for review was sent with a registered key its administrator trusts: the leaders'
   * "Fuente confiable" lane. It publishes nothing by itself and is never public.
   */
  trusted_source_at: string | null;
}

export type { ConfirmationState } from '../domain/confirmation.ts';

import type { ConfirmationState } from '../domain/confirmation.ts';

export interface TimelineEventsTable {
  id: string;
  help_id: string;
  kind: string;
  is_public: number;
  note: string | null;
  status: string | null;
  actor: string | null;
  created_at: string;
  /** The quantity a public pledge event speaks of; null for every other event. */
  quantity?: number | null;
  /** The unit of that quantity when it is not the request's (a delivery in another unit); null otherwise. */
  unit?: string | null;
}

export interface IdempotencyKeysTable {
  key: string;
  fingerprint: string;
  state: 'in_flight' | 'done';
  status_code: number | null;
  body: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  details: string | null;
  created_at: string;
}

export interface LogisticsOperationsTable {
  id: string;
  emergency_id: string;
  destination_help_id: string;
  title: string;
  supply_description: string;
  quantity_label: string | null;
  pickup_address: string;
  pickup_latitude: number;
  pickup_longitude: number;
  pickup_help_id: string | null;
  distance_km: number;
  route_conditions: string | null;
  volunteer_contact: string | null;
  status: 'available' | 'assigned' | 'in_transit' | 'delivered' | 'cancelled';
  created_at: string;
  updated_at: string;
}

export interface McpSessionsTable {
  id: string;
  protocol_version: string;
  created_at: string;
  last_seen_at: string;
  /** The capabilities the client declared on initialize (JSON), e.g. whether it can ask its user (elicitation). */
  client_capabilities: string | null;
}

/** A 2025-era session (2025-11-25 and earlier revisions) or a stateless 2026-07-28 call. */
export type DraftEra = '2025-11-25' | '2026-07-28';

export interface ConsentDraftsTable {
  token_hash: string;
  kind: 'request' | 'offer';
  payload: string;
  contact_whatsapp: string;
  /** The 2025-era MCP session whose client was asked; null when opened in a 2026-07-28 call. */
  session_id: string | null;
  /** The MCP protocol era that opened the draft: only that era (and that session) may confirm it. */
  era: DraftEra;
  created_at: string;
  expires_at: string;
  answer: 'accept' | 'decline' | 'cancel' | null;
  answered_at: string | null;
}

export type Role = 'admin' | 'leader';

export interface AccountsTable {
  id: string;
  /** Stored lower-case; unique. */
  email: string;
  name: string;
  /** argon2id, PHC string. */
  password_hash: string;
  role: Role;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
  /** The TOTP secret sealed under TOTP_KEY (auth/totp-seal.ts): base64 of iv, tag and ciphertext; null without one. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the account proved its authenticator with a code; until then the secret is only being set up. */
  totp_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The time step of the last code taken: a code is good once. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON array of the sha256 of the unused recovery codes (auth/recovery-codes.ts). */
  totp_recovery: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccountEmergenciesTable {
  account_id: string;
  emergency_id: string;
}

/** The places a leader is limited to in one emergency (none: the whole emergency). */
export interface LeaderPlaceScopesTable {
  account_id: string;
  emergency_id: string;
  /** A municipality (5-digit DIVIPOLA code) or a whole department (its 2-digit code). */
  place_code: string;
  created_at: string;
  /** The actor who set it (panel:e-mail or cli:user). */
  created_by: string;
}

export interface ConsoleSessionsTable {
  /** sha256 (base64url) of the cookie's token. */
  id: string;
  account_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** 'code' or 'setup' while the sign-in waits for its second step: such a row opens no console page. */
  pending: ColumnType<SignInStep | null, SignInStep | null | undefined, SignInStep | null>;
}

/** What a sign-in that passed its password still owes: a code, or setting up a second factor. */
export type SignInStep = 'code' | 'setup';

export interface LoginAttemptsTable {
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export type InventoryKind = 'have' | 'need';

export interface InventoryLinesTable {
  id: string;
  emergency_id: string;
  /** The approved offer that is the collection centre. */
  center_id: string;
  kind: InventoryKind;
  category: string;
  quantity: number;
  unit: string;
  note: string;
  created_at: string;
  updated_at: string;
}

export interface CenterEditLinksTable {
  id: string;
  center_id: string;
  /** sha256 (base64url) of the secret in the link. */
  token_hash: string;
  created_by: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  /** Null for links made before expiry existed: they expire at created_at plus the configured days. */
  expires_at: string | null;
}

export interface SourcesTable {
  /** The registered `source` value. */
  name: string;
  /** sha256 (base64url) of the integration's key. */
  key_hash: string;
  created_by: string;
  created_at: string;
  rotated_at: string | null;
  /** When an administrator trusted this key (null: not trusted); a new key or a removal ends it. */
  trusted_at: string | null;
  /** Who trusted it (the audit log keeps the history). */
  trusted_by: string | null;
}

export type ReportReason = 'scam' | 'resolved' | 'wrong_data' | 'other';

export interface ReportsTable {
  id: string;
  help_id: string;
  emergency_id: string;
  reason: ReportReason;
  note: string;
  /** Keyed hash of the reporter's client address: distinct reporters counted, no address kept. */
  reporter_hash: string;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
}

export interface PasswordResetsTable {
  id: string;
  account_id: string;
  /** sha256 (base64url) of the secret in the one-time link. */
  token_hash: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ErasuresTable {
  id: string;
  /** The table the erased row lives in, and that row's id. */
  target_table: string;
  target_id: string;
  /** What was erased: 'all' (every personal datum), 'contact' (contact, document, address and point of a record
   * that stays public), 'identity' (the identity document), or 'text' (a free text that held an erased value). */
  scope: 'all' | 'contact' | 'identity' | 'text';
  /** Who: an account id, 'submitter', 'retention' or 'cli'. */
  actor: string;
  reason: string;
  created_at: string;
}

export type { PledgeStatus } from '../domain/pledges.ts';

export interface PledgesTable {
  id: string;
  help_id: string;
  emergency_id: string;
  /** sha256 (base64url) of the pledge's code: the code itself is shown once and never stored. */
  code_hash: string;
  /** null when the request has no quantity ("llevaré algo"). */
  quantity: number | null;
  /**
   * What the pledger reported delivering (reported), what the confirmed delivery added to the request's covered
   * quantity (delivered), or what a dispute took back.
   */
  delivered_quantity: number | null;
  /** The unit of quantity and delivered_quantity; null is the request's unit (every pledge made before units). */
  unit: string | null;
  /**
   * A delivery in another unit than the request's, once a leader said what it is worth in the request's unit: what
   * it added to covered. null while nobody converted it (it adds nothing) and for deliveries in the request's unit.
   */
  converted_quantity: number | null;
  /** When the pledger reported the delivery; null until then. */
  reported_at: string | null;
  deliver_by: string;
  /** deliver_by plus the grace period: an open pledge still open then expires and releases its quantity. */
  expires_at: string;
  /** Private: the request's leaders and the requester only. Emptied by erasure or retention. */
  contact_name: string;
  contact_whatsapp: string;
  /** Keyed hash of the client address and the emergency: caps open pledges per address without keeping it. */
  client_hash: string;
  status: PledgeStatus;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  /** 'pledger' (with the code), 'requester', 'expiry', 'erasure', the CLI's operator, or the console's leader. */
  closed_by: string | null;
  personal_data_erased_at: string | null;
}

export type RouteClaimStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn';

export interface RouteClaimsTable {
  id: string;
  operation_id: string;
  emergency_id: string;
  /** sha256 (base64url) of the volunteer's code: shown once, never stored. */
  code_hash: string;
  /** Private: the emergency's leaders only (and, once accepted, the route's volunteer contact). */
  contact_name: string;
  contact_whatsapp: string;
  vehicle: string | null;
  /** When the volunteer can go, as they said it ("hoy después de las 3"). */
  available_when: string;
  /** Keyed hash of the client address and the emergency: caps open claims per address without keeping it. */
  client_hash: string;
  /** pending: waiting for a leader; accepted: the route is theirs; declined; withdrawn (erased or route gone). */
  status: RouteClaimStatus;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
  decided_by: string | null;
  personal_data_erased_at: string | null;
}

/** What the change feed speaks of: an aid record, a centre's inventory, a logistics route. */
export type ChangeEntity = 'help' | 'inventory' | 'route';
export type ChangeKind = 'published' | 'updated' | 'status_changed' | 'quantities_changed' | 'withdrawn';

export interface PublicChangesTable {
  /** Commit order; the feed's cursor. bigint: PostgreSQL returns it as text. */
  seq: number | string;
  at: string;
  entity: ChangeEntity;
  /** The record's id (the centre's for its inventory, the route's for a route). */
  entity_id: string;
  emergency_id: string;
  kind: ChangeKind;
  /** JSON of the public state after the change; null for a withdrawal or once redacted. */
  state: string | null;
  /** Hash of the state without the fields that drift with time: equal = nothing public changed. */
  fingerprint: string | null;
  /** 1 once an erasure or withdrawal removed the state of this earlier entry. */
  redacted: Generated<number>;
}

/** Records whose public state must be written to the feed again (a migration that moved what they publish). */
export interface FeedTouchesTable {
  entity: 'help';
  entity_id: string;
}

export interface PublicChangeHeadTable {
  id: number;
  seq: number | string;
  floor: number | string;
}

export interface WebhookSubscriptionsTable {
  id: string;
  url: string;
  emergency_id: string | null;
  kinds: string | null;
  secret: string;
  description: string | null;
  created_at: string;
  created_by: string;
  removed_at: string | null;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'dead';

export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  change_seq: number | string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface ConversationsTable {
  id: string;
  channel: Channel;
  address: string;
  /** JSON of the conversation's state; null when none is open. */
  state: string | null;
  opened_by: string | null;
  last_inbound_at: string;
  last_sent_at: string;
  /** The record "retirar CÓDIGO" asked to withdraw, until the person answers SI (or anything else). */
  withdraw_help_id: string | null;
  /** When that was asked: a SI later than WITHDRAW_CONFIRM_MS after it withdraws nothing. */
  withdraw_asked_at: string | null;
  created_at: string;
  updated_at: string;
}

export type InboundKind = 'text' | 'location' | 'choice' | 'other';

export interface ChannelMessagesTable {
  channel: Channel;
  provider_id: string;
  address: string;
  kind: InboundKind;
  body: string | null;
  sent_at: string;
  received_at: string;
  help_id: string | null;
}

/** 'farewell': the answer to a withdrawal asked for on the channel; deleted once sent, so the number goes too. */
export type OutboundKind = 'reply' | 'receipt' | 'notice' | 'leader_reply' | 'alert' | 'digest' | 'farewell';
export type OutboundStatus = 'pending' | 'sent' | 'failed';

export interface OutboundMessagesTable {
  id: string;
  channel: Channel;
  address: string;
  kind: OutboundKind;
  body: string;
  help_id: string | null;
  account_id: string | null;
  status: OutboundStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  provider_id: string | null;
  created_at: string;
  ordinal: number;
  sent_at: string | null;
}

export interface LeaderAlertsTable {
  account_id: string;
  whatsapp: string;
  urgent: number;
  digest: number;
  digest_sent_on: string | null;
  /** When the last urgent alert (single or grouped) was queued to this leader; null before the first. */
  last_alert_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Tables {
  emergencies: EmergenciesTable;
  help_records: HelpRecordsTable;
  timeline_events: TimelineEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  logistics_operations: LogisticsOperationsTable;
  mcp_sessions: McpSessionsTable;
  accounts: AccountsTable;
  account_emergencies: AccountEmergenciesTable;
  leader_place_scopes: LeaderPlaceScopesTable;
  console_sessions: ConsoleSessionsTable;
  login_attempts: LoginAttemptsTable;
  inventory_lines: InventoryLinesTable;
  center_edit_links: CenterEditLinksTable;
  sources: SourcesTable;
  reports: ReportsTable;
  password_resets: PasswordResetsTable;
  erasures: ErasuresTable;
  pledges: PledgesTable;
  route_claims: RouteClaimsTable;
  public_changes: PublicChangesTable;
  feed_touches: FeedTouchesTable;
  public_change_head: PublicChangeHeadTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  conversations: ConversationsTable;
  channel_messages: ChannelMessagesTable;
  outbound_messages: OutboundMessagesTable;
  leader_alerts: LeaderAlertsTable;
  consent_drafts: ConsentDraftsTable;
  job_leases: JobLeasesTable;
  review_claims: ReviewClaimsTable;
  rejected_numbers: RejectedNumbersTable;
  undo_windows: UndoWindowsTable;
}

/** A card a leader took in a review batch: other leaders' inboxes skip it (urgent and rescue: marked) until expires_at. */
export interface ReviewClaimsTable {
  record_id: string;
  account_id: string;
  emergency_id: string;
  claimed_at: string;
  expires_at: string;
}

/** A rejected submission's number as a keyed hash (never the number): flags a new submission from it. */
export interface RejectedNumbersTable {
  /** The rejected record: the row goes with that record's personal data (its retention or an erasure). */
  record_id: string;
  emergency_id: string;
  /** HMAC-SHA256 under NUMBER_HASH_KEY of the number (E.164), base64url. */
  number_hash: string;
  rejected_at: string;
}

/** One periodic job (upkeep, sweep, retention): which instance may run it until when, and how its last run went. */
export interface JobLeasesTable {
  job: string;
  /** The instance that claimed it last (host, process id and a random part). */
  holder: string;
  /** The lease ends: any instance may claim the job from then on. */
  until: string;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_duration_ms: number | null;
  /** The last run's error; null when it succeeded. */
  last_error: string | null;
  /** When a run last failed, kept after later runs succeed. */
  last_error_at: string | null;
}

export type Db = Kysely<Tables>;
export type Dialect = 'sqlite' | 'postgres';

/**
 * A leader's cancellation of a pledge or refusal of a route offer, undoable for a while: what the target was before
 * (JSON), until when, and how the window closed ('undone' or 'sent': its notices went out). No personal data.
 */
export interface UndoWindowsTable {
  id: string;
  target_type: 'pledge' | 'route_claim';
  target_id: string;
  emergency_id: string;
  help_id: string | null;
  actor: string;
  before_state: string;
  created_at: string;
  until: string;
  closed_at: string | null;
  outcome: 'undone' | 'sent' | null;
}
