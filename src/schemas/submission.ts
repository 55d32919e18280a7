// POST /api/public/v1/help body (SPEC 2.2-2.4): the one schema behind the API, the MCP tools and the forms.
import * as z from 'zod';
import { bounds } from '../domain/bounds.ts';
import { categories } from '../domain/categories.ts';
import { choosableMunicipality, municipalityByCode } from '../domain/municipalities.ts';
import { normalizeWhatsapp } from '../domain/phone.ts';
import { collectionCenterStatuses, urgencies } from '../domain/statuses.ts';
import { calendarDate, emergencySlug, text } from './common.ts';

const b = bounds;

export const latitude = z.number().min(b.latitude.min).max(b.latitude.max).describe('Latitud WGS84 (Colombia).');
export const longitude = z.number().min(b.longitude.min).max(b.longitude.max).describe('Longitud WGS84 (Colombia).');
export const category = z.enum(categories).describe('Categoría de la ayuda (SPEC 2.1).');

export const whatsapp = z
  .string()
  .max(32)
  .refine((value) => normalizeWhatsapp(value) !== null, { params: { code: 'invalid_whatsapp' } })
  .describe('Número de WhatsApp en formato internacional, con + y código de país; se guarda en E.164.')
  .meta({ examples: ['+573001234567'] });

/**
 * A DIVIPOLA code of src/domain/data/divipola-municipios.csv. San Andrés and Providencia (88xxx) lie outside the
 * accepted longitudes and are refused: their point could not be published.
 */
export const municipalityCode = z
  .string()
  .regex(/^\d{5}$/)
  .superRefine((code, ctx) => {
    if (!/^\d{5}$/.test(code) || choosableMunicipality(code)) return;
    const known = municipalityByCode(code) !== undefined;
    ctx.addIssue({
      code: 'custom',
      params: { code: known ? 'municipality_outside_bounds' : 'unknown_municipality' },
      message: known ? 'municipality_outside_bounds' : 'unknown_municipality',
    });
  })
  .describe(
    'Código DIVIPOLA del municipio (5 dígitos, DANE). Con él, latitude y longitude pueden omitirse: lo público es ' +
      'entonces el punto del municipio, con location.precision "municipality". Con un punto, se guarda el municipio ' +
      'elegido en lugar del más cercano al punto. Los códigos 88xxx (San Andrés, Providencia) se rechazan: quedan ' +
      'fuera de las longitudes aceptadas.',
  )
  .meta({ examples: ['86001'] });

/**
 * Without a municipality, a request's place is its point: both coordinates are required, as they always were.
 * Otherwise the coordinates go together or not at all.
 */
function pointOrMunicipality(
  place: { latitude?: number; longitude?: number; municipalityCode?: string },
  ctx: z.RefinementCtx,
  pointRequired: boolean,
): void {
  const missing = (['latitude', 'longitude'] as const).filter((field) => place[field] === undefined);
  if (pointRequired && place.municipalityCode === undefined) {
    for (const field of missing) {
      ctx.addIssue({ code: 'custom', path: [field], params: { code: 'required' }, message: 'required' });
    }
  } else if (missing.length === 1) {
    ctx.addIssue({ code: 'custom', path: missing, params: { code: 'coordinates_pair' }, message: 'coordinates_pair' });
  }
}

export const commonFields = {
  source: z
    .string()
    .min(b.source.min)
    .max(b.source.max)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/)
    .describe('Nombre estable de la integración que envía. Con externalId identifica el registro.')
    .meta({ examples: ['app-ayuda-putumayo'] }),
  externalId: text({ min: b.externalId.min, max: b.externalId.max }).describe(
    'Identificador estable del registro en la aplicación de origen.',
  ),
  emergencySlug: emergencySlug
    .optional()
    .describe('Emergencia a la que va el registro; obligatorio cuando hay más de una activa.'),
  title: text({ min: b.title.min, max: b.title.max, description: 'Título corto (4 a 100 caracteres).' }),
  description: text({ max: b.description.max, multiline: true, description: 'Descripción (hasta 600).' }).optional(),
  category,
  contactName: text({
    min: b.contactName.min,
    max: b.contactName.max,
    description: 'Nombre de contacto; se publica al aprobarse.',
  }),
  contactWhatsapp: whatsapp,
  publishContact: z
    .literal(true, { error: () => ({ message: 'consent_required', params: { code: 'consent_required' } }) })
    .describe('Debe ser true: confirma que el nombre y el WhatsApp pueden mostrarse públicamente.'),
};

