import * as z from 'zod';
import { errorCodes } from '../errors.ts';
import { MAX_DETAILS } from './issues.ts';

export const errorDetail = z
  .object({
    field: z
      .string()
      .describe(
        'Campo o parámetro con el problema (ruta con puntos); vacío si es del cuerpo entero; * en more_errors.',
      ),
    message: z
      .string()
      .describe(
        'Frase para personas (español; inglés si Accept-Language lo prefiere); nunca repite el valor enviado, ' +
          'que va en value.',
      ),
    code: z
      .string()
      .describe(
        'Código estable del problema (required, too_small, invalid_whatsapp…; invalid_characters: caracteres de ' +
          'control o Unicode roto; invalid_text: caracteres invisibles o que cambian la dirección del texto, que ' +
          'los textos de una línea rechazan y los de varias líneas quitan).',
      ),
    value: z
      .union([z.string(), z.number(), z.boolean(), z.null()])
      .optional()
      .describe('Lo que se envió (o se encontró) en el campo, cuando ayuda verlo.'),
    slugs: z.array(z.string()).optional().describe('emergency_required: los slugs de las emergencias activas.'),
    limit: z.number().optional().describe('El límite alcanzado (peticiones, compromisos u ofrecimientos abiertos).'),
    retryAfterSeconds: z.number().optional().describe('rate_limited: segundos hasta que se renueva la ventana.'),
    uncommitted: z.number().optional().describe('pledge_exceeds_pending: cuánto queda abierto.'),
    unit: z.string().nullable().optional().describe('pledge_exceeds_pending: la unidad de uncommitted.'),
    oldestCursor: z.string().optional().describe('cursor_expired: el cursor más antiguo válido.'),
  })
  .loose()
  .meta({
    id: 'ErrorDetail',
    description:
      `Un problema. Una lista trae como máximo ${MAX_DETAILS}; si hubo más, un último detalle ` +
      '{ field: "*", code: "more_errors" } dice cuántos quedaron sin listar.',
  });

// Registered as the component Error, which every error response refers to; nothing reads it by name.
z.object({
  error: z.string().describe('Frase para personas (español; inglés si Accept-Language lo prefiere).'),
  code: z
    .enum(errorCodes)
    .describe('Código estable para programas. La lista puede crecer: un cliente debe aceptar códigos que no conozca.'),
  details: z
    .array(errorDetail)
    .describe('Siempre una lista, vacía cuando no hay nada que añadir: un problema por campo.'),
}).meta({
  id: 'Error',
  examples: [
    {
      error: 'Los datos enviados no son válidos.',
      code: 'validation_failed',
      details: [{ field: 'title', message: 'Debe tener al menos 4 caracteres.', code: 'too_small' }],
    },
  ],
});
