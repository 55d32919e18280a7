// A KoboToolbox (or ODK) submission as its REST service posts it, and how the fields of the form in
// integraciones/kobo/ become a submission: the form's names, Kobo's strings and its geopoint, to the submission's
// names and types. The submission schema (submission.ts) then judges the result, as for every other entry point.
import * as z from 'zod';
import { KOBO_SOURCE_PREFIX } from '../channels/own-sources.ts';
import { reviewStatuses } from '../domain/statuses.ts';
import type { OfferFieldName, RequestFieldName } from './submission.ts';

/** Kobo's own fields; everything else it sends is the form's answers, keyed by name (`grupo/campo` in groups). */
export const koboSubmission = z
  .looseObject({
    _uuid: z
      .string()
      .min(1)
      .max(200)
      .describe('Identificador del envío en Kobo: es el externalId del registro, así un reintento no lo duplica.'),
    _xform_id_string: z
      .string()
      .regex(/^[A-Za-z0-9]{1,55}$/)
      .describe('Uid del formulario (asset) en Kobo: el source del registro es kobo:<uid>.'),
    _id: z.union([z.int(), z.string()]).optional().describe('Número del envío en Kobo (no se usa).'),
    _submission_time: z.string().optional().describe('Cuándo lo recibió Kobo (no se usa).'),
    _geolocation: z
      .array(z.number().nullable())
      .optional()
      .describe('[lat, lon] del primer geopoint; se usa solo si falta ubicacion.'),
    _attachments: z.array(z.unknown()).optional().describe('Adjuntos (no se usan).'),
    _status: z.string().optional(),
    __version__: z.string().optional(),
    'formhub/uuid': z.string().optional(),
    'meta/instanceID': z.string().optional(),
  })
  .meta({
    id: 'KoboSubmission',
    title: 'Envío de KoboToolbox',
    description:
      'Un envío tal como lo manda un REST Service de KoboToolbox (JSON). Además de los campos de Kobo, lleva las ' +
      'respuestas del formulario de integraciones/kobo/formulario.md por nombre, con o sin el prefijo de su grupo ' +
      '(datos/titulo o titulo): tipo (solicitud u ofrecimiento), emergencia, categoria, titulo, descripcion, ' +
      'cantidad, unidad, personas, urgencia (urgent, needed, stable), ubicacion ("lat lon alt precisión"), ' +
      'direccion, barrio_vereda, municipio (código DIVIPOLA), nombre_contacto, whatsapp y consentimiento (si o no). ' +
      'Se validan con las mismas reglas que POST /api/public/v1/help; los demás campos se ignoran.',
    examples: [
      {
        _id: 48213,
        _uuid: '4f7c2a61-9a0e-4c55-b1f3-2d6e8c0a9b14',
        _xform_id_string: 'aK3pQz7Vn2XcRtY8mLw4Bd',
        _submission_time: '2026-05-10T14:32:00',
        _geolocation: [1.1478, -76.6476],
        _attachments: [],
        _status: 'submitted_via_web',
        __version__: 'vQ8sT2mPx5LkJ9dR4wNb7c',
        'formhub/uuid': '0e2b5f1c9d7a4e3b8c6f2a1d5e9b7c3a',
        'meta/instanceID': 'uuid:4f7c2a61-9a0e-4c55-b1f3-2d6e8c0a9b14',
        tipo: 'solicitud',
        'necesidad/categoria': 'agua',
        'necesidad/titulo': 'Agua potable para 6 familias',
        'necesidad/cantidad': '30',
        'necesidad/unidad': 'bidones',
        'necesidad/personas': '24',
        'necesidad/urgencia': 'urgent',
        'lugar/ubicacion': '1.1478 -76.6476 580 5',
        'lugar/direccion': 'Calle 8 # 5-21, junto a la escuela',
        'lugar/barrio_vereda': 'San Miguel',
        'lugar/municipio': '86001',
        'contacto/nombre_contacto': 'María Fernanda Rojas',
        'contacto/whatsapp': '+573001234567',
        'contacto/consentimiento': 'si',
      },
    ],
  });

export type KoboSubmission = z.output<typeof koboSubmission>;

export const koboResult = z
  .object({
    ok: z.boolean(),
    id: z.uuid().describe('Id del registro (el mismo en cada reenvío del mismo _uuid).'),
    receiptCode: z
      .string()
      .optional()
      .meta({ deprecated: true })
      .describe(
        'Ya no se envía (desde 2026-11-28): el código de recibo es un secreto de la persona y KoboToolbox guarda ' +
          'las respuestas que recibe. Un líder puede generar uno nuevo desde la consola y enviárselo.',
      ),
    status: z.enum(reviewStatuses).describe('pending_review hasta que un líder lo revisa.'),
  })
  .meta({
    id: 'KoboResult',
    examples: [
      {
        ok: true,
        id: '0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11',
        status: 'pending_review',
      },
    ],
  });

