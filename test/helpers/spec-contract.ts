// The public contract of SPEC.md written out by hand, item by item, and the check that lists where a served OpenAPI
// document departs from it: version, paths and methods, statuses, parameters, body fields, types, enums, bounds,
// defaults and required fields. Anything the document adds beyond the specification is not a departure.

type Json = Record<string, unknown>;
type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/** What the specification says about one field of a body or one parameter. */
export interface FieldRule {
  /** The JSON Schema type the field must have; absent where the specification allows any value. */
  type?: JsonType;
  /** The specification says "or null". Without it a null value must not be accepted either. */
  nullable?: true;
  /** true: listed as required; false: not required. Absent where the specification does not say. */
  required?: boolean;
  /** A closed list in the specification: every value must be accepted (further values may be). */
  values?: readonly string[];
  /** A constant: the one value accepted. */
  constant?: string | boolean;
  format?: 'date' | 'date-time' | 'uuid' | 'uri';
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: string | number | boolean;
  deprecated?: true;
  /** The rule for each item of an array. */
  items?: FieldRule;
  /** The fields of an object. */
  fields?: Fields;
}

export type Fields = Readonly<Record<string, FieldRule>>;

/** One shape a body may take; `when` picks the alternative of a oneOf by a constant field, else the closest one. */
export interface Variant {
  name: string;
  fields: Fields;
  when?: { field: string; value: string };
}

export interface ResponseRule {
  mediaType: string;
  variants?: readonly Variant[];
  /** Response headers that must be documented. */
  headers?: readonly string[];
}

export interface OperationRule {
  section: string;
  method: 'get' | 'post' | 'options' | 'delete';
  path: string;
  statuses: readonly string[];
  query?: Fields;
  headers?: Fields;
  body?: { mediaType: string; variants: readonly Variant[] };
  responses?: Readonly<Record<string, ResponseRule>>;
}

// SPEC 9: the description version.
export const SPEC_VERSION = '1.6.0';

// SPEC 2.1: categories.
const CATEGORIES = [
  'alimentos',
  'agua',
  'medicamentos',
  'higiene',
  'panales',
  'mascotas',
  'ropa',
  'salud',
  'refugio',
  'transporte',
  'herramientas',
  'voluntariado',
  'acopio',
  'rescate',
  'otro',
] as const;

// SPEC 3: urgencies, aid record statuses and collection centre statuses.
const URGENCIES = ['urgent', 'needed', 'stable'] as const;
const RECORD_STATUSES = ['active', 'in_process', 'completed'] as const;
const CENTER_STATUSES = ['full', 'needs_volunteers', 'needs_resources'] as const;

// SPEC 2.2: fields common to a request and an offer.
const COMMON_FIELDS: Fields = {
  source: { type: 'string', required: true },
  externalId: { type: 'string', required: true },
  emergencySlug: { type: 'string', required: false },
  title: { type: 'string', required: true, minLength: 4, maxLength: 100 },
  description: { type: 'string', required: false, maxLength: 600 },
  category: { type: 'string', required: true, values: CATEGORIES },
  contactName: { type: 'string', required: true, minLength: 2, maxLength: 100 },
  contactWhatsapp: { type: 'string', required: true },
  publishContact: { type: 'boolean', required: true, constant: true },
};

// SPEC 2.2 (type) and 2.3: the request variant; SPEC 8 repeats the coordinate bounds, SPEC 9 the deprecation.
const REQUEST_FIELDS: Fields = {
  ...COMMON_FIELDS,
  type: { type: 'string', required: true, constant: 'request' },
  address: { type: 'string', required: true, minLength: 4, maxLength: 180 },
  neighborhood: { type: 'string', required: false, maxLength: 80 },
  // SPEC 2.3 requires the point; the one documented relaxation (README, "A place without coordinates"): a request
  // may give municipalityCode instead, so the schema cannot list them as required. Their bounds still hold.
  latitude: { type: 'number', required: false, minimum: -4.3, maximum: 13.6 },
  longitude: { type: 'number', required: false, minimum: -79.1, maximum: -66.8 },
  urgency: { type: 'string', required: false, values: URGENCIES, default: 'needed' },
  neededPeople: { type: 'integer', required: false, minimum: 0, maximum: 10000, default: 1, deprecated: true },
  resourceLabel: { type: 'string', required: false, maxLength: 160 },
  quantityRequired: { type: 'number', required: false, exclusiveMinimum: 0, maximum: 1000000 },
  unit: { type: 'string', required: false, minLength: 1, maxLength: 40 },
};

