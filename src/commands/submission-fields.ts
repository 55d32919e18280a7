// A validated submission -> the record columns it sets, normalised, with a hash of its content.
import { createHash } from 'node:crypto';
import type { HelpRecordsTable } from '../db/types.ts';
import { nearestMunicipality } from '../domain/municipalities.ts';
import { normalizeWhatsapp } from '../domain/phone.ts';
import type { HelpSubmission, OfferFieldName, RequestFieldName } from '../schemas/submission.ts';

type Column = keyof HelpRecordsTable;
/** Stored with every submission without being a field of the schema. */
type NotAField =
  /** Taken only by the web form, and kept private. */
  'identityDocument';
type FieldColumns = Readonly<Record<string, Column | null>>;

/** What every submission stores first, requests and offers alike. */
const sharedFieldColumns = {
  source: null,
  externalId: null,
  publishContact: null,
  emergencySlug: 'emergency_id',
  type: 'type',
  title: 'title',
  description: 'description',
  category: 'category',
  contactName: 'contact_name',
  contactWhatsapp: 'contact_whatsapp',
  identityDocument: 'identity_document',
} as const;

/**
 * Each field of a request -> the column that stores it; null when none does (it names the record, or it is the
 * consent). A field missing here is a type error. Columns whose value is worked out (the emergency's id from its
 * slug, the E.164 number, a default, 0/1) are finished in `submissionFields`. The order is the order of a
 * record's columns wherever they are listed: a pending revision's JSON, the columns an audit entry lists as edited,
 * the console.
 */
export const requestFieldColumns = {
  ...sharedFieldColumns,
  urgency: 'urgency',
  address: 'address',
  neighborhood: 'neighborhood',
  latitude: 'latitude',
  longitude: 'longitude',
  showExactLocation: 'exact_location',
  municipalityCode: 'municipality_code',
  neededPeople: 'people',
  resourceLabel: 'resource_label',
  quantityRequired: 'quantity_required',
  unit: 'unit',
} as const satisfies Record<RequestFieldName | NotAField, Column | null>;

/** Each field of an offer -> the column that stores it, as for a request; its own columns after a request's. */
export const offerFieldColumns = {
  ...sharedFieldColumns,
  address: 'address',
  latitude: 'latitude',
  longitude: 'longitude',
  municipalityCode: 'municipality_code',
  showExactLocation: 'exact_location',
  collectionCenterStatus: 'collection_center_status',
  vehicle: 'vehicle',
  capacityKg: 'capacity_kg',
  capacityBoxes: 'capacity_boxes',
  passengerCapacity: 'passenger_capacity',
  zones: 'zones',
  availableUntil: 'available_until',
  needsTransport: 'needs_transport',
} as const satisfies Record<OfferFieldName | NotAField, Column | null>;

/** The columns a table of fields fills. */
type ColumnsOf<T extends FieldColumns> = Exclude<T[keyof T], null>;

export type SubmissionFields = Pick<
  HelpRecordsTable,
  ColumnsOf<typeof requestFieldColumns> | ColumnsOf<typeof offerFieldColumns>
> & {
  /**
   * 0 when the submitter chose the municipality; 1 when it was worked out from the point (or there is none).
   * Always set by submissionFields; optional because contents stored before it (pending revisions) lack it.
   */
  municipality_derived?: number;
  /**
   * 1 when the submission said how many people (neededPeople), 0 when `people` is SPEC 2.3's default of 1 or the
   * record is an offer. Optional for the same reason as municipality_derived.
   */
  people_given?: number;
};

/** What a submission stores now: everything SubmissionFields may lack for contents stored before is set. */
export type NewFields = SubmissionFields & { people_given: number };

/** A submission's fields under their columns: an optional field not sent is null, as is every column of `{}`. */
type ByColumn<S, T extends FieldColumns> = {
  [F in keyof T as T[F] extends Column ? T[F] : never]: F extends keyof S
    ? undefined extends S[F]
      ? Exclude<S[F], undefined> | null
      : S[F]
    : null;
};

