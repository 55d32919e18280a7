// Volunteers claim routes: the one schema behind POST /api/logistics-operations/{id}/claims, the website's form and
// the MCP tool ofrecer_transporte, and what the volunteer's code answers.
import * as z from 'zod';
import { bounds } from '../domain/bounds.ts';
import { RECEIPT_CODE_FORMAT } from '../domain/receipt-code.ts';
import { routeClaimStatuses, VEHICLE_MAX, volunteerMoves, WHEN_MAX } from '../domain/route-claims.ts';
import { logisticsStatuses } from '../domain/statuses.ts';
import { isUnitWords } from '../domain/units.ts';
import { isoDateTime, text } from './common.ts';
import { whatsapp } from './submission.ts';

export const routeClaimFields = {
  contactName: text({
    min: bounds.contactName.min,
    max: bounds.contactName.max,
    description: 'Nombre de quien llevará la ruta. Privado: solo lo ve el equipo de la emergencia.',
  }),
  contactWhatsapp: whatsapp.describe(
    'WhatsApp de quien llevará la ruta, con + y código de país. Privado: solo lo ve el equipo de la emergencia; ' +
      'nunca se publica.',
  ),
  vehicle: text({ max: VEHICLE_MAX, description: 'En qué vehículo (moto, camioneta 4x4, lancha…).' }).optional(),
  when: text({
    min: 2,
    max: WHEN_MAX,
    description: 'Cuándo puede salir, como lo diría a una persona ("hoy después de las 3 pm").',
  }),
};

export const routeClaim = z.strictObject(routeClaimFields).meta({
  id: 'RouteClaim',
  description:
    'Un ofrecimiento de llevar una ruta logística disponible. Llega a los líderes de la emergencia, que lo aceptan ' +
    '(la ruta queda asignada) o no.',
  examples: [
    { contactName: 'Carlos Muñoz', contactWhatsapp: '+573001234567', vehicle: 'Camioneta 4x4', when: 'Hoy a las 3 pm' },
  ],
});
export type RouteClaimInput = z.output<typeof routeClaim>;

export const routeClaimView = z
  .object({
    operationId: z.string().describe('La ruta.'),
    routeTitle: z.string(),
    routeStatus: z.enum(logisticsStatuses).describe('Estado de la ruta (SPEC 2.10).'),
    status: z
      .enum(routeClaimStatuses)
      .describe(
        'pending: espera la decisión del equipo; accepted: la ruta es suya (con el código marca en camino y ' +
          'entregado); declined: no se aceptó; withdrawn: retirado.',
      ),
    vehicle: z.string().nullable(),
    when: z.string(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'RouteClaimView', description: 'Un ofrecimiento de transporte, como lo ve quien tiene su código.' });
export type RouteClaimView = z.infer<typeof routeClaimView>;

export const routeClaimResult = z
  .object({
    ok: z.literal(true),
    code: z
      .string()
      .regex(RECEIPT_CODE_FORMAT)
      .describe(
        'Código de quien ofreció llevar la ruta: con él consulta si se aceptó y, entonces, marca "en camino" y ' +
          '"entregado" (POST /api/logistics-operations/claims/progress o la página /mi-ruta). Secreto: el servicio ' +
          'guarda solo su hash; no lo ponga en ninguna URL.',
      ),
    claim: routeClaimView,
    message: z.string(),
  })
  .meta({
    id: 'RouteClaimResult',
    examples: [
      {
        ok: true,
        code: 'K7P-42Q-X9M-D3R',
        claim: {
          operationId: '0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11',
          routeTitle: 'Llevar agua a Barrio Obrero',
          routeStatus: 'available',
          status: 'pending',
          vehicle: 'Camioneta 4x4',
          when: 'Hoy a las 3 pm',
          createdAt: '2026-05-10T14:32:00.000Z',
        },
        message: 'Gracias: su ofrecimiento llegó al equipo de la emergencia. Guarde el código.',
      },
    ],
  });
export type RouteClaimResult = z.infer<typeof routeClaimResult>;

export const routeProgressBody = z
  .strictObject({
    code: z.string().min(1).max(64).describe('El código que recibió al ofrecer la ruta.'),
    status: z.enum(volunteerMoves).describe('in_transit: salí hacia el destino; delivered: entregué.'),
    quantity: z
      .number()
      .positive()
      .max(bounds.quantityRequired.max)
      .optional()
      .describe(
        'Con delivered: cuánto entregó, en unit (o en la unidad de la solicitud). Queda como entrega reportada (sin ' +
          'confirmar): en la unidad de la solicitud queda comprometida y suma a lo cubierto cuando quien pidió la ' +
          'ayuda o un líder la confirma; en otra unidad no suma nada hasta que un líder la convierte.',
      ),
    unit: text({
      min: bounds.unit.min,
      max: bounds.unit.max,
      description:
        'Con quantity: la unidad en que entregó (cajas, litros, kg); sin ella, la de la solicitud. Se publica en la ' +
        'historia de la solicitud, así que no admite direcciones web ni correos.',
    })
      .refine(isUnitWords, { params: { code: 'invalid_unit' } })
      .optional(),
  })
  .meta({ id: 'RouteProgress', examples: [{ code: 'K7P-42Q-X9M-D3R', status: 'delivered', quantity: 20 }] });
export type RouteProgress = z.output<typeof routeProgressBody>;

export const routeClaimActionResult = z
  .object({ ok: z.literal(true), claim: routeClaimView, message: z.string() })
  .meta({ id: 'RouteClaimActionResult', description: 'El ofrecimiento y su ruta después del cambio.' });
export type RouteClaimActionResult = z.infer<typeof routeClaimActionResult>;

/** Inputs of the MCP tool ofrecer_transporte: the route's id plus the REST body. */
export const routeClaimToolShape = {
  id: z.string().min(1).max(64).describe('Id de la ruta disponible, tomado de buscar_operaciones_logisticas.'),
  ...routeClaimFields,
};