// SPEC 2.2 (type) and 2.4: the offer variant; only `type` is required beyond the common fields.
const OFFER_FIELDS: Fields = {
  ...COMMON_FIELDS,
  type: { type: 'string', required: true, constant: 'offer' },
  address: { type: 'string', required: false, maxLength: 180 },
  latitude: { type: 'number', required: false, minimum: -4.3, maximum: 13.6 },
  longitude: { type: 'number', required: false, minimum: -79.1, maximum: -66.8 },
  collectionCenterStatus: { type: 'string', required: false, values: CENTER_STATUSES },
  vehicle: { type: 'string', required: false, maxLength: 80 },
  capacityKg: { type: 'number', required: false, minimum: 0, maximum: 100000 },
  capacityBoxes: { type: 'integer', required: false, minimum: 0, maximum: 100000 },
  passengerCapacity: { type: 'integer', required: false, minimum: 0, maximum: 10000 },
  zones: { type: 'string', required: false, maxLength: 180 },
  availableUntil: { type: 'string', required: false, format: 'date' },
  needsTransport: { type: 'boolean', required: false },
};

// SPEC 2.5: PublishResult.
const PUBLISH_RESULT: Fields = {
  ok: { type: 'boolean' },
  queued: { type: 'boolean' },
  id: { type: 'string' },
  type: { type: 'string' },
  emergencySlug: { type: 'string' },
  reviewStatus: { type: 'string' },
  message: { type: 'string' },
};

// SPEC 2.6: PublicHelp; the closed lists of category, urgency and status come from SPEC 2.1 and 3.
const PUBLIC_HELP: Fields = {
  id: { type: 'string' },
  type: { type: 'string', values: ['request', 'offer'] },
  emergency: { type: 'object' },
  title: { type: 'string' },
  description: { type: 'string' },
  category: { type: 'string', values: CATEGORIES },
  urgency: { type: 'string', values: URGENCIES },
  status: { type: 'string', values: RECORD_STATUSES },
  operationalStatus: { type: 'string' },
  priorityScore: { type: 'number' },
  location: { type: 'object' },
  contact: { type: 'object' },
  quantities: { type: 'object', nullable: true },
  resources: { type: 'array', items: { type: 'object' } },
  verification: { type: 'object' },
  logistics: { type: 'object', nullable: true },
  collectionCenter: { type: 'object', nullable: true },
  timeline: { type: 'array', items: { type: 'object' } },
  publicUrl: { type: 'string', format: 'uri' },
};

// SPEC 2.7: HelpList and the detail view.
const HELP_LIST: Fields = {
  generatedAt: { type: 'string', format: 'date-time' },
  total: { type: 'integer' },
  returned: { type: 'integer' },
  filters: { type: 'object' },
  items: { type: 'array', items: { type: 'object', fields: PUBLIC_HELP } },
};
const HELP_DETAIL: Fields = {
  generatedAt: { type: 'string', format: 'date-time' },
  item: { type: 'object', fields: PUBLIC_HELP },
};

// SPEC 2.8: Panorama and Discovery (SPEC 9: the discovery response carries `version`).
const PANORAMA: Fields = {
  generatedAt: { type: 'string', format: 'date-time' },
  emergencies: { type: 'array', items: { type: 'object' } },
  counts: { type: 'object' },
  quantities: { type: 'object' },
  routes: { type: 'object' },
};
const DISCOVERY: Fields = {
  name: { type: 'string' },
  version: { type: 'string' },
  public: { type: 'boolean' },
  documentation: { type: 'string' },
  openapi: { type: 'string' },
  mcp: { type: 'string' },
  views: { type: 'object' },
  capabilities: { type: 'array', items: { type: 'string' } },
  emergencies: { type: 'array', items: { type: 'object', fields: { slug: { type: 'string' } } } },
};

