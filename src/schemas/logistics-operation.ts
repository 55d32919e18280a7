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
    destination_address: z
      .string()
      .describe(
        'Lugar público del destino, como location de la solicitud: su dirección si quien la envió pidió ' +
          'mostrar la ubicación exacta; si no, el barrio o vereda y el municipio seguidos de «(ubicación aproximada, unos 300 m)», ' +
          'nunca la dirección. Quien lleve la ayuda confirma el lugar exacto por WhatsApp.',
      ),
    destination_latitude: z
      .number()
      .describe(
        'Latitud del punto público del destino: en una solicitud aproximada, el centro de su celda de unos 300 m.',
      ),
    destination_longitude: z.number().describe('Longitud del punto público del destino.'),
    distance_km: z.number().describe('Distancia en km de la recogida al punto público del destino.'),
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
