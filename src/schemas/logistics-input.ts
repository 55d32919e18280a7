// A new logistics route, as a leader enters it (CLI now, console forms later): the one schema that validates it.
import * as z from 'zod';
import { bounds } from '../domain/bounds.ts';
import type { ErrorDetail, Lang } from '../errors.ts';
import { emergencySlug, text } from './common.ts';
import { issuesToDetails } from './issues.ts';
import { latitude, longitude } from './submission.ts';

export const logisticsInputBounds = {
  title: bounds.title,
  supplyDescription: { min: 1, max: 600 },
  quantityLabel: { max: 80 },
  pickupAddress: bounds.address,
  routeConditions: { max: 300 },
  volunteerContact: { max: 200 },
} as const;

const b = logisticsInputBounds;
const pickupPlaceFields = ['pickupAddress', 'pickupLatitude', 'pickupLongitude'] as const;

export const logisticsOperationInput = z
  .strictObject({
    emergencySlug: emergencySlug.describe('Emergencia de la ruta.'),
    destinationHelpId: z.uuid().describe('Solicitud publicada, con ubicación, a la que va la ruta.'),
    title: text({ min: b.title.min, max: b.title.max, description: 'Título corto (4 a 100 caracteres).' }),
    supplyDescription: text({
      min: b.supplyDescription.min,
      max: b.supplyDescription.max,
      multiline: true,
      description: 'Qué se lleva (hasta 600).',
    }),
    quantityLabel: text({ max: b.quantityLabel.max, description: 'Cantidad en palabras (ej. 30 bidones).' }).optional(),
    pickupHelpId: z
      .uuid()
      .optional()
      .describe('Ofrecimiento o centro de acopio publicado, con ubicación, donde se recoge; se copian su lugar.'),
    pickupAddress: text({
      min: b.pickupAddress.min,
      max: b.pickupAddress.max,
      description: 'Dirección de recogida, si no se indica pickupHelpId.',
    }).optional(),
    pickupLatitude: latitude.optional(),
    pickupLongitude: longitude.optional(),
    routeConditions: text({
      max: b.routeConditions.max,
      multiline: true,
      description: 'Estado de la vía; se publica.',
    }).optional(),
    volunteerContact: text({
      max: b.volunteerContact.max,
      description: 'Contacto del voluntario: privado, solo para los líderes de la emergencia.',
    }).optional(),
  })
  // Runs even when other fields fail, so one answer names every problem.
  .superRefine(
    (input, ctx) => {
      const given = (field: string) => (input as Record<string, unknown>)[field] !== undefined;
      if (given('pickupHelpId')) {
        for (const field of pickupPlaceFields.filter(given)) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            params: { code: 'pickup_conflict' },
            message: 'pickup_conflict',
          });
        }
        return;
      }
      for (const field of pickupPlaceFields.filter((f) => !given(f))) {
        ctx.addIssue({ code: 'custom', path: [field], params: { code: 'required' }, message: 'required' });
      }
    },
    { when: (payload) => payload.value !== null && typeof payload.value === 'object' },
  )
  // No registered id: the public OpenAPI document lists every registered schema, and this one is for leaders.
  .describe('Nueva ruta logística: recogida en un centro publicado (pickupHelpId) o en una dirección con coordenadas.');

export type LogisticsOperationInput = z.output<typeof logisticsOperationInput>;

const messages: Record<string, Record<Lang, string>> = {
  pickup_conflict: {
    es: 'Indique pickupHelpId o bien dirección y coordenadas de recogida, no ambos.',
    en: 'Give pickupHelpId or a pickup address and coordinates, not both.',
  },
};

/** issuesToDetails, plus the words for this schema's own codes. */
export function logisticsInputDetails(issues: readonly z.core.$ZodIssue[], lang: Lang, input: unknown): ErrorDetail[] {
  return issuesToDetails(issues, lang, input).map((detail) => {
    const message = detail.code ? messages[detail.code]?.[lang] : undefined;
    return message ? { ...detail, message } : detail;
  });
}