// SPEC 2.9: inventory line, centre and Inventario; centre statuses from SPEC 3, categories from SPEC 2.1.
const INVENTORY_LINE: Fields = {
  id: { type: 'string' },
  collectionCenterId: { type: 'string' },
  kind: { type: 'string', values: ['have', 'need'] },
  category: { type: 'string', values: CATEGORIES },
  categoryLabel: { type: 'string' },
  quantity: { type: 'number' },
  unit: { type: 'string' },
  note: { type: 'string' },
  updatedAt: { type: 'string', format: 'date-time' },
  hoursSinceUpdate: { type: 'number' },
  stale: { type: 'boolean' },
};
const INVENTORY_CENTER: Fields = {
  collectionCenterId: { type: 'string' },
  title: { type: 'string' },
  location: { type: 'string', nullable: true },
  status: { type: 'string', nullable: true, values: CENTER_STATUSES },
  have: { type: 'array', items: { type: 'object', fields: INVENTORY_LINE } },
  need: { type: 'array', items: { type: 'object', fields: INVENTORY_LINE } },
};
const INVENTARIO: Fields = {
  emergencySlug: { type: 'string' },
  category: { type: 'string', nullable: true, values: CATEGORIES },
  stock: { type: 'array', items: { type: 'object', fields: INVENTORY_LINE } },
  centers: { type: 'array', items: { type: 'object', fields: INVENTORY_CENTER } },
};

// SPEC 2.10: LogisticsOperation; SPEC 4.5 and 5.2: the list, with canManage always false.
const LOGISTICS_OPERATION: Fields = {
  id: { type: 'string', format: 'uuid' },
  emergency_slug: { type: 'string' },
  destination_help_point_id: { type: 'string', format: 'uuid' },
  title: { type: 'string' },
  supply_description: { type: 'string' },
  quantity_label: { type: 'string', nullable: true },
  pickup_address: { type: 'string' },
  pickup_latitude: { type: 'number' },
  pickup_longitude: { type: 'number' },
  destination_address: { type: 'string' },
  destination_latitude: { type: 'number' },
  destination_longitude: { type: 'number' },
  distance_km: { type: 'number' },
  route_conditions: { type: 'string', nullable: true },
  status: { type: 'string', constant: 'available' },
  created_at: { type: 'string', format: 'date-time' },
};
const LOGISTICS_LIST: Fields = {
  operations: { type: 'array', items: { type: 'object', fields: LOGISTICS_OPERATION } },
  canManage: { type: 'boolean', constant: false },
};

// SPEC 7: the error body; `details` may be any value.
const ERROR_BODY: Fields = {
  error: { type: 'string' },
  code: { type: 'string' },
  details: {},
};

// SPEC 4.1 and 8: query parameters of GET help. None is required: without `view` the discovery answers.
const HELP_QUERY: Fields = {
  view: { type: 'string', required: false, values: ['discovery', 'panorama', 'list', 'detail'], default: 'discovery' },
  id: { type: 'string', required: false },
  emergencySlug: { type: 'string', required: false },
  type: { type: 'string', required: false, values: ['all', 'request', 'offer'], default: 'all' },
  status: { type: 'string', required: false, values: ['all', ...RECORD_STATUSES], default: 'active' },
  category: { type: 'string', required: false, values: CATEGORIES },
  priority: { type: 'string', required: false, values: ['all', 'urgent', 'deficit', 'near_covered'], default: 'all' },
  q: { type: 'string', required: false, maxLength: 120 },
  latitude: { type: 'number', required: false, minimum: -4.3, maximum: 13.6 },
  longitude: { type: 'number', required: false, minimum: -79.1, maximum: -66.8 },
  radiusKm: { type: 'number', required: false, minimum: 0.1, maximum: 500, default: 25 },
  logistics: { type: 'boolean', required: false, default: false },
  capacity: { type: 'number', required: false, minimum: 0 },
  limit: { type: 'integer', required: false, minimum: 1, maximum: 100, default: 50 },
};

