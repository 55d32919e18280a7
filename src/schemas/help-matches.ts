// Response of GET /api/public/v1/help/{id}/matches and of the MCP tool sugerir_coincidencias: who could cover a
// published request, or whom an offer could help. Public fields only; contacts are on each record's own page.
import * as z from 'zod';
import { categories } from '../domain/categories.ts';
import { helpTypes } from '../domain/statuses.ts';
import { isoDateTime } from './common.ts';

export const helpMatch = z
  .object({
    id: z.uuid().describe('Id del registro sugerido (el mismo de view=detail).'),
    type: z.enum(helpTypes).describe('request para las solicitudes que un ofrecimiento podría cubrir; offer si no.'),
    collectionCenter: z.boolean().describe('true si es un centro de acopio.'),
    title: z.string(),
    category: z.enum(categories).describe('La categoría en la que coinciden.'),
    categoryLabel: z.string(),
    distanceKm: z
      .number()
      .min(0)
      .nullable()
      .describe('Distancia entre los dos puntos públicos, en km; null si alguno de los dos no tiene lugar.'),
    score: z
      .number()
      .min(0)
      .max(1)
      .describe('0 a 1: cercanía, urgencia, parte pendiente y tiempo de espera de la solicitud del par.'),
    reason: z.string().describe('Una línea en español que dice por qué se sugiere, p. ej. "ofrece agua a 1,2 km".'),
    publicUrl: z.url().describe('Página pública del registro sugerido.'),
  })
  .meta({
    id: 'HelpMatch',
    description: 'Un registro que podría cubrir la necesidad, o que el ofrecimiento podría cubrir.',
  });

export const helpMatches = z
  .object({
    generatedAt: isoDateTime,
    id: z.uuid().describe('El registro para el que se buscan coincidencias.'),
    type: z.enum(helpTypes),
    radiusKm: z
      .number()
      .nullable()
      .describe(
        'Radio en el que se buscó: crece (2, 5, 10, 25, 50 y 100 km) hasta que aparecen al menos tres ' +
          'candidatos; null si se buscó en toda la emergencia (o el registro no tiene lugar).',
      ),
    matches: z.array(helpMatch).describe('Como mucho 10, el mejor primero; empates por distancia y luego por id.'),
  })
  .meta({
    id: 'HelpMatches',
    description:
      'Sugerencias, nada más: no cambian ningún registro ni avisan a nadie. Para una solicitud, los ofrecimientos ' +
      'y los centros de acopio con existencias de la misma categoría; para un ofrecimiento, las solicitudes que ' +
      'podría cubrir. Solo registros publicados, de la misma emergencia y no completados.',
  });

export type HelpMatch = z.output<typeof helpMatch>;
export type HelpMatches = z.output<typeof helpMatches>;