export type KoboResult = z.output<typeof koboResult>;

/** The form's text and choice fields, each with the submission field it fills. */
const TEXT_FIELDS = {
  emergencia: 'emergencySlug',
  categoria: 'category',
  titulo: 'title',
  descripcion: 'description',
  unidad: 'unit',
  urgencia: 'urgency',
  direccion: 'address',
  barrio_vereda: 'neighborhood',
  municipio: 'municipalityCode',
  nombre_contacto: 'contactName',
  whatsapp: 'contactWhatsapp',
} as const satisfies Record<string, RequestFieldName | OfferFieldName>;

/** Numbers arrive as text (decimal and integer questions alike). */
const NUMBER_FIELDS = { cantidad: 'quantityRequired', personas: 'neededPeople' } as const;

/**
 * The submission fields the form does not ask: they keep the schema's default (an approximate place, no centre) or
 * stay empty. With the fields the form fills, every field of both schemas: a field added to a schema does not
 * compile until it is mapped here or named as not asked.
 */
const NOT_ASKED = [
  'resourceLabel',
  'showExactLocation',
  'collectionCenterStatus',
  'vehicle',
  'capacityKg',
  'capacityBoxes',
  'passengerCapacity',
  'zones',
  'availableUntil',
  'needsTransport',
] as const satisfies readonly (RequestFieldName | OfferFieldName)[];
type Filled =
  | (typeof TEXT_FIELDS)[keyof typeof TEXT_FIELDS]
  | (typeof NUMBER_FIELDS)[keyof typeof NUMBER_FIELDS]
  | 'type'
  | 'latitude'
  | 'longitude'
  | 'publishContact'
  | 'source'
  | 'externalId';
type Unmapped = Exclude<RequestFieldName | OfferFieldName, Filled | (typeof NOT_ASKED)[number]>;
/** A type error names the field when one is neither filled nor said not to be asked. */
export const KOBO_COVERS_EVERY_FIELD: [Unmapped] extends [never] ? true : Unmapped = true;

const TYPES: Record<string, string> = { solicitud: 'request', ofrecimiento: 'offer' };

/** The form's name for each submission field, so a problem is reported where the form shows it. */
const FORM_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.entries({ ...TEXT_FIELDS, ...NUMBER_FIELDS }).map(([form, field]) => [field, form])),
  type: 'tipo',
  latitude: 'ubicacion',
  longitude: 'ubicacion',
  publishContact: 'consentimiento',
  source: '_xform_id_string',
  externalId: '_uuid',
};

export function formFieldOf(field: string): string {
  return FORM_NAMES[field] ?? field;
}

/** The answers by question name: `grupo/sub/campo` -> `campo` (names are unique in a form); empty answers dropped. */
function answersOf(body: KoboSubmission): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  for (const [key, value] of Object.entries(body)) {
    const name = key.slice(key.lastIndexOf('/') + 1);
    if (value === '' || value === null || answers.has(name)) continue;
    answers.set(name, value);
  }
  return answers;
}

/** "30" -> 30; anything else is left as sent, for the submission schema to refuse. */
function numberOf(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
}

/** A geopoint "lat lon [alt [accuracy]]", else Kobo's _geolocation [lat, lon]; the raw text when it is neither. */
function pointOf(geopoint: unknown, geolocation: KoboSubmission['_geolocation']): Record<string, unknown> {
  if (typeof geopoint === 'string') {
    const parts = geopoint.trim().split(/\s+/);
    const [latitude, longitude] = parts.map(numberOf);
    if (parts.length >= 2 && parts.length <= 4 && typeof latitude === 'number' && typeof longitude === 'number') {
      return { latitude, longitude };
    }
    return { latitude: geopoint };
  }
  if (geopoint !== undefined) return { latitude: geopoint };
  const [latitude, longitude] = geolocation ?? [];
  return typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : {};
}

/** The submission a Kobo form's answers make; unanswered questions are left out, as the API's clients do. */
export function submissionFromKobo(body: KoboSubmission): Record<string, unknown> {
  const answers = answersOf(body);
  const submission: Record<string, unknown> = {
    source: `${KOBO_SOURCE_PREFIX}${body._xform_id_string}`,
    externalId: body._uuid,
  };
  const tipo = answers.get('tipo');
  submission.type = typeof tipo === 'string' ? (TYPES[tipo] ?? tipo) : tipo;
  for (const [form, field] of Object.entries(TEXT_FIELDS)) {
    if (answers.has(form)) submission[field] = answers.get(form);
  }
  for (const [form, field] of Object.entries(NUMBER_FIELDS)) {
    if (answers.has(form)) submission[field] = numberOf(answers.get(form));
  }
  Object.assign(submission, pointOf(answers.get('ubicacion'), body._geolocation));
  // Only an explicit "si" publishes the contact; anything else is the missing consent the schema refuses.
  submission.publishContact = answers.get('consentimiento') === 'si';
  return submission;
}