const json = 'application/json';

/** SPEC 1 and 4 (statuses also SPEC 7): every operation the specification names, with what it says of each. */
export const SPEC_OPERATIONS: readonly OperationRule[] = [
  {
    section: 'SPEC 4.1',
    method: 'get',
    path: '/api/public/v1/help',
    statuses: ['200', '400', '404'],
    query: HELP_QUERY,
    responses: {
      '200': {
        mediaType: json,
        variants: [
          { name: 'Discovery (SPEC 2.8)', fields: DISCOVERY },
          { name: 'Panorama (SPEC 2.8)', fields: PANORAMA },
          { name: 'HelpList (SPEC 2.7)', fields: HELP_LIST },
          { name: 'detail (SPEC 2.7)', fields: HELP_DETAIL },
        ],
      },
      '400': { mediaType: json, variants: [{ name: 'Error (SPEC 7)', fields: ERROR_BODY }] },
    },
  },
  {
    section: 'SPEC 4.2',
    method: 'post',
    path: '/api/public/v1/help',
    statuses: ['202', '400', '413', '415', '429'],
    headers: { 'Idempotency-Key': { type: 'string', required: false } },
    body: {
      mediaType: json,
      variants: [
        { name: 'request (SPEC 2.2, 2.3)', fields: REQUEST_FIELDS, when: { field: 'type', value: 'request' } },
        { name: 'offer (SPEC 2.2, 2.4)', fields: OFFER_FIELDS, when: { field: 'type', value: 'offer' } },
      ],
    },
    responses: {
      '202': { mediaType: json, variants: [{ name: 'PublishResult (SPEC 2.5)', fields: PUBLISH_RESULT }] },
      '400': { mediaType: json, variants: [{ name: 'Error (SPEC 7)', fields: ERROR_BODY }] },
    },
  },
  {
    section: 'SPEC 4.3',
    method: 'options',
    path: '/api/public/v1/help',
    statuses: ['204'],
    responses: { '204': { mediaType: '', headers: ['Access-Control-Allow-Origin'] } },
  },
  {
    section: 'SPEC 4.4',
    method: 'get',
    path: '/api/public/v1/inventario',
    statuses: ['200', '500'],
    query: {
      emergencia: { type: 'string' },
      categoria: { type: 'string', required: false, values: CATEGORIES },
    },
    responses: { '200': { mediaType: json, variants: [{ name: 'Inventario (SPEC 2.9)', fields: INVENTARIO }] } },
  },
  {
    section: 'SPEC 4.5',
    method: 'get',
    path: '/api/logistics-operations',
    statuses: ['200', '400'],
    query: { emergencia: { type: 'string', required: true } },
    responses: {
      '200': { mediaType: json, variants: [{ name: 'logistics list (SPEC 4.5, 2.10)', fields: LOGISTICS_LIST }] },
      '400': { mediaType: json, variants: [{ name: 'Error (SPEC 7)', fields: ERROR_BODY }] },
    },
  },
  {
    section: 'SPEC 4.6',
    method: 'get',
    path: '/mcp',
    statuses: ['200'],
    responses: { '200': { mediaType: 'text/event-stream' } },
  },
  { section: 'SPEC 4.6', method: 'post', path: '/mcp', statuses: ['200'] },
  { section: 'SPEC 4.6', method: 'delete', path: '/mcp', statuses: ['200'] },
  {
    section: 'SPEC 1',
    method: 'get',
    path: '/api/public/openapi.json',
    statuses: ['200'],
    responses: { '200': { mediaType: json } },
  },
  // SPEC 1 and 4.7; DESIGN names the protocol `aid-places` and its manifest path.
  { section: 'SPEC 4.7', method: 'get', path: '/.well-known/aid-places', statuses: ['200'] },
  {
    section: 'SPEC 4.7',
    method: 'get',
    path: '/api/aid-places/places',
    statuses: ['200'],
    responses: { '200': { mediaType: 'application/geo+json' } },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Reading the document: references, combined schemas and the types a schema accepts.

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value a local JSON pointer (`#/components/schemas/X`) names, or undefined. */
function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let here: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(here) && !Array.isArray(here)) return undefined;
    here = (here as Json)[key];
  }
  return here;
}