export const requestSubmission = z
  .strictObject({
    type: z.literal('request'),
    ...commonFields,
    address: text({
      min: b.address.min,
      max: b.address.max,
      description:
        'Dirección o referencia del lugar. Solo la ven los líderes de la emergencia, salvo con showExactLocation: true.',
    }),
    neighborhood: text({
      max: b.neighborhood.max,
      description: 'Barrio o vereda; se publica en lugar de la dirección.',
    }).optional(),
    latitude: latitude
      .optional()
      .describe('Latitud WGS84 (Colombia). Obligatoria, con longitude, salvo que se indique municipalityCode.'),
    longitude: longitude
      .optional()
      .describe('Longitud WGS84 (Colombia). Obligatoria, con latitude, salvo que se indique municipalityCode.'),
    municipalityCode: municipalityCode.optional(),
    showExactLocation: z
      .boolean()
      .default(false)
      .describe(
        'Mostrar la ubicación exacta. Por defecto false: lo público es un punto aproximado (el centro de una ' +
          'cuadrícula de unos 300 m), el barrio o vereda y el municipio, nunca la dirección ni el punto enviado; ' +
          'los líderes de la emergencia ven el lugar exacto. Con true se publican la dirección y el punto tal cual.',
      ),
    urgency: z.enum(urgencies).default('needed').describe('Urgencia; por defecto needed.'),
    neededPeople: z
      .int()
      .min(b.neededPeople.min)
      .max(b.neededPeople.max)
      .optional()
      .describe('Personas afectadas (alias obsoleto; para recursos use quantityRequired y unit). Por defecto 1.')
      // The stored value without it is the default (SPEC 2.3); the document says so as a schema default.
      .meta({ deprecated: true, default: b.neededPeople.default }),
    resourceLabel: text({ max: b.resourceLabel.max, description: 'Qué se necesita, en palabras.' }).optional(),
    quantityRequired: z
      .number()
      .gt(0)
      .max(b.quantityRequired.max)
      .optional()
      .describe('Cantidad requerida (mayor que 0).'),
    unit: text({
      min: b.unit.min,
      max: b.unit.max,
      description: 'Unidad de la cantidad (kg, litros, cajas…).',
    }).optional(),
  })
  .superRefine((request, ctx) => pointOrMunicipality(request, ctx, true))
  .meta({
    id: 'HelpRequestSubmission',
    title: 'Solicitud de ayuda',
    examples: [
      {
        type: 'request',
        source: 'app-ayuda-putumayo',
        externalId: 'sol-2031',
        emergencySlug: 'inundacion-mocoa-2026',
        title: 'Agua potable para 6 familias',
        description: 'Estamos aislados por el río, sin agua desde ayer.',
        category: 'agua',
        contactName: 'María Fernanda Rojas',
        contactWhatsapp: '+573001234567',
        publishContact: true,
        address: 'Calle 8 # 5-21, junto a la escuela',
        neighborhood: 'San Miguel',
        latitude: 1.1478,
        longitude: -76.6476,
        urgency: 'urgent',
        resourceLabel: 'Bidones de agua de 20 litros',
        quantityRequired: 30,
        unit: 'bidones',
      },
    ],
  });

export const offerSubmission = z
  .strictObject({
    type: z.literal('offer'),
    ...commonFields,
    address: text({
      max: b.address.max,
      description:
        'Dirección o punto de entrega. Solo la ven los líderes de la emergencia, salvo con showExactLocation: true ' +
        'o en un centro de acopio.',
    }).optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    municipalityCode: municipalityCode.optional(),
    showExactLocation: z
      .boolean()
      .default(false)
      .describe(
        'Mostrar la ubicación exacta. Desde el 2026-11-27 un ofrecimiento sigue la regla de una solicitud: por ' +
          'defecto false, y lo público es un punto aproximado (unos 300 m) y el municipio, nunca la dirección ni el ' +
          'punto enviado. Un centro de acopio (con collectionCenterStatus) se publica siempre en su dirección exacta. ' +
          'Las aplicaciones que publican tiendas o puntos de recogida como ofrecimientos envían true.',
      ),
    collectionCenterStatus: z
      .enum(collectionCenterStatuses)
      .optional()
      .describe('Si el ofrecimiento es un centro de acopio: su estado.'),
    vehicle: text({ max: b.vehicle.max, description: 'Vehículo disponible.' }).optional(),
    capacityKg: z.number().min(b.capacityKg.min).max(b.capacityKg.max).optional().describe('Capacidad de carga en kg.'),
    capacityBoxes: z.int().min(b.capacityBoxes.min).max(b.capacityBoxes.max).optional().describe('Capacidad en cajas.'),
    passengerCapacity: z
      .int()
      .min(b.passengerCapacity.min)
      .max(b.passengerCapacity.max)
      .optional()
      .describe('Pasajeros que puede llevar.'),
    zones: text({ max: b.zones.max, description: 'Zonas que cubre.' }).optional(),
    availableUntil: calendarDate.optional().describe('Disponible hasta (YYYY-MM-DD).'),
    needsTransport: z.boolean().optional().describe('La ayuda ofrecida necesita recogida y coordinación logística.'),
  })
  .superRefine((offer, ctx) => pointOrMunicipality(offer, ctx, false))
  .meta({
    id: 'HelpOfferSubmission',
    title: 'Ofrecimiento de ayuda',
    examples: [
      {
        type: 'offer',
        source: 'app-ayuda-putumayo',
        externalId: 'ofr-551',
        emergencySlug: 'inundacion-mocoa-2026',
        title: 'Camioneta 4x4 para llevar mercados',
        category: 'transporte',
        contactName: 'Jorge Hernán Muñoz',
        contactWhatsapp: '+573157654321',
        publishContact: true,
        address: 'Parque principal de Mocoa',
        latitude: 1.1497,
        longitude: -76.6469,
        vehicle: 'Camioneta 4x4',
        capacityKg: 800,
        zones: 'Mocoa y veredas del sur',
        availableUntil: '2026-06-30',
        needsTransport: false,
      },
    ],
  });

export const helpSubmission = z.discriminatedUnion('type', [requestSubmission, offerSubmission]).meta({
  id: 'HelpSubmission',
  description: 'Una solicitud (type=request) o un ofrecimiento (type=offer). Campos desconocidos se rechazan.',
});

/**
 * The fields of a request and of an offer, in the schema's order. Lists of fields elsewhere (record columns, form
 * labels) follow these, so a field added to a schema is a type error wherever it is not handled yet.
 */
export const requestFieldNames = requestSubmission.keyof().options;
export const offerFieldNames = offerSubmission.keyof().options;
export type RequestFieldName = (typeof requestFieldNames)[number];
export type OfferFieldName = (typeof offerFieldNames)[number];

export type RequestSubmission = z.output<typeof requestSubmission>;
export type OfferSubmission = z.output<typeof offerSubmission>;
export type HelpSubmission = z.output<typeof helpSubmission>;
