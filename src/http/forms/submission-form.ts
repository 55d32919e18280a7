// An HTML form's strings -> the JSON shape of a submission, so forms are validated by the API's own schema.
import { decimalPoint } from '../../domain/decimal.ts';
import { localWhatsapp } from '../../domain/phone.ts';
import type { OfferFieldName, RequestFieldName } from '../../schemas/submission.ts';
import type { FormBody } from './form-body.ts';
import { field } from './form-body.ts';

/**
 * How the form sends each field of the schema: typed text, a number, a box or a yes/no choice, or set by the route
 * itself (the kind, the source, the hidden id, the emergency and the consent). Every field of both schemas is named,
 * so a field added to a schema does not compile until the form says how it takes it.
 */
type FormKind = 'text' | 'number' | 'box' | 'yes_no' | 'route';
/** The fields both forms take the same way. */
const sharedForm = {
  type: 'route',
  source: 'route',
  externalId: 'route',
  emergencySlug: 'route',
  publishContact: 'route',
  title: 'text',
  description: 'text',
  category: 'text',
  contactName: 'text',
  contactWhatsapp: 'text',
  address: 'text',
} as const;
const requestForm = {
  ...sharedForm,
  neighborhood: 'text',
  municipalityCode: 'text',
  urgency: 'text',
  resourceLabel: 'text',
  unit: 'text',
  latitude: 'number',
  longitude: 'number',
  neededPeople: 'number',
  quantityRequired: 'number',
  showExactLocation: 'box',
} as const satisfies Record<RequestFieldName, FormKind>;
const offerForm = {
  ...sharedForm,
  municipalityCode: 'text',
  collectionCenterStatus: 'text',
  vehicle: 'text',
  zones: 'text',
  availableUntil: 'text',
  latitude: 'number',
  longitude: 'number',
  capacityKg: 'number',
  capacityBoxes: 'number',
  passengerCapacity: 'number',
  showExactLocation: 'box',
  needsTransport: 'yes_no',
} as const satisfies Record<OfferFieldName, FormKind>;

const formOf = { request: requestForm, offer: offerForm } as const;
const named = (type: 'request' | 'offer', kind: FormKind) =>
  Object.entries(formOf[type])
    .filter(([, k]) => k === kind)
    .map(([name]) => name);

const textFields = { request: named('request', 'text'), offer: named('offer', 'text') };
const numberFields = { request: named('request', 'number'), offer: named('offer', 'number') };

/** The fields a person fills on each form, in the schema's order of kinds. */
export const submissionFormFields = {
  request: [...textFields.request, ...numberFields.request, ...named('request', 'box')],
  offer: [...textFields.offer, ...numberFields.offer, ...named('offer', 'box'), ...named('offer', 'yes_no')],
};

/** "1,5" is how many people write 1.5; anything else that is not a number stays text and fails validation. */
export function formNumber(raw: string): number | string {
  const text = decimalPoint(raw);
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : raw;
}

/** Empty fields are left out (they are optional or reported as missing); the rest keep the form's values. */
export function submissionFromForm(type: 'request' | 'offer', form: FormBody): Record<string, unknown> {
  const body: Record<string, unknown> = { type };
  for (const name of textFields[type]) {
    const value = field(form, name).trim();
    if (value !== '') body[name] = value;
  }
  for (const name of numberFields[type]) {
    const value = field(form, name).trim();
    if (value !== '') body[name] = formNumber(value);
  }
  // People write a Colombian number as they say it ("311 555 0199"); the API's schema takes only "+…", so the form
  // turns what it can read into E.164 first. What it cannot read goes on unchanged, for the schema's usual error.
  const whatsapp = body.contactWhatsapp;
  if (typeof whatsapp === 'string') body.contactWhatsapp = localWhatsapp(whatsapp) ?? whatsapp;
  // A box is true only when ticked (an exact place is public only then); left out, the schema's default applies.
  for (const name of named(type, 'box')) if (field(form, name) === 'si') body[name] = true;
  for (const name of named(type, 'yes_no')) {
    const answer = field(form, name);
    if (answer === 'si') body[name] = true;
    else if (answer === 'no') body[name] = false;
  }
  return body;
}
