// What a WhatsApp or SMS conversation asks, checked against the one submission schema by the compiler. Every field
// of a request and of an offer is asked by the conversation, added by the caller (conversation-actions.ts: the
// channel, the message that opened it, the sender's number, the consent it asked), or named with the reason it is
// not asked. A field added to the schema does not compile until it is placed here; the drafts the conversation
// builds (domain/conversation/types.ts) must hold exactly the asked fields, with the schema's types.
import type { OfferDraft, RequestDraft } from '../../domain/conversation/types.ts';
import type { OfferFieldName, OfferSubmission, RequestFieldName, RequestSubmission } from '../../schemas/submission.ts';

/** Asked in the conversation. */
const asked = 'asked';
/** Added by conversation-actions.ts when it submits. */
const added = 'added';

const common = {
  type: asked,
  emergencySlug: asked,
  title: asked,
  description: asked,
  category: asked,
  contactName: asked,
  address: asked,
  latitude: asked,
  longitude: asked,
  municipalityCode: asked,
  source: added,
  externalId: added,
  contactWhatsapp: added,
  publishContact: added,
  showExactLocation:
    'A message does not show a place exactly: a home is public at about 300 m; a leader can change it.',
} as const;

const requestFieldsInConversation = {
  ...common,
  neighborhood: asked,
  urgency: asked,
  resourceLabel: asked,
  quantityRequired: asked,
  unit: asked,
  neededPeople: 'Short on purpose: the quantity and its unit say how much; the team asks the rest.',
} as const satisfies Record<RequestFieldName, string>;

const offerFieldsInConversation = {
  ...common,
  collectionCenterStatus: 'Collection centres are registered by the team, not by a message.',
  vehicle: 'The title says what is offered ("camioneta 4x4").',
  capacityKg: 'The title says what is offered.',
  capacityBoxes: 'The title says what is offered.',
  passengerCapacity: 'The title says what is offered.',
  zones: 'The description says where.',
  availableUntil: 'Confirmations ask whether an offer is still current.',
  needsTransport: 'The team asks when it matters.',
} as const satisfies Record<OfferFieldName, string>;

type AskedOf<T> = { [K in keyof T]: T[K] extends typeof asked ? K : never }[keyof T];
/** true only when A and B name the same fields. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// A draft holds the asked fields, no more and no fewer, each with a type the schema accepts. (The place is a point
// or a municipality: one of them is set.) Checked by the compiler; nothing here runs.
true satisfies Same<keyof RequestDraft, AskedOf<typeof requestFieldsInConversation>>;
true satisfies Same<keyof OfferDraft, AskedOf<typeof offerFieldsInConversation>>;
({}) as RequestDraft satisfies Pick<RequestSubmission, keyof RequestDraft>;
({}) as OfferDraft satisfies Pick<OfferSubmission, keyof OfferDraft>;
