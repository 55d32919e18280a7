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
    message: z.string(),
    code: z
      .string()
      .optional()
      .describe(
        'Código estable del problema (required, too_small, invalid_whatsapp…; invalid_characters: caracteres de ' +
          'control o Unicode roto; invalid_text: caracteres invisibles o que cambian la dirección del texto, que ' +
          'los textos de una línea rechazan y los de varias líneas quitan).',
      ),
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
  details: z.union([z.array(errorDetail), z.record(z.string(), z.unknown()), z.null()]),
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