/** Follows `$ref` until a value without one; keywords beside a `$ref` (3.1 allows them) are kept. */
function deref(doc: Json, value: unknown): Json | undefined {
  let here = value;
  let beside: Json = {};
  for (let hops = 0; hops < 32 && isObject(here) && typeof here.$ref === 'string'; hops++) {
    const { $ref, ...rest } = here;
    beside = { ...rest, ...beside };
    here = pointer(doc, $ref as string);
  }
  if (!isObject(here) || typeof here.$ref === 'string') return undefined;
  return { ...here, ...beside };
}

/** Two schemas that must both hold, as one: properties and required lists joined. */
function merge(a: Json, b: Json): Json {
  const properties = {
    ...(isObject(a.properties) ? a.properties : {}),
    ...(isObject(b.properties) ? b.properties : {}),
  };
  const required = [...(Array.isArray(a.required) ? a.required : []), ...(Array.isArray(b.required) ? b.required : [])];
  const merged: Json = { ...a, ...b };
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.length > 0) merged.required = [...new Set(required)];
  return merged;
}

/** The plain schemas a schema may be: `$ref` followed, `oneOf`/`anyOf` spread out, `allOf` merged. */
function alternatives(doc: Json, value: unknown, depth = 0): Json[] {
  const schema = deref(doc, value);
  if (!schema || depth > 16) return [];
  const { oneOf, anyOf, allOf, ...base } = schema;
  let found: Json[] = [base];
  if (Array.isArray(allOf)) {
    for (const part of allOf) {
      const options = alternatives(doc, part, depth + 1);
      found = found.flatMap((left) => options.map((right) => merge(left, right)));
    }
  }
  for (const choice of [oneOf, anyOf]) {
    if (!Array.isArray(choice)) continue;
    const options = choice.flatMap((part) => alternatives(doc, part, depth + 1));
    found = found.flatMap((left) => options.map((right) => merge(left, right)));
  }
  return found;
}

/** The types one plain schema accepts; 'any' when it does not restrict the type at all. */
function typesOf(schema: Json): Set<string> {
  const types = new Set<string>();
  if (typeof schema.type === 'string') types.add(schema.type);
  else if (Array.isArray(schema.type)) for (const t of schema.type) types.add(String(t));
  else if ('const' in schema) types.add(valueType(schema.const));
  else if (Array.isArray(schema.enum)) for (const v of schema.enum) types.add(valueType(v));
  else if (isObject(schema.properties)) types.add('object');
  else if ('items' in schema) types.add('array');
  else types.add('any');
  return types;
}

function valueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The values a plain schema is limited to, or undefined when it is not limited to a list. */
function valuesOf(schema: Json): unknown[] | undefined {
  if ('const' in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return schema.enum;
  return undefined;
}

const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));

// ---------------------------------------------------------------------------------------------------------------
// The check.