function byColumn<S extends object, T extends FieldColumns>(values: S, table: T): ByColumn<S, T> {
  const given = new Map<string, unknown>(Object.entries(values));
  const stored: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(table)) {
    if (column !== null) stored[column] = given.get(field) ?? null;
  }
  // The loop is ByColumn spelled out key by key; the return types of submissionFields check the rest.
  return stored as ByColumn<S, T>;
}

/**
 * Every column of both types, null: a record stores null in the columns only the other type fills. A request's
 * columns come first, so a record's columns come in the same order whatever its type.
 */
export const emptyColumns = { ...byColumn({}, requestFieldColumns), ...byColumn({}, offerFieldColumns) };

export function submissionFields(
  submission: HelpSubmission,
  emergencyId: string,
  identityDocument: string | null,
): NewFields {
  const whatsapp = normalizeWhatsapp(submission.contactWhatsapp);
  if (!whatsapp) throw new Error('contactWhatsapp must be validated before it is stored');
  const common = {
    emergency_id: emergencyId,
    description: submission.description ?? '',
    contact_whatsapp: whatsapp,
    identity_document: identityDocument,
  };
  if (submission.type === 'request') {
    return {
      ...emptyColumns,
      ...byColumn(submission, requestFieldColumns),
      ...common,
      // The street and exact point are public only when the submitter asked (domain/public-place.ts).
      exact_location: submission.showExactLocation ? 1 : 0,
      ...placeMunicipality(submission),
      people: submission.neededPeople ?? 1,
      people_given: submission.neededPeople === undefined ? 0 : 1,
    };
  }
  const centreNeeds =
    submission.collectionCenterStatus === 'needs_resources' || submission.collectionCenterStatus === 'needs_volunteers';
  return {
    ...emptyColumns,
    ...byColumn(submission, offerFieldColumns),
    ...common,
    urgency: centreNeeds ? 'needed' : 'stable',
    // As a request's: public only when asked (a collection centre is always public at its place, public-place.ts).
    exact_location: submission.showExactLocation ? 1 : 0,
    ...placeMunicipality(submission),
    needs_transport: submission.needsTransport === undefined ? null : submission.needsTransport ? 1 : 0,
    people_given: 0,
  };
}

/**
 * The municipality a person chose is kept as chosen, with or without a point; with a point alone it is the nearest
 * municipality's, a guess a leader can correct; with neither there is none.
 */
function placeMunicipality(submission: Pick<HelpSubmission, 'latitude' | 'longitude' | 'municipalityCode'>): {
  municipality_code: string | null;
  municipality_derived: number;
} {
  const { latitude, longitude, municipalityCode } = submission;
  if (municipalityCode !== undefined) return { municipality_code: municipalityCode, municipality_derived: 0 };
  if (latitude === undefined || longitude === undefined) return { municipality_code: null, municipality_derived: 1 };
  return { municipality_code: nearestMunicipality(latitude, longitude).code, municipality_derived: 1 };
}

/** Same content -> same hash, whatever the key order of the JSON it came from. */
export function contentHash(fields: SubmissionFields): string {
  // A derived municipality follows from the point, and a default exact_location adds nothing: hashes made before
  // either column existed stay valid, so a client resending unchanged content is not a revision. A chosen
  // municipality is content: choosing another one is a change. Whether the people count was given is left out too:
  // under SPEC 2.3 a body without neededPeople and one with 1 say the same, as they hashed before the column existed.
  const derived = fields.municipality_derived !== 0;
  const keys = (Object.keys(fields).sort() as (keyof SubmissionFields)[]).filter(
    (key) =>
      key !== 'municipality_derived' &&
      key !== 'people_given' &&
      !(key === 'municipality_code' && derived) &&
      !(key === 'exact_location' && fields.exact_location === 0),
  );
  const canonical = JSON.stringify(keys.map((key) => [key, fields[key]]));
  return createHash('sha256').update(canonical).digest('hex');
}
