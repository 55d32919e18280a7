// Every table, and what personal data it holds: a holder that finds and erases it, or why it holds none (or is
// emptied by upkeep on its own). The type makes a new table an error until it is named here, and ties the two
// lists together: a table whose columns declare roles (db/roles-by-table.ts) must have a holder, and a holder needs
// its table's roles. So whatever a later feature stores joins the right to know, erasure and retention.
import type { PersonalTable } from '../../db/roles-by-table.ts';
import type { Tables } from '../../db/types.ts';
import { changesHolder } from './change-holder.ts';
import {
  channelMessagesHolder,
  conversationsHolder,
  leaderAlertsHolder,
  outboundMessagesHolder,
} from './channel-holders.ts';
import { consentDraftsHolder } from './consent-draft-holder.ts';
import type { PersonalDataHolder } from './holder.ts';
import { pledgesHolder } from './pledge-holder.ts';
import { recordsHolder } from './record-holder.ts';
import { rejectedNumbersHolder } from './rejected-number-holder.ts';
import { routeClaimsHolder } from './route-claim-holder.ts';
import {
  auditHolder,
  emergencyContactsHolder,
  idempotentAnswersHolder,
  reportsHolder,
  routesHolder,
  timelineHolder,
} from './text-holders.ts';

type ByTable = {
  readonly [K in keyof Tables]: K extends PersonalTable ? PersonalDataHolder & { table: K } : { none: string };
};

export const personalDataByTable: ByTable = {
  help_records: recordsHolder,
  timeline_events: timelineHolder,
  audit_log: auditHolder,
  reports: reportsHolder,
  logistics_operations: routesHolder,
  emergencies: emergencyContactsHolder,
  idempotency_keys: idempotentAnswersHolder,
  mcp_sessions: {
    none: 'A protocol version, what the client declared it can do, and times; removed after an hour idle (upkeep).',
  },
  accounts: { none: "The team's own accounts (name, e-mail): kept while the account exists; an admin disables it." },
  account_emergencies: { none: 'Which account leads which emergency.' },
  leader_place_scopes: { none: 'Which municipalities or departments a leader is limited to, and who set it.' },
  console_sessions: { none: 'Hashes of session cookies; removed when they end or after 2 idle hours (upkeep).' },
  login_attempts: { none: 'Keyed hashes of e-mails and client addresses; removed after a day (upkeep).' },
  inventory_lines: { none: 'What a collection centre has or needs: categories and quantities.' },
  center_edit_links: { none: 'Hashes of the secrets in centre links, and who made them.' },
  sources: { none: 'Registered integrations: a name and the hash of their key.' },
  password_resets: { none: 'Hashes of one-time links; removed a day after they were used or expired (upkeep).' },
  erasures: { none: 'The erasure log: ids, scopes, who and why; never a value.' },
  pledges: pledgesHolder,
  route_claims: routeClaimsHolder,
  public_changes: changesHolder,
  public_change_head: { none: "The change feed's newest number and its oldest cursor." },
  feed_touches: { none: 'Ids of records whose public state is written to the feed again; emptied soon after start.' },
  webhook_subscriptions: { none: "Integrators' endpoints (URL, filters) and their signing secrets." },
  webhook_deliveries: {
    none: 'Which feed entry goes to which subscription, and how its attempts went: the payload is read from the feed when sent, so an erasure reaches it.',
  },
  conversations: conversationsHolder,
  channel_messages: channelMessagesHolder,
  outbound_messages: outboundMessagesHolder,
  leader_alerts: leaderAlertsHolder,
  consent_drafts: consentDraftsHolder,
  job_leases: { none: 'Which instance runs each periodic job, and when and how its last run went.' },
  review_claims: {
    none: 'Which leader holds which waiting card in a review batch, until when; dropped a day after (upkeep).',
  },
  rejected_numbers: rejectedNumbersHolder,
  undo_windows: {
    none: "A leader's cancellation of a pledge or refusal of a route offer, undoable for 10 minutes: ids, statuses, times.",
  },
};

/** The holders in the order an erasure runs them: the records' texts before anything else. */
export const holders: PersonalDataHolder[] = Object.values<PersonalDataHolder | { none: string }>(
  personalDataByTable,
).filter((h): h is PersonalDataHolder => 'find' in h);

export function holderOf(table: string): PersonalDataHolder | undefined {
  return holders.find((h) => h.table === table);
}