/** What the document says of one field or parameter schema, against the specification's rule for it. */
function checkSchema(doc: Json, value: unknown, rule: FieldRule, where: string, out: string[]): void {
  const outer = deref(doc, value);
  const options = alternatives(doc, value);
  if (!outer || options.length === 0) {
    out.push(`${where}: has no schema`);
    return;
  }
  const types = new Set(options.flatMap((option) => [...typesOf(option)]));
  if (rule.type) {
    if (!types.has(rule.type)) {
      out.push(`${where}: type is ${show([...types])}, the specification says ${rule.type}`);
      return;
    }
    if (rule.nullable && !types.has('null'))
      out.push(`${where}: does not accept null, the specification says "or null"`);
    if (!rule.nullable && types.has('null')) out.push(`${where}: accepts null, the specification does not`);
  }
  const typed = rule.type ? options.filter((option) => typesOf(option).has(rule.type as string)) : options;
  const keywords = ['format', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum'] as const;
  for (const keyword of keywords) {
    const expected = rule[keyword];
    if (expected === undefined) continue;
    for (const option of typed) {
      if (option[keyword] !== expected) {
        out.push(`${where}: ${keyword} is ${show(option[keyword])}, the specification says ${show(expected)}`);
        break;
      }
    }
  }
  if (rule.values) {
    const lists = typed.map(valuesOf);
    if (lists.some((list) => list === undefined)) {
      out.push(`${where}: accepts any ${rule.type ?? 'value'}, the specification lists ${show(rule.values)}`);
    } else {
      const accepted = new Set(lists.flat());
      const missing = rule.values.filter((v) => !accepted.has(v));
      if (missing.length > 0) out.push(`${where}: does not accept ${show(missing)} of the specification's list`);
    }
  }
  if (rule.constant !== undefined) {
    for (const option of typed) {
      const list = valuesOf(option);
      if (list?.length !== 1 || list[0] !== rule.constant) {
        out.push(
          `${where}: is ${show(list ?? 'not a constant')}, the specification says the constant ${show(rule.constant)}`,
        );
        break;
      }
    }
  }
  if (rule.default !== undefined) {
    const defaults = [outer, ...options].filter((s) => 'default' in s).map((s) => s.default);
    if (!defaults.some((d) => d === rule.default)) {
      out.push(`${where}: default is ${show(defaults[0])}, the specification says ${show(rule.default)}`);
    }
  }
  if (rule.deprecated && ![outer, ...options].some((s) => s.deprecated === true)) {
    out.push(`${where}: is not marked deprecated, the specification says it is (SPEC 9)`);
  }
  if (rule.items) {
    for (const option of typed) {
      if (!('items' in option)) out.push(`${where}: does not describe its items`);
      else checkSchema(doc, option.items, rule.items, `${where}[]`, out);
    }
  }
  if (rule.fields) checkFields(doc, value, rule.fields, where, out);
}

/** The object alternative with the most of the named fields (the first such), or undefined. */
function closest(doc: Json, value: unknown, names: readonly string[]): Json | undefined {
  let best: Json | undefined;
  let bestCount = -1;
  for (const option of alternatives(doc, value)) {
    if (!typesOf(option).has('object')) continue;
    const properties = isObject(option.properties) ? option.properties : {};
    const count = names.filter((name) => name in properties).length;
    if (count > bestCount) [best, bestCount] = [option, count];
  }
  return best;
}

/** Each field of an object schema: present, required as said, and as its rule says. */
function checkFields(doc: Json, value: unknown, fields: Fields, where: string, out: string[], chosen?: Json): void {
  const object = chosen ?? closest(doc, value, Object.keys(fields));
  if (!object) {
    out.push(`${where}: is not an object schema`);
    return;
  }
  const properties = isObject(object.properties) ? object.properties : {};
  const required = Array.isArray(object.required) ? object.required : [];
  for (const [name, rule] of Object.entries(fields)) {
    const at = `${where}.${name}`;
    if (!(name in properties)) {
      out.push(`${at}: missing`);
      continue;
    }
    if (rule.required === true && !required.includes(name))
      out.push(`${at}: not required, the specification requires it`);
    if (rule.required === false && required.includes(name))
      out.push(`${at}: required, the specification makes it optional`);
    checkSchema(doc, properties[name], rule, at, out);
  }
}

/** Each shape a body must offer, found among the alternatives of its schema. */
function checkVariants(doc: Json, schema: unknown, variants: readonly Variant[], where: string, out: string[]): void {
  for (const variant of variants) {
    const at = `${where} ${variant.name}`;
    let chosen: Json | undefined;
    if (variant.when) {
      const { field, value } = variant.when;
      chosen = alternatives(doc, schema).find((option) => {
        const property = isObject(option.properties) ? option.properties[field] : undefined;
        return alternatives(doc, property).some((s) => valuesOf(s)?.includes(value));
      });
      if (!chosen) {
        out.push(`${at}: no alternative has ${field} = ${show(value)}`);
        continue;
      }
    }
    checkFields(doc, schema, variant.fields, at, out, chosen);
  }
}

/** The parameters of an operation, its path item's included, `$ref` followed. */
function parametersOf(doc: Json, item: Json, operation: Json): Json[] {
  const all = [
    ...(Array.isArray(item.parameters) ? item.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ];
  return all.map((p) => deref(doc, p)).filter((p): p is Json => p !== undefined);
}

function checkParameters(
  doc: Json,
  parameters: Json[],
  place: 'query' | 'header',
  fields: Fields,
  where: string,
  out: string[],
) {
  for (const [name, rule] of Object.entries(fields)) {
    const at = `${where} ${place} parameter ${name}`;
    const same = (p: Json) =>
      p.in === place && (place === 'header' ? String(p.name).toLowerCase() === name.toLowerCase() : p.name === name);
    const parameter = parameters.find(same);
    if (!parameter) {
      out.push(`${at}: missing`);
      continue;
    }
    if (rule.required === true && parameter.required !== true)
      out.push(`${at}: not required, the specification requires it`);
    if (rule.required === false && parameter.required === true) {
      out.push(`${at}: required, the specification makes it optional`);
    }
    const schema =
      parameter.deprecated === true && isObject(parameter.schema)
        ? { ...parameter.schema, deprecated: true }
        : parameter.schema;
    checkSchema(doc, schema, rule, at, out);
  }
}

function checkOperation(doc: Json, rule: OperationRule, out: string[]): void {
  const where = `${rule.method.toUpperCase()} ${rule.path} (${rule.section})`;
  const paths = isObject(doc.paths) ? doc.paths : {};
  const item = deref(doc, paths[rule.path]);
  if (!item) {
    out.push(`${where}: path ${rule.path} missing`);
    return;
  }
  const operation = deref(doc, item[rule.method]);
  if (!operation) {
    out.push(`${where}: method ${rule.method.toUpperCase()} missing`);
    return;
  }
  const responses = isObject(operation.responses) ? operation.responses : {};
  for (const status of rule.statuses) {
    if (!(status in responses)) out.push(`${where}: response status ${status} missing`);
  }
  const parameters = parametersOf(doc, item, operation);
  if (rule.query) checkParameters(doc, parameters, 'query', rule.query, where, out);
  if (rule.headers) checkParameters(doc, parameters, 'header', rule.headers, where, out);
  if (rule.body) {
    const body = deref(doc, operation.requestBody);
    const content = body && isObject(body.content) ? body.content : {};
    const media = deref(doc, content[rule.body.mediaType]);
    if (!media) out.push(`${where} body: no ${rule.body.mediaType} body`);
    else checkVariants(doc, media.schema, rule.body.variants, `${where} body`, out);
  }
  for (const [status, expected] of Object.entries(rule.responses ?? {})) {
    const response = deref(doc, responses[status]);
    if (!response) continue;
    const at = `${where} response ${status}`;
    const headers = isObject(response.headers) ? Object.keys(response.headers).map((h) => h.toLowerCase()) : [];
    for (const header of expected.headers ?? []) {
      if (!headers.includes(header.toLowerCase())) out.push(`${at}: header ${header} missing`);
    }
    if (!expected.mediaType) continue;
    const content = isObject(response.content) ? response.content : {};
    const media = deref(doc, content[expected.mediaType]);
    if (!media) {
      out.push(`${at}: no ${expected.mediaType} content`);
      continue;
    }
    if (expected.variants) checkVariants(doc, media.schema, expected.variants, at, out);
  }
}

/** Every way the document departs from the specification, one sentence each; empty when it keeps the contract. */
export function specViolations(doc: unknown): string[] {
  if (!isObject(doc)) return ['the document is not a JSON object'];
  const out: string[] = [];
  // SPEC 1: a full OpenAPI 3.1 description.
  if (typeof doc.openapi !== 'string' || !/^3\.1\.\d+$/.test(doc.openapi)) {
    out.push(`openapi is ${show(doc.openapi)}, the specification says OpenAPI 3.1 (SPEC 1)`);
  }
  const version = isObject(doc.info) ? doc.info.version : undefined;
  if (version !== SPEC_VERSION)
    out.push(`info.version is ${show(version)}, the specification says ${SPEC_VERSION} (SPEC 9)`);
  for (const rule of SPEC_OPERATIONS) checkOperation(doc, rule, out);
  return out;
}
