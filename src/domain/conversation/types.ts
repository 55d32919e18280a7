// Types of the guided intake conversation over WhatsApp or SMS: what comes in, what goes out, what is stored.
import type { Category } from '../categories.ts';
import type { HelpType, Urgency } from '../statuses.ts';

/** What a conversation's channel can carry; each channel's adapter (src/channels/) declares one. */
export interface Medium {
  /** Options also go as tappable choices (buttons, lists); otherwise as numbered lines only. */
  choices: boolean;
  /** The longest text of one reply. */
  maxText: number;
  /**
   * Each message the person sends is answered with one reply at most (SMS: one text of at most maxText, two parts),
   * so a flood of messages cannot make the service send more than it received; what does not fit is left out.
   */
  oneReply: boolean;
  /** The person can share a location pin. */
  sharesLocation: boolean;
  /** How texts name the number the person writes from ("este número de WhatsApp"). */
  numberName: string;
}

export type Inbound =
  | { kind: 'text'; text: string }
  | { kind: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  /** A WhatsApp interactive button or list reply: id is the id of a Choice that was sent. */
  | { kind: 'choice'; id: string; title?: string }
  /** Image, audio, sticker, anything else. */
  | { kind: 'other' };

export interface Choice {
  id: string;
  /** At most 24 characters (20 when the reply has 3 choices or fewer: WhatsApp shows those as buttons). */
  title: string;
  /** At most 72 characters. */
  description?: string;
}

export interface Reply {
  /** At most 1000 characters; on SMS at most 306 (two parts once sent in the GSM alphabet). */
  text: string;
  /** At most 10; only on WhatsApp (an SMS reply carries its options as numbered lines only). */
  choices?: Choice[];
}

export type Step =
  | 'type'
  | 'emergency'
  | 'category'
  | 'what'
  | 'quantity'
  | 'urgency'
  | 'place'
  | 'place_pick'
  | 'neighborhood'
  | 'address'
  | 'name'
  | 'consent'
  | 'confirm';

export type Place = { kind: 'point'; latitude: number; longitude: number } | { kind: 'municipality'; code: string };

/** The answers so far. null: asked, and the person skipped it. */
export interface Draft {
  type?: HelpType;
  emergencySlug?: string;
  category?: Category;
  title?: string;
  description?: string;
  quantity?: { amount: number; unit: string } | null;
  urgency?: Urgency;
  place?: Place;
  neighborhood?: string | null;
  address?: string | null;
  contactName?: string;
  consent?: true;
}

/** What the caller stores between turns; plain JSON. */
export interface ConversationState {
  version: 1;
  step: Step;
  draft: Draft;
  /** Answers not understood at this step, in a row. */
  misses: number;
  /** The category step on WhatsApp: the second page of categories. */
  page?: 'more';
  /** The place_pick step: the DIVIPOLA codes offered, in order. */
  candidates?: string[];
}

export interface ConversationEnv {
  medium: Medium;
  /** Active emergencies, oldest first. */
  emergencies: { slug: string; name: string }[];
  /** WhatsApp profile name, may be absent. */
  profileName?: string;
  /** Link to the status page of a receipt code. */
  statusUrl: (code: string) => string;
}

interface DraftCommon {
  emergencySlug: string;
  title: string;
  description?: string;
  category: Category;
  contactName: string;
  latitude?: number;
  longitude?: number;
  municipalityCode?: string;
}

export interface RequestDraft extends DraftCommon {
  type: 'request';
  address: string;
  neighborhood?: string;
  urgency: Urgency;
  resourceLabel?: string;
  quantityRequired?: number;
  unit?: string;
}

export interface OfferDraft extends DraftCommon {
  type: 'offer';
  address?: string;
}

/** A submission without source, externalId, contactWhatsapp and publishContact, which the caller adds. */
export type SubmissionDraft = RequestDraft | OfferDraft;

export type Action =
  | { kind: 'submit'; submission: SubmissionDraft }
  /** A normalized receipt code. */
  | { kind: 'status'; code: string }
  | { kind: 'withdraw'; code: string };

export interface Turn {
  /** null: no conversation open. */
  state: ConversationState | null;
  replies: Reply[];
  action?: Action;
}

export interface SubmissionStatus {
  state: 'pending_review' | 'published' | 'not_published';
  type: 'request' | 'offer';
  emergencyName: string;
  pledges: number;
}
