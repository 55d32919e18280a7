// Every table whose columns declare their roles, by name: the tables that hold a person's data. holders.ts is typed
// from this list, so a table here without a holder (or a holder without roles here) does not compile.
import { type AnyRoles, helpRecordRoles, pledgeRoles, routeClaimRoles } from './column-roles.ts';
import { rejectedNumberRoles } from './review-roles.ts';
import {
  auditRoles,
  changeRoles,
  consentDraftRoles,
  conversationRoles,
  emergencyRoles,
  idempotencyRoles,
  inboundRoles,
  leaderAlertRoles,
  outboundRoles,
  reportRoles,
  routeRoles,
  timelineRoles,
} from './trail-roles.ts';
import type { Tables } from './types.ts';

export const rolesByTable = {
  help_records: helpRecordRoles,
  pledges: pledgeRoles,
  route_claims: routeClaimRoles,
  timeline_events: timelineRoles,
  audit_log: auditRoles,
  reports: reportRoles,
  logistics_operations: routeRoles,
  emergencies: emergencyRoles,
  idempotency_keys: idempotencyRoles,
  public_changes: changeRoles,
  conversations: conversationRoles,
  channel_messages: inboundRoles,
  outbound_messages: outboundRoles,
  leader_alerts: leaderAlertRoles,
  consent_drafts: consentDraftRoles,
  rejected_numbers: rejectedNumberRoles,
} as const satisfies Partial<Record<keyof Tables, AnyRoles>>;

/** The tables that hold a person's data. */
export type PersonalTable = keyof typeof rolesByTable;
