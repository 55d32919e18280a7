// LogisticsOperation (SPEC 2.10) and its listing (SPEC 4.5): only available routes, never a volunteer's contact.
import * as z from 'zod';
import { emergencySlug, isoDateTime } from './common.ts';

export const logisticsOperation = z
  .object({
    id: z.uuid(),
    emergency_slug: z.string(),
    destination_help_point_id: z.uuid().describe('Id de la solicitud publicada a la que va la ruta.'),
    title: z.string(),
    supply_description: z.string().describe('Qué se lleva.'),
    quantity_label: z.string().nullable(),
    pickup_address: z.string(),
    pickup_latitude: z.number(),
    pickup_longitude: z.number(),
    destination_address: z.string(),
    destination_latitude: z.number(),
    destination_longitude: z.number(),
    distance_km: z.number(),
    route_conditions: z.string().nullable().describe('Estado de la vía, si el equipo lo anotó.'),
    status: z.literal('available'),
    created_at: isoDateTime,
  })
  .meta({ id: 'LogisticsOperation', description: 'Ruta logística disponible, con recogida y destino confirmados.' });

export const logisticsOperationList = z
  .object({
    operations: z.array(logisticsOperation),
    canManage: z.literal(false).describe('Siempre false: la interfaz pública no gestiona rutas.'),
  })
  .meta({ id: 'LogisticsOperationList' });

/** GET /api/logistics-operations query; the MCP tool takes the same field. */
export const logisticsQuery = z.strictObject({
  emergencia: emergencySlug.describe('Identificador de la emergencia (slug), obligatorio.'),
});

export type LogisticsOperation = z.infer<typeof logisticsOperation>;
export type LogisticsOperationList = z.infer<typeof logisticsOperationList>;
