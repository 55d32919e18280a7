// An HTML form's strings -> the JSON shape of a submission, so forms are validated by the API's own schema.
import { decimalPoint } from '../../domain/decimal.ts';
import { localWhatsapp } from '../../domain/phone.ts';
import type { FormBody } from './form-body.ts';
import { field } from './form-body.ts';

const textFields = {
  request: [
    'title',
    'description',
    'category',
    'contactName',
    'contactWhatsapp',
    'address',
    'neighborhood',
    'municipalityCode',
    'urgency',
    'resourceLabel',
    'unit',
  ],
  offer: [
    'title',
    'description',
    'category',
    'contactName',
    'contactWhatsapp',
    'address',
    'municipalityCode',
    'collectionCenterStatus',
    'vehicle',
    'zones',
    'availableUntil',
  ],
} as const;

const numberFields = {
  request: ['latitude', 'longitude', 'neededPeople', 'quantityRequired'],
  offer: ['latitude', 'longitude', 'capacityKg', 'capacityBoxes', 'passengerCapacity'],
} as const;

export const submissionFormFields = {
  request: [...textFields.request, ...numberFields.request, 'showExactLocation'],
  offer: [...textFields.offer, ...numberFields.offer, 'showExactLocation', 'needsTransport'],
} as const;

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
  // An exact place is public only when its box was ticked; left out, the schema's default keeps it private.
  if (field(form, 'showExactLocation') === 'si') body.showExactLocation = true;
  if (type === 'offer') {
    const needsTransport = field(form, 'needsTransport');
    if (needsTransport === 'si') body.needsTransport = true;
    else if (needsTransport === 'no') body.needsTransport = false;
  }
  return body;
}
