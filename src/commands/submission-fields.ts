// A validated submission -> the record columns it sets, normalised, with a hash of its content.
import { createHash } from 'node:crypto';
import type { HelpRecordsTable } from '../db/types.ts';
import { nearestMunicipality } from '../domain/municipalities.ts';
import { normalizeWhatsapp } from '../domain/phone.ts';
import type { HelpSubmission } from '../schemas/submission.ts';

export type SubmissionFields = Pick<
  HelpRecordsTable,
  | 'emergency_id'
  | 'type'
  | 'title'
  | 'description'
  | 'category'
  | 'urgency'
  | 'contact_name'
  | 'contact_whatsapp'
  | 'address'
  | 'neighborhood'
  | 'latitude'
  | 'longitude'
  | 'people'
  | 'resource_label'
  | 'quantity_required'
  | 'unit'
  | 'collection_center_status'
  | 'vehicle'
  | 'capacity_kg'
  | 'capacity_boxes'
  | 'passenger_capacity'
  | 'zones'
  | 'available_until'
  | 'needs_transport'
  | 'identity_document'
  | 'exact_location'
  | 'municipality_code'
>;

export function submissionFields(
  submission: HelpSubmission,
  emergencyId: string,
  identityDocument: string | null,
): SubmissionFields {
  const whatsapp = normalizeWhatsapp(submission.contactWhatsapp);
  if (!whatsapp) throw new Error('contactWhatsapp must be validated before it is stored');
  const common = {
    emergency_id: emergencyId,
    type: submission.type,
    title: submission.title,
    description: submission.description ?? '',
    category: submission.category,
    contact_name: submission.contactName,
    contact_whatsapp: whatsapp,
    identity_document: identityDocument,
  };
  if (submission.type === 'request') {
    return {
      ...common,
      urgency: submission.urgency,
      address: submission.address,
      neighborhood: submission.neighborhood ?? null,
      latitude: submission.latitude,
      longitude: submission.longitude,
      // The street and exact point are public only when the submitter asked (domain/public-place.ts).
      exact_location: submission.showExactLocation ? 1 : 0,
      municipality_code: nearestMunicipality(submission.latitude, submission.longitude).code,
      people: submission.neededPeople ?? 1,
      resource_label: submission.resourceLabel ?? null,
      quantity_required: submission.quantityRequired ?? null,
      unit: submission.unit ?? null,
      collection_center_status: null,
      vehicle: null,
      capacity_kg: null,
      capacity_boxes: null,
      passenger_capacity: null,
      zones: null,
      available_until: null,
      needs_transport: null,
    };
  }
  const centreNeeds =
    submission.collectionCenterStatus === 'needs_resources' || submission.collectionCenterStatus === 'needs_volunteers';
  return {
    ...common,
    urgency: centreNeeds ? 'needed' : 'stable',
    address: submission.address ?? null,
    neighborhood: null,
    latitude: submission.latitude ?? null,
    longitude: submission.longitude ?? null,
    exact_location: 0,
    municipality_code:
      submission.latitude === undefined || submission.longitude === undefined
        ? null
        : nearestMunicipality(submission.latitude, submission.longitude).code,
    people: null,
    resource_label: null,
    quantity_required: null,
    unit: null,
    collection_center_status: submission.collectionCenterStatus ?? null,
    vehicle: submission.vehicle ?? null,
    capacity_kg: submission.capacityKg ?? null,
    capacity_boxes: submission.capacityBoxes ?? null,
    passenger_capacity: submission.passengerCapacity ?? null,
    zones: submission.zones ?? null,
    available_until: submission.availableUntil ?? null,
    needs_transport: submission.needsTransport === undefined ? null : submission.needsTransport ? 1 : 0,
  };
}

/** Same content -> same hash, whatever the key order of the JSON it came from. */
export function contentHash(fields: SubmissionFields): string {
  // The municipality follows from the point, and a default exact_location adds nothing: hashes made before
  // either column existed stay valid, so a client resending unchanged content is not a revision.
  const keys = (Object.keys(fields).sort() as (keyof SubmissionFields)[]).filter(
    (key) => key !== 'municipality_code' && !(key === 'exact_location' && fields.exact_location === 0),
  );
  const canonical = JSON.stringify(keys.map((key) => [key, fields[key]]));
  return createHash('sha256').update(canonical).digest('hex');
}
