// An HTML form's strings -> the JSON shape of a submission, so forms are validated by the API's own schema.
import { amountText, readAmount, readDecimal } from '../../domain/decimal.ts';
import { localWhatsapp } from '../../domain/phone.ts';
import type { OfferFieldName, RequestFieldName } from '../../schemas/submission.ts';
import type { FormBody } from './form-body.ts';
import { field } from './form-body.ts';

/**
 * How the form sends each field of the schema: typed text, an amount ("1.500" is fifteen hundred), a coordinate
 * ("4,711" is a decimal), a box or a yes/no choice, or set by the route itself (the kind, the source, the hidden id,
 * the emergency and the consent). Every field of both schemas is named, so a field added to a schema does not compile
 * until the form says how it takes it.
 */
type FormKind = 'text' | 'amount' | 'coordinate' | 'box' | 'yes_no' | 'route';
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
  latitude: 'coordinate',
  longitude: 'coordinate',
  neededPeople: 'amount',
  quantityRequired: 'amount',
  showExactLocation: 'box',
} as const satisfies Record<RequestFieldName, FormKind>;
const offerForm = {
  ...sharedForm,
  municipalityCode: 'text',
  collectionCenterStatus: 'text',
  vehicle: 'text',
  zones: 'text',
  availableUntil: 'text',
  latitude: 'coordinate',
  longitude: 'coordinate',
  capacityKg: 'amount',
  capacityBoxes: 'amount',
  passengerCapacity: 'amount',
  showExactLocation: 'box',
  needsTransport: 'yes_no',
} as const satisfies Record<OfferFieldName, FormKind>;

const formOf = { request: requestForm, offer: offerForm } as const;
const named = (type: 'request' | 'offer', kind: FormKind) =>
  Object.entries(formOf[type])
    .filter(([, k]) => k === kind)
    .map(([name]) => name);

const textFields = { request: named('request', 'text'), offer: named('offer', 'text') };
const amountFields = { request: named('request', 'amount'), offer: named('offer', 'amount') };
const coordinateFields = { request: named('request', 'coordinate'), offer: named('offer', 'coordinate') };

/** The fields a person fills on each form, in the schema's order of kinds. */
export const submissionFormFields = {
  request: [...textFields.request, ...coordinateFields.request, ...amountFields.request, ...named('request', 'box')],
  offer: [
    ...textFields.offer,
    ...coordinateFields.offer,
    ...amountFields.offer,
    ...named('offer', 'box'),
    ...named('offer', 'yes_no'),
  ],
};

/**
 * An amount as people in Colombia write it ("1.500" = 1500, "1,5" = 1.5); what is not a number stays text and fails
 * validation with the text as typed.
 */
export function formAmount(raw: string): number | string {
  return readAmount(raw)?.value ?? raw;
}

/** A stored number as its form field shows it, so that sending the form again reads the same value. */
export function formText(type: 'request' | 'offer', name: string, value: number): string {
  return amountFields[type].includes(name) ? amountText(value) : String(value);
}

/** A coordinate ("4,711" or "4.711"); what is not a number stays text and fails validation. */
export function formCoordinate(raw: string): number | string {
  return readDecimal(raw) ?? raw;
}

/** Empty fields are left out (they are optional or reported as missing); the rest keep the form's values. */
export function submissionFromForm(type: 'request' | 'offer', form: FormBody): Record<string, unknown> {
  const body: Record<string, unknown> = { type };
  for (const name of textFields[type]) {
    const value = field(form, name).trim();
    if (value !== '') body[name] = value;
  }
  for (const name of coordinateFields[type]) {
    const value = field(form, name).trim();
    if (value !== '') body[name] = formCoordinate(value);
  }
  for (const name of amountFields[type]) {
    const value = field(form, name).trim();
    if (value !== '') body[name] = formAmount(value);
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
